#!/usr/bin/env bash
# Size on generated programs: the modules of scripts/gen-merge-module.py
# (N functions, exact and near duplicates along call chains; near
# duplicates differ by one constant, one poison flag or one predicate),
# each linked with a trivial main as a full-LTO executable by lld, every
# function exported (--export-dynamic, so that LTO keeps them all), in the
# modes of scripts/bench-size.sh (flags: rp_mode in
# testsuite/realprogs/lib/common.sh): plain, icf, mergefunc, gmf-icf,
# ltofold-equal, ltofold, ltofold-icf. For each: .text (llvm-size -A), the
# wall time of the link (median of RUNS, interleaved over the modes), its
# peak RSS (GNU time), and the functions ltofold folded (its report). The
# targets of issue 10 are checked and printed, not asserted.
#
# Usage: scripts/bench-size-generated.sh [--write] [--runs N] [--sizes "1000 10000 100000"] [--seed S]
#   --write   put the table in docs/BENCHMARKS.md (section "Size (generated
#             programs, bench-size-generated.sh)"), replacing the one there
# Environment: LTOFOLD_PLUGIN (default build/lib/libltofold.so). Work files
# in build/bench-size-generated/.
set -euo pipefail
cd "$(dirname "$0")/.."
export RP_VERIFY=0 # release links: their times are measured
# shellcheck source=../testsuite/realprogs/lib/common.sh
source testsuite/realprogs/lib/common.sh

given=("$@") # for the command line the section shows
write=0 runs=3 sizes="1000 10000 100000" seed=1
while [ $# -gt 0 ]; do
  case $1 in
    --write) write=1 ;;
    --runs) runs=${2:?--runs needs a number}; shift ;;
    --sizes) sizes=${2:?--sizes needs a list}; shift ;;
    --seed) seed=${2:?--seed needs a number}; shift ;;
    -h | --help) sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) rp_fail "unknown argument $1 (see --help)" ;;
  esac
  shift
done
[ -f "$RP_PLUGIN" ] || rp_fail "$RP_PLUGIN not built (cmake -S . -B build -G Ninja && ninja -C build)"
command -v /usr/bin/time >/dev/null || rp_fail "no /usr/bin/time (scripts/setup.sh installs it)"

work=$RP_ROOT/build/bench-size-generated
rm -rf "$work"
mkdir -p "$work"
tsv=$work/bench-size-generated.tsv
printf 'input\tfunctions\tmode\trun\ttext\tlink_s\trss_mb\tfolded\n' >"$tsv"
modes=(plain icf mergefunc gmf-icf ltofold-equal ltofold ltofold-icf)

echo 'int main(void) { return 0; }' >"$work/main.c"
"$RP_CC" -O2 -flto=full -c "$work/main.c" -o "$work/main.o"
for n in $sizes; do
  python3 scripts/gen-merge-module.py --functions "$n" --seed "$seed" -o "$work/gen-$n.ll"
  # the module as clang's -O2 -flto=full would leave it: optimized, not yet linked
  "$RP_LLVM/opt" -passes='lto-pre-link<O2>' "$work/gen-$n.ll" -o "$work/gen-$n.o"
done

# link N MODE RUN: one link of gen-N in MODE, its row appended to the table.
link() {
  local n=$1 mode=$2 run=$3 base=$work/gen-$1.$2
  rp_mode "$mode" "$base.json" || rp_fail "mode $mode: $RP_MODE_SKIP"
  rm -f "$base.json"
  rp_say "gen-$n: $mode, run $run"
  local -a flags
  read -r -a flags <<<"$RP_MODE_FLAGS"
  /usr/bin/time -f '%e %M' -o "$base.time" env "${RP_MODE_ENV[@]}" \
    "$RP_CC" -flto=full -Wl,--export-dynamic "$work/main.o" "$work/gen-$n.o" -o "$base.out" "${flags[@]}" \
    >"$base.log" 2>&1 || { cat "$base.log" >&2; rp_fail "gen-$n: link in mode $mode failed (log: $base.log)"; }
  local text folded=- secs kb
  text=$("$RP_LLVM/llvm-size" -A "$base.out" | awk '$1 == ".text" { print $2 }')
  [ -f "$base.json" ] && folded=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["totals"]["functions_folded"])' "$base.json")
  read -r secs kb <"$base.time"
  printf 'gen-%s-seed%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$seed" "$n" "$mode" "$run" "$text" "$secs" \
    "$((kb / 1024))" "$folded" >>"$tsv"
}

