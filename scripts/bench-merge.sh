#!/usr/bin/env bash
# Benchmarks `ltofold merge` against LLVM's own pass, `opt -passes=mergefunc`,
# side by side in one run, and writes the result to docs/BENCHMARKS.md.
#
# Inputs:
#   gen-N       generated modules of N functions with many exact and near
#               duplicates and call chains (scripts/gen-merge-module.py);
#   fmt-*       the whole-program bitcode of fmt's format-test, a template-
#               heavy C++ program from Debian's fmtlib source package
#               (scripts/build-fmt-bitcode.sh): before LTO optimization
#               (preopt) and after it (precodegen, what the lld plugin sees).
# For each input, interleaved, --runs times: `ltofold merge IN -o OUT --stats`,
# `opt -passes=mergefunc IN -o OUT`, and `ltofold merge ... --report R.json`
# (the same with the JSON report that release pipelines keep), and
# `ltofold merge ... --verify` (every fold certified against a copy of the
# module, merge/certify.c: what tests and CI run). Wall time and
# peak RSS come from the nanosecond clock and /usr/bin/time; the table shows medians and the ratios
# ltofold / LLVM. Functions merged are read off each output module
# (scripts/merge-diff.py), which also names the folds LLVM made and ltofold
# did not. Comparisons are ltofold's full function comparisons, also shown
# as comparisons / (N log2 N), which stays flat when they grow as N log N.
#
# Usage: scripts/bench-merge.sh [--sizes "1000 10000 100000"] [--runs 3]
#                               [--seed 1] [--no-real] [--no-docs]
#   --no-real  skip the Debian program (no apt-get, no C++ build)
#   --no-docs  print the table only; leave docs/BENCHMARKS.md alone
# Work files (generated modules, outputs, logs) stay in build/bench-merge/.
# Exit status: 0 when the benchmark ran, whether or not the targets are met.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
command_line=scripts/bench-merge.sh
for arg in "$@"; do command_line+=" $(printf '%q' "$arg")"; done

sizes="1000 10000 100000"
runs=3
seed=1
real=1
docs=1
while [ $# -gt 0 ]; do
  case $1 in
    --sizes) sizes=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --no-real) real=0; shift ;;
    --no-docs) docs=0; shift ;;
    -h | --help) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench-merge: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case $runs in '' | *[!0-9]* | 0) echo "bench-merge: --runs needs a positive number" >&2; exit 2 ;; esac

llvm_bin=/usr/lib/llvm-22/bin
ltofold=$root/build/bin/ltofold
work=$root/build/bench-merge
inputs=$work/inputs
fail() { printf 'bench-merge: FAILED: %s\n' "$*" >&2; exit 1; }
step() { printf -- '-- %s\n' "$*" >&2; }

[ -x /usr/bin/time ] || fail "/usr/bin/time is missing (scripts/setup.sh installs the 'time' package)"
[ -x "$llvm_bin/opt" ] || fail "no $llvm_bin/opt (scripts/setup.sh)"

# 1. ltofold itself, up to date.
if [ ! -f build/build.ninja ]; then
  step "configuring build/ (cmake)"
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DLTOFOLD_WERROR=ON >/dev/null || fail "cmake configuration"
fi
ninja -C build ltofold >/dev/null || fail "ninja build of ltofold"

# 2. Inputs.
mkdir -p "$inputs"
names=()
for n in $sizes; do
  bc=$inputs/gen-$n-seed$seed.bc
  if [ ! "$bc" -nt scripts/gen-merge-module.py ]; then
    step "generating $n functions (seed $seed)"
    python3 scripts/gen-merge-module.py --functions "$n" --seed "$seed" \
      -o "$inputs/gen-$n-seed$seed.ll" || fail "generator"
    "$llvm_bin/llvm-as" "$inputs/gen-$n-seed$seed.ll" -o "$bc" || fail "llvm-as of gen-$n"
    rm -f "$inputs/gen-$n-seed$seed.ll"
  fi
  names+=("gen-$n-seed$seed")
done
if [ "$real" = 1 ]; then
  step "whole-program bitcode of fmt's format-test (Debian fmtlib)"
  bash scripts/build-fmt-bitcode.sh "$inputs" || fail "building fmt's format-test"
  names+=(fmt-format-test.preopt fmt-format-test.precodegen)
fi

