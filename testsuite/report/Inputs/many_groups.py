#!/usr/bin/env python3
"""many_groups.py N OUT.json

Writes a report (schema 1, as `ltofold merge` and `report binary` write
them) with N fold groups of C++ template functions, for the page's long
tables: group I keeps gen::part<I>::keep() and folds one to three twins
into it (replaced, alias, thunk); every seventh group could not be
measured (bytes saved null, kept-symbol-missing). The totals are the sums
(scripts/validate-report.py checks them). The same N gives the same file."""
import json
import sys

if len(sys.argv) != 3:
    sys.exit(__doc__)
count, out = int(sys.argv[1]), sys.argv[2]
methods = ["replaced", "alias", "thunk"]
groups, folded_total, instructions_total, saved_total, unmeasured = [], 0, 0, 0, 0
for i in range(count):
    kept = "_ZN3gen4partILi%dEE4keepEv" % i
    measured = i % 7 != 3
    kept_bytes = 16 + (i * 37) % 400
    folds = []
    for twin in range(1 + i % 3):
        method = methods[twin]
        saved = kept_bytes - (5 if method == "thunk" else 0)
        folds.append({"symbol": "_ZN3gen4partILi%dEE4twinILi%dEEEvv" % (i, twin),
                      "method": method, "instructions": 10 + i % 50,
                      "recursive_group": False,
                      "bytes_saved": saved if measured else None})
        instructions_total += 10 + i % 50
    group = {"kept": kept, "folded": folds,
             "kept_bytes": kept_bytes if measured else None,
             "bytes_saved": sum(f["bytes_saved"] for f in folds) if measured else None}
    if measured:
        group["kept_address"] = "0x%x" % (0x401000 + 512 * i)
        saved_total += group["bytes_saved"]
    else:
        group["bytes_unknown"] = "kept-symbol-missing"
        for fold in folds:
            fold["bytes_unknown"] = "kept-symbol-missing"
        unmeasured += 1
    folded_total += len(folds)
    groups.append(group)
report = {
    "tool": "ltofold", "version": "0.1.0", "schema": 1, "inputs": ["gen.bc"],
    "phases": [{"name": "merge", "seconds": 0.5}],
    "object": {"bytes": 900000, "text_bytes": 600000, "measured": "linked-binary",
               "file": "app"},
    "merge": {"functions": folded_total + count + 10, "candidates": folded_total + count,
              "merged": folded_total, "merged_recursive": 0, "comparisons": folded_total,
              "certified": folded_total,
              "methods": {"replaced": sum(1 for g in groups for f in g["folded"]
                                          if f["method"] == "replaced"),
                          "alias": sum(1 for g in groups for f in g["folded"]
                                       if f["method"] == "alias"),
                          "thunk": sum(1 for g in groups for f in g["folded"]
                                       if f["method"] == "thunk"),
                          "callers": 0},
              "skipped": {"naked": 0, "blockaddress": 0, "distinct-metadata": 0,
                          "too-small-for-thunk": 0, "vararg-thunk": 0, "inalloca": 0,
                          "entry-point": 0, "certification": 0},
              "similar": {"groups": 0, "merged": 0, "parameters": 0, "choices": 0,
                          "blocks": 0,
                          "skipped": {"unprofitable": 0, "parameters": 0, "type": 0,
                                      "shape": 0, "hot": 0, "blocks": 0}},
              "groups": groups},
    "totals": {"functions_folded": folded_total, "instructions_folded": instructions_total,
               "bytes_saved": saved_total, "groups_unmeasured": unmeasured, "fp_folds": 0,
               "branches_removed": 0},
}
with open(out, "w") as f:
    json.dump(report, f, indent=1)
