#!/bin/bash
# Builds the GPU tests into a self-contained directory that runs on a GPU
# machine with no compiler installed:
#   utils/gpu-bundle.sh [BUILD_DIR [OUT_DIR]]     (defaults: build, gpu-bundle)
#   scp -r gpu-bundle gpu-host: && ssh gpu-host gpu-bundle/run.sh [NAME...]
# run.sh prints one PASS/FAIL line per test and ends with "N passed, M failed"
# (exit status 0 only when all pass). The bundle does not depend on where the
# repository or BUILD_DIR lie: run.sh puts OUT_DIR/lib first on
# LD_LIBRARY_PATH (the programs' RUNPATH to BUILD_DIR/lib is then unused).
#
# Two kinds of tests go in.
#
# 1. Any test/Runtime, test/GPU or test/Offload source with a `GPU-RUN:`
#    line. Its comment lines say how (the lit RUN lines usually do the same):
#   GPU-BUILD: <command>   run here, in order, to build it (lit-style
#                          substitutions: %s %S %t %T %host-clang %ptxas %clang
#                          %clangxx %bindir %libdir %srcroot %build-host
#                          %link-rt %%; %t lies in the bundle)
#   GPU-RUN: <command>     run there, in the test's directory (%t = ./NAME),
#                          stdout and stderr together
#   GPU-EXIT: <n>          expected exit status (default 0)
#   GPU-CHECK: <pattern>   FileCheck-style patterns, matched in order against
#   GPU-CHECK-NOT: <pat>   the output (also -NEXT, -SAME, -DAG, -EMPTY), so
#                          `FileCheck %s --check-prefix=GPU-CHECK` can check
#                          the same lines under lit
#
# 2. The "Offload variant" of every other test/Offload/**/*.c and *.cpp: its
#    lit RUN lines are translated, the source is not duplicated.
#    - RUN lines that do not run %t are build steps, run here with the lit
#      substitutions and `-fopenmp-targets=x86_64-pc-linux-gnu` replaced by
#      `-fopenmp-targets=nvptx64-nvidia-cuda` (-c + link, %S/Inputs files,
#      llvm-ar, cp ... all work: build/bin and the LLVM tools are on PATH).
#    - RUN lines of the form `[env V=X...] [not] %t[.SUFFIX] [ARGS] [2>&1]
#      [| FileCheck %s [--check-prefix(es)=P]]` become run steps on the GPU
#      machine (%t = ./NAME, %t.O0 = ./NAME.O0, %% = %; without 2>&1 stderr goes to stderr.N.txt and is
#      not checked; `env LD_LIBRARY_PATH=X` becomes X:OUT_DIR/lib, the lib
#      standing in for the RUNPATH to build/lib; the usual
#      `env OMP_TARGET_OFFLOAD=MANDATORY %t` keeps its policy, and the tests'
#      on-device checks hold on the GPU: omp_is_initial_device() is 0 in a
#      region there too). Build steps and run steps
#      both run in the test's directory, with %t = ./NAME and %T = ., so that
#      a program linked with %t.so and -Wl,-rpath,%T finds it anywhere. `not` expects an exit status from 1 to 123 (a crash,
#      timeout or missing program is a failure, unlike lit's `not`).
#    - The matcher input of a step is the test's P: / P-NEXT: / P-NOT: /
#      P-SAME: / P-DAG: / P-EMPTY: / P-LABEL: / P-COUNT-n: lines (P =
#      CHECK by default), in file order.
#    - A test is left out, with the reason in OUT_DIR/skipped.txt, when a
#      line says `// GPU-SKIP: <reason>` (say why: host-device-only
#      behaviour such as omp_get_num_devices() == 1; with a GPU, the GPU is
#      device 0 and the x86_64 host device is device 1), when it never builds
#      for x86_64-pc-linux-gnu or never runs %t, or when a RUN line is not of
#      the forms above. (Not `GPU-UNSUPPORTED:`: lit finds its keywords
#      anywhere in a line and would read that as `UNSUPPORTED:`. For the same
#      reason lit also runs a `GPU-RUN:` line as a RUN line.)
#
# Patterns (both kinds) become POSIX EREs for run.sh's awk matcher
# (check.awk): literal text is escaped, runs of blanks match runs of blanks,
# {{re}} is kept as (re). FileCheck variables are APPROXIMATED, since awk
# cannot capture: [[#@LINE+n]] and [[@LINE-n]] are the exact line number;
# [[VAR:re]] defines nothing and matches (re); [[VAR]] matches .*;
# [[#%x,VAR:]] and any other numeric [[#...]] match [0-9a-fA-F]+ (and
# [[#%d,VAR:]] -?[0-9]+). So a wrong address or a wrong copy of a captured
# value is not caught on the GPU. Matching is FileCheck's: each pattern from
# the end of the previous match; -NEXT on the next line, -SAME on the same
# line; a -DAG group in any order (no two overlapping); -NOT between the
# neighbouring positive matches.
#
# GPU_BUNDLE_TRIPLE=x86_64-pc-linux-gnu utils/gpu-bundle.sh ... builds the
# Offload variants for the host device instead: run.sh must then pass them all
# on any machine, which checks the translation and the matcher without a GPU.
#
# A test that fails to build here is still put in the bundle and FAILs in
# run.sh ("did not build"); gpu-bundle.sh then exits with status 1 after
# writing the whole bundle. The runtime libraries of BUILD_DIR/lib and the
# non-system libraries they and the tests need are copied to OUT_DIR/lib.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
OUT=${2:-$ROOT/gpu-bundle}
if [ -e "$OUT" ] && [ ! -f "$OUT/run.sh" ]; then
  echo "gpu-bundle: $OUT exists and is not a bundle; not replacing it" >&2
  exit 1
