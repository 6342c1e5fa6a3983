#!/usr/bin/env bash
# What share of a real link ltofold's own phases take: for each program of
# the last `scripts/bench-size.sh` run, the fprange and merge seconds from the
# report of the ltofold link (lld pass plugin) against that link's wall time
# (median of its runs). Target (fprange issue): fprange under 5% of the link.
#
# Usage: scripts/bench-phase-share.sh [--write]   (--write: replace the
# "Phase share of real links" section of docs/BENCHMARKS.md)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build/realprogs/bench-size
[ -d "$dir" ] || { echo "bench-phase-share: run scripts/bench-size.sh first" >&2; exit 1; }
python3 - "$dir" "${1:-}" <<'PY'
import glob, json, os, re, sys
directory, write = sys.argv[1], sys.argv[2] == "--write"
rows = []
for report in sorted(glob.glob(os.path.join(directory, "*.ltofold.json"))):
    program = os.path.basename(report)[: -len(".ltofold.json")]
    times = os.path.join(directory, program + ".ltofold.times")
    if not os.path.exists(times):
        continue
    runs = sorted(float(t) for t in open(times).read().split())
    link = runs[(len(runs) - 1) // 2]  # the median, as bench-size.sh reports
    phases = {p["name"]: p["seconds"] for p in json.load(open(report))["phases"]}
    fprange, merge = phases.get("fprange", 0.0), phases.get("merge", 0.0)
    rows.append((program, link, fprange, merge))
if not rows:
    sys.exit("bench-phase-share: no ltofold reports in " + directory)
lines = ["| program | link s | fprange s | fprange share | merge s | merge share |",
         "|---|---:|---:|---:|---:|---:|"]
for program, link, fprange, merge in rows:
    lines.append(f"| {program} | {link:.3f} | {fprange:.4f} | {100 * fprange / link:.2f}% "
                 f"| {merge:.4f} | {100 * merge / link:.2f}% |")
worst = max(100 * r[2] / r[1] for r in rows)
lines.append("")
lines.append(f"fprange under 5% of the link on every program: "
             f"**{'met' if worst < 5 else 'missed'}** (at most {worst:.2f}%).")
table = "\n".join(lines)
print(table)
if write:
    section = ("## Phase share of real links\n\n"
               "Made by `scripts/bench-phase-share.sh --write` from the last "
               "`scripts/bench-size.sh` run: the phase times in the report of each "
               "program's ltofold link (lld with the pass plugin) against that "
               "link's wall time (median of its runs).\n\n" + table + "\n")
    path = "docs/BENCHMARKS.md"
    text = open(path).read()
    pattern = re.compile(r"## Phase share of real links.*?(?=\n## |\Z)", re.S)
    text = pattern.sub(section, text) if pattern.search(text) \
        else text.rstrip("\n") + "\n\n" + section
    open(path, "w").write(text)
    print("bench-phase-share: docs/BENCHMARKS.md updated")
PY
