#!/bin/bash
# Builds the benchmark suite into a self-contained directory for a GPU
# machine with no compiler installed:
#   bench/build.sh [BUILD_DIR [OUT_DIR]]    (defaults: build, bench/out)
# then, on the GPU machine:  bash bench/out/run.sh
#
# Each benchmark NAME has an OpenMP source NAME.c and a CUDA source NAME.cu.
# Up to four builds of each (impls), all for sm_90 unless BENCH_ARCH says
# otherwise:
#   omp      NAME.c with BUILD_DIR's clang (ours)
#   cuda     NAME.cu with nvcc ($NVCC or /usr/local/cuda/bin/nvcc)
#   clang19  NAME.c with Debian's clang-19 ($CLANG19), using the workaround
#            of /work/shared/upstream-clang19 ($BENCH_CLANG19_KIT) so that
#            LLVM 19's runtime takes CUDA 13's cubins; its runtime goes to
#            OUT_DIR/clang19. BENCH_CLANG19=0 leaves it out, =1 makes a
#            missing clang-19 an error (default: built when clang-19, its
#            clang-linker-wrapper and the kit are there, else a warning).
#   before   NAME.c with $BENCH_BASELINE/bin/clang (a second build of our
#            compiler, e.g. main's at the session start); its runtime goes to
#            OUT_DIR/lib-before. Only when BENCH_BASELINE is set.
# Binaries go to OUT_DIR/bin/NAME_IMPL; BUILD_DIR/lib's runtime libraries and
# the non-system libraries the binaries and they need go to OUT_DIR/lib;
# run.sh (from bench/runner.sh) runs them all and prints the table. A
# program that fails to build is reported and left out (run.sh says "not
# built"); the exit status is then 1.
set -uo pipefail
BENCH=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$BENCH/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd) || exit 1
OUT=${2:-$BENCH/out}
ARCH=${BENCH_ARCH:-sm_90}
CLANG=$BUILD/bin/clang
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
[ -x "$NVCC" ] || NVCC=$(command -v nvcc || echo "$NVCC")
CLANG19=${CLANG19:-clang-19}
KIT=${BENCH_CLANG19_KIT:-/work/shared/upstream-clang19}
BASELINE=${BENCH_BASELINE:-}
NAMES="triad dot spmv jacobi2d matmul seqpar empty mapbw
       cudastyle reduce hash mathheavy launches stencil3d enterexit
       transpose nbody blackscholes histatomic rowdot cgsolve rownorm"
# -latomic: complex reductions' host code uses libatomic (as with upstream).
OMPFLAGS="-O3 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=$ARCH"
LIBS="-lm -latomic"
# The CUDA runtime is linked shared (libcudart.so goes to lib/ once) to keep
# the bundle small enough to carry; kernels and timing are the same.
CUDAFLAGS="-O3 -arch=$ARCH -cudart shared"

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
notes=()
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

