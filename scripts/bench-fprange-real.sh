#!/usr/bin/env bash
# fprange on floating-point programs: what ltofold's floating-point range
# analysis finds and folds where floating point is the workload, and what it
# costs. For each floating-point program of testsuite/realprogs
# (RP_FP_PROGRAMS in its lib/common.sh), the benchmark binary (RP_BENCH) is
# relinked through lld with ltofold's pass plugin (mode ltofold of rp_mode,
# without verify: release links) in two modes:
#   fprange-on   ltofold's defaults, fprange included
#   fprange-off  the same with LTOFOLD_OPTIONS=disable=fprange
# RUNS times each, interleaved (each round starting at the other mode). From
# fprange-on's reports: FP values given a range (fprange.values), those
# bounded on both sides (fprange.values_bounded, "-" when the report has no
# such field), folds by kind (fprange.folds_by_kind), branches made
# unconditional, and the seconds of the fprange phase (median) with their
# share of the link's wall time. For both modes: link wall time (median),
# .text (llvm-size -A), whether the two .text sections are the same bytes,
# and the run time of the recipe's rp_bench on the
# binary (wall, median of RUNS runs, the two binaries in turn). Only links
# and runs are timed: the bitcode is built once by scripts/realprogs.sh.
#
# Usage: scripts/bench-fprange-real.sh [--write] [--runs N] [PROGRAM]...
#   PROGRAM   default: the floating-point programs (opus libccd)
#   --runs N  links and runs per mode (default 3)
#   --write   put the table in docs/BENCHMARKS.md (section "fprange on
#             floating-point programs (bench-fprange-real.sh)"), replacing
#             the one there
# Environment: LTOFOLD_PLUGIN (default build/lib/libltofold.so), RP_OUT
# (default build/realprogs). Raw numbers: RP_OUT/bench-fprange-real/*.tsv.
# Exit status 0 unless something failed to build, link or run.
set -euo pipefail
cd "$(dirname "$0")/.."
export RP_VERIFY=0 # release links: their times are measured
# shellcheck source=../testsuite/realprogs/lib/common.sh
source testsuite/realprogs/lib/common.sh

