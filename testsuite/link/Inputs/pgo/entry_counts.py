#!/usr/bin/env python3
"""entry_counts.py < MODULE.ll

Prints, for each function the module defines, one line `NAME COUNT` (and
the GUIDs of a sample profile's imports after it, as the module has them),
sorted by name: COUNT is the function_entry_count of the function's !prof,
`unknown` for LLVM's -1, `none` without one. For FileCheck, in the
profile-guided link tests (pgo-*.test): their checks add up counts across
modules with numeric expressions."""
import re
import sys

text = sys.stdin.read()
nodes = {}
for m in re.finditer(r'^!(\d+) = !\{!"function_entry_count", (.*)\}$', text, re.M):
    values = [int(v) for v in re.findall(r"i64 (-?\d+)", m.group(2))]
    nodes[m.group(1)] = values
lines = []
for m in re.finditer(r"^define [^@]*@([\w.$]+|\"[^\"]+\")\(.*$", text, re.M):
    prof = re.search(r"!prof !(\d+)", m.group(0))
    values = nodes.get(prof.group(1)) if prof else None
    if values is None:
        lines.append("%s none" % m.group(1))
        continue
    count = "unknown" if values[0] == -1 else str(values[0])
    # GUIDs as LLVM prints them (signed), in the module's order.
    lines.append(" ".join([m.group(1), count] + [str(v) for v in values[1:]]))
print("\n".join(sorted(lines)))
