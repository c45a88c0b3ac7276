#!/bin/bash
# Runs the benchmark suite that bench/build.sh put next to this script
# (installed there as run.sh):  bash run.sh [NAME...]
# NAMEs: triad dot spmv jacobi2d matmul seqpar empty mapbw cudastyle reduce
# hash mathheavy launches stencil3d enterexit transpose nbody blackscholes
# histatomic rowdot cgsolve rownorm (default: all).
# Each program runs once per impl in the bundle: omp (our compiler), before
# (a baseline build of it, if built with BENCH_BASELINE), clang19 (Debian's
# clang-19, if built) and cuda; BENCH_IMPLS="omp cuda" picks some. Prints
# each run's BENCH lines, then a table: kernel, OpenMP and CUDA time and
# rate, ratio = OpenMP time / CUDA time (> 1: OpenMP slower), and per extra
# impl its time and its ratio to CUDA; a run that failed shows why in its
# cells (NOTBUILT, FAIL = wrong result, NOGPU = did not run on the GPU,
# TIMEOUT, CRASH). Then, unless BENCH_INFO=0, runs each OpenMP program once
# more with BENCH_REPS=1 and LIBOMPTARGET_INFO=1 and prints the grid each
# kernel got.
# Environment: BENCH_REPS (repetitions), BENCH_TIMEOUT (seconds a program,
# default 120), BENCH_SAVE=DIR (copy results.txt and logs.tar.gz there), and
# the programs' own BENCH_* parameters (see bench/README.md).
# Exit status 0 only if every omp and cuda program ran and verified (the
# before and clang19 runs are reported, not counted).
cd "$(dirname "$0")" || exit 1
B=$(pwd)
if [ ! -d "$B/bin" ]; then
  echo "run.sh: no $B/bin; build first with bench/build.sh" >&2
  exit 1
fi
LIBS="$B/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LD_LIBRARY_PATH="$LIBS"
unset OMP_TARGET_OFFLOAD OMP_DEFAULT_DEVICE LIBOMPTARGET_INFO OMP_NUM_THREADS \
  BENCH_ALLOW_HOST
LOGS=$B/logs
rm -rf "$LOGS"
mkdir -p "$LOGS"
RESULTS=$LOGS/results.txt
T=""
command -v timeout >/dev/null 2>&1 && T="timeout ${BENCH_TIMEOUT:-120}"
ALL="triad dot spmv jacobi2d matmul seqpar empty mapbw cudastyle reduce hash
     mathheavy launches stencil3d enterexit transpose nbody blackscholes
     histatomic rowdot cgsolve rownorm"
[ $# -gt 0 ] && ALL="$*"
IMPLS="omp"
[ -d "$B/lib-before" ] && IMPLS="$IMPLS before"
[ -d "$B/clang19" ] && IMPLS="$IMPLS clang19"
IMPLS="$IMPLS cuda"
[ -n "${BENCH_IMPLS:-}" ] && IMPLS=$BENCH_IMPLS

# Library path of an impl's binaries.
impl_libs() {
  case $1 in
    before) echo "$B/lib-before:$LIBS" ;;
    clang19) echo "$C19LIB:$LIBS" ;;
    *) echo "$LIBS" ;;
  esac
}

# Unpacks clang-19's runtime (the kit's unpack.sh: to /tmp/clang19-runtime)
# and sets C19LIB to it, or says why not.
C19LIB=""
unpack_clang19() {
  C19LIB=$(unset LD_LIBRARY_PATH; . "$B/clang19/unpack.sh" >/dev/null 2>&1 &&
           echo "${LD_LIBRARY_PATH%%:*}")
  if [ -z "$C19LIB" ] || [ ! -f "$C19LIB/libLLVM.so.19.1" ] ||
     [ ! -f "$C19LIB/libomptarget.so.19.1" ]; then
    echo "clang19: runtime could not be unpacked from $B/clang19; its runs will fail"
    C19LIB=/nonexistent
  fi
}

# Runs NAME's IMPL build; appends "NAME IMPL STATUS" to the status file.
run_one() {
  local n=$1 impl=$2 exe=$B/bin/${1}_$2 log=$LOGS/${1}_$2.txt st=ok rc t0 t1
  if [ ! -x "$exe" ]; then
    echo "NOTBUILT $n $impl"
    echo "$n $impl NOTBUILT" >> "$LOGS/status.txt"
    return 1
  fi
  t0=$(date +%s.%N)
  LD_LIBRARY_PATH=$(impl_libs "$impl") $T "$exe" > "$log" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  # the OpenMP programs call themselves openmp; name the other builds
  if [ "$impl" = before ] || [ "$impl" = clang19 ]; then
    sed -i -E "s/^((BENCH|INFO) [^ ]+) openmp /\1 $impl /;
               s/^(FAIL|WARN) ([^ :]+) openmp/\1 \2 $impl/" "$log"
  fi
  grep -E '^(BENCH|FAIL|WARN) ' "$log"
  if grep -q '^FAIL .*do not run on an NVPTX device' "$log"; then
    st=NOGPU
  elif grep -q '^FAIL ' "$log"; then
    st=FAIL
  elif [ $rc -eq 124 ]; then
    st=TIMEOUT
  elif [ $rc -ne 0 ] || ! grep -q '^BENCH ' "$log"; then
    st=CRASH
  fi
  if [ $st != ok ]; then
    echo "ERROR ${n}_$impl: $st, exit status $rc; last lines:"
    tail -n 15 "$log" | sed 's/^/    | /'
  fi
  awk -v a="$t0" -v b="$t1" -v n="$n" -v i="$impl" 'BEGIN { printf "TIME %s %s %.1f s\n", n, i, b - a }'
  echo "$n $impl $st" >> "$LOGS/status.txt"
  [ $st = ok ]
}

