"""report_fields.py REPORT.json PATH...: prints `PATH=VALUE` for each
dotted PATH into the report (build.lto, inputs.0), the value as JSON
(`PATH=<absent>` when it is not there), one line each, for FileCheck."""
import json
import sys

report = json.load(open(sys.argv[1]))
for path in sys.argv[2:]:
    value = report
    for key in path.split("."):
        if isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        elif isinstance(value, dict) and key in value:
            value = value[key]
        else:
            value = None
            break
    print("%s=%s" % (path, "<absent>" if value is None else json.dumps(value)))
