#!/usr/bin/env bash
# ThinLTO: size, link time and peak memory of real programs (testsuite/
# realprogs) built with -flto=thin, their benchmark binary relinked in six
# modes (flags: rp_mode in testsuite/realprogs/lib/common.sh), beside two
# links of the same program built with -flto=full:
#   thin-plain        lld, in-process ThinLTO
#   thin-icf          lld --icf=all
#   thin-ltofold      the pass plugin in every backend (module by module)
#   thin-ltofold-icf  the same plus --icf=all
#   dtlto             lld's distributed ThinLTO, the backends run by
#                     scripts/dtlto-distributor.py through `ltofold
#                     thin-backend` (module by module)
#   dtlto-whole       the same with --whole-program (merge across modules)
#   dtlto-summaries   the same with --whole-program=summaries (across
#                     modules from summaries, no step holding them all)
#   full-plain, full-ltofold  full LTO, plainly and with the plugin
# For each: .text (llvm-size -A), loadable bytes (the allocated sections
# with contents: scripts/loadable-bytes.sh), the wall time of the link
# command, the peak RSS of its largest process (GNU time), the functions
# ltofold folded (its report), and whether the binary passes the recipe's
# rp_bench once. One link
# per mode. The targets of issue 11 are checked and printed, not asserted:
# the exit status is 0 unless something failed to build, link or run.
#
# Usage: scripts/bench-thin.sh [--write] [PROGRAM]...
#   PROGRAM   default: all of testsuite/realprogs
#   --write   put the table in docs/BENCHMARKS.md (section "ThinLTO
#             (bench-thin.sh)"), replacing the one there
# Environment: LTOFOLD_PLUGIN, LTOFOLD_BIN (default build/lib/libltofold.so,
# build/bin/ltofold), RP_OUT (default build/realprogs; the ThinLTO builds go
# to RP_OUT/thin).
set -euo pipefail
cd "$(dirname "$0")/.."
# Release links: no verify, no certification (their times are measured).
export RP_VERIFY=0
# shellcheck source=../testsuite/realprogs/lib/common.sh
source testsuite/realprogs/lib/common.sh

write=0 programs=()
given=("$@") # for the command line the section shows
while [ $# -gt 0 ]; do
  case $1 in
    --write) write=1 ;;
    -h | --help) sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) rp_fail "unknown option $1 (see --help)" ;;
    *) programs+=("$1") ;;
  esac
  shift
