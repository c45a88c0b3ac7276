#!/bin/bash
# Registers per thread and spills of every benchmark kernel, ours against
# CUDA's, as ptxas reports them for BENCH_ARCH (default sm_90): needs no
# GPU, only ptxas and nvcc.
#   bench/registers.sh [BUILD_DIR]      (default: build)
# One line per program and implementation:
#   triad openmp main_l19:32
#   triad cuda triad:14
# a kernel as "name:registers", plus "+Nspill" when it spills (bytes of
# spill stores); OpenMP kernels are named by the function and line of their
# target construct (as the image has them: with the device link's register
# limits), CUDA kernels by their demangled name. Then
# "max openmp/cuda" per program: the largest register count of each side.
# bench/build.sh writes this to OUT_DIR/REGISTERS and run.sh prints it.
set -uo pipefail
BENCH=$(cd "$(dirname "$0")" && pwd)
BUILD=$(cd "${1:-$BENCH/../build}" && pwd) || exit 1
ARCH=${BENCH_ARCH:-sm_90}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
[ -x "$NVCC" ] || NVCC=$(command -v nvcc || echo "$NVCC")
PTXAS=$(dirname "$NVCC")/ptxas
NAMES="triad dot spmv jacobi2d matmul seqpar cudastyle reduce hash
       mathheavy launches stencil3d transpose nbody blackscholes histatomic
       rowdot cgsolve rownorm"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# "kernel:regs[+Nspill]" for each entry of ptxas -v's report on stdin,
# without bench_require_gpu's probe kernel.
kernels() {
  c++filt | awk '/Compiling entry function|Function properties for/ {
         k = $0; sub(/.*(function|for) /, "", k); gsub(/\047/, "", k)
         sub(/^void /, "", k); sub(/\(.*/, "", k); gsub(/ /, "", k); next }
       /bytes spill stores/ { spill = $5 }
       /Used [0-9]+ registers/ {
         if (k ~ /require_gpu/) next
         sub(/^__omp_offloading_[0-9a-f]+_[0-9a-f]+_/, "", k)
         printf "%s:%s%s ", k, $5, (spill > 0 ? "+" spill "spill" : "")
       }'
}

# The largest register count of the "kernel:regs[+Nspill]" list on stdin.
max() { tr ' ' '\n' | sed -n 's/.*:\([0-9]*\).*/\1/p' | sort -n | tail -n 1; }

# The PTX of NAME's image: the device link's, with the register limits of
# its register budget where it set any (-save-temps keeps both files).
image_ptx() {
  local n=$1
  (cd "$TMP" && "$BUILD/bin/clang" -O3 -fopenmp \
     -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch="$ARCH" \
     "$BENCH/$n.c" -o "$n" -lm -latomic -save-temps > /dev/null 2>&1) || return 1
  if [ -f "$TMP/$n-device-nvptx-ptx-limited.ptx" ]; then
    echo "$TMP/$n-device-nvptx-ptx-limited.ptx"
  else
    echo "$TMP/$n-device-nvptx-ptx.ptx"
  fi
}

for n in $NAMES; do
  omp=$(ptx=$(image_ptx "$n") &&
        "$PTXAS" -v -arch="$ARCH" "$ptx" -o /dev/null 2>&1 | kernels)
  cuda=$("$NVCC" -O3 -arch="$ARCH" --resource-usage -c "$BENCH/$n.cu" \
           -o "$TMP/$n.o" 2>&1 | kernels)
  echo "$n openmp ${omp:-FAILED}"
  echo "$n cuda ${cuda:-FAILED}"
  echo "$n max openmp/cuda $(echo "$omp" | max)/$(echo "$cuda" | max)"
done
