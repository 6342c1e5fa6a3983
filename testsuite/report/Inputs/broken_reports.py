#!/usr/bin/env python3
"""broken_reports.py VALID.json DIRECTORY

Writes into DIRECTORY copies of a valid report, each broken in one way the
schema (docs/report.schema.json) or validate-report.py must catch, named
after what is wrong with it."""
import copy
import json
import os
import sys

if len(sys.argv) != 3:
    sys.exit(__doc__)
valid = json.load(open(sys.argv[1]))
out = sys.argv[2]


def variant(name, change):
    report = copy.deepcopy(valid)
    change(report)
    with open(os.path.join(out, name + ".json"), "w") as f:
        json.dump(report, f, indent=1)


def first_group(report):
    return report["merge"]["groups"][0]


variant("unknown-method", lambda r: first_group(r)["folded"][0].update(method="inlined"))
variant("null-without-reason", lambda r: (first_group(r).update(bytes_saved=None),
                                          first_group(r).pop("bytes_unknown", None)))
variant("reason-with-number", lambda r: first_group(r).update(bytes_unknown="not-measured"))
variant("unknown-reason", lambda r: (first_group(r).update(bytes_saved=None,
                                                           bytes_unknown="guessed")))
variant("no-totals", lambda r: r.pop("totals"))
variant("extra-member", lambda r: r.update(bytes_saved=5))
variant("binary-without-file", lambda r: r["object"].update(measured="linked-binary"))
variant("bad-address", lambda r: first_group(r).update(kept_address="4198400"))
variant("bad-location", lambda r: r["fprange"]["folds"][0].update(location={"file": "a.c"}))
variant("negative-count", lambda r: r["merge"].update(functions=-1))
variant("totals-disagree", lambda r: r["totals"].update(bytes_saved=r["totals"]["bytes_saved"] + 1))
variant("folds-disagree", lambda r: r["totals"].update(functions_folded=r["totals"]["functions_folded"] + 1))
variant("loadable-below-text", lambda r: r["object"].update(loadable_bytes=r["object"]["text_bytes"] - 1))
# A member twice in one object: json.dump cannot write it, so by hand.
with open(os.path.join(out, "duplicate-member.json"), "w") as f:
    text = json.dumps(valid, indent=1)
    f.write(text.replace('"tool": "ltofold",', '"tool": "ltofold",\n "tool": "ltofold",', 1))
