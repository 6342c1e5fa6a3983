#!/usr/bin/env python3
"""damage_symbols.py REPORT.json PROGRAM OUT

Copies PROGRAM to OUT with llvm-objcopy, its symbol table changed the ways
that leave `ltofold report binary` unable to measure some folds:
  - the kept symbol of the report's first fold group removed (as a
    partial strip does);
  - the symbol of the first function folded as a thunk in another group
    removed;
  - a second symbol named as the third group's kept body, elsewhere in
    .text (as a static function of another file by the same name).
Prints the three names, one a line: the kept symbol removed, the thunk
removed, the name made ambiguous."""
import json
import subprocess
import sys

if len(sys.argv) != 4:
    sys.exit(__doc__)
report, program, out = sys.argv[1:]
groups = json.load(open(report))["merge"]["groups"]
removed_kept = groups[0]["kept"]
thunk = next(fold["symbol"] for group in groups[1:] for fold in group["folded"]
             if fold["method"] == "thunk")
ambiguous = next(group["kept"] for group in groups[2:]
                 if all(fold["symbol"] != thunk for fold in group["folded"]))
subprocess.run(["llvm-objcopy", "--strip-symbol=" + removed_kept, "--strip-symbol=" + thunk,
                "--add-symbol=%s=.text:0x10,function,local" % ambiguous, program, out],
               check=True)
print(removed_kept)
print(thunk)
print(ambiguous)
