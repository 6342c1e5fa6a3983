#!/usr/bin/env python3
"""Checks that fprange/'s files call each other in one direction only.

The table in the comment at the top of fprange/fprange_internal.h lists
the component's .c files bottom first, one a row; a file may call the functions of files listed before
it, never those of itself-or-later ones (that would be a circle, or a layer
reaching up). This script reads the order from that comment, finds the
functions each .c file defines (the ones not `static`), and prints every
call from a file into a file at or after it in the order, as
`caller.c: callee.c (function)`, and every .c file the list leaves out.
Exit status 1 when it printed anything.

Calls through function pointers are not seen: the one the analysis makes
on purpose (fn_analysis.recompute) is said in analysis_steps.h.

Usage: check-fprange-layers.py DIR   (DIR holds fprange_internal.h)
"""
import os
import re
import sys


def without_comments_and_strings(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def layer_order(directory):
    """The .c files of the table in the first comment of
    fprange_internal.h, row by row: a row names its file first, after the
    header column (a header's name, `this header`, or blanks)."""
    with open(os.path.join(directory, "fprange_internal.h")) as f:
        text = f.read()
    comment = text[text.index("/*") : text.index("*/")]
    row = re.compile(r"^\s*\*\s+(?:[\w.]+\.h\s+|this header\s+)?([a-z_]+\.c)(?:\s|$)")
    order = []
    for line in comment.split("\n"):
        match = row.match(line)
        if match and match.group(1) not in order:
            order.append(match.group(1))
    return order


DEFINITION = re.compile(
    r"^(?!static\b)(?!typedef\b)[A-Za-z_][\w \t\*]*?\b(\w+)\s*\([^;{}]*\)\s*\{",
    re.M,
)
CALL = re.compile(r"\b(\w+)\s*\(")
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof"}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    directory = sys.argv[1]
    order = layer_order(directory)
    position = {name: i for i, name in enumerate(order)}
    sources = sorted(n for n in os.listdir(directory) if n.endswith(".c"))
    texts, defined_in = {}, {}
    for name in sources:
        with open(os.path.join(directory, name)) as f:
            texts[name] = without_comments_and_strings(f.read())
        for function in DEFINITION.findall(texts[name]):
            if function not in KEYWORDS:
                defined_in.setdefault(function, name)
    problems = []
    for name in sources:
        if name not in position:
            problems.append(f"{name}: not in fprange_internal.h's list")
            continue
        upward = set()
        for function in CALL.findall(texts[name]):
            callee = defined_in.get(function)
            if callee and callee != name and position.get(callee, -1) >= position[name]:
                upward.add((callee, function))
        problems += [f"{name}: {callee} ({function})" for callee, function in sorted(upward)]
    for line in problems:
        print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