fi
rm -rf "$OUT"
mkdir -p "$OUT/lib" "$OUT/tests"
OUT=$(cd "$OUT" && pwd)

cat > "$OUT/check.awk" <<'AWK'
# awk -f check.awk CHECKS OUTPUT: FileCheck-like matching (POSIX awk).
# CHECKS: one "KIND<tab>ERE" a line; KIND is CHECK, NEXT, SAME, DAG, EMPTY
# or NOT. The position is a line and a column: each pattern is searched for
# from the end of the previous match.
NR == FNR { split($0, F, "\t"); kind[++n] = F[1]; re[n] = substr($0, length(F[1]) + 2); next }
{ line[++m] = $0 }
function fail(msg) { print "check failed: " msg; exit 1 }
# find(re, l, c): the first match of re at or after line l, column c; sets
# ML, MC (first column) and ME (column after it).
function find(r, l, c,    j, s, off) {
  for (j = l; j <= m; ++j) {
    off = (j == l) ? c - 1 : 0
    s = substr(line[j], off + 1)
    if (match(s, r)) { ML = j; MC = off + RSTART; ME = MC + RLENGTH; return 1 }
  }
  return 0
}
# The pending NOT patterns must not occur from (l, c) up to (tl, tc).
function nots(l, c, tl, tc,    k, j, s, from, to) {
  for (k = 1; k <= np; ++k)
    for (j = l; j <= tl; ++j) {
      from = (j == l) ? c : 1
      to = (j == tl) ? tc : length(line[j]) + 1
      if (to <= from) s = ""; else s = substr(line[j], from, to - from)
      if (s != "" && match(s, pend[k]))
        fail("found excluded /" pend[k] "/ in line " j ": " line[j])
    }
  np = 0
}
END {
  pl = 1; pc = 1; last = 0; np = 0
  for (i = 1; i <= n; ++i) {
    k = kind[i]
    if (k == "NOT") { pend[++np] = re[i]; continue }
    if (k == "DAG") {
      # A group of consecutive DAG patterns, each from (pl, pc), in any order.
      g = 0; el = pl; ec = pc; fl = m + 1; fc = 1
      for (; i <= n && kind[i] == "DAG"; ++i) {
        l = pl; c = pc
        for (;;) {
          if (!find(re[i], l, c)) fail("no match for DAG /" re[i] "/")
          ov = 0
          for (q = 1; q <= g; ++q)
            if (GL[q] == ML && MC < GE[q] && GC[q] < ME) ov = 1
          if (!ov) break
          l = ML; c = MC + 1
          if (c > length(line[l]) + 1) { l++; c = 1 }
        }
        ++g; GL[g] = ML; GC[g] = MC; GE[g] = ME
        if (ML < fl || ML == fl && MC < fc) { fl = ML; fc = MC }
        if (ML > el || ML == el && ME > ec) { el = ML; ec = ME }
      }
      --i
      nots(pl, pc, fl, fc)
      pl = el; pc = ec; last = el
      continue
    }
    if (k == "EMPTY") {
      if (last + 1 > m || line[last + 1] != "")
        fail("line " (last + 1) " is not empty")
      ML = last + 1; MC = 1; ME = 1
    } else if (!find(re[i], pl, pc)) {
      fail("no match for " (k == "CHECK" ? "" : k " ") "/" re[i] "/ after line " last)
    }
    if (k == "NEXT" && ML != last + 1)
      fail("NEXT /" re[i] "/ matched line " ML ", not line " (last + 1) ": " line[ML])
    if (k == "SAME" && ML != last)
      fail("SAME /" re[i] "/ matched line " ML ", not line " last ": " line[ML])
    nots(pl, pc, ML, MC)
    pl = ML; pc = ME; last = ML
  }
  nots(pl, pc, m, length(line[m]) + 1)
}
AWK

