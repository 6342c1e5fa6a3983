"""folded_pairs.py REPORT.json: prints `KEPT FOLDED` for each fold of
merge's groups in the report, one line each, sorted, for FileCheck (which
fold went into which body, whatever the order of the groups)."""
import json
import sys

report = json.load(open(sys.argv[1]))
pairs = sorted("%s %s" % (group["kept"], folded["symbol"])
               for group in report.get("merge", {}).get("groups", [])
               for folded in group["folded"])
print("\n".join(pairs))
