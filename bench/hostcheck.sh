#!/bin/bash
# Checks the benchmark programs without a GPU:
#   bench/hostcheck.sh [BUILD_DIR [NAME...]]    (default: build, all)
# builds each NAME.c with BUILD_DIR's clang for the host as the offload device
# (-fopenmp-targets=x86_64-pc-linux-gnu) and runs it with BENCH_ALLOW_HOST=1,
# small sizes and two repetitions, so that its results are verified; and
# compiles each NAME.cu with nvcc for sm_90 (it cannot run here). Prints one
# PASS or FAIL line per program and build; exit status 0 if all passed.
# BENCH_HOSTCHECK_CC=clang-19 checks the OpenMP sources with another compiler
# (its runtime must be on LD_LIBRARY_PATH).
set -uo pipefail
BENCH=$(cd "$(dirname "$0")" && pwd)
BUILD=$(cd "${1:-$BENCH/../build}" && pwd) || exit 1
shift $(($# > 0 ? 1 : 0))
CC=${BENCH_HOSTCHECK_CC:-$BUILD/bin/clang}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
NAMES=${*:-triad dot spmv jacobi2d matmul seqpar empty mapbw cudastyle reduce
             hash mathheavy launches stencil3d enterexit transpose nbody
             blackscholes histatomic rowdot cgsolve rownorm}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export BENCH_ALLOW_HOST=1 BENCH_REPS=2 OMP_TARGET_OFFLOAD=MANDATORY \
  BENCH_TRIAD_N=100000 BENCH_DOT_N=100000 BENCH_SPMV_ROWS=10000 \
  BENCH_JACOBI_N=130 BENCH_MATMUL_N=64 BENCH_SEQPAR_N=2048 \
  BENCH_SEQPAR_TESTS=20 BENCH_SEQPAR_TEAMS=8 BENCH_SEQPAR_THREADS=32 \
  BENCH_LAUNCHES=50 BENCH_MAP_MB=4 BENCH_CUDASTYLE_N=200000 \
  BENCH_CUDASTYLE_TEAMS=8 BENCH_CUDASTYLE_GRID=128 BENCH_REDUCE_N=50000 \
  BENCH_HASH_N=50000 BENCH_MATH_N=50000 BENCH_STENCIL3D_N=40 \
  BENCH_ENTEREXIT_MB=4 BENCH_TRANSPOSE_N=96 BENCH_NBODY_N=2000 \
  BENCH_BLACKSCHOLES_N=50000 BENCH_HISTATOMIC_N=200000 \
  BENCH_ROWDOT_ROWS=100 BENCH_ROWDOT_COLS=1000 BENCH_CGSOLVE_N=10000

bad=0
for n in $NAMES; do
  if (cd "$BENCH" && "$CC" -O3 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu \
        "$n.c" -lm -latomic -o "$TMP/$n") > "$TMP/$n.build" 2>&1; then
    if timeout 300 "$TMP/$n" > "$TMP/$n.out" 2>&1 &&
       grep -q '^BENCH ' "$TMP/$n.out" && ! grep -q '^FAIL ' "$TMP/$n.out"; then
      echo "PASS $n openmp (host device): $(grep -c '^BENCH ' "$TMP/$n.out") kernels verified"
    else
      echo "FAIL $n openmp (host device):"
      grep -v '^INFO ' "$TMP/$n.out" | tail -n 10 | sed 's/^/    | /'
      bad=1
    fi
  else
    echo "FAIL $n openmp: does not build for the host device:"
    tail -n 10 "$TMP/$n.build" | sed 's/^/    | /'
    bad=1
  fi
  if (cd "$BENCH" && "$NVCC" -O3 -arch=sm_90 -cudart shared "$n.cu" \
        -o "$TMP/$n.cuda") > "$TMP/$n.nvcc" 2>&1; then
    echo "PASS $n cuda: builds"
  else
    echo "FAIL $n cuda: does not build:"
    tail -n 10 "$TMP/$n.nvcc" | sed 's/^/    | /'
    bad=1
  fi
done
exit $bad
