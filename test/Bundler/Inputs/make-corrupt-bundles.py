#!/usr/bin/env python3
"""Writes crafted binary offload bundles, each broken in one way, into the
directory given as argv[1]. Layout: magic, u64 count, then per entry u64
offset, u64 size, u64 id length, id; then the payloads (little-endian)."""
import os
import struct
import sys

MAGIC = b"__CLANG_OFFLOAD_BUNDLE__"
HOST = b"host-x86_64-pc-linux-gnu"
DEV = b"openmp-x86_64-pc-linux-gnu"


def header(entries, count=None):
    """entries: list of (offset, size, id)."""
    out = MAGIC + struct.pack("<Q", len(entries) if count is None else count)
    for off, size, ident in entries:
        out += struct.pack("<QQQ", off, size, len(ident)) + ident
    return out


def header_size(ids):
    return len(MAGIC) + 8 + sum(24 + len(i) for i in ids)


def good(payloads):
    ids = [i for i, _ in payloads]
    off = header_size(ids)
    entries, data = [], b""
    for ident, payload in payloads:
        entries.append((off + len(data), len(payload), ident))
        data += payload
    return header(entries) + data


out = sys.argv[1]
os.makedirs(out, exist_ok=True)
hs = header_size([HOST, DEV])
cases = {
    # magic and nothing else
    "no-count": MAGIC,
    # count present, entry headers missing
    "truncated-entries": MAGIC + struct.pack("<Q", 2),
    # a valid bundle cut in the middle of the second entry's id
    "truncated-id": good([(HOST, b"h"), (DEV, b"d")])[: hs - 5],
    # absurd entry count
    "huge-count": header([(hs, 1, HOST)], count=1 << 62) + b"x",
    "zero-count": MAGIC + struct.pack("<Q", 0),
    # id length larger than the file
    "huge-idlen": MAGIC + struct.pack("<QQQQ", 1, 0, 0, 1 << 40) + HOST,
    # payload offset past the end of the file
    "offset-past-end": header([(hs, 1, HOST), (1 << 20, 4, DEV)]) + b"h",
    # offset + size wraps around 2^64
    "size-wraps": header([(hs, 1, HOST), (hs + 1, (1 << 64) - 1, DEV)]) + b"hd",
    # two payloads claim the same bytes
    "overlap": header([(hs, 4, HOST), (hs + 2, 4, DEV)]) + b"hhhhdd",
    # a payload inside the header
    "header-overlap": header([(0, 8, HOST), (hs, 1, DEV)]) + b"d",
    "duplicate-id": good([(HOST, b"a"), (HOST, b"b")]),
    "bad-kind": good([(HOST, b"a"), (b"cuda-nvptx64-nvidia-cuda", b"b")]),
    "bad-triple": good([(HOST, b"a"), (b"openmp-nvptx64", b"b")]),
    "empty-id": header([(hs, 1, b"")]) + b"x",
}
for name, data in cases.items():
    with open(os.path.join(out, name + ".bc"), "wb") as f:
        f.write(data)
with open(os.path.join(out, "valid.bc"), "wb") as f:
    f.write(good([(HOST, b"host code\n"), (DEV, b"device code\n")]))
