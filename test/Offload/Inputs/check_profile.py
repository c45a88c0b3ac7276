#!/usr/bin/env python3
"""Checks a LIBOMPTARGET_PROFILE trace file (Chrome trace-event JSON).

  check_profile.py TRACE.json [--expect KIND,...] [--loc FILE:LINE]...

Checks that the file is valid JSON in the object format ({"traceEvents":
[...]}), that every event has the keys and types of its kind (complete
events "ph": "X" with non-negative "ts" and "dur" in microseconds, a known
"cat" and its "args"; metadata events "ph": "M" naming the process and
threads), that every thread with events is named, that the events of one
thread nest (Chrome and Perfetto draw a thread's slices as a stack), and
that each kind given with --expect (kernel, transfer, alloc, free, sync) and
each --loc (a kernel's source location ends with it) occurs. Prints a
one-line summary and exits 0, or prints each problem and exits 1.
Python 3 standard library only.
"""

import argparse
import collections
import json
import re
import sys

KINDS = ("kernel", "transfer", "alloc", "free", "sync")
INT, STR = "int", "str"
# The "args" every complete event of a kind carries, with their types.
ARGS = {
    "kernel": {"device": INT, "blocks": INT, "threads": INT,
               "num_teams": INT, "thread_limit": INT, "trip_count": INT,
               "num_args": INT, "arg_values": STR},
    "transfer": {"device": INT, "direction": STR, "bytes": INT,
                 "object": STR, "src": STR, "dst": STR},
    "alloc": {"device": INT, "bytes": INT, "kind": STR, "object": STR,
              "ptr": STR},
    "free": {"device": INT, "object": STR, "ptr": STR},
    "sync": {"device": INT, "object": STR},
}
DIRECTIONS = ("host to device", "device to host", "device to device")
MEMORY_KINDS = ("device", "host", "shared")
# Timestamps are printed with three decimals.
ROUNDING_US = 0.002


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def is_number(v):
    return (isinstance(v, (int, float)) and not isinstance(v, bool))


def has_type(v, t):
    return is_int(v) if t == INT else isinstance(v, str)


def check_complete(i, e, problems):
    where = "event %d (%r)" % (i, e.get("name"))
    for key, test in (("name", lambda v: isinstance(v, str) and v),
                      ("cat", lambda v: v in KINDS),
                      ("ts", lambda v: is_number(v) and v >= 0),
                      ("dur", lambda v: is_number(v) and v >= 0),
                      ("args", lambda v: isinstance(v, dict))):
        if key not in e:
            problems.append("%s: no %r" % (where, key))
        elif not test(e[key]):
            problems.append("%s: bad %r: %r" % (where, key, e[key]))
    if not isinstance(e.get("args"), dict) or e.get("cat") not in KINDS:
        return
    args = e["args"]
    for key, t in ARGS[e["cat"]].items():
        if key not in args:
            problems.append("%s: %s event without args.%s" % (where, e["cat"], key))
        elif not has_type(args[key], t):
            problems.append("%s: args.%s is not a%s %s: %r"
                            % (where, key, "n" if t == INT else "", t, args[key]))
    if "loc" in args and not (isinstance(args["loc"], str)
                              and re.search(r":\d+:\d+$", args["loc"])):
        problems.append("%s: args.loc is not file:line:column: %r"
                        % (where, args["loc"]))
    if e["cat"] == "transfer" and args.get("direction") not in DIRECTIONS:
        problems.append("%s: unknown direction %r" % (where, args.get("direction")))
    if e["cat"] == "alloc" and args.get("kind") not in MEMORY_KINDS:
        problems.append("%s: unknown memory kind %r" % (where, args.get("kind")))
    if e["cat"] == "kernel" and not (is_int(args.get("blocks")) and args["blocks"] > 0
                                     and is_int(args.get("threads")) and args["threads"] > 0):
        problems.append("%s: a kernel's grid must be positive: %r x %r"
                        % (where, args.get("blocks"), args.get("threads")))


