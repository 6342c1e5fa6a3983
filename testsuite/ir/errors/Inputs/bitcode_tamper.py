#!/usr/bin/env python3
"""Rewrites parts of an LLVM bitcode file in place, for the error tests.

    bitcode_tamper.py epoch N IN OUT        set the IDENTIFICATION block's epoch
    bitcode_tamper.py producer TEXT IN OUT  set its producer string (same length)
    bitcode_tamper.py flip OFFSET COUNT IN OUT   invert COUNT bytes at OFFSET

The IDENTIFICATION block comes first in a file written by LLVM: a STRING
record with the producer ("LLVM22.1.8") and an EPOCH record. A reader
rejects an epoch other than its own as incompatible, which is what bitcode
from a future, incompatible LLVM looks like. Both records are rewritten
without changing their width, so no block length needs fixing.

The bitstream format (llvm.org/docs/BitCodeFormat.html): bit i of the stream
is bit i % 8 of byte i // 8; a block opens with ENTER_SUBBLOCK (abbreviation
id 1), defines abbreviations with DEFINE_ABBREV (id 2), and the records of
the identification block use the two abbreviations it defines itself.
"""
import sys

MAGIC = b"BC\xc0\xde"
ENTER_SUBBLOCK, END_BLOCK, DEFINE_ABBREV, UNABBREV_RECORD = 1, 0, 2, 3
IDENTIFICATION_BLOCK_ID = 13
CODE_STRING, CODE_EPOCH = 1, 2
FIXED, VBR, ARRAY, CHAR6, BLOB = 1, 2, 3, 4, 5
CHAR6_ALPHABET = ("abcdefghijklmnopqrstuvwxyz"
                  "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._")


class Bits:
    """A cursor over the bits of a bytearray, reading and writing."""

    def __init__(self, data, position=0):
        self.data, self.position = data, position

    def read(self, width):
        value = 0
        for i in range(width):
            bit = self.position + i
            value |= ((self.data[bit >> 3] >> (bit & 7)) & 1) << i
        self.position += width
        return value

    def write(self, width, value):
        for i in range(width):
            bit = self.position + i
            mask = 1 << (bit & 7)
            if (value >> i) & 1:
                self.data[bit >> 3] |= mask
            else:
                self.data[bit >> 3] &= ~mask & 0xFF
        self.position += width

    def read_vbr(self, width):
        value, shift = 0, 0
        while True:
            chunk = self.read(width)
            value |= (chunk & ((1 << (width - 1)) - 1)) << shift
            shift += width - 1
            if not chunk >> (width - 1):
                return value

    def align32(self):
        self.position = (self.position + 31) // 32 * 32


def read_abbreviation(bits):
    """Reads a DEFINE_ABBREV body; returns its operands as (kind, value)."""
    operands = []
    for _ in range(bits.read_vbr(5)):
        if bits.read(1):
            operands.append(("literal", bits.read_vbr(8)))
            continue
        encoding = bits.read(3)
        value = bits.read_vbr(5) if encoding in (FIXED, VBR) else None
        operands.append((encoding, value))
    return operands


def identification_records(data):
    """Yields (code, fields) for each record of the identification block,
    where fields lists (bit position, encoding, width, value) per scalar
    operand, so callers can rewrite them in place."""
    if data[:4] != MAGIC:
        sys.exit("bitcode_tamper: not raw bitcode (no 'BC' 0xC0DE magic)")
    bits = Bits(data, 32)
    if bits.read(2) != ENTER_SUBBLOCK or bits.read_vbr(8) != IDENTIFICATION_BLOCK_ID:
        sys.exit("bitcode_tamper: the file does not start with an "
                 "IDENTIFICATION block")
    width = bits.read_vbr(4)
    bits.align32()
    bits.read(32)  # block length in words
    abbreviations = {}
    while True:
        abbreviation_id = bits.read(width)
        if abbreviation_id == END_BLOCK:
            return
        if abbreviation_id == DEFINE_ABBREV:
            abbreviations[4 + len(abbreviations)] = read_abbreviation(bits)
            continue
        if abbreviation_id == UNABBREV_RECORD:
            code = bits.read_vbr(6)
            fields = []
            for _ in range(bits.read_vbr(6)):
                start = bits.position
                fields.append((start, VBR, 6, bits.read_vbr(6)))
            yield code, fields
            continue
        operands = abbreviations[abbreviation_id]
        code, fields = None, []
        for index, (encoding, value) in enumerate(operands):
            if encoding == "literal":
                scalar = value
            elif encoding == ARRAY:
                element, element_width = operands[index + 1]
                for _ in range(bits.read_vbr(6)):
                    start = bits.position
                    if element == CHAR6:
                        fields.append((start, CHAR6, 6, bits.read(6)))
                    elif element == FIXED:
                        fields.append((start, FIXED, element_width,
                                       bits.read(element_width)))
                    else:
                        fields.append((start, VBR, element_width,
                                       bits.read_vbr(element_width)))
                break  # the element operand is consumed with the array
            elif encoding in (FIXED, VBR, CHAR6):
                start = bits.position
                w = 6 if encoding == CHAR6 else value
                scalar = bits.read(w) if encoding != VBR else bits.read_vbr(w)
                fields.append((start, encoding, w, scalar))
            else:
                sys.exit("bitcode_tamper: unexpected blob in the "
                         "identification block")
            if code is None:
                code = scalar
                if encoding != "literal":
                    fields.pop()
        yield code, fields


def set_epoch(data, epoch):
    for code, fields in identification_records(data):
        if code == CODE_EPOCH:
            start, encoding, width, _ = fields[0]
            if encoding != VBR or epoch >= 1 << (width - 1):
                sys.exit("bitcode_tamper: epoch %d does not fit in place" % epoch)
            Bits(data, start).write(width, epoch)
            return
    sys.exit("bitcode_tamper: no EPOCH record")


def set_producer(data, text):
    for code, fields in identification_records(data):
        if code == CODE_STRING:
            if len(fields) != len(text) or any(f[1] != CHAR6 for f in fields):
                sys.exit("bitcode_tamper: the producer is %d char6 characters; "
                         "give as many" % len(fields))
            for (start, _, width, _), char in zip(fields, text):
                Bits(data, start).write(width, CHAR6_ALPHABET.index(char))
            return
    sys.exit("bitcode_tamper: no STRING record")


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    action, arguments, (source, target) = argv[1], argv[2:-2], argv[-2:]
    with open(source, "rb") as f:
        data = bytearray(f.read())
    if action == "epoch":
        set_epoch(data, int(arguments[0]))
    elif action == "producer":
        set_producer(data, arguments[0])
    elif action == "flip":
        offset, count = int(arguments[0]), int(arguments[1])
        for i in range(offset, min(offset + count, len(data))):
            data[i] ^= 0xFF
    else:
        sys.exit(__doc__)
    with open(target, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main(sys.argv)
