#!/bin/bash
# Builds the benchmark suite into a self-contained directory for a GPU
# machine with no compiler installed:
#   bench/build.sh [BUILD_DIR [OUT_DIR]]    (defaults: build, bench/out)
# then, on the GPU machine:  bash bench/out/run.sh
#
# Each benchmark NAME has an OpenMP source NAME.c (built with BUILD_DIR's
# clang for nvptx64, sm_90 unless BENCH_ARCH says otherwise) and a CUDA
# source NAME.cu (built with nvcc, $NVCC or /usr/local/cuda/bin/nvcc). The
# binaries go to OUT_DIR/bin/NAME_omp and NAME_cuda; BUILD_DIR/lib's runtime
# libraries and the non-system libraries the binaries and they need go to
# OUT_DIR/lib; run.sh (from bench/runner.sh) runs them all and prints the
# table. A program that fails to build is reported and left out (run.sh says
# "not built"); the exit status is then 1.
set -uo pipefail
BENCH=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$BENCH/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd) || exit 1
OUT=${2:-$BENCH/out}
ARCH=${BENCH_ARCH:-sm_90}
CLANG=$BUILD/bin/clang
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
[ -x "$NVCC" ] || NVCC=$(command -v nvcc || echo "$NVCC")
NAMES="triad dot spmv jacobi2d matmul seqpar empty mapbw"

if [ -e "$OUT" ] && [ ! -f "$OUT/run.sh" ]; then
  echo "bench: $OUT exists and is not a benchmark bundle; not replacing it" >&2
  exit 1
fi
rm -rf "$OUT"
mkdir -p "$OUT/bin" "$OUT/lib" "$OUT/build-logs"
OUT=$(cd "$OUT" && pwd)

# bench/out/ is a build output: keep it out of git (it still travels to the
# GPU machine when named in the run tool's carry list).
if [ "$OUT" = "$BENCH/out" ] && [ -d "$ROOT/.git/info" ] &&
   ! grep -qx '/bench/out/' "$ROOT/.git/info/exclude" 2>/dev/null; then
  echo '/bench/out/' >> "$ROOT/.git/info/exclude"
fi

failed=()
build() { # build NAME IMPL COMMAND...
  local name=$1 impl=$2; shift 2
  local log="$OUT/build-logs/${name}_$impl.log"
  echo "+ $*" > "$log"
  if (cd "$BENCH" && "$@") >> "$log" 2>&1; then
    echo "bench: built ${name}_$impl"
  else
    echo "bench: FAILED to build ${name}_$impl (log: $log):" >&2
    sed 's/^/    | /' "$log" | tail -n 25 >&2
    failed+=("${name}_$impl")
  fi
}
for n in $NAMES; do
  build "$n" omp "$CLANG" -O3 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda \
    --offload-arch="$ARCH" "$n.c" -o "$OUT/bin/${n}_omp"
  build "$n" cuda "$NVCC" -O3 -arch="$ARCH" "$n.cu" -o "$OUT/bin/${n}_cuda"
done

# Runtime libraries, then whatever they and the binaries link that a bare
# machine may lack (glibc and the CUDA driver stay the machine's).
system='^(linux-vdso|ld-linux|libc|libm|libdl|libpthread|librt|libcuda|libnvidia)[.-]'
for l in libomptarget.so libomptarget.rtl.cuda.so libomptarget.rtl.x86_64.so; do
  if [ -f "$BUILD/lib/$l" ]; then
    cp -L "$BUILD/lib/$l" "$OUT/lib/"
  else
    echo "bench: missing $BUILD/lib/$l" >&2
    failed+=("lib/$l")
  fi
done
todo=("$OUT"/lib/*.so "$OUT"/bin/*)
declare -A seen
while [ ${#todo[@]} -gt 0 ]; do
  f=${todo[-1]}; unset 'todo[-1]'
  [ -f "$f" ] || continue
  while read -r name arrow path _; do
    [ "$arrow" = "=>" ] && [ "${path:0:1}" = / ] || continue
    [[ $name =~ $system ]] && continue
    [ -n "${seen[$name]:-}" ] && continue
    seen[$name]=1
    [ -e "$OUT/lib/$name" ] || cp -L "$path" "$OUT/lib/$name"
    todo+=("$OUT/lib/$name")
  done < <(LD_LIBRARY_PATH="$OUT/lib" ldd "$f" 2>/dev/null)
done

cp "$BENCH/runner.sh" "$OUT/run.sh"
chmod +x "$OUT/run.sh"
{
  echo "commit $(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "uncommitted changes: $(git -C "$ROOT" status --porcelain 2>/dev/null | grep -vc '^??') tracked files"
  echo "built $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname)"
  echo "openmp: $CLANG -O3 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=$ARCH"
  echo "cuda: $NVCC -O3 -arch=$ARCH ($("$NVCC" --version 2>/dev/null | grep -o 'release [0-9.]*' || echo '?'))"
  echo "not built: ${failed[*]:-none}"
} > "$OUT/BUILD_INFO"

echo "bench: $(ls "$OUT/bin" | wc -l) programs and $(ls "$OUT/lib" | wc -l) libraries in $OUT ($(du -sh "$OUT" | cut -f1))"
if [ ${#failed[@]} -gt 0 ]; then
  echo "bench: ${#failed[@]} failed: ${failed[*]}" >&2
  exit 1
fi
echo "bench: run 'bash $OUT/run.sh' on a GPU machine"