def check_metadata(i, e, problems):
    where = "metadata event %d" % i
    if e.get("name") not in ("process_name", "thread_name"):
        problems.append("%s: unknown metadata %r" % (where, e.get("name")))
    args = e.get("args")
    if not isinstance(args, dict) or not isinstance(args.get("name"), str):
        problems.append("%s: no args.name string" % where)


def check_nesting(events, problems):
    """Complete events of one thread must nest or follow one another."""
    by_thread = collections.defaultdict(list)
    for e in events:
        by_thread[(e["pid"], e["tid"])].append(e)
    for (pid, tid), evs in by_thread.items():
        evs.sort(key=lambda e: (e["ts"], -e["dur"]))
        open_ends = []
        for e in evs:
            while open_ends and open_ends[-1] <= e["ts"] + ROUNDING_US:
                open_ends.pop()
            end = e["ts"] + e["dur"]
            if open_ends and end > open_ends[-1] + ROUNDING_US:
                problems.append("thread %d: event %r [%g, %g] overlaps the end "
                                "of an enclosing event (%g)"
                                % (tid, e["name"], e["ts"], end, open_ends[-1]))
            open_ends.append(end)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trace")
    ap.add_argument("--expect", default="",
                    help="comma-separated kinds that must occur")
    ap.add_argument("--loc", action="append", default=[],
                    help="a kernel event's args.loc must end with FILE:LINE")
    opts = ap.parse_args()
    try:
        with open(opts.trace) as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        print("check_profile: %s: not a readable JSON file: %s" % (opts.trace, e),
              file=sys.stderr)
        return 1
    problems = []
    if not isinstance(data, dict) or not isinstance(data.get("traceEvents"), list):
        print("check_profile: %s: no traceEvents array" % opts.trace, file=sys.stderr)
        return 1
    complete, named_threads, process_named = [], set(), False
    for i, e in enumerate(data["traceEvents"]):
        if not isinstance(e, dict):
            problems.append("event %d is not an object" % i)
            continue
        for key in ("pid", "tid"):
            if not is_int(e.get(key)):
                problems.append("event %d: %r is not an integer" % (i, key))
        if e.get("ph") == "X":
            check_complete(i, e, problems)
            if all(k in e for k in ("ts", "dur", "pid", "tid")):
                complete.append(e)
        elif e.get("ph") == "M":
            check_metadata(i, e, problems)
            if e.get("name") == "thread_name":
                named_threads.add((e.get("pid"), e.get("tid")))
            process_named |= e.get("name") == "process_name"
        else:
            problems.append("event %d: unexpected phase %r" % (i, e.get("ph")))
    if not process_named:
        problems.append("no process_name metadata event")
    for t in sorted({(e["pid"], e["tid"]) for e in complete} - named_threads):
        problems.append("thread %d has events but no thread_name" % t[1])
    if not problems:
        check_nesting(complete, problems)
    counts = collections.Counter(e.get("cat") for e in complete)
    for kind in filter(None, opts.expect.split(",")):
        if kind not in KINDS:
            problems.append("--expect: unknown kind %r" % kind)
        elif not counts[kind]:
            problems.append("no %s event" % kind)
    locs = [e["args"].get("loc", "") for e in complete
            if e.get("cat") == "kernel" and isinstance(e.get("args"), dict)]
    for want in opts.loc:
        if not any(isinstance(l, str) and re.search(re.escape(want) + r":\d+$", l)
                   for l in locs):
            problems.append("no kernel event at %s (kernels at: %s)"
                            % (want, ", ".join(sorted(set(map(str, locs)))) or "none"))
    for p in problems:
        print("check_profile: %s: %s" % (opts.trace, p), file=sys.stderr)
    if problems:
        return 1
    print("profile OK: %d events (%s)" % (
        len(complete), ", ".join("%s %d" % (k, counts[k]) for k in KINDS)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
