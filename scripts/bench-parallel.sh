#!/usr/bin/env bash
# Parallel links through the gold plugin: link wall time, CPU time, peak
# memory and .text of real programs (testsuite/realprogs) relinked with
# ld.gold, from full-LTO objects (-flto=full) and from ThinLTO objects
# (-flto=thin), in these modes:
#   ltofold-p1     ltofold-gold.so, lto-partitions=1 jobs=1 (one object, one
#                  thread: the link before jobs= existed)
#   ltofold-j1     ltofold-gold.so, jobs=1 (partitions by default)
#   ltofold-j2     ltofold-gold.so, jobs=2
#   llvmgold-j1    LLVM's LLVMgold.so, jobs=1 lto-partitions=1
#   llvmgold-j2    LLVM's LLVMgold.so, jobs=2 lto-partitions=2
#   cache-cold     ltofold-j2 with cache-dir= in a fresh directory
#   cache-warm     the same link again: the objects come from the cache
# Times are medians of RUNS links (interleaved over the modes); RSS is that
# of the largest process (GNU time), .text from llvm-size -A; each binary
# runs the recipe's rp_bench once. From ltofold-j1's report, the seconds of
# the steps that run on jobs= threads (ThinLTO backends, code generation)
# give an estimate for more cores than this machine has: wall(N) = the rest
# + those seconds / N. The targets of issue 12 are checked and printed, not
# asserted: the exit status is 0 unless something failed to build, link or
# run.
#
# Usage: scripts/bench-parallel.sh [--write] [--runs N] [PROGRAM]...
#   PROGRAM   default: yaml-cpp pugixml (the largest of testsuite/realprogs)
#   --runs N  links per mode and object kind (default 3)
#   --write   put the table in docs/BENCHMARKS.md (section "Parallel links
#             (bench-parallel.sh)"), replacing the one there
# Environment: LTOFOLD_GOLD_PLUGIN (default build/lib/ltofold-gold.so),
# LLVMGOLD (default /usr/lib/llvm-22/lib/LLVMgold.so), RP_OUT (default
# build/realprogs; the ThinLTO builds go to RP_OUT/thin).
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
    --runs) runs=${2:?--runs needs a number}; shift ;;
    -h | --help) sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) rp_fail "unknown option $1 (see --help)" ;;
    *) programs+=("$1") ;;
  esac
  shift
done
[ ${#programs[@]} -gt 0 ] || programs=(yaml-cpp pugixml)
llvmgold=${LLVMGOLD:-$RP_LLVM/../lib/LLVMgold.so}
[ -f "$RP_GOLD_PLUGIN" ] || rp_fail "$RP_GOLD_PLUGIN not built (cmake -S . -B build -G Ninja && ninja -C build)"
[ -f "$llvmgold" ] || rp_fail "no $llvmgold (apt-get install llvm-22-dev)"
command -v ld.gold >/dev/null || rp_fail "no ld.gold (apt-get install binutils)"
command -v /usr/bin/time >/dev/null || rp_fail "no /usr/bin/time (scripts/setup.sh installs it)"

full_out=$RP_OUT thin_out=$RP_OUT/thin
rp_build_both "${programs[@]}"

work=$RP_OUT/bench-parallel
rm -rf "$work"
mkdir -p "$work"
tsv=$work/bench-parallel.tsv
printf 'program\tkind\tmode\trun\ttext\twall_s\tcpu_s\trss_mb\tfolded\tparallel_s\tbench\n' >"$tsv"

# The plugin and its options for MODE (cache-warm reuses cache-cold's
# directory).
mode_flags() {
  local mode=$1 cache=$2
  case $mode in
    ltofold-p1) echo "$RP_GOLD_PLUGIN lto-partitions=1 jobs=1" ;;
    ltofold-j1) echo "$RP_GOLD_PLUGIN jobs=1" ;;
    ltofold-j2) echo "$RP_GOLD_PLUGIN jobs=2" ;;
    llvmgold-j1) echo "$llvmgold jobs=1 lto-partitions=1" ;;
    llvmgold-j2) echo "$llvmgold jobs=2 lto-partitions=2" ;;
    cache-cold | cache-warm) echo "$RP_GOLD_PLUGIN jobs=2 cache-dir=$cache" ;;
  esac
}