# clang19: decide whether it can be built, and collect its runtime.
clang19_cache=${BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/clang-offload-bench}
C19=""
clang19_missing() {
  command -v "$CLANG19" >/dev/null || { echo "no $CLANG19"; return; }
  [ -x "$("$CLANG19" -print-prog-name=clang-linker-wrapper)" ] ||
    { echo "no clang-linker-wrapper (apt-get install clang-tools-19)"; return; }
  [ -f /usr/lib/llvm-19/lib/libomptarget.so.19.1 ] ||
    { echo "no /usr/lib/llvm-19/lib/libomptarget.so.19.1 (libomp-19-dev)"; return; }
  for f in setup.sh pack-runtime.sh shim.c nvlink patchcubin.py; do
    [ -f "$KIT/$f" ] || { echo "no $KIT/$f"; return; }
  done
}
# The kit's runtime pack (about 45 MB, minutes of xz) is cached per content
# of its inputs; OUT_DIR/clang19 gets a copy.
clang19_runtime() {
  local key dir
  key=$(cat "$KIT"/setup.sh "$KIT"/pack-runtime.sh "$KIT"/shim.c \
          /usr/lib/llvm-19/lib/libomptarget.so.19.1 \
          /usr/lib/llvm-19/lib/libomp.so.5 \
          /usr/lib/llvm-19/lib/libLLVM.so.19.1 | md5sum | cut -c1-16)
  dir=$clang19_cache/clang19-runtime-$key
  if [ ! -f "$dir/unpack.sh" ]; then
    echo "bench: packing clang-19's runtime into $dir (once; takes minutes)"
    rm -rf "$dir.tmp" && mkdir -p "$dir.tmp" &&
      bash "$KIT/pack-runtime.sh" "$dir.tmp" > "$OUT/build-logs/clang19_runtime.log" 2>&1 &&
      rm -rf "$dir" && mv "$dir.tmp" "$dir" || return 1
  fi
  cp -a "$dir" "$OUT/clang19"
}
# The kit's setup writes /tmp/fakecuda (CUDA with an nvlink that marks
# cubins for LLVM 19), which the compiles use; its shim is in the pack.
# Its `cp` of the wrapper follows a link that is already there: a
# /tmp/fakecuda made of links to CUDA's files would have CUDA's own nvlink
# overwritten by a wrapper that calls itself, so links in its bin go first.
clang19_setup() {
  local tmp
  find /tmp/fakecuda/bin -maxdepth 1 -type l -delete 2>/dev/null
  tmp=$(mktemp -d) &&
    bash "$KIT/setup.sh" "$tmp" > "$OUT/build-logs/clang19_setup.log" 2>&1
  local rc=$?
  rm -rf "$tmp"
  return $rc
}
case ${BENCH_CLANG19:-auto} in
  0) notes+=("clang19: not built (BENCH_CLANG19=0)") ;;
  *)
    why=$(clang19_missing)
    if [ -n "$why" ]; then
      notes+=("clang19: not built: $why")
      echo "bench: WARNING: clang19 column left out: $why" >&2
      [ "${BENCH_CLANG19:-auto}" = 1 ] && failed+=("clang19")
    elif clang19_setup && clang19_runtime; then
      C19="$CLANG19 $OMPFLAGS --cuda-path=/tmp/fakecuda --libomptarget-nvptx-bc-path=/usr/lib/llvm-19/lib"
    else
      echo "bench: FAILED to set up clang-19's runtime (logs in $OUT/build-logs)" >&2
      failed+=("clang19-runtime")
      notes+=("clang19: not built: its runtime could not be packed")
    fi ;;
esac

# before: a second build of our compiler and its runtime.
if [ -n "$BASELINE" ]; then
  if [ -x "$BASELINE/bin/clang" ] && [ -f "$BASELINE/lib/libomptarget.so" ]; then
    mkdir -p "$OUT/lib-before"
    for l in libomptarget.so libomptarget.rtl.cuda.so libomptarget.rtl.x86_64.so; do
      cp -L "$BASELINE/lib/$l" "$OUT/lib-before/" 2>/dev/null || failed+=("lib-before/$l")
    done
  else
    echo "bench: BENCH_BASELINE=$BASELINE has no bin/clang and lib/libomptarget.so" >&2
    failed+=("before")
    BASELINE=""
  fi
fi

for n in $NAMES; do
  # shellcheck disable=SC2086
  build "$n" omp "$CLANG" $OMPFLAGS "$n.c" $LIBS -o "$OUT/bin/${n}_omp"
  # shellcheck disable=SC2086
  build "$n" cuda "$NVCC" $CUDAFLAGS "$n.cu" -o "$OUT/bin/${n}_cuda"
  # shellcheck disable=SC2086
  [ -n "$C19" ] && build "$n" clang19 $C19 "$n.c" $LIBS -o "$OUT/bin/${n}_clang19"
  # shellcheck disable=SC2086
  [ -n "$BASELINE" ] &&
    build "$n" before "$BASELINE/bin/clang" $OMPFLAGS "$n.c" $LIBS -o "$OUT/bin/${n}_before"
