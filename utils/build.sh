#!/usr/bin/env bash
# The README's two commands: `utils/build.sh demo` sets up, builds and runs
# the demo program; `utils/build.sh check` sets up, builds and runs the whole
# lit suite. Exits non-zero when anything fails.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${BUILD_DIR:-$ROOT/build}"
JOBS="${JOBS:-$(nproc)}"

bash "$ROOT/utils/setup.sh"
cmake --build "$BUILD" -j "$JOBS"

case "${1:-}" in
  demo)
    "$BUILD/bin/clang" -O2 -fopenmp \
      -fopenmp-targets=nvptx64-nvidia-cuda,x86_64-pc-linux-gnu \
      "$ROOT/examples/saxpy.c" -o "$BUILD/saxpy"
    LIBOMPTARGET_INFO=${LIBOMPTARGET_INFO:-0} "$BUILD/saxpy"
    ;;
  check)
    cmake --build "$BUILD" --target check
    ;;
  *)
    echo "usage: $0 demo|check" >&2
    exit 2
    ;;
esac
