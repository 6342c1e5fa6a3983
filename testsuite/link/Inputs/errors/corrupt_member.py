#!/usr/bin/env python3
"""Damages one member of an ar archive in place, keeping its symbol index.

    corrupt_member.py flip ARCHIVE MEMBER OFFSET COUNT OUT
        invert COUNT bytes of MEMBER, starting OFFSET bytes into its data
        (a negative OFFSET counts from the member's end; N% is N percent of
        the member's size)
    corrupt_member.py replace ARCHIVE MEMBER FILE OUT
        replace MEMBER's data with FILE's, which must have the same size
        (bitcode_tamper.py keeps sizes)

The result is written to OUT. The archive's symbol index is left as it
was, so a linker still pulls the member in for the symbols it used to
define, and then finds the bytes bad: what a damaged archive looks like.
(Rebuilding the archive from a bad object with llvm-ar would leave the
unreadable member out of the index, and ld.gold and ld.bfd would never
load it.)"""
import sys


def member_data(data, archive, member):
    """Returns (start, size) of MEMBER's data in the archive's bytes."""
    if data[:8] != b"!<arch>\n":
        sys.exit("%s: not an ar archive" % archive)
    names = b""  # the GNU long-name table ("//"), if any
    position = 8
    while position + 60 <= len(data):
        header = data[position:position + 60]
        name = header[:16].decode().rstrip()
        size = int(header[48:58].decode())
        start = position + 60
        if name == "//":
            names = bytes(data[start:start + size])
        elif name.startswith("/") and name[1:].isdigit():
            index = int(name[1:])
            name = names[index:names.index(b"\n", index)].decode()
        if name.endswith("/"):
            name = name[:-1]
        if name == member:
            return start, size
        position = start + size + (size & 1)
    sys.exit("%s: no member %s" % (archive, member))


def main(argv):
    if len(argv) < 2 or argv[1] not in ("flip", "replace") or \
            len(argv) != {"flip": 7, "replace": 6}[argv[1]]:
        sys.exit(__doc__)
    archive, member, out = argv[2], argv[3], argv[-1]
    with open(archive, "rb") as f:
        data = bytearray(f.read())
    start, size = member_data(data, archive, member)
    if argv[1] == "flip":
        offset, count = argv[4], int(argv[5])
        if offset.endswith("%"):
            offset = size * int(offset[:-1]) // 100
        else:
            offset = int(offset)
        first = start + (offset if offset >= 0 else size + offset)
        if not (start <= first and first + count <= start + size):
            sys.exit("%s: %d bytes at %d are not inside %s (%d bytes)" %
                     (archive, count, offset, member, size))
        for i in range(first, first + count):
            data[i] ^= 0xFF
    else:
        with open(argv[4], "rb") as f:
            replacement = f.read()
        if len(replacement) != size:
            sys.exit("%s: %d bytes, but %s has %d" % (argv[4], len(replacement), member, size))
        data[start:start + size] = replacement
    with open(out, "wb") as f:
        f.write(data)


main(sys.argv)
