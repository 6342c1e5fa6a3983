#!/usr/bin/env python3
"""check_loadable.py REPORT.json SECTIONS.txt...

Checks the report's object.loadable_bytes against the measured files'
section tables as llvm-readelf prints them (each SECTIONS.txt is
`llvm-readelf -S --wide FILE`, one per file measured): the sum of the sizes
of the sections whose flags have A (SHF_ALLOC) and whose type is not
NOBITS. Also that object.text_bytes is the sum of .text and .text.* among
them. Prints one summary line, naming the allocated sections left out for
having no contents; exits 1 with the difference."""
import json
import sys


def sections(path):
    """(name, type, size, flags) of each section but the null one."""
    found = []
    for line in open(path):
        head, bracket, rest = line.partition("]")
        if not bracket or not head.strip().startswith("["):
            continue
        fields = rest.split()
        if not head.strip()[1:].strip().isdigit() or len(fields) < 9:
            continue  # the header line, "[Nr] Name Type ..."
        name, kind, size = fields[0], fields[1], int(fields[4], 16)
        # Flg is empty for a section without flags: Lk, Inf, Al follow ES.
        flags = fields[6] if len(fields) == 10 else ""
        found.append((name, kind, size, flags))
    return found


def main():
    report = json.load(open(sys.argv[1]))
    loadable = text = 0
    count = 0
    left_out = set()
    for path in sys.argv[2:]:
        for name, kind, size, flags in sections(path):
            if name == ".text" or name.startswith(".text."):
                text += size
            if "A" not in flags:
                continue
            if kind == "NOBITS":
                left_out.add(name)
                continue
            loadable += size
            count += 1
    got = report["object"].get("loadable_bytes")
    if got != loadable:
        sys.exit("check_loadable.py: loadable_bytes is %r, the section table "
                 "sums to %d" % (got, loadable))
    if report["object"]["text_bytes"] != text:
        sys.exit("check_loadable.py: text_bytes is %r, .text sums to %d"
                 % (report["object"]["text_bytes"], text))
    print("loadable %d bytes in %d sections, text %d, without %s"
          % (loadable, count, text, " ".join(sorted(left_out)) or "none"))


main()