for n in $sizes; do
  for ((run = 1; run <= runs; run++)); do
    for m in "${modes[@]}"; do
      link "$n" "$m" "$run"
    done
  done
done

python3 - "$tsv" >"$work/section.md" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
by = {}
for r in rows:
    by.setdefault(r["input"], {}).setdefault(r["mode"], []).append(r)
med = lambda rs, k: statistics.median(float(r[k]) for r in rs)
text = lambda d, m: int(d[m][0]["text"])
out = ["| input | mode | .text | vs plain | saving | link s | link vs plain | peak RSS MB | folded |",
       "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
for i, d in by.items():
    for m, rs in d.items():
        out.append("| %s | %s | %d | %.4f | %.2f%% | %.2f | %.2f | %d | %s |" % (
            i, m, text(d, m), text(d, m) / text(d, "plain"), 100 * (1 - text(d, m) / text(d, "plain")),
            med(rs, "link_s"), med(rs, "link_s") / med(d["plain"], "link_s"),
            max(int(r["rss_mb"]) for r in rs), rs[0]["folded"]))
saving = lambda d, m: 1 - text(d, m) / text(d, "plain")
targets = []
def check(name, results):
    bad = [i for i, ok, _ in results if not ok]
    targets.append("- %s: **%s** (%s)" % (name, "met" if not bad else "missed on " + ", ".join(bad),
                                          "; ".join("%s %s" % (i, s) for i, _, s in results)))
check("ltofold's .text saving against plain >= 2 x lld --icf=all's",
      [(i, saving(d, "ltofold") >= 2 * saving(d, "icf"),
        "%.2f%% vs %.2f%%" % (100 * saving(d, "ltofold"), 100 * saving(d, "icf"))) for i, d in by.items()])
check("ltofold's .text saving >= 1.5 x GlobalMergeFunc + --icf=all's",
      [(i, saving(d, "ltofold") >= 1.5 * saving(d, "gmf-icf"),
        "%.2f%% vs %.2f%%" % (100 * saving(d, "ltofold"), 100 * saving(d, "gmf-icf"))) for i, d in by.items()])
check("ltofold .text <= ltofold-equal .text",
      [(i, text(d, "ltofold") <= text(d, "ltofold-equal"),
        "%d vs %d" % (text(d, "ltofold"), text(d, "ltofold-equal"))) for i, d in by.items()])
check("ltofold link time <= 1.15 x plain",
      [(i, med(d["ltofold"], "link_s") <= 1.15 * med(d["plain"], "link_s"),
        "x%.2f" % (med(d["ltofold"], "link_s") / med(d["plain"], "link_s"))) for i, d in by.items()])
print("\n".join(out))
print()
print("Targets (issue 10):")
print()
print("\n".join(targets))
PY

cat "$work/section.md"
if [ "$write" = 1 ]; then
  commit=$(rp_commit_label)
  heading="## Size (generated programs, bench-size-generated.sh)"
  {
    echo "$heading"
    echo
    echo "The modules of \`scripts/gen-merge-module.py\` (seed $seed; exact duplicates along call chains, and near duplicates that differ by one constant, flag or predicate), each taken through \`opt -passes='lto-pre-link<O2>'\` and linked with a trivial main as a full-LTO executable by lld with every function exported, in the modes of the real-program table above (rerunning the script with \`--write\` replaces this section):"
    echo
    echo '```'
    echo "scripts/bench-size-generated.sh ${given[*]}"
    echo '```'
    echo
    echo "LLVM $("$RP_LLVM/llvm-config" --version), ltofold at $commit; $(nproc) cores; $runs links per mode, interleaved; *link s* is the median wall time of the link command, *peak RSS* that of its largest process; *folded* is \`totals.functions_folded\` of ltofold's report."
    echo
    cat "$work/section.md"
  } >"$work/new-section.md"
  python3 scripts/replace-section.py docs/BENCHMARKS.md "$heading" "$work/new-section.md"
  rp_say "wrote the section '${heading#\#\# }' of docs/BENCHMARKS.md"
fi
