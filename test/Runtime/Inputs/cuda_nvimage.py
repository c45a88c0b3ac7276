#!/usr/bin/env python3
"""Writes an nvptx64 image container (OffloadABI.h, "NVPTX device images").

  cuda_nvimage.py -o image.bin [--ptx SM:file.ptx]... [--cubin SM:file.cubin]...

Cubins are stored first, then PTX, each in the order given. PTX gets a terminating NUL if it has
none. Used by the CUDA plugin tests (test/Runtime/cuda_*).
"""
import argparse
import struct
import sys

MAGIC = b"COTNVIMG"
HEADER = struct.Struct("<8sII")   # Magic, Version, Count
PART = struct.Struct("<IIQQ")     # Kind, Sm, Offset, Size
PTX, CUBIN = 0, 1


def part(kind):
    def parse(text):
        sm, _, path = text.partition(":")
        if not sm.isdigit() or not path:
            raise argparse.ArgumentTypeError("expected SM:FILE, got " + text)
        with open(path, "rb") as f:
            data = f.read()
        if kind == PTX and not data.endswith(b"\0"):
            data += b"\0"
        return (kind, int(sm), data)
    return parse


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", required=True)
    ap.add_argument("--ptx", type=part(PTX), action="append", default=[])
    ap.add_argument("--cubin", type=part(CUBIN), action="append", default=[])
    args = ap.parse_args()
    parts = args.cubin + args.ptx
    if not parts:
        sys.exit("cuda_nvimage.py: give at least one --ptx or --cubin")
    offset = HEADER.size + PART.size * len(parts)
    table, payload = b"", b""
    for kind, sm, data in parts:
        pad = (-offset) % 16
        payload += b"\0" * pad
        offset += pad
        table += PART.pack(kind, sm, offset, len(data))
        payload += data
        offset += len(data)
    with open(args.o, "wb") as f:
        f.write(HEADER.pack(MAGIC, 1, len(parts)) + table + payload)


if __name__ == "__main__":
    main()