# 3. Timed runs, interleaved; each writes "seconds peak_kb" to a file.
# Wall time from the nanosecond clock (/usr/bin/time's %e has a resolution of
# 10 ms, too coarse for the small inputs); peak RSS from /usr/bin/time.
timed() { # TIME_FILE LOG_FILE COMMAND...
  local time_file=$1 log=$2 start end
  shift 2
  start=$(date +%s%N)
  /usr/bin/time -f '%M' -o "$time_file.rss" "$@" >"$log" 2>&1 ||
    fail "$* (see $log)"
  end=$(date +%s%N)
  echo "$(awk -v ns=$((end - start)) 'BEGIN { printf "%.4f", ns / 1e9 }') $(tail -n 1 "$time_file.rss")" >"$time_file"
}
median() { # NUMBERS... -> the median
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
    if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

rows=$work/rows.tsv
: >"$rows"
for name in "${names[@]}"; do
  in=$inputs/$name.bc
  out=$work/out/$name
  rm -rf "$out"
  mkdir -p "$out"
  step "$name: $runs interleaved runs of ltofold and opt -passes=mergefunc"
  for run in $(seq 1 "$runs"); do
    # Alternate who goes first, so neither always runs on a warm cache.
    if [ $((run % 2)) = 1 ]; then order="ltofold llvm report verify"; else order="verify llvm report ltofold"; fi
    for tool in $order; do
      case $tool in
        ltofold) timed "$out/ltofold.$run.time" "$out/ltofold.$run.log" \
          "$ltofold" merge "$in" -o "$out/ltofold.bc" --stats ;;
        report) timed "$out/report.$run.time" "$out/report.$run.log" \
          "$ltofold" merge "$in" -o "$out/ltofold-report.bc" --stats \
          --report "$out/report.json" ;;
        verify) timed "$out/verify.$run.time" "$out/verify.$run.log" \
          "$ltofold" merge "$in" -o "$out/ltofold-verify.bc" --stats --verify ;;
        llvm) timed "$out/llvm.$run.time" "$out/llvm.$run.log" \
          "$llvm_bin/opt" -passes=mergefunc "$in" -o "$out/llvm.bc" ;;
      esac
    done
  done
  cmp -s "$out/ltofold.bc" "$out/ltofold-report.bc" ||
    fail "$name: ltofold wrote different modules with and without --report"
  cmp -s "$out/ltofold.bc" "$out/ltofold-verify.bc" ||
    fail "$name: ltofold wrote different modules with and without --verify"
  "$llvm_bin/opt" -passes=verify -disable-output "$out/ltofold.bc" ||
    fail "$name: ltofold's output does not verify"

  # What each one merged, from the output modules.
  for f in in llvm ltofold; do
    src=$in
    [ $f = in ] || src=$out/$f.bc
    "$llvm_bin/llvm-dis" "$src" -o "$out/$f.ll" || fail "llvm-dis $src"
  done
  python3 scripts/merge-diff.py "$out/in.ll" "$out/llvm.ll" "$out/ltofold.ll" \
    "$out/report.json" >"$out/diff.json" || fail "merge-diff on $name"
  rm -f "$out/in.ll" "$out/llvm.ll" "$out/ltofold.ll"

  stats=$(grep -h '^ltofold merge:' "$out/ltofold.1.log") || fail "$name: no --stats line"
  field() { # FILE_GLOB FIELD(1: seconds, 2: KB)
    local values=()
    for f in $1; do values+=("$(awk -v k="$2" '{ print $k }' "$f")"); done
    median "${values[@]}"
  }
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" \
    "$(field "$out/llvm.*.time" 1)" "$(field "$out/ltofold.*.time" 1)" \
    "$(field "$out/report.*.time" 1)" "$(field "$out/verify.*.time" 1)" \
    "$(field "$out/llvm.*.time" 2)" "$(field "$out/ltofold.*.time" 2)" \
    "$(field "$out/report.*.time" 2)" "$(field "$out/verify.*.time" 2)" \
    "$stats" >>"$rows"
done

# 4. The table, the targets, and docs/BENCHMARKS.md.
section=$work/section.md
LLVM_VERSION=$("$llvm_bin/opt" --version | grep -o 'LLVM version [0-9.]*' | awk '{ print $3; exit }') \
COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown) \
DIRTY=$(git status --porcelain -- merge plugin 2>/dev/null | head -c 1) \
CPU=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo) \
CORES=$(nproc) RUNS=$runs COMMAND_LINE=$command_line LLVM_CXXFILT=$llvm_bin/llvm-cxxfilt \
  python3 - "$rows" "$work/out" >"$section" <<'EOF' || fail "making the table"
import json, math, os, re, subprocess, sys

