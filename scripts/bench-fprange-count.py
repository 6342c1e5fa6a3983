#!/usr/bin/env python3
"""Counts, for scripts/bench-fprange.sh, what the compiler decided in each
corpus case (scripts/bench-fprange-corpus.py): whether the function was
reduced to returning a constant, and how many fcmp/icmp it still holds, in
the baseline (opt -O2) and with fprange (-O2, ltofold fprange, -O2); and
checks the execution results of both builds.

Usage: bench-fprange-count.py CASES.TSV BASE.ll OURS.ll BASE.out OURS.out
Prints a Markdown table per category and per type, then a summary line
"SUMMARY decidable=N left_by_llvm=L folded=F unsound=U controls_changed=C".
"""
import re
import sys
from collections import OrderedDict, defaultdict


def functions(path):
    """name -> (constant returned, or None; number of compares)."""
    result = {}
    name, body = None, []
    with open(path) as f:
        for line in f:
            if line.startswith("define "):
                m = re.search(r"@([A-Za-z0-9_.]+)\(", line)
                name, body = m.group(1), []
            elif name and line.startswith("}"):
                compares = sum(1 for l in body if re.search(r"= (fcmp|icmp) ", l))
                # Decided when every return returns the same constant (dead
                # code that LLVM keeps, e.g. a loop holding an assume, does
                # not matter).
                constant = None
                returns = [l.strip() for l in body if l.strip().startswith("ret ")]
                values = {re.match(r"ret i32 (-?\d+)$", r).group(1)
                          if re.match(r"ret i32 (-?\d+)$", r) else None for r in returns}
                if len(values) == 1 and None not in values:
                    constant = int(values.pop())
                result[name] = (constant, compares)
                name = None
            elif name:
                body.append(line)
    return result


def outputs(path):
    result = {}
    with open(path) as f:
        for line in f:
            name, digest, wrong = line.split()
            result[name] = (digest, int(wrong))
    return result


def main():
    cases_path, base_path, ours_path, base_out, ours_out = sys.argv[1:6]
    cases = []
    with open(cases_path) as f:
        for line in f:
            name, category, type_name, expected = line.rstrip("\n").split("\t")
            cases.append((name, category, type_name, None if expected == "-" else int(expected)))
    base, ours = functions(base_path), functions(ours_path)
    run_base, run_ours = outputs(base_out), outputs(ours_out)

    def empty():
        return {"decidable": 0, "llvm": 0, "left": 0, "folded": 0, "cmp_left": 0,
                "cmp_ours": 0, "controls": 0, "unsound": 0, "changed": 0}

    by_category, by_type = OrderedDict(), OrderedDict()
    total = empty()
    for name, category, type_name, expected in cases:
        rows = [by_category.setdefault(category, empty()),
                by_type.setdefault(type_name, empty()), total]
        b_const, b_cmp = base[name]
        o_const, o_cmp = ours[name]
        unsound = run_ours[name][1] > 0 and run_base[name][1] == 0
        changed = run_ours[name][0] != run_base[name][0]
        for row in rows:
            if expected is None:
                row["controls"] += 1
                row["changed"] += changed
                continue
            row["decidable"] += 1
            row["unsound"] += unsound or changed
            if b_const is not None:
                row["llvm"] += 1
                continue
            row["left"] += 1
            row["cmp_left"] += b_cmp
            row["cmp_ours"] += o_cmp
            if o_const is not None:
                row["folded"] += 1

    def table(title, groups):
        print(f"| {title} | decidable | decided by -O2 | left by -O2 | "
              f"decided by fprange | share | compares left (-O2 -> +fprange) | "
              f"controls | unsound |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for key, row in list(groups.items()) + [("**all**", total)]:
            share = f"{100 * row['folded'] / row['left']:.0f}%" if row["left"] else "-"
            print(f"| {key} | {row['decidable']} | {row['llvm']} | {row['left']} | "
                  f"{row['folded']} | {share} | {row['cmp_left']} -> {row['cmp_ours']} | "
                  f"{row['controls']} ({row['changed']} changed) | {row['unsound']} |")
        print()

    table("category", by_category)
    table("type", by_type)
    print(f"SUMMARY decidable={total['decidable']} left_by_llvm={total['left']} "
          f"folded={total['folded']} unsound={total['unsound']} "
          f"controls_changed={total['changed']}")
    missed = [name for name, _, _, expected in cases
              if expected is not None and base[name][0] is None and ours[name][0] is None]
    print("MISSED " + " ".join(missed))


main()
