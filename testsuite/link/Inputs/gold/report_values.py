#!/usr/bin/env python3
"""report_values.py REPORT.json KEY.PATH...

Prints one line `KEY.PATH=VALUE` per dotted path into the JSON report (a
number index selects a list element; `#` gives a list's length), or
`KEY.PATH=absent` when the report has no such key, for FileCheck to match
without depending on the report's layout or key order. Fails if the file
is not valid JSON."""
import json
import sys

if len(sys.argv) < 3:
    sys.exit(__doc__)
with open(sys.argv[1]) as f:
    report = json.load(f)
for path in sys.argv[2:]:
    value = report
    for key in path.split("."):
        if key == "#" and isinstance(value, list):
            value = len(value)
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        elif isinstance(value, dict) and key in value:
            value = value[key]
        else:
            value = "absent"
            break
    print("%s=%s" % (path, json.dumps(value) if not isinstance(value, str) else value))
