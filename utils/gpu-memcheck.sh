#!/bin/bash
# Runs the end-to-end tests of a GPU bundle (utils/gpu-bundle.sh) that should
# succeed under compute-sanitizer memcheck, on the GPU machine:
#   gpu-memcheck.sh [BUNDLE_DIR]        (default: gpu-bundle)
# Prints each test with memcheck errors and "N clean, M with errors"; exits
# non-zero when any test has errors.
BUNDLE=$(cd "${1:-gpu-bundle}" && pwd)
export LD_LIBRARY_PATH=$BUNDLE/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
clean=0
dirty=0
for d in "$BUNDLE"/tests/Offload_*/; do
  name=$(basename "$d")
  [ -f "$d/cmd.1" ] && [ -x "$d/$name" ] || continue
  [ -f "$d/exit.1" ] && [ "$(cat "$d/exit.1")" != 0 ] && continue
  cmd=$(sed 's/ 2>stderr\.1\.txt//' "$d/cmd.1")
  out=$(cd "$d" && timeout 120 compute-sanitizer --tool memcheck \
        --error-exitcode 99 bash -c "$cmd" 2>&1)
  if [ $? = 99 ] || grep -q "ERROR SUMMARY: [1-9]" <<<"$out"; then
    dirty=$((dirty + 1))
    echo "MEMCHECK ERRORS: $name"
    grep -E "^=========" <<<"$out" | head -12
  else
    clean=$((clean + 1))
  fi
done
echo "$clean clean, $dirty with errors"
[ "$dirty" = 0 ]