done

# Runtime libraries, then whatever they and the binaries link that a bare
# machine may lack (glibc and the CUDA driver stay the machine's; clang19's
# runtime is in clang19/ and run.sh puts it first for its binaries).
system='^(linux-vdso|ld-linux|libc|libm|libdl|libpthread|librt|libcuda|libnvidia)[.-]'
for l in libomptarget.so libomptarget.rtl.cuda.so libomptarget.rtl.x86_64.so; do
  if [ -f "$BUILD/lib/$l" ]; then
    cp -L "$BUILD/lib/$l" "$OUT/lib/"
  else
    echo "bench: missing $BUILD/lib/$l" >&2
    failed+=("lib/$l")
  fi
done
todo=("$OUT"/lib/*.so "$OUT"/lib-before/*.so "$OUT"/bin/*)
declare -A seen
while [ ${#todo[@]} -gt 0 ]; do
  f=${todo[-1]}; unset 'todo[-1]'
  [ -f "$f" ] || continue
  while read -r name arrow path _; do
    [ "$arrow" = "=>" ] && [ "${path:0:1}" = / ] || continue
    [[ $name =~ $system ]] && continue
    [ -n "${seen[$name]:-}" ] && continue
    seen[$name]=1
    [ -e "$OUT/lib/$name" ] || [ -e "$OUT/lib-before/$name" ] || cp -L "$path" "$OUT/lib/$name"
    todo+=("$OUT/lib/$name")
  done < <(LD_LIBRARY_PATH="$OUT/lib" ldd "$f" 2>/dev/null)
done

# clang19/ need not carry what lib/ has byte for byte (run.sh puts lib/
# after clang19's runtime on its library path).
if [ -d "$OUT/clang19" ]; then
  for f in "$OUT"/clang19/*.so*; do
    cmp -s "$f" "$OUT/lib/$(basename "$f")" && rm -f "$f"
  done
fi

# Registers per thread of our kernels and CUDA's, from ptxas (no GPU).
if [ -x "$(dirname "$NVCC")/ptxas" ]; then
  NVCC=$NVCC BENCH_ARCH=$ARCH bash "$BENCH/registers.sh" "$BUILD" > "$OUT/REGISTERS" 2>&1 ||
    notes+=("registers: bench/registers.sh failed (see REGISTERS)")
else
  notes+=("registers: not listed (no ptxas next to $NVCC)")
fi

cp "$BENCH/runner.sh" "$OUT/run.sh"
chmod +x "$OUT/run.sh"
{
  echo "commit $(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "uncommitted changes: $(git -C "$ROOT" status --porcelain 2>/dev/null | grep -vc '^??') tracked files"
  echo "built $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname)"
  echo "openmp: $CLANG $OMPFLAGS $LIBS"
  echo "cuda: $NVCC $CUDAFLAGS ($("$NVCC" --version 2>/dev/null | grep -o 'release [0-9.]*' || echo '?'))"
  [ -n "$C19" ] && echo "clang19: $C19 $LIBS ($("$CLANG19" --version | head -n 1))"
  [ -n "$BASELINE" ] && echo "before: $BASELINE/bin/clang $OMPFLAGS $LIBS (runtime from $BASELINE/lib)"
  for note in "${notes[@]}"; do echo "$note"; done
  echo "not built: ${failed[*]:-none}"
} > "$OUT/BUILD_INFO"

echo "bench: $(ls "$OUT/bin" | wc -l) programs and $(ls "$OUT/lib" | wc -l) libraries in $OUT ($(du -sh "$OUT" | cut -f1))"
if [ ${#failed[@]} -gt 0 ]; then
  echo "bench: ${#failed[@]} failed: ${failed[*]}" >&2
  exit 1
fi
echo "bench: run 'bash $OUT/run.sh' on a GPU machine"