rows_path, out_dir = sys.argv[1], sys.argv[2]
env = os.environ
STATS = re.compile(r"ltofold merge: (\d+) functions, (\d+) candidates, (\d+) folded "
                   r"\((\d+) in recursive groups\), (\d+) comparisons")

def demangle(names):
    if not names:
        return {}
    text = subprocess.run([env["LLVM_CXXFILT"]], input="\n".join(names),
                          capture_output=True, text=True, check=True).stdout
    return dict(zip(names, text.split("\n")))

def short(name, limit=120):
    """A long demangled name cut in the middle, keeping both ends."""
    if len(name) <= limit:
        return name
    return name[:limit // 2 - 2] + " ... " + name[-(limit // 2 - 3):]

rows = []
with open(rows_path) as f:
    for line in f:
        (name, t_llvm, t_ours, t_report, t_verify, m_llvm, m_ours, m_report,
         m_verify, stats) = line.rstrip("\n").split("\t")
        functions, _, folded, recursive, comparisons = map(int, STATS.match(stats).groups())
        with open(os.path.join(out_dir, name, "diff.json")) as d:
            diff = json.load(d)
        rows.append(dict(name=name, t_llvm=float(t_llvm), t_ours=float(t_ours),
                         t_report=float(t_report), t_verify=float(t_verify),
                         m_llvm=int(m_llvm), m_ours=int(m_ours), m_report=int(m_report),
                         m_verify=int(m_verify), functions=functions, folded=folded,
                         recursive=recursive, comparisons=comparisons, diff=diff))

def ratio(a, b):
    return a / b if b > 0 else float("inf")

lines = []
out = lines.append
out("## merge")
out("")
out("`ltofold merge` against LLVM's `opt -passes=mergefunc` on the same bitcode, "
    "measured side by side in one run (made by `scripts/bench-merge.sh`; rerunning "
    "it replaces this section).")
out("")
out("```")
out(env["COMMAND_LINE"])
out("```")
out("")
out(f"LLVM {env['LLVM_VERSION']}, ltofold at {env['COMMIT']}"
    f"{' with uncommitted changes in merge/ or plugin/' if env['DIRTY'] else ''}; "
    f"{env['CORES']} cores ({env['CPU']}). Times are wall seconds and memory is peak "
    f"RSS, the median of {env['RUNS']} interleaved runs of each command, whole process "
    "(read bitcode, merge, write bitcode). `opt` also verifies its input and output, as "
    "it does by default; `ltofold` verifies only with `--verify`. *ltofold* is "
    "`ltofold merge IN -o OUT --stats`; *+report* adds `--report R.json`; *+verify* "
    "adds `--verify` instead (the module verified before and after, and every fold "
    "certified against a copy of the module taken before merging: what the tests "
    "and CI run), its cost shown against plain *ltofold*. *merged* "
    "counts function bodies removed, read off the output modules; *missed* is the "
    "number of folds LLVM made that ltofold did not.")
out("")
out("| input | functions | merged LLVM | merged ltofold | missed | comparisons "
    "| cmp / (N log2 N) | LLVM s | ltofold s | ltofold / LLVM | +report s "
    "| +report / LLVM | +verify s | +verify / ltofold | LLVM MB | ltofold MB "
    "| +report MB | +verify MB |")
out("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for r in rows:
    n = r["functions"]
    r["normalized"] = r["comparisons"] / (n * math.log2(n)) if n > 1 else 0.0
    d = r["diff"]
    out(f"| {r['name']} | {n} | {d['reference']['merged']} | {r['folded']} "
        f"| {len(d['missed'])} | {r['comparisons']} | {r['normalized']:.3f} "
        f"| {r['t_llvm']:.3f} | {r['t_ours']:.3f} | **{ratio(r['t_ours'], r['t_llvm']):.2f}** "
        f"| {r['t_report']:.3f} | {ratio(r['t_report'], r['t_llvm']):.2f} "
        f"| {r['t_verify']:.3f} | {ratio(r['t_verify'], r['t_ours']):.2f} "
        f"| {r['m_llvm'] / 1024:.0f} | {r['m_ours'] / 1024:.0f} | {r['m_report'] / 1024:.0f} "
        f"| {r['m_verify'] / 1024:.0f} |")
out("")
unknown = [(r["name"], r["diff"]["reference"]["partner_unknown"]) for r in rows
           if r["diff"]["reference"]["partner_unknown"]]
if unknown:
    out("For some functions LLVM deleted, the output does not tell which function "
        "took their place (" + ", ".join(f"{n}: {k}" for n, k in unknown) + "); for "
        "those, *missed* only checks that ltofold folded them or kept them as the "
        "survivor of a fold.")
    out("")

# Targets.
missed_rows = [r for r in rows if r["diff"]["missed"]]
slow_rows = [r for r in rows if ratio(r["t_ours"], r["t_llvm"]) > 1.0]
slow_report_rows = [r for r in rows if ratio(r["t_report"], r["t_llvm"]) > 1.0]
generated = sorted((r for r in rows if r["name"].startswith("gen-")),
                   key=lambda r: r["functions"])
out("Targets:")
out("")
out("- ltofold merges every function LLVM merges: "
    + ("**met**" if not missed_rows else
       "**not met** on " + ", ".join(f"{r['name']} ({len(r['diff']['missed'])} missed)"
                                     for r in missed_rows)) + ".")
def geometric_mean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else 0.0

time_ratios = [ratio(r["t_ours"], r["t_llvm"]) for r in rows if r["t_llvm"] > 0]
report_ratios = [ratio(r["t_report"], r["t_llvm"]) for r in rows if r["t_llvm"] > 0]
out(f"- ltofold time / LLVM time <= 1.0 (geometric mean over the inputs "
    f"{geometric_mean(time_ratios):.2f}, with `--report` "
    f"{geometric_mean(report_ratios):.2f}): "
    + ("**met**" if not slow_rows else
       "**not met** on " + ", ".join(f"{r['name']} ({ratio(r['t_ours'], r['t_llvm']):.2f})"
                                     for r in slow_rows))
    + "; with `--report`: "
    + ("met" if not slow_report_rows else
       "not met on " + ", ".join(f"{r['name']} ({ratio(r['t_report'], r['t_llvm']):.2f})"
                                 for r in slow_report_rows)) + ".")
if len(generated) >= 2:
    first, last = generated[0], generated[-1]
    growth = ratio(last["normalized"], first["normalized"])
    exponent = (math.log(last["comparisons"] / first["comparisons"])
                / math.log(last["functions"] / first["functions"]))
    verdict = "**met**" if growth <= 1.25 else "**not met**"
    out(f"- comparisons grow as N log N: {verdict}: on the generated modules "
        f"comparisons / (N log2 N) goes from {first['normalized']:.3f} (N = "
        f"{first['functions']}) to {last['normalized']:.3f} (N = {last['functions']}), "
        f"x{growth:.2f} (met when at most x1.25); comparisons grow as N^{exponent:.2f}.")
out("")

# What LLVM merged and ltofold did not.
if missed_rows:
    out("Folds LLVM made that ltofold did not (each line: the functions left apart, "
        "demangled; the function LLVM folded them with; a guess at the cause from "
        "their `define` lines):")
    out("")
    names = sorted({n for r in missed_rows for m in r["diff"]["missed"]
                    for n in m["functions"] + [m["reference_folded_with"] or ""] if n})
    readable = demangle(names)
    for r in missed_rows:
        missed = r["diff"]["missed"]
        out(f"- {r['name']}: {len(missed)}")
        for m in missed[:20]:
            shown = ", ".join(f"`{short(readable.get(n, n))}`" for n in m["functions"][:3])
            more = f" and {len(m['functions']) - 3} more" if len(m["functions"]) > 3 else ""
            partner = m["reference_folded_with"]
            with_text = f" with `{short(readable.get(partner, partner))}`" if partner else ""
            out(f"  - {shown}{more}{with_text}: {m['hint']}")
        if len(missed) > 20:
            out(f"  - ... {len(missed) - 20} more in build/bench-merge/out/{r['name']}/diff.json")
    out("")
print("\n".join(lines))
EOF

cat "$section"
if [ "$docs" = 1 ]; then
  python3 - docs/BENCHMARKS.md "$section" <<'EOF' || fail "writing docs/BENCHMARKS.md"
import os, sys
path, section_path = sys.argv[1], sys.argv[2]
with open(section_path) as f:
    section = f.read().rstrip("\n") + "\n"
text = open(path).read() if os.path.exists(path) else "# Benchmarks\n"
lines = text.splitlines(keepends=True)
start = next((i for i, l in enumerate(lines) if l.rstrip("\n") == "## merge"), None)
if start is None:
    text = text.rstrip("\n") + "\n\n" + section
else:
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
               len(lines))
    rest = "".join(lines[end:])
    text = "".join(lines[:start]) + section + ("\n" + rest if rest else "")
with open(path + ".tmp", "w") as f:
    f.write(text)
os.replace(path + ".tmp", path)
EOF
  step "wrote the merge section of docs/BENCHMARKS.md"
fi