done
[ ${#programs[@]} -gt 0 ] || programs=("${RP_PROGRAMS[@]}")
[ -f "$RP_PLUGIN" ] || rp_fail "$RP_PLUGIN not built (cmake -S . -B build -G Ninja && ninja -C build)"
[ -x "$RP_LTOFOLD" ] || rp_fail "$RP_LTOFOLD not built"
command -v /usr/bin/time >/dev/null || rp_fail "no /usr/bin/time (scripts/setup.sh installs it)"

full_out=$RP_OUT thin_out=$RP_OUT/thin
rp_build_both "${programs[@]}"

work=$RP_OUT/bench-thin
rm -rf "$work"
mkdir -p "$work"
tsv=$work/bench-thin.tsv
printf 'program\tlang\tmode\ttext\tloadable\tlink_s\trss_mb\tfolded\tbench\n' >"$tsv"

# link PROGRAM MODE BUILD RP_MODE: relinks RP_BENCH of BUILD in RP_MODE as
# $work/PROGRAM.MODE.out; appends its row to the table.
link() {
  local p=$1 mode=$2 build=$3 how=$4 out=$work/$1.$2.out report=$work/$1.$2.json
  rp_mode "$how" "$report" || rp_fail "$p: mode $how: $RP_MODE_SKIP"
  rp_say "$p: $mode"
  /usr/bin/time -f '%e %M' -o "$work/$p.$mode.time" \
    bash -c 'source testsuite/realprogs/lib/common.sh; rp_mode "$1" "$2"; rp_relink "$3" "$4" "$5"' \
    _ "$how" "$report" "$build" "$RP_BENCH" "$out" >"$work/$p.$mode.log" 2>&1 ||
    { cat "$work/$p.$mode.log" >&2; rp_fail "$p: link in mode $mode failed (log: $work/$p.$mode.log)"; }
  local text loadable folded=- bench=-
  text=$("$RP_LLVM/llvm-size" -A "$out" | awk '$1 == ".text" { print $2 }')
  loadable=$(LLVM_READELF=$RP_LLVM/llvm-readelf bash scripts/loadable-bytes.sh "$out")
  [ -f "$report" ] && folded=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["totals"]["functions_folded"])' "$report")
  if declare -F rp_bench >/dev/null; then
    bench=pass
    rp_bench "$src" "$build" "$out" </dev/null >/dev/null 2>&1 || bench=FAIL
  fi
  read -r secs kb <"$work/$p.$mode.time"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "$RP_LANG" "$mode" "$text" "$loadable" "$secs" \
    "$((kb / 1024))" \
    "$folded" "$bench" >>"$tsv"
}

for p in "${programs[@]}"; do
  rp_load "$p"
  src=
  declare -F rp_bench >/dev/null && { src=$(bash scripts/fetch-source.sh "$RP_PACKAGE" 2>/dev/null) || rp_fail "$p: no source for $RP_PACKAGE"; }
  for m in plain icf ltofold ltofold-icf dtlto dtlto-whole dtlto-summaries; do
    link "$p" "thin-$m" "$thin_out/$p/build" "$m"
  done
  link "$p" full-plain "$full_out/$p/build" plain
  link "$p" full-ltofold "$full_out/$p/build" ltofold
  # distributed, module by module, gives the in-process binary
  if cmp -s "$work/$p.thin-ltofold.out" "$work/$p.thin-dtlto.out"; then
    echo "$p" >>"$work/identical"
  fi
done

python3 - "$tsv" "$work/identical" >"$work/section.md" <<'PY'
import csv, os, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
identical = set(open(sys.argv[2]).read().split()) if os.path.exists(sys.argv[2]) else set()
by = {}
for r in rows:
    by.setdefault(r["program"], {})[r["mode"]] = r
def saving(d, mode, base, size="text"):
    return 1 - int(d[mode][size]) / int(d[base][size])
out = ["| program | mode | .text | vs plain | saving | loadable | loadable saving | link s | link vs plain "
       "| peak RSS MB | folded | rp_bench |",
       "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
for p, d in by.items():
    for m, r in d.items():
        base = "full-plain" if m.startswith("full") else "thin-plain"
        out.append("| %s (%s) | %s | %s | %.4f | %.2f%% | %s | %.2f%% | %.2f | %.2f | %s | %s | %s |" % (
            p, r["lang"], m, r["text"], int(r["text"]) / int(d[base]["text"]),
            100 * saving(d, m, base), r["loadable"], 100 * saving(d, m, base, "loadable"),
            float(r["link_s"]),
            float(r["link_s"]) / float(d[base]["link_s"]), r["rss_mb"], r["folded"], r["bench"]))
targets = []
def check(name, results):
    bad = [p for p, ok, _ in results if not ok]
    targets.append("- %s: **%s** (%s)" % (name, "met" if not bad else "missed on " + ", ".join(bad),
                                          "; ".join("%s %s" % (p, s) for p, _, s in results)))
cxx = [p for p, d in by.items() if d["thin-plain"]["lang"] == "c++"]
check("under ThinLTO, ltofold + --icf=all smaller than --icf=all alone, every C++ program",
      [(p, int(by[p]["thin-ltofold-icf"]["text"]) < int(by[p]["thin-icf"]["text"]),
        "%s vs %s" % (by[p]["thin-ltofold-icf"]["text"], by[p]["thin-icf"]["text"])) for p in cxx])
for mode in ("thin-ltofold", "thin-dtlto-whole"):
    results = []
    for p, d in by.items():
        full = saving(d, "full-ltofold", "full-plain")
        thin = saving(d, mode, "thin-plain")
        ok = full <= 0 or thin >= 0.9 * full
        results.append((p, ok, "%.2f%% vs full %.2f%% (%s)" % (
            100 * thin, 100 * full, "x%.2f" % (thin / full) if full > 0 else "nothing to save")))
    check("%s's saving against thin plain >= 0.9 x full LTO ltofold's against full plain" % mode, results)
check("thin-ltofold link time <= 1.10 x thin-plain",
      [(p, float(d["thin-ltofold"]["link_s"]) <= 1.10 * float(d["thin-plain"]["link_s"]),
        "x%.2f" % (float(d["thin-ltofold"]["link_s"]) / float(d["thin-plain"]["link_s"]))) for p, d in by.items()])
check("distributed (dtlto) binary byte-identical to in-process (thin-ltofold)",
      [(p, p in identical, "same" if p in identical else ".text %s vs %s" % (
          d["thin-dtlto"]["text"], d["thin-ltofold"]["text"])) for p, d in by.items()])
# Issue 39: merging from summaries against --whole-program.
check("thin-dtlto-summaries: saving >= 0.95 x thin-dtlto-whole's (.text and loadable)",
      [(p, all(saving(d, "thin-dtlto-summaries", "thin-plain", s) >=
               0.95 * saving(d, "thin-dtlto-whole", "thin-plain", s) for s in ("text", "loadable")),
        "x%.2f .text, x%.2f loadable" % tuple(
            saving(d, "thin-dtlto-summaries", "thin-plain", s) /
            max(saving(d, "thin-dtlto-whole", "thin-plain", s), 1e-9) for s in ("text", "loadable")))
       for p, d in by.items()])
check("thin-dtlto-summaries: peak RSS <= 0.25 x thin-dtlto-whole's",
      [(p, int(d["thin-dtlto-summaries"]["rss_mb"]) <= 0.25 * int(d["thin-dtlto-whole"]["rss_mb"]),
        "%s MB vs %s MB" % (d["thin-dtlto-summaries"]["rss_mb"], d["thin-dtlto-whole"]["rss_mb"]))
       for p, d in by.items()])
check("thin-dtlto-summaries: link time <= 1.2 x thin-dtlto's",
      [(p, float(d["thin-dtlto-summaries"]["link_s"]) <= 1.2 * float(d["thin-dtlto"]["link_s"]),
        "x%.2f" % (float(d["thin-dtlto-summaries"]["link_s"]) / float(d["thin-dtlto"]["link_s"])))
       for p, d in by.items()])
check("every binary passes its rp_bench", [(p, all(r["bench"] != "FAIL" for r in d.values()),
                                             ", ".join(m for m, r in d.items() if r["bench"] == "FAIL") or "all")
                                            for p, d in by.items()])
print("\n".join(out))
print()
print("Targets (issues 11 and 39):")
print()
print("\n".join(targets))
PY

cat "$work/section.md"
if [ "$write" = 1 ]; then
  doc=docs/BENCHMARKS.md
  commit=$(rp_commit_label)
  {
    echo "## ThinLTO (bench-thin.sh)"
    echo
    echo "Each program of testsuite/realprogs built with \`clang -O2 -flto=thin\` and with \`-flto=full\`, its benchmark binary relinked in the modes of \`scripts/bench-thin.sh\` (its header says what each is; rerunning it with \`--write\` replaces this section), one link each:"
    echo
    echo '```'
    echo "scripts/bench-thin.sh ${given[*]}"
    echo '```'
    echo
    echo "LLVM $("$RP_LLVM/llvm-config" --version), ltofold at $commit; $(nproc) cores. lld runs its in-process backends on \`--thinlto-jobs\`' default (all cores), the distributor as many jobs at once. *loadable* is the sum of the sections a loader maps from the file (allocated, with contents: \`scripts/loadable-bytes.sh\`); *vs plain* and the savings are against thin-plain for the thin modes and full-plain for the full ones; *link s* is the wall time of the whole link command, *peak RSS* that of its largest process; *folded* is \`totals.functions_folded\` of ltofold's report."
    echo
    cat "$work/section.md"
  } >"$work/new-section.md"
  python3 scripts/replace-section.py "$doc" "## ThinLTO (bench-thin.sh)" "$work/new-section.md"
  rp_say "wrote the section 'ThinLTO (bench-thin.sh)' of $doc"
fi
