#!/bin/bash
# Builds the GPU tests into a self-contained directory that runs on a GPU
# machine with no compiler installed:
#   utils/gpu-bundle.sh [BUILD_DIR [OUT_DIR]]     (defaults: build, gpu-bundle)
#   scp -r gpu-bundle gpu-host: && ssh gpu-host gpu-bundle/run.sh [NAME...]
# run.sh prints one PASS/FAIL line per test and ends with "N passed, M failed"
# (exit status 0 only when all pass).
#
# A test is any test/Runtime or test/GPU source with a `GPU-RUN:` line. Its
# comment lines say how (the lit RUN lines usually do the same):
#   GPU-BUILD: <command>   run here, in order, to build it (lit-style
#                          substitutions: %s %S %t %host-clang %ptxas %clang
#                          %clangxx %bindir %libdir %srcroot %build-host
#                          %link-rt %%; %t lies in the bundle)
#   GPU-RUN: <command>     run there, in the test's directory (%t = ./NAME)
#   GPU-EXIT: <n>          expected exit status (default 0)
#   GPU-CHECK: <pattern>   FileCheck-style patterns, matched in order against
#   GPU-CHECK-NOT: <pat>   stdout+stderr ({{regex}} allowed; no [[vars]]),
#                          so `FileCheck %s --check-prefix=GPU-CHECK` can
#                          check the same lines under lit
# The runtime libraries of BUILD_DIR/lib and the non-system libraries they
# and the tests need are copied to OUT_DIR/lib.
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

python3 - "$ROOT" "$BUILD" "$OUT" <<'PY'
import glob, os, re, shlex, subprocess, sys

root, build, out = sys.argv[1:4]
site = open(os.path.join(build, "test", "lit.site.cfg.py")).read()
def site_value(key):
    m = re.search(r'config\.%s = "([^"]*)"' % key, site)
    return m.group(1) if m else ""
tools = site_value("llvm_tools_dir") or "/usr/lib/llvm-19/bin"
ptxas = site_value("ptxas") or "ptxas"
libdir = os.path.join(build, "lib")
inc = os.path.join(root, "openmp", "libomptarget", "include")
host_clang = os.path.join(tools, "clang")

def ere(pattern):
    """FileCheck pattern -> POSIX ERE."""
    pattern = pattern.strip()
    if "[[" in pattern:
        sys.exit("gpu-bundle: [[variables]] are not supported: " + pattern)
    res, pos = "", 0
    for m in re.finditer(r"\{\{(.*?)\}\}", pattern):
        res += re.sub(r"([\\.^$*+?()\[\]{}|])", r"\\\1", pattern[pos:m.start()])
        res += "(" + m.group(1) + ")"
        pos = m.end()
    res += re.sub(r"([\\.^$*+?()\[\]{}|])", r"\\\1", pattern[pos:])
    return re.sub(r"[ \t]+", "[ \t]+", res)

sources = sorted(glob.glob(os.path.join(root, "test", "Runtime", "*.c*")) +
                 glob.glob(os.path.join(root, "test", "GPU", "**", "*.*"),
                           recursive=True))
binaries = []
failed = []
for src in sources:
    text = open(src, errors="replace").read()
    if "GPU-RUN:" not in text:
        continue
    name = os.path.splitext(os.path.relpath(src, os.path.join(root, "test")))[0]
    name = name.replace("/", "_")
    tdir = os.path.join(out, "tests", name)
    os.makedirs(tdir)
    tpath = os.path.join(tdir, name)
    subst = [
        ("%build-host", "%s -O1 -g -I%s -I%s" % (
            host_clang, inc, os.path.join(root, "test", "Runtime", "Inputs"))),
        ("%link-rt", "-L%s -lomptarget -Wl,-rpath,'$ORIGIN/../../lib'" % libdir),
        ("%host-clang", host_clang), ("%ptxas", ptxas),
        ("%clangxx", os.path.join(build, "bin", "clang++")),
        ("%clang", os.path.join(build, "bin", "clang")),
        ("%bindir", os.path.join(build, "bin")), ("%libdir", libdir),
        ("%srcroot", root), ("%S", os.path.dirname(src)), ("%s", src),
    ]
    def expand(cmd, t):
        cmd = cmd.replace("%%", "\0")
        for k, v in subst:
            cmd = cmd.replace(k, v)
        return cmd.replace("%t", t).replace("\0", "%")
    builds, run, exit_code, checks = [], None, 0, []
    for line in text.splitlines():
        m = re.search(r"GPU-(BUILD|RUN|EXIT|CHECK|CHECK-NOT):(.*)$", line)
        if not m:
            continue
        kind, arg = m.group(1), m.group(2).strip()
        if kind == "BUILD":
            builds.append(expand(arg, tpath))
        elif kind == "RUN":
            run = expand(arg, "./" + name)
        elif kind == "EXIT":
            exit_code = int(arg)
        else:
            checks.append(("NOT" if kind == "CHECK-NOT" else "CHECK") +
                          "\t" + ere(arg))
    print("gpu-bundle: building", name)
    ok = True
    for cmd in builds:
        r = subprocess.run(cmd, shell=True, cwd=tdir)
        if r.returncode:
            print("gpu-bundle: FAILED:", cmd, file=sys.stderr)
            failed.append(name)
            ok = False
            break
    if not ok:
        continue
    for f, data in (("cmd", run + "\n"), ("exit", "%d\n" % exit_code),
                    ("checks", "".join(c + "\n" for c in checks))):
        open(os.path.join(tdir, f), "w").write(data)
    if os.path.exists(tpath):
        binaries.append(tpath)

