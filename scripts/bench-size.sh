#!/usr/bin/env bash
# Size, link time and run time of real programs (testsuite/realprogs) under
# ten link modes, relinking the same bitcode objects and archives each time
# (flags: rp_mode in testsuite/realprogs/lib/common.sh):
#   plain          lld, plain full LTO
#   icf            lld --icf=all
#   mergefunc      LLVM's MergeFunctions (-mllvm -enable-merge-functions)
#   gmf-icf        LLVM's GlobalMergeFunc (-mllvm -enable-global-merge-func=true)
#                  plus --icf=all, which folds the clones GlobalMergeFunc leaves
#   outliner-icf   LLVM's machine outliner (-mllvm -enable-machine-outliner=always)
#                  plus --icf=all
#   ltofold-equal  ltofold, equal functions only (LTOFOLD_OPTIONS=merge-similar=false)
#   ltofold-noblocks  ltofold without regions (LTOFOLD_OPTIONS=merge-blocks=false)
#   ltofold-nooutline ltofold without outlining (LTOFOLD_OPTIONS=merge-outline=false)
#   ltofold        ltofold's pass plugin with its defaults (similar merging on)
#   ltofold-icf    ltofold plus --icf=all
# For each program's benchmark binary (RP_BENCH in its recipe): .text size
# (llvm-size -A), loadable bytes (the allocated sections with contents:
# scripts/loadable-bytes.sh), file size, FUNC symbols defined in .symtab and how many
# distinct addresses they have, link time (wall, median of N runs,
# interleaved over the modes so every mode sees the same machine state, each
# round starting at the next mode) and run time: the recipe's rp_bench (the
# binary on the fixed input of its own test; a program without one has none),
# wall and CPU (user + sys) time per run, medians over units of K runs (about
# 100 ms of CPU a unit), the modes' units in turn, at least 5 rounds and
# about S seconds in all. Every mode's binary must pass rp_bench once before
# any timing. Only links and runs are timed: the bitcode is built once by
# scripts/realprogs.sh.
#
# Usage: scripts/bench-size.sh [--runs N] [--run-seconds S] [--no-run] [--no-write] [PROGRAM]...
#   PROGRAM          default: all of testsuite/realprogs (bzip2 cjson jsoncpp pugixml fmtlib yaml-cpp ninja re2 opus libccd gawk)
#   --runs N         links per mode (default 3)
#   --run-seconds S  time to spend running the binaries, per program (default 20)
#   --no-run         sizes and link times only
#   --no-write       print the table, leave docs/BENCHMARKS.md alone
# Environment: LTOFOLD_PLUGIN (default build/lib/libltofold.so), RP_OUT
# (default build/realprogs).
# Writes the section "Size (real programs)" of docs/BENCHMARKS.md (replacing
# it, leaving the other sections alone) and the raw numbers in
# RP_OUT/bench-size.tsv. The targets of issue 10 are checked and printed, not
# asserted: the exit status is 0 unless something failed to build, link or run.
set -euo pipefail
cd "$(dirname "$0")/.."
# Release links: no verify, no certification (their times are measured).
export RP_VERIFY=0
# shellcheck source=../testsuite/realprogs/lib/common.sh
source testsuite/realprogs/lib/common.sh

runs=3 run_seconds=20 measure_run=1 write=1 programs=()
given=("$@") # for the command line the section shows
while [ $# -gt 0 ]; do
  case $1 in
    --runs) [ $# -ge 2 ] || rp_fail "--runs needs a number"; runs=$2; shift ;;
    --run-seconds) [ $# -ge 2 ] || rp_fail "--run-seconds needs a number"; run_seconds=$2; shift ;;
    --no-run) measure_run=0 ;;
    --no-write) write=0 ;;
    -h | --help) sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) rp_fail "unknown option $1 (see --help)" ;;
    *) programs+=("$1") ;;
  esac
  shift
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || rp_fail "--runs wants a positive number, not '$runs'"
if ! [[ $run_seconds =~ ^[0-9]*\.?[0-9]+$ ]] || ! awk -v s="$run_seconds" 'BEGIN { exit !(s > 0) }'; then
  rp_fail "--run-seconds wants a positive number, not '$run_seconds'"
