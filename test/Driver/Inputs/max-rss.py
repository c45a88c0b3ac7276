#!/usr/bin/env python3
"""Runs a command and fails when its peak memory exceeds a limit.

    max-rss.py LIMIT_MB COMMAND [ARGS...]

Exits with the command's status if it fails, else with 1 (after saying so)
when the largest resident set of the command or of any process it waited
for exceeded LIMIT_MB megabytes. Used by scale-many-regions.test as a guard
against memory that grows faster than the number of target regions.
"""

import os
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: max-rss.py LIMIT_MB COMMAND [ARGS...]")
    limit_mb = int(sys.argv[1])
    pid = os.fork()
    if pid == 0:
        try:
            os.execvp(sys.argv[2], sys.argv[2:])
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(code)
    peak_mb = usage.ru_maxrss // 1024  # kilobytes on Linux
    if peak_mb > limit_mb:
        print("max-rss.py: %s used %d MB, more than the limit of %d MB"
              % (os.path.basename(sys.argv[2]), peak_mb, limit_mb))
        sys.exit(1)


if __name__ == "__main__":
    main()