# Runtime libraries, then what they and the tests link that a bare machine
# may lack (glibc itself and the CUDA driver stay the machine's).
libs = [p for p in glob.glob(os.path.join(libdir, "*.so*"))]
system = re.compile(r"^(linux-vdso|ld-linux|libc|libm|libdl|libpthread|librt|"
                    r"libcuda|libnvidia)[.-]")
seen = set()
todo = libs + binaries
while todo:
    f = todo.pop()
    r = subprocess.run(["ldd", f], capture_output=True, text=True)
    for line in r.stdout.splitlines():
        m = re.match(r"\s*(\S+) => (/\S+)", line)
        if not m or system.match(m.group(1)) or m.group(1) in seen:
            continue
        seen.add(m.group(1))
        todo.append(m.group(2))
        libs.append((m.group(1), m.group(2)))
for l in libs:
    name, path = (os.path.basename(l), l) if isinstance(l, str) else l
    dst = os.path.join(out, "lib", name)
    if not os.path.exists(dst):
        subprocess.run(["cp", "-L", path, dst], check=True)
if failed:
    sys.exit("gpu-bundle: %d tests failed to build: %s" % (len(failed),
                                                         " ".join(failed)))
PY

cat > "$OUT/check.awk" <<'AWK'
# awk -f check.awk CHECKS OUTPUT: ordered FileCheck-like matching.
NR == FNR { split($0, F, "\t"); kind[++n] = F[1]; re[n] = substr($0, length(F[1]) + 2); next }
{ line[++m] = $0 }
END {
  pos = 0; nots = 0
  for (i = 1; i <= n; ++i) {
    if (kind[i] == "NOT") { pending[++nots] = re[i]; continue }
    for (j = pos + 1; j <= m; ++j) if (line[j] ~ re[i]) break
    if (j > m) { printf "check failed: no match for: %s\n", re[i]; exit 1 }
    for (k = 1; k <= nots; ++k)
      for (l = pos + 1; l < j; ++l)
        if (line[l] ~ pending[k]) { printf "check failed: found excluded: %s\n", line[l]; exit 1 }
    nots = 0; pos = j
  }
  for (k = 1; k <= nots; ++k)
    for (l = pos + 1; l <= m; ++l)
      if (line[l] ~ pending[k]) { printf "check failed: found excluded: %s\n", line[l]; exit 1 }
}
AWK

cat > "$OUT/run.sh" <<'RUN'
#!/bin/sh
# Runs the bundled GPU tests (all, or those named): run.sh [NAME...]
cd "$(dirname "$0")" || exit 1
B=$(pwd)
export LD_LIBRARY_PATH="$B/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
unset OMP_TARGET_OFFLOAD OMP_DEFAULT_DEVICE LIBOMPTARGET_INFO OMP_NUM_THREADS
T=""
command -v timeout >/dev/null 2>&1 && T="timeout 300"
pass=0 fail=0
if [ $# -eq 0 ]; then set -- $(ls tests); fi
for n in "$@"; do
  d="$B/tests/$n"
  if [ ! -f "$d/cmd" ]; then echo "FAIL: $n (not in the bundle)"; fail=$((fail+1)); continue; fi
  (cd "$d" && $T sh -c "$(cat cmd)") > "$d/output.txt" 2>&1
  rc=$? want=$(cat "$d/exit")
  why=""
  if [ "$rc" -ne "$want" ]; then
    why="exit status $rc, expected $want"
  elif ! awk -f "$B/check.awk" "$d/checks" "$d/output.txt" > "$d/check.txt" 2>&1; then
    why=$(cat "$d/check.txt")
  fi
  if [ -z "$why" ]; then
    echo "PASS: $n"; pass=$((pass+1))
  else
    echo "FAIL: $n: $why"; fail=$((fail+1))
    sed 's/^/    | /' "$d/output.txt" | tail -n 40
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
RUN
chmod +x "$OUT/run.sh"
echo "gpu-bundle: $(ls "$OUT/tests" | wc -l) tests in $OUT ($(du -sh "$OUT" | cut -f1)); run $OUT/run.sh on a GPU machine"