fi
[ ${#programs[@]} -gt 0 ] || programs=("${RP_PROGRAMS[@]}")
modes=(plain icf mergefunc gmf-icf outliner-icf ltofold-equal ltofold-noblocks ltofold-nooutline ltofold ltofold-icf)
[ -f "$RP_PLUGIN" ] || rp_fail "$RP_PLUGIN not built (cmake -S . -B build -G Ninja && ninja -C build)"

bash scripts/realprogs.sh --build-only "${programs[@]}"

work=$RP_OUT/bench-size
rm -rf "$work"
mkdir -p "$work"
tsv=$RP_OUT/bench-size.tsv
printf 'program\tlang\tmode\ttext\tloadable\tfile\tfuncs\tfunc_addrs\tlink_s\tfolded\trun_s\trun_cpu_s\trun_units\n' >"$tsv"

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
text_size() { "$RP_LLVM/llvm-size" -A "$1" | awk '$1 == ".text" { print $2; f = 1 } END { if (!f) exit 1 }'; }
# FUNC symbols defined in .symtab (not .dynsym): count, and distinct addresses
func_syms() {
  "$RP_LLVM/llvm-readelf" --syms --wide "$1" |
    awk '/^Symbol table / { in_symtab = ($3 == "'"'"'.symtab'"'"'") } in_symtab && $4 == "FUNC" && $7 != "UND" { print $2 }'
}
now_ns() { date +%s%N; }
# bench_once EXE: one run of the recipe's rp_bench on EXE, output discarded.
bench_once() { rp_bench "$src" "$build" "$1" </dev/null >/dev/null 2>&1; }

for p in "${programs[@]}"; do
  rp_load "$p"
  build=$RP_OUT/$p/build
  rp_say "$p: linking $RP_BENCH $runs times in each of ${#modes[@]} modes"
  for m in "${modes[@]}"; do : >"$work/$p.$m.times"; done
  for ((r = 1; r <= runs; r++)); do
    # each round starts at the next mode: no mode is always first (cold caches)
    for ((k = 0; k < ${#modes[@]}; k++)); do
      m=${modes[(k + r - 1) % ${#modes[@]}]}
      rp_mode "$m" "$work/$p.$m.json"
      out=$work/$p.$m.out
      rm -f "$out"
      t0=$(now_ns)
      rp_relink "$build" "$RP_BENCH" "$out" >"$work/$p.$m.log" 2>&1 ||
        { cat "$work/$p.$m.log" >&2; rp_fail "$p: link in mode $m failed (log: $work/$p.$m.log)"; }
      t1=$(now_ns)
      awk -v ns="$((t1 - t0))" 'BEGIN { printf "%.3f\n", ns / 1e9 }' >>"$work/$p.$m.times"
      # same inputs, same output: a changing size would make the table meaningless
      size=$(stat -c %s "$out")
      if [ -f "$work/$p.$m.size" ] && [ "$(cat "$work/$p.$m.size")" != "$size" ]; then
        rp_fail "$p: mode $m gave a different file size in run $r ($size, before $(cat "$work/$p.$m.size"))"
      fi
      echo "$size" >"$work/$p.$m.size"
    done
  done

  # Run time: every mode's binary must pass once (which also warms the page
  # cache); then the script below times units of K runs (a bash running
  # rp_bench K times, about 100 ms of CPU), the modes in turn, U rounds (at
  # least 5, about S seconds in all): wall time and CPU time (user + sys of
  # the unit's processes) per run, medians over the units.
  units=-
  if [ "$measure_run" = 1 ] && declare -F rp_bench >/dev/null; then
    src=$(bash scripts/fetch-source.sh "$RP_PACKAGE" 2>/dev/null) || rp_fail "$p: no source for $RP_PACKAGE"
    for m in "${modes[@]}"; do
      bench_once "$work/$p.$m.out" ||
        rp_fail "$p: the $m binary failed its run (rp_bench in $RP_DIR/$p.sh, on $work/$p.$m.out)"
    done
    # shellcheck disable=SC2016 # the loop is for the generated script
    { declare -f; echo 'for ((i = 0; i < $1; i++)); do rp_bench "$2" "$3" "$4" || exit 1; done'; } >"$work/$p.bench.sh"
    units=$(python3 - "$work/$p" "$run_seconds" "$work/$p.bench.sh" "$src" "$build" "${modes[@]}" <<'PY'
import math, os, shutil, sys, time
prefix, seconds, script, src, build, modes = sys.argv[1], float(sys.argv[2]), *sys.argv[3:6], sys.argv[6:]
bash, null = shutil.which("bash"), os.open(os.devnull, os.O_RDWR)
def unit(mode, k):
    """k runs of rp_bench on mode's binary: (wall, cpu) seconds per run"""
    t0 = time.perf_counter()
    pid = os.posix_spawn(bash, ["bash", "--norc", "--noprofile", script, str(k), src, build,
                                "%s.%s.out" % (prefix, mode)], dict(os.environ),
                         file_actions=[(os.POSIX_SPAWN_DUP2, null, fd) for fd in (0, 1, 2)])
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - t0
    if status:
        sys.exit("bench-size: the %s binary failed (%s.%s.out)" % (mode, prefix, mode))
    return wall / k, (usage.ru_utime + usage.ru_stime) / k
# K from the CPU time (which the machine's load does not stretch): a unit of
# about 100 ms, so that starting its bash (about 1 ms) weighs little
calibration = [unit("plain", 1) for _ in range(3)]
wall, cpu = min(c[0] for c in calibration), min(c[1] for c in calibration)
k = max(1, math.ceil(0.1 / max(cpu, 1e-4)))
rounds = max(5, math.ceil(seconds / (len(modes) * k * wall)))
print("bench-size: %s: a run %.1f ms (CPU %.1f ms); %d rounds of %d runs in each mode" % (
    os.path.basename(prefix), 1e3 * wall, 1e3 * cpu, rounds, k), file=sys.stderr)
samples = {m: [] for m in modes}
for r in range(rounds):
    for i in range(len(modes)):  # each round starts at the next mode
        m = modes[(i + r) % len(modes)]
        samples[m].append(unit(m, k))
for m in modes:
    with open("%s.%s.runtimes" % (prefix, m), "w") as f:
        f.writelines("%.7f %.7f\n" % s for s in samples[m])
print("%dx%d" % (rounds, k))
PY
) || rp_fail "$p: timing the runs failed"
  fi

  for m in "${modes[@]}"; do
    out=$work/$p.$m.out
    func_syms "$out" >"$work/$p.$m.funcs"
    folded=-
    if [ -f "$work/$p.$m.json" ]; then
      # functions_folded, and the similar-function folds when the report counts them
      folded=$(python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))["totals"]
s = [str(v) for k, v in sorted(t.items()) if "similar" in k and isinstance(v, int)]
print(str(t["functions_folded"]) + (" (similar: %s)" % ", ".join(s) if s else ""))' "$work/$p.$m.json")
    fi
    run_s=- run_cpu_s=-
    if [ -s "$work/$p.$m.runtimes" ]; then # wall and CPU seconds per run, a line per unit
      run_s=$(awk '{ print $1 }' "$work/$p.$m.runtimes" | median)
      run_cpu_s=$(awk '{ print $2 }' "$work/$p.$m.runtimes" | median)
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "$RP_LANG" "$m" "$(text_size "$out")" \
      "$(LLVM_READELF=$RP_LLVM/llvm-readelf bash scripts/loadable-bytes.sh "$out")" "$(stat -c %s "$out")" "$(wc -l <"$work/$p.$m.funcs")" "$(sort -u "$work/$p.$m.funcs" | wc -l)" \
      "$(median <"$work/$p.$m.times")" "$folded" "$run_s" "$run_cpu_s" "$units" >>"$tsv"
  done
done

# Table and targets, from the TSV.
python3 - "$tsv" "$runs" "${modes[@]}" <<'PY' >"$work/section.md"
import sys, collections
tsv, runs, modes = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
rows = [l.rstrip("\n").split("\t") for l in open(tsv)][1:]
by = collections.OrderedDict()
for p, lang, m, text, loadable, fsize, funcs, addrs, secs, folded, run_s, cpu_s, units in rows:
    by.setdefault(p, {"lang": lang})[m] = dict(
        text=int(text), loadable=int(loadable), file=int(fsize), funcs=int(funcs), addrs=int(addrs), secs=float(secs),
        folded=folded, run=None if run_s == "-" else float(run_s),
        cpu=None if cpu_s == "-" else float(cpu_s), units=units)
timed = [p for p, d in by.items() if d["plain"]["run"] is not None]
out = []
out.append("| program | mode | .text bytes | .text vs plain | loadable bytes | loadable vs plain | file bytes | FUNC symbols | distinct addresses "
           "| link s (median of %d) | link vs plain | run ms | run vs plain | run CPU ms | run CPU vs plain | ltofold folded |" % runs)
out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for p, d in by.items():
    base = d["plain"]
    for m in modes:
        r = d[m]
        run = ["-"] * 4
        if r["run"] is not None:
            run = ["%.3f" % (1e3 * r["run"]), "%.3f" % (r["run"] / base["run"]),
                   "%.3f" % (1e3 * r["cpu"]), "%.3f" % (r["cpu"] / base["cpu"])]
        out.append("| %s (%s) | %s | %d | %.4f | %d | %.4f | %d | %d | %d | %.3f | %.2f | %s | %s | %s | %s | %s |" % (
            p, d["lang"], m, r["text"], r["text"] / base["text"], r["loadable"],
            r["loadable"] / base["loadable"], r["file"], r["funcs"], r["addrs"],
            r["secs"], r["secs"] / base["secs"], *run, r["folded"]))
targets = []
def check(name, ok_list):
    if not ok_list:
        targets.append("- %s: not measured" % name)
        return
    missed = [x for x, ok, _ in ok_list if not ok]
    detail = "; ".join("%s %s" % (x, s) for x, _, s in ok_list)
    targets.append("- %s: **%s** (%s)" % (name, "met" if not missed else "missed on " + ", ".join(missed), detail))
def saved(d, m):
    return d["plain"]["text"] - d[m]["text"]
def saved_str(d, m):
    return "%d B = %.2f%%" % (saved(d, m), 100.0 * saved(d, m) / d["plain"]["text"])
cxx = [(p, d) for p, d in by.items() if d["lang"] == "c++"]
check("on every C++ program, ltofold's .text saving against plain >= 2 x lld --icf=all's",
      [(p, saved(d, "ltofold") >= 2 * saved(d, "icf"),
        "%s vs icf %s" % (saved_str(d, "ltofold"), saved_str(d, "icf"))) for p, d in cxx])
check("on every C++ program, ltofold's .text saving against plain >= 1.5 x GlobalMergeFunc + --icf=all's (gmf-icf)",
      [(p, saved(d, "ltofold") >= 1.5 * saved(d, "gmf-icf"),
        "%s vs gmf-icf %s" % (saved_str(d, "ltofold"), saved_str(d, "gmf-icf"))) for p, d in cxx])
def loadable_saved(d, m):
    return d["plain"]["loadable"] - d[m]["loadable"]
def loadable_str(d, m):
    return "%d B = %.2f%%" % (loadable_saved(d, m), 100.0 * loadable_saved(d, m) / d["plain"]["loadable"])
others = ("icf", "gmf-icf", "outliner-icf")
def best_other(d):
    return max(others, key=lambda m: loadable_saved(d, m))
check("on every program, ltofold's loadable-bytes saving >= 3 x the best of icf, gmf-icf and outliner-icf (issue 37)",
      [(p, loadable_saved(d, "ltofold") >= 3 * max(0, loadable_saved(d, best_other(d))),
        "%s vs %s %s" % (loadable_str(d, "ltofold"), best_other(d), loadable_str(d, best_other(d))))
       for p, d in by.items()])
c_programs = [(p, d) for p, d in by.items() if d["lang"] == "c"]
check("on every C program, ltofold's .text saving >= outliner-icf's, its loadable saving above every other mode's (issue 37)",
      [(p, saved(d, "ltofold") >= saved(d, "outliner-icf") and
        all(loadable_saved(d, "ltofold") > loadable_saved(d, m) for m in ("icf", "mergefunc", "gmf-icf", "outliner-icf")),
        ".text %s vs outliner-icf %s; loadable %s vs best other %s"
        % (saved_str(d, "ltofold"), saved_str(d, "outliner-icf"), loadable_str(d, "ltofold"),
           loadable_str(d, best_other(d)))) for p, d in c_programs])
check("ltofold loadable bytes <= ltofold-equal's on every program (similar merging never makes it larger)",
      [(p, d["ltofold"]["loadable"] <= d["ltofold-equal"]["loadable"],
        "%d vs %d" % (d["ltofold"]["loadable"], d["ltofold-equal"]["loadable"])) for p, d in by.items()])
check("ltofold loadable bytes <= ltofold-nooutline's on every program (outlining never makes it larger)",
      [(p, d["ltofold"]["loadable"] <= d["ltofold-nooutline"]["loadable"],
        "%d vs %d" % (d["ltofold"]["loadable"], d["ltofold-nooutline"]["loadable"])) for p, d in by.items()])
check("ltofold loadable bytes <= ltofold-noblocks's on every program (regions never make it larger)",
      [(p, d["ltofold"]["loadable"] <= d["ltofold-noblocks"]["loadable"],
        "%d vs %d" % (d["ltofold"]["loadable"], d["ltofold-noblocks"]["loadable"])) for p, d in by.items()])
check("ltofold .text <= mergefunc .text on every program",
      [(p, d["ltofold"]["text"] <= d["mergefunc"]["text"],
        "%d vs %d" % (d["ltofold"]["text"], d["mergefunc"]["text"])) for p, d in by.items()])
check("ltofold link time <= 1.15 x plain LTO",
      [(p, d["ltofold"]["secs"] <= 1.15 * d["plain"]["secs"],
        "x%.2f" % (d["ltofold"]["secs"] / d["plain"]["secs"])) for p, d in by.items()])
check("ltofold run time <= 1.02 x plain LTO (CPU time; wall time in brackets)",
      [(p, by[p]["ltofold"]["cpu"] <= 1.02 * by[p]["plain"]["cpu"],
        "x%.3f (x%.3f)" % (by[p]["ltofold"]["cpu"] / by[p]["plain"]["cpu"],
                           by[p]["ltofold"]["run"] / by[p]["plain"]["run"])) for p in timed])
print("\n".join(out))
print()
print("Targets (issues 10 and 37):")
print()
print("\n".join(targets))
PY

cat "$work/section.md"
if [ "$write" = 1 ]; then
  doc=docs/BENCHMARKS.md
  commit=$(rp_commit_label)
  llvm=$("$RP_LLVM/llvm-config" --version)
  cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
  plugin=${RP_PLUGIN#"$RP_ROOT"/}
  outdir=${RP_OUT#"$RP_ROOT"/}
  runs_note="not measured (\`--no-run\`)"
  if [ "$measure_run" = 1 ]; then
    runs_note="the time of one run of the binary on the fixed input of its own test (the recipe's \`rp_bench\`), wall time and CPU time (user + sys): a unit runs the binary K times in one bash, about 100 ms of CPU, and the modes' units run in turn, U rounds; medians over the units, after every mode's binary passed once; the run-time target is checked on CPU time, which the load of the machine stretches less than wall time. Rounds x K: "
    runs_note+="$(for p in "${programs[@]}"; do
      units=$(awk -F'\t' -v p="$p" '$1 == p && $3 == "plain" { print $13 }' "$RP_OUT/bench-size.tsv")
      printf '%s %s, ' "$p" "$units"
    done | sed 's/, $//')"
  fi
  {
    echo "## Size (real programs)"
    echo
    echo "Each program of testsuite/realprogs built once with \`clang -O2 -flto=full\` (bitcode objects and static archives from its own build), then its benchmark binary relinked in each mode below from the same bitcode (made by \`scripts/bench-size.sh\`; rerunning it replaces this section):"
    echo
    echo '```'
    echo "scripts/bench-size.sh${given[*]:+ ${given[*]}}"
    echo '```'
    echo
    echo "LLVM $llvm, ltofold at $commit; $(nproc) cores ($cpu). Binaries: $(for p in "${programs[@]}"; do rp_load "$p"; printf '%s `%s`, ' "$p" "$RP_BENCH"; done | sed 's/, $//'). Modes (all \`-fuse-ld=lld\`): *plain* nothing more; *icf* adds \`-Wl,--icf=all\`; *mergefunc* adds \`-Wl,-mllvm,-enable-merge-functions\`; *gmf-icf* adds \`-Wl,-mllvm,-enable-global-merge-func=true -Wl,--icf=all\` (LLVM's GlobalMergeFunc: functions equal up to constant operands become thunks to parameterized clones \`NAME.Tgm\`, which ICF folds); *outliner-icf* adds \`-Wl,-mllvm,-enable-machine-outliner=always -Wl,--icf=all\` (LLVM's machine outliner); *ltofold-equal* adds \`-Wl,--load-pass-plugin=$plugin\` with \`LTOFOLD_OPTIONS=merge-similar=false\` (equal functions only); *ltofold-noblocks* the plugin with \`LTOFOLD_OPTIONS=merge-blocks=false\` (similar functions, but no regions for blocks that differ); *ltofold-nooutline* the plugin with \`LTOFOLD_OPTIONS=merge-outline=false\` (no outlining of repeated regions); *ltofold* the plugin with its defaults (similar-function merging on); *ltofold-icf* ltofold plus \`-Wl,--icf=all\`. *.text* from \`llvm-size -A\`; *loadable* is the sum of the sections a loader maps from the file (allocated, with contents: \`.text\`, \`.rodata\`, \`.eh_frame\`, \`.eh_frame_hdr\`, \`.data\`..., not \`.bss\`), from \`scripts/loadable-bytes.sh\`, where code taken out of .text can come back (an outlined function's unwind entries); *FUNC symbols* are the defined FUNC entries of .symtab, *distinct addresses* how many different addresses they have (ICF keeps every symbol and points folded ones at one body); link time is the wall time of the whole \`clang\` link command (LTO optimization and code generation included), median of $runs runs interleaved over the modes in one run of the script. Run time is $runs_note. *ltofold folded* is \`totals.functions_folded\` from ltofold's report. Which functions make a difference between two modes: \`scripts/bench-size-funcs.sh $outdir/bench-size/PROGRAM.MODE1.out $outdir/bench-size/PROGRAM.MODE2.out\`."
    echo
    cat "$work/section.md"
  } >"$work/new-section.md"
  python3 scripts/replace-section.py "$doc" "## Size (real programs)" "$work/new-section.md"
  rp_say "wrote the section 'Size (real programs)' of $doc"
fi