write=0 runs=3 programs=()
given=("$@") # for the command line the section shows
while [ $# -gt 0 ]; do
  case $1 in
    --write) write=1 ;;
    --runs) [ $# -ge 2 ] || rp_fail "--runs needs a number"; runs=$2; shift ;;
    -h | --help) sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) rp_fail "unknown option $1 (see --help)" ;;
    *) programs+=("$1") ;;
  esac
  shift
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || rp_fail "--runs wants a positive number, not '$runs'"
[ ${#programs[@]} -gt 0 ] || programs=("${RP_FP_PROGRAMS[@]}")
[ -f "$RP_PLUGIN" ] || rp_fail "$RP_PLUGIN not built (cmake -S . -B build -G Ninja && ninja -C build)"
modes=(fprange-on fprange-off)

bash scripts/realprogs.sh --build-only "${programs[@]}"

work=$RP_OUT/bench-fprange-real
rm -rf "$work"
mkdir -p "$work"
links=$work/links.tsv runs_tsv=$work/runs.tsv
rp_interleaved_start "$links" "$runs_tsv"

# set_mode MODE REPORT: rp_mode's ltofold, with fprange off for fprange-off.
set_mode() {
  local option=
  [ "$1" = fprange-off ] && option=disable=fprange
  rp_ltofold_with "$2" "$option"
}

for p in "${programs[@]}"; do
  rp_load "$p"
  src=$(bash scripts/fetch-source.sh "$RP_PACKAGE" 2>/dev/null) || rp_fail "$p: no source for $RP_PACKAGE"
  declare -F rp_bench >/dev/null || rp_fail "$p: its recipe has no rp_bench to time"
  rp_say "$p: linking $RP_BENCH $runs times with fprange on and off"
  rp_interleaved_links "$p" "$work" "$runs" "$links" set_mode "${modes[@]}"
  # Whether fprange changed the code at all: with the same .text bytes, a
  # difference in run time is the machine's, not fprange's.
  for m in "${modes[@]}"; do
    "$RP_LLVM/llvm-objcopy" -O binary --only-section=.text "$work/$p.$m.out" "$work/$p.$m.text"
  done
  if cmp -s "$work/$p.fprange-on.text" "$work/$p.fprange-off.text"; then
    echo yes >"$work/$p.same-text"
  else
    echo no >"$work/$p.same-text"
  fi
  # Run time: the two binaries in turn, each round starting at the other.
  rp_say "$p: running rp_bench on both binaries $runs times"
  rp_interleaved_runs "$p" "$src" "$work" "$runs" "$runs_tsv" "${modes[@]}"
  echo "$RP_BENCH" >"$work/$p.bench"
done

python3 - "$work" "$links" "$runs_tsv" "${programs[@]}" >"$work/section.md" <<'PY'
import csv, json, os, statistics, sys
work, links_path, runs_path, programs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
links = list(csv.DictReader(open(links_path), delimiter="\t"))
runs = list(csv.DictReader(open(runs_path), delimiter="\t"))

def med(values):
    return statistics.median(values)

def pct(part, whole):
    return "%.1f%%" % (100.0 * part / whole) if whole else "-"

def change(on, off):
    return "%+.1f%%" % (100.0 * (on - off) / off) if off else "-"

rows, kinds_rows, said = [], [], []
for p in programs:
    bench = open(os.path.join(work, p + ".bench")).read().strip()
    same_text = open(os.path.join(work, p + ".same-text")).read().strip() == "yes"
    on = [l for l in links if l["program"] == p and l["mode"] == "fprange-on"]
    off = [l for l in links if l["program"] == p and l["mode"] == "fprange-off"]
    reports = [json.load(open(l["report"])) for l in on]
    fp = reports[0]["fprange"]
    # the analysis is deterministic: every run reports the same ranges and folds
    for r in reports[1:]:
        if r["fprange"]["folds_by_kind"] != fp["folds_by_kind"] or r["fprange"]["values"] != fp["values"]:
            sys.exit("bench-fprange-real: %s: the fprange reports differ from run to run" % p)
    values = fp["values"]
    bounded = fp.get("values_bounded")
    bounded_cell = "-" if bounded is None else "%d (%s)" % (bounded, pct(bounded, values))
    kinds = fp["folds_by_kind"]
    folds = sum(kinds.values())
    fprange_s = med([sum(ph["seconds"] for ph in r["phases"] if ph["name"] == "fprange") for r in reports])
    link_on = med([float(l["link_s"]) for l in on])
    link_off = med([float(l["link_s"]) for l in off])
    text_on, text_off = int(on[0]["text"]), int(off[0]["text"])
    run_on = med([float(r["run_s"]) for r in runs if r["program"] == p and r["mode"] == "fprange-on"])
    run_off = med([float(r["run_s"]) for r in runs if r["program"] == p and r["mode"] == "fprange-off"])
    # how much runs of one binary differ: the widest (max - min) / median of the two
    spread = max((max(v) - min(v)) / med(v) for v in (
        [float(r["run_s"]) for r in runs if r["program"] == p and r["mode"] == m] for m in ("fprange-on", "fprange-off")))
    rows.append("| %s | `%s` | %d | %s | %d | %d | %.3f | %.2f / %.2f | %s | %d / %d (%s) | %s | %.3f / %.3f (%s) |" % (
        p, bench, values, bounded_cell, folds, fp["branches_removed"], fprange_s,
        link_on, link_off, pct(fprange_s, link_on), text_on, text_off,
        change(text_on, text_off), "yes" if same_text else "no", run_on, run_off, change(run_on, run_off)))
    kinds_rows.append((p, kinds))
    said.append((p, folds, values, bounded, fprange_s / link_on if link_on else 0.0,
                 (run_on - run_off) / run_off if run_off else 0.0, text_on - text_off, spread, same_text))

names = sorted({k for _, kinds in kinds_rows for k in kinds})
print("| program | binary | FP values with a range | bounded on both sides | fprange folds | branches removed | fprange s | link s (on / off) | fprange share of the link | .text bytes (on / off) | same .text | run s (on / off) |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|")
print("\n".join(rows))
print()
print("Folds by kind (`fprange.folds_by_kind`, fprange on):")
print()
print("| program | " + " | ".join(names) + " |")
print("|---|" + "---:|" * len(names))
for p, kinds in kinds_rows:
    print("| %s | %s |" % (p, " | ".join(str(kinds.get(n, 0)) for n in names)))
print()
# What the table says, and the targets of issue 13 for these programs
# (checked and printed, not asserted).
print("What the table says:")
print()
for p, folds, values, bounded, share, run_change, text_change, spread, same_text in said:
    print("- %s: %d fprange fold%s over %d FP values with a range; %s; fprange is %.0f%% of the link; "
          ".text %+d bytes%s; run time %+.1f%% with fprange (runs of one binary spread over %.1f%%%s)." % (
              p, folds, "" if folds == 1 else "s", values,
              "values_bounded not in the report" if bounded is None
              else "%d of them (%.0f%%) bounded on both sides" % (bounded, 100.0 * bounded / values if values else 0),
              100 * share, text_change, ", the same code byte for byte" if same_text else "",
              100 * run_change, 100 * spread, "; the code being the same, that is noise" if same_text else ""))
print()
print("Targets (issue 13), per program: at least 30% of FP values bounded on both sides; fprange below 5% of the link:")
print()
for p, folds, values, bounded, share, run_change, text_change, spread, same_text in said:
    b = "n/a (no values_bounded)" if bounded is None else (
        "%s (%.0f%%)" % ("met" if values and bounded >= 0.3 * values else "not met", 100.0 * bounded / values if values else 0))
    print("- %s: bounded %s; link share %s (%.1f%%)" % (p, b, "met" if share < 0.05 else "not met", 100 * share))
PY

cat "$work/section.md"
if [ "$write" = 1 ]; then
  heading="## fprange on floating-point programs (bench-fprange-real.sh)"
  commit=$(rp_commit_label)
  {
    echo "$heading"
    echo
    echo "The floating-point programs of testsuite/realprogs, built once with \`clang -O2 -flto=full\`, their benchmark binary relinked through lld with ltofold's pass plugin (no verify) with fprange on and with \`LTOFOLD_OPTIONS=disable=fprange\` (made by \`scripts/bench-fprange-real.sh\`; its header says what each column is; rerunning it with \`--write\` replaces this section):"
    echo
    echo '```'
    echo "scripts/bench-fprange-real.sh ${given[*]}"
    echo '```'
    echo
    echo "LLVM $("$RP_LLVM/llvm-config" --version), ltofold at $commit; $(nproc) cores; $runs links and $runs runs per mode, interleaved, medians. *FP values with a range* is \`fprange.values\` of the report, *bounded on both sides* \`fprange.values_bounded\` (\"-\" when the report has no such field), *fprange s* the fprange phase's seconds in the report, its share that of the link's wall time with fprange on; *run s* the wall time of the recipe's \`rp_bench\` (the binary on the fixed input of its own test)."
    echo
    cat "$work/section.md"
  } >"$work/new-section.md"
  python3 scripts/replace-section.py docs/BENCHMARKS.md "$heading" "$work/new-section.md"
  rp_say "wrote the section 'fprange on floating-point programs (bench-fprange-real.sh)' of docs/BENCHMARKS.md"
fi