# link PROGRAM KIND MODE RUN BUILD: relinks RP_BENCH of BUILD as
# $work/PROGRAM.KIND.MODE.out; appends its row to the table.
link() {
  local p=$1 kind=$2 mode=$3 run=$4 build=$5
  local base=$work/$p.$kind.$mode out=$work/$p.$kind.$mode.out report=$work/$p.$kind.$mode.json
  local -a flags
  read -r -a flags <<<"$(mode_flags "$mode" "$work/$p.$kind.cache")"
  [ "$mode" = cache-cold ] && rm -rf "$work/$p.$kind.cache"
  rm -f "$report"
  rp_say "$p ($kind): $mode, run $run"
  /usr/bin/time -f '%e %U %S %M' -o "$base.time" \
    bash -c 'export LTOFOLD_GOLD_PLUGIN=$1; shift
             source testsuite/realprogs/lib/common.sh
             rp_mode gold-ltofold "$1" || exit 1
             report=$1 build=$2 bin=$3 out=$4; shift 4
             [ "$(basename "$LTOFOLD_GOLD_PLUGIN")" = LLVMgold.so ] || RP_MODE_FLAGS+=" -Wl,-plugin-opt=report=$report"
             for o in "$@"; do RP_MODE_FLAGS+=" -Wl,-plugin-opt=$o"; done
             rp_relink "$build" "$bin" "$out"' \
    _ "${flags[0]}" "$report" "$build" "$RP_BENCH" "$out" "${flags[@]:1}" >"$base.log" 2>&1 ||
    { cat "$base.log" >&2; rp_fail "$p: $kind link in mode $mode failed (log: $base.log)"; }
  local text folded=- parallel=- bench=-
  text=$("$RP_LLVM/llvm-size" -A "$out" | awk '$1 == ".text" { print $2 }')
  if [ -f "$report" ]; then
    read -r folded parallel < <(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
phases = {p["name"]: p["seconds"] for p in r.get("phases", [])}
print(r["totals"]["functions_folded"], "%.3f" % (phases.get("thinlto", 0) + phases.get("codegen", 0)))' "$report")
  fi
  if [ "$run" = 1 ] && declare -F rp_bench >/dev/null; then
    bench=pass
    rp_bench "$src" "$build" "$out" </dev/null >/dev/null 2>&1 || bench=FAIL
  fi
  local secs user sys kb
  read -r secs user sys kb <"$base.time"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "$kind" "$mode" "$run" "$text" "$secs" \
    "$(awk -v a="$user" -v b="$sys" 'BEGIN { print a + b }')" "$((kb / 1024))" "$folded" "$parallel" "$bench" >>"$tsv"
}

modes=(ltofold-p1 ltofold-j1 ltofold-j2 llvmgold-j1 llvmgold-j2 cache-cold cache-warm)
for p in "${programs[@]}"; do
  rp_load "$p"
  src=
  declare -F rp_bench >/dev/null && { src=$(bash scripts/fetch-source.sh "$RP_PACKAGE" 2>/dev/null) || rp_fail "$p: no source for $RP_PACKAGE"; }
  for ((run = 1; run <= runs; run++)); do
    for kind in full thin; do
      build=$full_out/$p/build
      [ "$kind" = thin ] && build=$thin_out/$p/build
      for m in "${modes[@]}"; do
        link "$p" "$kind" "$m" "$run" "$build"
      done
    done
  done
done

python3 - "$tsv" "$(nproc)" >"$work/section.md" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
cores = int(sys.argv[2])
by = {}
for r in rows:
    by.setdefault((r["program"], r["kind"]), {}).setdefault(r["mode"], []).append(r)
def med(rs, key):
    return statistics.median(float(r[key]) for r in rs)
out = ["| program | objects | mode | .text | .text vs ltofold-p1 | link s | vs ltofold-j1 | CPU s | peak RSS MB | folded | rp_bench |",
       "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|"]
est = []
for (p, kind), d in by.items():
    for m, rs in d.items():
        r = rs[0]
        bench = "FAIL" if any(x["bench"] == "FAIL" for x in rs) else r["bench"]
        out.append("| %s | %s | %s | %s | %.4f | %.2f | %.2f | %.2f | %d | %s | %s |" % (
            p, kind, m, r["text"], int(r["text"]) / int(d["ltofold-p1"][0]["text"]), med(rs, "wall_s"),
            med(rs, "wall_s") / med(d["ltofold-j1"], "wall_s"), med(rs, "cpu_s"), max(int(x["rss_mb"]) for x in rs),
            r["folded"], bench))
    j1 = d["ltofold-j1"]
    wall, par = med(j1, "wall_s"), med(j1, "parallel_s")
    est.append("| %s | %s | %.2f | %.2f | %s |" % (p, kind, wall - par, par, " | ".join(
        "%.2f (x%.2f)" % (wall - par + par / n, (wall - par + par / n) / wall) for n in (2, 4, 8, 16))))
targets = []
def check(name, results):
    bad = ["%s %s" % k for k, ok, _ in results if not ok]
    targets.append("- %s: **%s** (%s)" % (name, "met" if not bad else "missed on " + ", ".join(bad),
                                          "; ".join("%s %s: %s" % (k[0], k[1], s) for k, _, s in results)))
ratio = lambda d, a, b: med(d[a], "wall_s") / med(d[b], "wall_s")
check("jobs=2 at most 0.65 x jobs=1's wall time (ltofold-j2 / ltofold-j1)",
      [(k, ratio(d, "ltofold-j2", "ltofold-j1") <= 0.65, "x%.2f" % ratio(d, "ltofold-j2", "ltofold-j1")) for k, d in by.items()])
check("no slower than LLVMgold.so at the same jobs (ltofold-j2 / llvmgold-j2)",
      [(k, ratio(d, "ltofold-j2", "llvmgold-j2") <= 1.0, "x%.2f" % ratio(d, "ltofold-j2", "llvmgold-j2")) for k, d in by.items()])
check(".text within 0.5% of jobs=1's (ltofold-j2 vs ltofold-j1, and vs one partition, ltofold-p1)",
      [(k, abs(int(d["ltofold-j2"][0]["text"]) / int(d["ltofold-j1"][0]["text"]) - 1) <= 0.005
        and abs(int(d["ltofold-j2"][0]["text"]) / int(d["ltofold-p1"][0]["text"]) - 1) <= 0.005,
        "%+.3f%% vs j1, %+.3f%% vs p1" % (100 * (int(d["ltofold-j2"][0]["text"]) / int(d["ltofold-j1"][0]["text"]) - 1),
                                         100 * (int(d["ltofold-j2"][0]["text"]) / int(d["ltofold-p1"][0]["text"]) - 1)))
       for k, d in by.items()])
check("a cached relink at most 0.2 x a cold link (cache-warm / cache-cold)",
      [(k, ratio(d, "cache-warm", "cache-cold") <= 0.2, "x%.2f" % ratio(d, "cache-warm", "cache-cold")) for k, d in by.items()])
check("every binary passes its rp_bench",
      [(k, all(x["bench"] != "FAIL" for rs in d.values() for x in rs), "all") for k, d in by.items()])
print("\n".join(out))
print()
print("Estimated wall time at N jobs (this machine has %d cores): the seconds of ltofold-j1 outside the threaded steps, plus those of the threaded steps (ThinLTO backends, code generation) divided by N; in brackets against ltofold-j1." % cores)
print()
print("| program | objects | serial s | threaded s | N=2 | N=4 | N=8 | N=16 |")
print("|---|---|---:|---:|---:|---:|---:|---:|")
print("\n".join(est))
print()
print("Targets (issue 12):")
print()
print("\n".join(targets))
PY

cat "$work/section.md"
if [ "$write" = 1 ]; then
  commit=$(rp_commit_label)
  {
    echo "## Parallel links (bench-parallel.sh)"
    echo
    echo "Each program of testsuite/realprogs built with \`clang -O2 -flto=full\` and with \`-flto=thin\`, its benchmark binary relinked with ld.gold through ltofold-gold.so and through LLVM's LLVMgold.so in the modes of \`scripts/bench-parallel.sh\` (its header says what each is; rerunning it with \`--write\` replaces this section):"
    echo
    echo '```'
    echo "scripts/bench-parallel.sh ${given[*]}"
    echo '```'
    echo
    echo "LLVM $("$RP_LLVM/llvm-config" --version), ltofold at $commit; $(nproc) cores; $runs links per mode, medians. *link s* is the wall time of the whole link command, *CPU s* its user + system time, *peak RSS* that of its largest process; *folded* is \`totals.functions_folded\` of ltofold's report (after a cache hit, that of the link that filled the entry)."
    echo
    cat "$work/section.md"
  } >"$work/new-section.md"
  python3 scripts/replace-section.py docs/BENCHMARKS.md "## Parallel links (bench-parallel.sh)" "$work/new-section.md"
  rp_say "wrote the section 'Parallel links (bench-parallel.sh)' of docs/BENCHMARKS.md"
fi
