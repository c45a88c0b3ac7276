#!/bin/bash
# Runs the benchmark suite that bench/build.sh put next to this script
# (installed there as run.sh):  bash run.sh [NAME...]
# NAMEs: triad dot spmv jacobi2d matmul seqpar empty mapbw (default: all).
# Prints each program's BENCH lines, then a table: kernel, OpenMP time, CUDA
# time, both rates, ratio = OpenMP time / CUDA time (> 1: OpenMP slower).
# Then, unless BENCH_INFO=0, runs each OpenMP program once more with
# BENCH_REPS=1 and LIBOMPTARGET_INFO=1 and prints the grid each kernel got.
# Environment: BENCH_REPS (repetitions), BENCH_TIMEOUT (seconds a program,
# default 120), BENCH_SAVE=DIR (copy results.txt and logs.tar.gz there), and
# the programs' own BENCH_* parameters (see bench/README.md).
# Exit status 0 only if every program ran and verified its results.
cd "$(dirname "$0")" || exit 1
B=$(pwd)
if [ ! -d "$B/bin" ]; then
  echo "run.sh: no $B/bin; build first with bench/build.sh" >&2
  exit 1
fi
export LD_LIBRARY_PATH="$B/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
unset OMP_TARGET_OFFLOAD OMP_DEFAULT_DEVICE LIBOMPTARGET_INFO OMP_NUM_THREADS \
  BENCH_ALLOW_HOST
LOGS=$B/logs
rm -rf "$LOGS"
mkdir -p "$LOGS"
RESULTS=$LOGS/results.txt
T=""
command -v timeout >/dev/null 2>&1 && T="timeout ${BENCH_TIMEOUT:-120}"
ALL="triad dot spmv jacobi2d matmul seqpar empty mapbw"
[ $# -gt 0 ] && ALL="$*"

main() {
GPU=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1)
echo "GPU: ${GPU:-unknown (nvidia-smi failed)}"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
sed 's/^/build: /' "$B/BUILD_INFO" 2>/dev/null
nvidia-smi --query-gpu=driver_version,clocks.max.sm,clocks.max.mem \
  --format=csv,noheader 2>/dev/null | sed 's/^/driver, max SM clock, max mem clock: /'
echo

start=$(date +%s)
bad=0
for n in $ALL; do
  for impl in omp cuda; do
    exe=$B/bin/${n}_$impl
    log=$LOGS/${n}_$impl.txt
    if [ ! -x "$exe" ]; then
      echo "NOTBUILT $n $impl"
      bad=1
      continue
    fi
    t0=$(date +%s.%N)
    $T "$exe" > "$log" 2>&1
    rc=$?
    t1=$(date +%s.%N)
    grep -E '^(BENCH|FAIL|WARN) ' "$log"
    if [ $rc -ne 0 ] || grep -q '^FAIL ' "$log" || ! grep -q '^BENCH ' "$log"; then
      echo "ERROR ${n}_$impl: exit status $rc$([ $rc -eq 124 ] && echo ' (timed out)'); last lines:"
      tail -n 15 "$log" | sed 's/^/    | /'
      bad=1
    fi
    awk -v a="$t0" -v b="$t1" -v n="$n" -v i="$impl" 'BEGIN { printf "TIME %s %s %.1f s\n", n, i, b - a }'
  done
done
echo

# The table (lines from all logs, in the order above).
cat "$LOGS"/*_omp.txt "$LOGS"/*_cuda.txt 2>/dev/null | grep '^BENCH ' > "$LOGS/bench.txt"
awk -v gpu="${GPU:-unknown}" '
  { impl = ($3 == "openmp") ? "omp" : "cuda"
    if (!($2 in seen)) { seen[$2] = 1; order[++k] = $2 }
    sec[$2, impl] = $4; rate[$2, impl] = $5; unit[$2] = $6 }
  function fmt_t(s) {  # seconds -> readable
    if (s == "") return "-"
    if (s < 1e-3) return sprintf("%.2f us", s * 1e6)
    if (s < 1) return sprintf("%.3f ms", s * 1e3)
    return sprintf("%.3f s", s)
  }
  function fmt_r(r, u) { return (r == "") ? "-" : sprintf("%.1f %s", r, u) }
  END {
    want = "triad dot spmv jacobi2d matmul seqpar empty_target map_tofrom update_to update_from"
    n = split(want, w, " "); m = 0
    for (i = 1; i <= n; i++) if (w[i] in seen) list[++m] = w[i]
    for (i = 1; i <= k; i++) { f = 0; for (j = 1; j <= m; j++) if (list[j] == order[i]) f = 1
                               if (!f) list[++m] = order[i] }
    printf "Results on %s (time = median per kernel / transfer / launch / iteration)\n\n", gpu
    printf "| %-12s | %12s | %12s | %18s | %18s | %16s |\n", "kernel", "OpenMP time", "CUDA time", "OpenMP", "CUDA", "ratio OMP/CUDA"
    printf "|%s|%s|%s|%s|%s|%s|\n", "--------------", "-------------:", "-------------:", "-------------------:", "-------------------:", "-----------------:"
    for (i = 1; i <= m; i++) {
      x = list[i]; so = sec[x, "omp"]; sc = sec[x, "cuda"]
      ratio = (so != "" && sc != "" && sc > 0) ? sprintf("%.2f", so / sc) : "-"
      printf "| %-12s | %12s | %12s | %18s | %18s | %16s |\n", x, fmt_t(so), fmt_t(sc),
             fmt_r(rate[x, "omp"], unit[x]), fmt_r(rate[x, "cuda"], unit[x]), ratio
    }
  }' "$LOGS/bench.txt"
echo
echo "suite time: $(( $(date +%s) - start )) s"

# Launch geometry of the OpenMP kernels, as the CUDA plugin chose it.
if [ "${BENCH_INFO:-1}" != 0 ]; then
  echo
  echo "OpenMP launch geometry (LIBOMPTARGET_INFO=1, one repetition each):"
  for n in $ALL; do
    exe=$B/bin/${n}_omp
    [ -x "$exe" ] || continue
    BENCH_REPS=1 BENCH_LAUNCHES=10 BENCH_SEQPAR_TESTS=10 LIBOMPTARGET_INFO=1 \
      $T "$exe" > "$LOGS/${n}_omp.info.txt" 2>&1
    grep -E "plugin '|runs [0-9]+ blocks" "$LOGS/${n}_omp.info.txt" |
      sed -e 's/^libomptarget: info: //' | sort | uniq -c | sed "s/^/  $n: /"
  done
  echo "suite time with geometry pass: $(( $(date +%s) - start )) s"
fi

[ $bad -eq 0 ] && echo "all programs ran and verified" ||
  echo "SOME PROGRAMS FAILED (see ERROR/FAIL/NOTBUILT lines above; logs in $LOGS)"
[ $bad -eq 0 ]
}

main 2>&1 | tee "$RESULTS"
rc=${PIPESTATUS[0]}
if [ -n "${BENCH_SAVE:-}" ]; then
  mkdir -p "$BENCH_SAVE"
  cp "$RESULTS" "$BENCH_SAVE/results.txt"
  tar -C "$B" -czf "$BENCH_SAVE/logs.tar.gz" logs BUILD_INFO 2>/dev/null
fi
exit "$rc"
