#!/usr/bin/env python3
"""Replaces a section of a Markdown file: from its heading line to the next
"## " heading (or the end), with the contents of NEW (whose first line is
the heading); appends NEW when the file has no such section. For the
benchmark scripts, each of which owns one section of docs/BENCHMARKS.md.

Usage: replace-section.py DOC HEADING NEW
"""
import re
import sys


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__.strip())
    doc, heading, new_path = argv
    new = open(new_path).read().rstrip("\n") + "\n"
    text = open(doc).read()
    m = re.search(r"^" + re.escape(heading) + r"\n.*?(?=^## |\Z)", text, flags=re.S | re.M)
    if m:
        text = text[:m.start()] + new + ("\n" if text[m.end():] else "") + text[m.end():]
    else:
        text = text.rstrip("\n") + "\n\n" + new
    open(doc, "w").write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
