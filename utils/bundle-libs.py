#!/usr/bin/env python3
"""Copies the runtime libraries a bundle of test programs needs on a machine
that has no compiler installed:

    bundle-libs.py LIBDIR DEST [PROGRAM...]

LIBDIR's runtime libraries (libomp*.so*: libomptarget, its plugins, libomp;
not the compiler's pass plugin) go to DEST, followed by every
library that they or the PROGRAMs load (as ldd resolves them here), except
glibc's and the CUDA driver's, which stay the machine's own. Used by
utils/gpu-bundle.sh and utils/conformance.sh.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

SYSTEM = re.compile(r"^(linux-vdso|ld-linux|libc|libm|libdl|libpthread|librt|"
                    r"libcuda|libnvidia)[.-]")


def needed(path):
    """(soname, resolved path) of what ldd says \\p path loads."""
    out = subprocess.run(["ldd", path], capture_output=True, text=True).stdout
    for line in out.splitlines():
        m = re.match(r"\s*(\S+) => (/\S+)", line)
        if m:
            yield m.group(1), m.group(2)


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    libdir, dest, programs = argv[1], argv[2], argv[3:]
    os.makedirs(dest, exist_ok=True)
    copies = {os.path.basename(p): p
              for p in glob.glob(os.path.join(libdir, "libomp*.so*"))}
    todo = list(copies.values()) + [p for p in programs if os.path.isfile(p)]
    seen = set(copies)
    while todo:
        for name, path in needed(todo.pop()):
            if SYSTEM.match(name) or name in seen:
                continue
            seen.add(name)
            copies[name] = path
            todo.append(path)
    for name, path in copies.items():
        target = os.path.join(dest, name)
        if not os.path.exists(target):
            shutil.copy(path, target)  # follows links, like cp -L


if __name__ == "__main__":
    main(sys.argv)
