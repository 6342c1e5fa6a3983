"""Whether two ltofold reports say the same, phase times and where each
comes from ("build": its output, build ID, start, options) aside: exit 0,
or 1 with the first difference."""
import json
import sys


def strip(value):
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items()
                if k not in ("seconds", "build")}
    if isinstance(value, list):
        return [strip(v) for v in value]
    return value


a, b = (strip(json.load(open(path))) for path in sys.argv[1:3])
if a != b:
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):
            print("reports differ in %r:\n  %s\n  %s" % (key, a.get(key), b.get(key)))
            break
    sys.exit(1)