# The table: one row per kernel (programs in run order, kernels in the order
# they print), columns per impl; a failed run shows its status.
table() {
  awk -v gpu="${GPU:-unknown}" -v impls="$IMPLS" '
    FNR == NR { st[$1, $2] = $3; next }            # status.txt
    { prog = $1; impl = $2; k = $4                 # prog impl BENCH kernel ...
      if (!(k in seen)) { seen[k] = 1; order[++nk] = k; of[k] = prog }
      sec[k, impl] = $6; rate[k, impl] = $7; unit[k] = $8 }
    function fmt_t(s) {
      if (s < 1e-3) return sprintf("%.2f us", s * 1e6)
      if (s < 1) return sprintf("%.3f ms", s * 1e3)
      return sprintf("%.3f s", s)
    }
    function cell_t(k, i) {
      if ((k, i) in sec) return fmt_t(sec[k, i])
      s = st[of[k], i]
      return (s != "" && s != "ok") ? s : "-"
    }
    function cell_r(k, i) {
      return ((k, i) in rate) ? sprintf("%.1f %s", rate[k, i], unit[k]) : "-"
    }
    function ratio(k, a, b) {
      if (!((k, a) in sec) || !((k, b) in sec) || sec[k, b] <= 0) return "-"
      return sprintf("%.2f", sec[k, a] / sec[k, b])
    }
    function has(i) { return index(" " impls " ", " " i " ") > 0 }
    END {
      printf "Results on %s (time = median per kernel / transfer / launch / iteration)\n\n", gpu
      hdr = sprintf("| %-24s | %12s | %12s | %18s | %18s | %9s |", "kernel",
                    "OpenMP time", "CUDA time", "OpenMP", "CUDA", "OMP/CUDA")
      sep = "|--------------------------|-------------:|-------------:|-------------------:|-------------------:|----------:|"
      if (has("clang19")) {
        hdr = hdr sprintf(" %12s | %13s |", "clang19 time", "clang19/CUDA")
        sep = sep "-------------:|--------------:|"
      }
      if (has("before")) {
        hdr = hdr sprintf(" %12s | %12s |", "before time", "before/CUDA")
        sep = sep "-------------:|-------------:|"
      }
      print hdr; print sep
      for (j = 1; j <= nk; j++) {
        k = order[j]
        line = sprintf("| %-24s | %12s | %12s | %18s | %18s | %9s |", k,
                       cell_t(k, "omp"), cell_t(k, "cuda"), cell_r(k, "omp"),
                       cell_r(k, "cuda"), ratio(k, "omp", "cuda"))
        if (has("clang19"))
          line = line sprintf(" %12s | %13s |", cell_t(k, "clang19"), ratio(k, "clang19", "cuda"))
        if (has("before"))
          line = line sprintf(" %12s | %12s |", cell_t(k, "before"), ratio(k, "before", "cuda"))
        print line
        if (has("clang19") && ((k, "omp") in sec) && ((k, "clang19") in sec) &&
            sec[k, "omp"] > sec[k, "clang19"])
          slow19 = slow19 sprintf(" %s (%.2fx)", k, sec[k, "omp"] / sec[k, "clang19"])
        if (has("before") && ((k, "omp") in sec) && ((k, "before") in sec)) {
          r = sec[k, "omp"] / sec[k, "before"]
          if (r > 1.05) worse = worse sprintf(" %s (%.2fx)", k, r)
          if (r < 0.95) better = better sprintf(" %s (%.2fx)", k, r)
        }
      }
      print ""
      if (has("clang19"))
        print "OpenMP slower than clang19 (OpenMP time / clang19 time):" (slow19 == "" ? " none" : slow19)
      if (has("before")) {
        print "OpenMP slower than before by more than 5%:" (worse == "" ? " none" : worse)
        print "OpenMP faster than before by more than 5%:" (better == "" ? " none" : better)
      }
    }' "$LOGS/status.txt" "$LOGS/bench.txt"
}

main() {
GPU=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1)
echo "GPU: ${GPU:-unknown (nvidia-smi failed)}"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
sed 's/^/build: /' "$B/BUILD_INFO" 2>/dev/null
sed 's/^/registers: /' "$B/REGISTERS" 2>/dev/null
nvidia-smi --query-gpu=driver_version,clocks.max.sm,clocks.max.mem \
  --format=csv,noheader 2>/dev/null | sed 's/^/driver, max SM clock, max mem clock: /'
echo "impls: $IMPLS"
[ -d "$B/clang19" ] || echo "clang19: not in this bundle (see build: lines)"
echo

start=$(date +%s)
case " $IMPLS " in *" clang19 "*) unpack_clang19 ;; esac
bad=0
: > "$LOGS/status.txt"
for n in $ALL; do
  for impl in $IMPLS; do
    if ! run_one "$n" "$impl"; then
      case $impl in omp|cuda) bad=1 ;; esac
    fi
  done
done
echo

# BENCH lines prefixed with program and impl, in run order.
for n in $ALL; do
  for impl in $IMPLS; do
    [ -f "$LOGS/${n}_$impl.txt" ] &&
      grep '^BENCH ' "$LOGS/${n}_$impl.txt" | sed "s/^/$n $impl /"
  done
done > "$LOGS/bench.txt"
table
for impl in $IMPLS; do
  failures=$(awk -v i="$impl" '$2 == i && $3 != "ok" { printf " %s (%s)", $1, $3 }' "$LOGS/status.txt")
  [ -n "$failures" ] && echo "$impl runs that failed:$failures"
done
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

[ $bad -eq 0 ] && echo "all omp and cuda programs ran and verified" ||
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
