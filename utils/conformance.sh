#!/usr/bin/env bash
# Builds and runs the OpenMP Validation & Verification programs (SOLLVE V&V,
# OpenMP 4.5 and 5.0, C and C++) with bin/clang for one offload target, and
# counts them by the suite's pass rule:
#   - the program builds with -I <suite>/ompvv and -lm and the target's
#     offload flags (programs that include libompvv.h also link the static
#     library built from <suite>/ompvv/libompvv.c, as the suite's Makefile does);
#   - it runs with OMP_TARGET_OFFLOAD=MANDATORY and exits 0 within 60 s;
#   - its output has no "Test failed" line, and, unless the target is the
#     host device, no "on the host" (its regions ran on the host).
#
#   utils/conformance.sh [options] TARGET
#     TARGET       x86_64-pc-linux-gnu (the host device) or nvptx64-nvidia-cuda
#     -b BUILD     build tree with bin/clang (default: build)
#     -s SUITE     the suite (default: test/Conformance/sollve_vv)
#     -o OUT       work directory (default: /tmp/conformance-TARGET); it is
#                  also a self-contained bundle: OUT/run.sh runs the built
#                  programs on another machine, with OUT/lib first on
#                  LD_LIBRARY_PATH
#     -j JOBS      parallel builds and runs (default: nproc)
#     -f REGEX     only programs whose path (e.g. 5.0/target/x.c) matches
#     -n           build only (for a GPU machine without compilers)
#     -t SECONDS   run time limit (default: 60)
#     -O LEVEL     optimisation level of the builds (default: none, as the
#                  pass rule names no -O: Clang's -O0)
#
# Prints one line per program, `PASS <path>` or `FAIL <path> (<why>)`, then
# `conformance: N passed, M failed of T`; the exit status is 0 only when all
# pass. OUT/results.txt keeps the lines, OUT/logs/ each program's output.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$ROOT/build
SUITE=$ROOT/test/Conformance/sollve_vv
OUT=""
JOBS=$(nproc)
FILTER=""
BUILD_ONLY=0
LIMIT=60
OPT=""

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
while getopts "b:s:o:j:f:nt:O:h" opt; do
  case $opt in
    b) BUILD=$OPTARG ;;
    s) SUITE=$OPTARG ;;
    o) OUT=$OPTARG ;;
    j) JOBS=$OPTARG ;;
    f) FILTER=$OPTARG ;;
    n) BUILD_ONLY=1 ;;
    t) LIMIT=$OPTARG ;;
    O) OPT=-O$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
TARGET=$1
BUILD=$(cd "$BUILD" && pwd)
SUITE=$(cd "$SUITE" && pwd)
OUT=${OUT:-/tmp/conformance-$TARGET}
[ -x "$BUILD/bin/clang" ] || { echo "conformance: no $BUILD/bin/clang" >&2; exit 2; }

if [ -e "$OUT" ] && [ ! -f "$OUT/target.txt" ]; then
  echo "conformance: $OUT exists and is not a conformance directory; not replacing it" >&2
  exit 2
fi
rm -rf "$OUT"
mkdir -p "$OUT/bin" "$OUT/logs" "$OUT/lib"
OUT=$(cd "$OUT" && pwd)

# The programs, as paths below tests/ ("4.5/target/test_target_if.c").
(cd "$SUITE/tests" && find 4.5 5.0 -name '*.c' -o -name '*.cpp') | sort |
  { if [ -n "$FILTER" ]; then grep -E -- "$FILTER" || true; else cat; fi; } \
  > "$OUT/programs.txt"
echo "$TARGET" > "$OUT/target.txt"
echo "$LIMIT" > "$OUT/limit.txt"

# compile COMPILER ARGS...: the suite's build command for TARGET.
compile() {
  local cc=$1
  shift
  timeout 600 "$cc" ${OPT:+"$OPT"} -fopenmp "-fopenmp-targets=$TARGET" \
    -I "$SUITE/ompvv" "$@"
}
# One program: OUT/bin/<path with / as _>, or nothing when it does not build.
# Programs that include libompvv.h link the suite's static library.
build_one() {
  local path=$1 name compiler=$BUILD/bin/clang extra=()
  name=$(echo "$path" | tr '/' '_')
  case $path in *.cpp) compiler=$BUILD/bin/clang++ ;; esac
  grep -q 'libompvv.h' "$SUITE/tests/$path" && extra=("$OUT/libompvv.a")
  compile "$compiler" "$SUITE/tests/$path" "${extra[@]}" -lm \
    -o "$OUT/bin/$name" > "$OUT/logs/$name.build.txt" 2>&1 ||
    rm -f "$OUT/bin/$name"
}
export -f compile build_one
export BUILD SUITE OUT TARGET OPT
compile "$BUILD/bin/clang" -c "$SUITE/ompvv/libompvv.c" -o "$OUT/libompvv.o" \
  > "$OUT/logs/libompvv.build.txt" 2>&1 &&
  ar rcs "$OUT/libompvv.a" "$OUT/libompvv.o"
xargs -P "$JOBS" -I{} bash -c 'build_one "$1"' _ {} < "$OUT/programs.txt"

cp "$ROOT/utils/conformance-run.sh" "$OUT/run.sh"
chmod +x "$OUT/run.sh"
python3 "$ROOT/utils/bundle-libs.py" "$BUILD/lib" "$OUT/lib" "$OUT"/bin/*

if [ "$BUILD_ONLY" = 1 ]; then
  echo "conformance: $(ls "$OUT/bin" | wc -l) of $(wc -l < "$OUT/programs.txt") programs built in $OUT; run $OUT/run.sh there"
  exit 0
fi
exec "$OUT/run.sh" -j "$JOBS"
