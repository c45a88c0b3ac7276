#!/usr/bin/env python3
"""check-failures.py KNOWN RESULTS: compares the FAIL lines of a
conformance results.txt with a known-failures list. Every failing program
must be listed; every listed program must fail, unless its line starts with
"?" (a result that depends on the machine). Prints what differs; exit 1
then."""
import sys


def main(known_path, results_path):
    must_fail, may_fail = set(), set()
    for line in open(known_path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("?"):
            may_fail.add(line[1:].strip())
        else:
            must_fail.add(line)
    failed = {line.split()[1] for line in open(results_path)
              if line.startswith("FAIL ")}
    problems = ["unexpected failure: " + p
                for p in sorted(failed - must_fail - may_fail)]
    problems += ["now passes, remove it from the list: " + p
                 for p in sorted(must_fail - failed)]
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
