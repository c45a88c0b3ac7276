#!/usr/bin/env python3
"""Prints the header of a binary offload bundle (argv[1]): the magic, the
entry count, and per entry its id, payload size, whether the payload is
8-byte aligned and whether it lies inside the file."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
count = struct.unpack_from("<Q", data, 24)[0]
print("magic", data[:24].decode(), "count", count)
pos = 32
for _ in range(count):
    off, size, idlen = struct.unpack_from("<QQQ", data, pos)
    ident = data[pos + 24 : pos + 24 + idlen].decode()
    pos += 24 + idlen
    print(ident, "size", size, "aligned", int(off % 8 == 0),
          "inside", int(off + size <= len(data)))
