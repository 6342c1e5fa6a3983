#!/usr/bin/env python3
"""A stand-in for `ltofold PHASE IN -o OUT [--verify] [--report R]` with a
planted bug, for testing that fuzz.py finds each kind of finding.
FAKE_BUG: crash (SIGSEGV on a module with twins), nondeterministic (the
output differs between runs), near (the report folds every near_SDn into
autogen_SDn), none."""
import json
import os
import re
import signal
import sys

phase, source = sys.argv[1], sys.argv[2]
output = sys.argv[sys.argv.index("-o") + 1]
report = sys.argv[sys.argv.index("--report") + 1] if "--report" in sys.argv else None
bug = os.environ.get("FAKE_BUG", "none")
text = open(source).read()
if bug == "crash" and "twin_SD" in text:
    sys.stderr.write("fake: Assertion `planted' failed.\n")
    os.kill(os.getpid(), signal.SIGSEGV)
if bug == "nondeterministic":
    text += "; %d\n" % os.getpid()
open(output, "w").write(text)
groups = []
if bug == "near":
    for n in sorted(set(re.findall(r"@near_SD(\d+)\(", text))):
        groups.append({"kept": "autogen_SD" + n,
                       "folded": [{"symbol": "near_SD" + n, "method": "thunk"}]})
if report:
    json.dump({"merge": {"merged": len(groups), "groups": groups}}, open(report, "w"))
