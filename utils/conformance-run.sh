#!/usr/bin/env bash
# Runs the conformance programs that utils/conformance.sh built into this
# directory and judges them by the suite's rule (see conformance.sh):
#   ./run.sh [-j JOBS] [PATH...]
# Prints `PASS <path>` or `FAIL <path> (<why>)` per program, in the order of
# programs.txt, then `conformance: N passed, M failed of T`, and keeps the
# lines in results.txt, each output in logs/<name>.run.txt and each run's
# seconds in times.txt. Exit status 0 only when all pass. Needs nothing but this directory: lib/ holds the
# runtime libraries the programs load.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
JOBS=$(nproc)
if [ "${1:-}" = -j ]; then JOBS=$2; shift 2; fi
export LD_LIBRARY_PATH="$HERE/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export HERE
export TARGET=$(cat "$HERE/target.txt") LIMIT=$(cat "$HERE/limit.txt")

# judge PATH: prints the program's result line.
judge() {
  local path=$1 name out status
  name=$(echo "$path" | tr '/' '_')
  out=$HERE/logs/$name.run.txt
  if [ ! -x "$HERE/bin/$name" ]; then
    local why
    why=$(grep -m1 -E 'error|Error|ERROR' "$HERE/logs/$name.build.txt" 2>/dev/null |
          cut -c1-160 || true)
    echo "FAIL $path (did not build${why:+: $why})"
    return
  fi
  status=0
  local start=$SECONDS
  (cd "$HERE/bin" && env OMP_TARGET_OFFLOAD=MANDATORY \
     timeout -k 5 "$LIMIT" "./$name") > "$out" 2>&1 < /dev/null || status=$?
  echo "$path $((SECONDS - start))" >> "$HERE/times.txt"
  if [ "$status" = 124 ] || [ "$status" = 137 ]; then
    echo "FAIL $path (timed out after ${LIMIT} s)"
  elif [ "$status" != 0 ]; then
    local why
    why=$(grep -m1 -E 'libomptarget|error|Error|fault|Assertion' "$out" | cut -c1-160 || true)
    echo "FAIL $path (exit status $status${why:+: $why})"
  elif grep -q 'Test failed' "$out"; then
    echo "FAIL $path (reports: $(grep -m1 'Test failed' "$out" | cut -c1-120))"
  elif [ "$TARGET" != x86_64-pc-linux-gnu ] && grep -q 'on the host' "$out"; then
    echo "FAIL $path (its target regions ran on the host)"
  else
    echo "PASS $path"
  fi
}
export -f judge

rm -f "$HERE/times.txt"
if [ $# -gt 0 ]; then printf '%s\n' "$@"; else cat "$HERE/programs.txt"; fi |
  xargs -P "$JOBS" -I{} bash -c 'judge "$1"' _ {} > "$HERE/results.unsorted"
# Report in the order of programs.txt.
awk 'NR == FNR { line[$2] = $0; next } ($1 in line) { print line[$1] }' \
  "$HERE/results.unsorted" "$HERE/programs.txt" > "$HERE/results.txt"
rm -f "$HERE/results.unsorted"
cat "$HERE/results.txt"
passed=$(grep -c '^PASS' "$HERE/results.txt" || true)
total=$(wc -l < "$HERE/results.txt")
echo "conformance: $passed passed, $((total - passed)) failed of $total ($TARGET)"
[ "$passed" = "$total" ]