cat > "$OUT/run.sh" <<'RUN'
#!/bin/sh
# Runs the bundled GPU tests (all, or those named): run.sh [NAME...]
# A test is one or more steps tests/NAME/{cmd,exit,checks}.N, run in
# tests/NAME; exit holds a status or "!0" (1..123, for lit's `not`).
cd "$(dirname "$0")" || exit 1
B=$(pwd)
# The programs' RUNPATH names the build machine's build/lib: the bundle's
# copies of the runtime (and its plugins, found next to libomptarget.so) win.
export LD_LIBRARY_PATH="$B/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# A step that sets LD_LIBRARY_PATH itself gets :$GPU_BUNDLE_LIB after it.
export GPU_BUNDLE_LIB="$B/lib"
unset OMP_TARGET_OFFLOAD OMP_DEFAULT_DEVICE LIBOMPTARGET_INFO OMP_NUM_THREADS
T=""
command -v timeout >/dev/null 2>&1 && T="timeout 300"
pass=0 fail=0
if [ $# -eq 0 ]; then set -- $(ls tests); fi
for n in "$@"; do
  d="$B/tests/$n"
  why=""
  if [ -f "$d/build-failed" ]; then
    why="did not build: $(grep -m1 -i 'error' "$d/build-failed" || head -n1 "$d/build-failed")"
  elif [ ! -f "$d/cmd.1" ]; then
    why="not in the bundle"
  fi
  i=1
  while [ -z "$why" ] && [ -f "$d/cmd.$i" ]; do
    rm -f "$d/stderr.$i.txt"
    (cd "$d" && $T sh -c "$(cat "cmd.$i")") > "$d/output.$i.txt" 2>&1
    rc=$? want=$(cat "$d/exit.$i")
    if [ "$want" = "!0" ]; then
      if [ "$rc" -eq 0 ] || [ "$rc" -gt 123 ]; then why="exit status $rc, expected 1..123"; fi
    elif [ "$rc" -ne "$want" ]; then
      why="exit status $rc, expected $want"
    fi
    if [ -z "$why" ] && ! awk -f "$B/check.awk" "$d/checks.$i" "$d/output.$i.txt" > "$d/check.$i.txt" 2>&1; then
      why=$(cat "$d/check.$i.txt")
    fi
    if [ -n "$why" ]; then
      why="step $i ($(cat "$d/cmd.$i")): $why"
      break
    fi
    i=$((i+1))
  done
  if [ -z "$why" ]; then
    echo "PASS: $n"; pass=$((pass+1))
  else
    echo "FAIL: $n: $why"; fail=$((fail+1))
    if [ -f "$d/output.$i.txt" ]; then sed 's/^/    | /' "$d/output.$i.txt" | tail -n 40; fi
    if [ -s "$d/stderr.$i.txt" ]; then sed 's/^/    stderr| /' "$d/stderr.$i.txt" | tail -n 20; fi
  fi
done
if [ -s "$B/skipped.txt" ]; then
  echo "($(wc -l < "$B/skipped.txt") test/Offload tests left out; see $B/skipped.txt)"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
RUN
chmod +x "$OUT/run.sh"

status=0
python3 - "$ROOT" "$BUILD" "$OUT" <<'PY' || status=$?
import concurrent.futures, glob, os, re, shlex, subprocess, sys

root, build, out = sys.argv[1:4]
site = open(os.path.join(build, "test", "lit.site.cfg.py")).read()
def site_value(key):
    m = re.search(r'config\.%s = "([^"]*)"' % key, site)
    return m.group(1) if m else ""
tools = site_value("llvm_tools_dir") or "/usr/lib/llvm-19/bin"
ptxas = site_value("ptxas") or "ptxas"
libdir = os.path.join(build, "lib")
bindir = os.path.join(build, "bin")
inc = os.path.join(root, "openmp", "libomptarget", "include")
host_clang = os.path.join(tools, "clang")
HOST_TRIPLE = "-fopenmp-targets=x86_64-pc-linux-gnu"
GPU_TRIPLE = "-fopenmp-targets=" + (os.environ.get("GPU_BUNDLE_TRIPLE") or
                                    "nvptx64-nvidia-cuda")

class Untranslatable(Exception):
    pass

def escape(text):
    """Literal text -> ERE; runs of blanks match runs of blanks."""
    res = ""
    for c in text:
        if c in ".[()*+?{}|$":
            res += "[" + c + "]"
        elif c in "\\^":
            res += "\\" + c
        else:
            res += c
    return re.sub(r"[ \t]+", "[ \t]+", res)

def variable(body, lineno):
    """A FileCheck [[...]] -> ERE (approximated: see the header)."""
    if body.startswith("#"):
        expr = body[1:].strip()
        fmt = ""
        m = re.match(r"(%[a-zA-Z.0-9]*)\s*,\s*(.*)$", expr)
        if m:
            fmt, expr = m.group(1), m.group(2).strip()
        m = re.fullmatch(r"@LINE\s*(?:([+-])\s*(\d+))?", expr)
        if m:
            off = int(m.group(2) or 0) * (-1 if m.group(1) == "-" else 1)
            return str(lineno + off)
        if fmt.endswith("d"):
            return "-?[0-9]+"
        if ":" in expr and not fmt.endswith(("x", "X")):
            return "[0-9]+"
        return "[0-9a-fA-F]+"
    m = re.fullmatch(r"@LINE\s*(?:([+-])\s*(\d+))?", body)
    if m:
        off = int(m.group(2) or 0) * (-1 if m.group(1) == "-" else 1)
        return str(lineno + off)
    m = re.fullmatch(r"\$?[A-Za-z_][A-Za-z0-9_]*:(.*)", body, re.S)
    if m:
        return "(" + m.group(1) + ")"
    if re.fullmatch(r"\$?[A-Za-z_][A-Za-z0-9_]*", body):
        return ".*"
    raise Untranslatable("FileCheck variable [[%s]]" % body)

def ere(pattern, lineno):
    """FileCheck pattern -> POSIX ERE."""
    pattern = pattern.strip()
    res, pos = "", 0
    for m in re.finditer(r"\{\{(.*?)\}\}|\[\[(.*?)\]\]", pattern):
        res += escape(pattern[pos:m.start()])
        if m.group(1) is not None:
            res += "(" + m.group(1) + ")"
        else:
            res += variable(m.group(2), lineno)
        pos = m.end()
    return res + escape(pattern[pos:])

SUFFIXES = {"": "CHECK", "-NEXT": "NEXT", "-SAME": "SAME", "-DAG": "DAG",
            "-NOT": "NOT", "-EMPTY": "EMPTY", "-LABEL": "CHECK"}
def checks_for(text, prefixes):
    """The directives of the given prefixes, in file order, as check lines."""
    alt = "|".join(re.escape(p) for p in prefixes)
    rx = re.compile(r"(?<![A-Za-z0-9_-])(%s)(-NEXT|-SAME|-DAG|-NOT|-EMPTY|"
                    r"-LABEL|-COUNT-\d+)?:(.*)$" % alt)
    res = []
    for lineno, line in enumerate(text.splitlines(), 1):
        m = rx.search(line)
        if not m:
            continue
        suffix, pat = m.group(2) or "", m.group(3)
        if suffix.startswith("-COUNT-"):
            res += ["CHECK\t" + ere(pat, lineno)] * int(suffix[7:])
        else:
            res.append(SUFFIXES[suffix] + "\t" + ere(pat, lineno))
    return res

def run_lines(text):
    """lit RUN lines, continuations joined."""
    res, cur = [], None
    for line in text.splitlines():
        m = re.search(r"\bRUN:(.*)$", line)
        if not m:
            continue
        part = m.group(1).rstrip()
        cur = part if cur is None else cur + " " + part.lstrip()
        if cur.endswith("\\"):
            cur = cur[:-1]
            continue
        res.append(cur.strip())
        cur = None
    return res

def run_step(cmd, text, name, index):
    """A RUN line that runs %t -> (command, expected exit, checks); None when
    it does not run %t."""
    stages = re.split(r"\s\|\s", cmd)
    words = shlex.split(stages[0])
    env, negate = [], False
    while words:
        if words[0] == "env":
            words.pop(0)
            while words and re.match(r"[A-Za-z_][A-Za-z0-9_]*=", words[0]):
                env.append(words.pop(0))
        elif words[0] == "not":
            words.pop(0)
            negate = not negate
        else:
            break
    program = re.fullmatch(r"%t(\.[A-Za-z0-9_.-]+)?", words[0]) if words else None
    if not program:
        return None
    if len(stages) > 2:
        raise Untranslatable("pipeline: " + cmd)
    merged = False
    if words[-1] == "2>&1":
        merged = True
        words.pop()
    args = words[1:]
    if any(re.search(r"[<>|;&`$]", w) for w in args + env):
        raise Untranslatable("redirection or shell syntax: " + cmd)
    checks = []
    if len(stages) == 2:
        fc = shlex.split(stages[1])
        if not fc or fc[0] != "FileCheck" or "%s" not in fc[1:]:
            raise Untranslatable("not `| FileCheck %s`: " + cmd)
        prefixes, rest = ["CHECK"], fc[1:]
        while rest:
            a = rest.pop(0)
            if a == "%s" or a.startswith(("--dump-input", "-dump-input")):
                continue
            m = re.fullmatch(r"--?check-prefix(es)?(?:=(.*))?", a)
            if not m:
                raise Untranslatable("FileCheck option " + a)
            value = m.group(2) if m.group(2) is not None else rest.pop(0)
            prefixes = value.split(",") if m.group(1) else [value]
        checks = checks_for(text, prefixes)
    t = "./" + name
    sub = lambda w: shlex.quote(expand(w, t, "."))
    # The bundle's lib stands in for the programs' RUNPATH (build/lib), which
    # the dynamic loader reads after LD_LIBRARY_PATH.
    env = [sub(e) + (':"$GPU_BUNDLE_LIB"' if e.startswith("LD_LIBRARY_PATH=")
                     else "") for e in env]
    line = " ".join(["env"] + env if env else [])
    line = (line + " " if line else "") + " ".join(
        [t + (program.group(1) or "")] + [sub(a) for a in args])
    line += " 2>&1" if merged else " 2>stderr.%d.txt" % index
    return line, "!0" if negate else "0", checks

def substitutions(src):
    return [
        ("%build-host", "%s -O1 -g -I%s -I%s" % (
            host_clang, inc, os.path.join(root, "test", "Runtime", "Inputs"))),
        ("%link-rt", "-L%s -lomptarget -Wl,-rpath,'$ORIGIN/../../lib'" % libdir),
        ("%host-clang", host_clang), ("%ptxas", ptxas),
        ("%clangxx", os.path.join(bindir, "clang++")),
        ("%clang", os.path.join(bindir, "clang")),
        ("%bindir", bindir), ("%libdir", libdir),
        ("%srcroot", root), ("%S", os.path.dirname(src)), ("%s", src),
    ]

def expand(cmd, t, tdir, pairs=()):
    """lit's expansion of cmd: the substitutions pairs, %t, %T, and %% as a
    literal %."""
    cmd = cmd.replace("%%", "\0")
    for k, v in pairs:
        cmd = cmd.replace(k, v)
    return cmd.replace("%t", t).replace("%T", tdir).replace("\0", "%")

def gpu_run_test(src, text, name, tpath):
    """Kind 1: GPU-BUILD/RUN/EXIT/CHECK lines."""
    builds, run, exit_code, checks = [], None, 0, []
    for lineno, line in enumerate(text.splitlines(), 1):
        m = re.search(r"GPU-(BUILD|RUN|EXIT|CHECK(?:-NOT|-NEXT|-SAME|-DAG|"
                      r"-EMPTY)?):(.*)$", line)
        if not m:
            continue
        kind, arg = m.group(1), m.group(2).strip()
        if kind == "BUILD":
            builds.append(expand(arg, tpath, os.path.dirname(tpath),
                                 substitutions(src)))
        elif kind == "RUN":
            run = expand(arg, "./" + name, ".", substitutions(src))
        elif kind == "EXIT":
            exit_code = int(arg)
        else:
            k = kind[6:] or "CHECK"
            checks.append(k + "\t" + ere(arg, lineno))
    return builds, [(run, str(exit_code), checks)]

def offload_test(src, text, name, tpath):
    """Kind 2: the test/Offload lit RUN lines, for nvptx64."""
    lines = run_lines(text)
    if not any(HOST_TRIPLE in l for l in lines):
        raise Untranslatable("no RUN line builds for x86_64-pc-linux-gnu")
    builds, steps = [], []
    for l in lines:
        step = run_step(l, text, name, len(steps) + 1)
        if step:
            steps.append(step)
            continue
        if re.search(r"(^|\s)(FileCheck|not)(\s|$)", l):
            raise Untranslatable("build step checked or expected to fail: " + l)
        # Relative %t and %T (the test's directory, where both the build and
        # the steps run): a shared library linked as %t.so is then found by
        # the program wherever the bundle lies.
        builds.append(expand(l.replace(HOST_TRIPLE, GPU_TRIPLE), "./" + name,
                             ".", substitutions(src)))
    if not steps:
        raise Untranslatable("no RUN line runs %t")
    return builds, steps

def build_one(job):
    name, builds, tdir = job
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([bindir, tools, env.get("PATH", "")])
    for v in ("OMP_TARGET_OFFLOAD", "OMP_DEFAULT_DEVICE", "LIBOMPTARGET_INFO",
              "OMP_NUM_THREADS"):
        env.pop(v, None)
    log = ""
    for cmd in builds:
        r = subprocess.run(cmd, shell=True, cwd=tdir, env=env, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        log += "$ " + cmd + "\n" + r.stdout
        if r.returncode:
            log += "(exit status %d)\n" % r.returncode
            return name, False, log
    return name, True, log

test = os.path.join(root, "test")
sources = sorted(glob.glob(os.path.join(test, "Runtime", "*.c*")) +
                 glob.glob(os.path.join(test, "GPU", "**", "*.*"), recursive=True) +
                 [f for f in glob.glob(os.path.join(test, "Offload", "**", "*.c*"),
                                       recursive=True)
                  if "/Inputs/" not in f and f.endswith((".c", ".cpp"))])
jobs, skipped, binaries = [], [], []
for src in sources:
    text = open(src, errors="replace").read()
    rel = os.path.relpath(src, test)
    offload = rel.startswith("Offload" + os.sep)
    if "GPU-RUN:" not in text and not offload:
        continue
    name = os.path.splitext(rel)[0].replace("/", "_")
    tdir = os.path.join(out, "tests", name)
    tpath = os.path.join(tdir, name)
    if "GPU-UNSUPPORTED:" in text:
        print("gpu-bundle: warning: %s: lit reads `GPU-UNSUPPORTED:` as "
              "`UNSUPPORTED:`; write `GPU-SKIP:`" % rel, file=sys.stderr)
    m = re.search(r"GPU-(?:SKIP|UNSUPPORTED):(.*)$", text, re.M)
    if m and "GPU-RUN:" not in text:
        skipped.append("%s: GPU-SKIP: %s" % (name, m.group(1).strip()))
        continue
    try:
        if "GPU-RUN:" in text:
            builds, steps = gpu_run_test(src, text, name, tpath)
        else:
            builds, steps = offload_test(src, text, name, tpath)
    except Untranslatable as e:
        skipped.append("%s: not translated: %s" % (name, e))
        continue
    os.makedirs(tdir)
    for i, (cmd, exit_code, checks) in enumerate(steps, 1):
        for f, data in (("cmd", cmd + "\n"), ("exit", exit_code + "\n"),
                        ("checks", "".join(c + "\n" for c in checks))):
            open(os.path.join(tdir, "%s.%d" % (f, i)), "w").write(data)
    jobs.append((name, builds, tdir))
    binaries.append(tpath)

failed = []
workers = max(1, min(8, os.cpu_count() or 1))
with concurrent.futures.ThreadPoolExecutor(workers) as pool:
    for name, ok, log in pool.map(build_one, jobs):
        tdir = os.path.join(out, "tests", name)
        print("gpu-bundle: built" if ok else "gpu-bundle: FAILED to build", name,
              flush=True)
        if not ok:
            failed.append(name)
            open(os.path.join(tdir, "build-failed"), "w").write(log)
            sys.stderr.write("".join("    | " + l + "\n"
                                     for l in log.splitlines()[-15:]))
open(os.path.join(out, "skipped.txt"), "w").write(
    "".join(s + "\n" for s in skipped))
for s in skipped:
    print("gpu-bundle: left out", s)

# Runtime libraries, then what they and the tests link that a bare machine
# may lack.
subprocess.run([sys.executable, os.path.join(root, "utils", "bundle-libs.py"),
                libdir, os.path.join(out, "lib")] + binaries, check=True)
print("gpu-bundle: %d tests, %d left out (skipped.txt)" % (len(jobs), len(skipped)))
if failed:
    sys.exit("gpu-bundle: %d tests failed to build (they FAIL in run.sh): %s"
             % (len(failed), " ".join(failed)))
PY

echo "gpu-bundle: $(ls "$OUT/tests" | wc -l) tests in $OUT ($(du -sh "$OUT" | cut -f1)); run $OUT/run.sh on a GPU machine"
exit $status
