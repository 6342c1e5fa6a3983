#!/usr/bin/env bash
# Benchmarks `ltofold merge` against LLVM's own pass, `opt -passes=mergefunc`,
# side by side in one run, and the merge phase inside real gold links
# against LLVM's own gold plugin (issue 35: merge that costs what LLVM's
# MergeFunctions costs); writes the result to docs/BENCHMARKS.md.
#
# Inputs (modules merge receives):
#   gen-N       generated modules of N functions with many exact and near
#               duplicates and call chains (scripts/gen-merge-module.py);
#   tpl-TxF     template-heavy C++ programs, T types in F files
#               (scripts/gen-template-program.py --types T --files F; 30x2 and
#               180x6), each file compiled with clang++ -O2 -flto=full -c;
#   fmt-*       the whole-program bitcode of fmt's format-test from Debian's
#               fmtlib source package (scripts/build-fmt-bitcode.sh): before
#               LTO optimization (preopt) and after it (precodegen, what the
#               lld plugin sees);
#   real-P      each real program of testsuite/realprogs (its RP_BENCH
#               binary, built by `scripts/realprogs.sh --build-only`).
# The template and real programs are linked once with gold and the ltofold
# gold plugin at jobs=1 with save-temps; their module is the one merge
# receives there, OUT.ltofold.3.canon.bc.
# For each input, interleaved, --runs times (each round starting at the next
# command): `opt -passes=mergefunc IN -o OUT` (LLVM), `ltofold merge IN -o
# OUT` (the defaults: certification and outlining on), the same with
# `--certify=false`, and with `--merge-similar=false --merge-outline=false`
# (equal functions only). CPU seconds (user + sys) and peak RSS of each
# process come from wait4 (the rusage /usr/bin/time prints, at microseconds
# rather than its 10 ms); the table shows medians and ratios against LLVM.
# One more, untimed, `ltofold merge IN -o OUT --stats --report R.json` gives
# the functions, folds and comparisons; functions merged are read off the
# output modules (scripts/merge-diff.py), which also names the folds LLVM
# made and ltofold did not. Comparisons are ltofold's full function
# comparisons, also shown as comparisons / (N log2 N), which stays flat when
# they grow as N log N, as does CPU seconds / (N log2 N).
# Links (template and real programs), interleaved, --link-runs times:
# `clang++ -fuse-ld=gold -Wl,-plugin,BUILD/lib/ltofold-gold.so
# -Wl,-plugin-opt=jobs=1 -Wl,-plugin-opt=report=R.json` against the same with
# /usr/lib/llvm-22/lib/LLVMgold.so (no report): CPU seconds of the whole link
# command (clang, gold, LTO, code generation), medians, and the merge phase's
# share of the report's phases.
#
# Usage: scripts/bench-merge.sh [--build DIR] [--sizes "1000 5000 20000 100000"]
#                               [--runs 3] [--link-runs N] [--seed 1]
#                               [--programs "bzip2 ..."] [--templates "30x2 180x6"]
#                               [--no-real] [--no-templates] [--no-links] [--no-docs]
#   --build DIR     ltofold's build directory (default build; built with
#                   ninja first); the work files go to DIR/bench-merge/, the
#                   real programs to DIR/realprogs/ and their sources to
#                   DIR/sources/ (unless RP_OUT or LTOFOLD_SOURCES say else)
#   --sizes "N..."  the generated modules' sizes (default "1000 5000 20000 100000")
#   --seed S        the generator's seed (default 1)
#   --runs N        timed runs of each merge command (default 3)
#   --link-runs N   timed links with each plugin (default: --runs)
#   --programs "P..."  the real programs (default: all of testsuite/realprogs)
#   --no-real       skip fmt and the real programs (no apt-get, no C++ build)
#   --templates "TxF..."  the template programs (default "30x2 180x6")
#   --no-templates  skip the generated template programs (--templates "")
#   --no-links      time no links (the merge inputs are still made by one)
#   --no-docs       print the tables only; leave docs/BENCHMARKS.md alone
# An ltofold variant that fails on an input (a module that does not verify)
# is shown as failed, with its message under the table.
# Exit status: 0 when the benchmark ran, whether or not the targets are met.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
command_line=scripts/bench-merge.sh
for arg in "$@"; do command_line+=" $(printf '%q' "$arg")"; done

build_dir=build
sizes="1000 5000 20000 100000"
runs=3
link_runs=
seed=1
real=1
templates="30x2 180x6"
links=1
docs=1
programs=
while [ $# -gt 0 ]; do
  case $1 in
    --build) [ $# -ge 2 ] || { echo "bench-merge: --build needs a directory" >&2; exit 2; }
      build_dir=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --link-runs) link_runs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --programs) programs=$2; shift 2 ;;
    --no-real) real=0; shift ;;
    --templates) templates=$2; shift 2 ;;
    --no-templates) templates=; shift ;;
    --no-links) links=0; shift ;;
    --no-docs) docs=0; shift ;;
    -h | --help) sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench-merge: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
link_runs=${link_runs:-$runs}
case $runs in '' | *[!0-9]* | 0) echo "bench-merge: --runs needs a positive number" >&2; exit 2 ;; esac
case $link_runs in '' | *[!0-9]* | 0) echo "bench-merge: --link-runs needs a positive number" >&2; exit 2 ;; esac

llvm_bin=/usr/lib/llvm-22/bin
llvm_gold=/usr/lib/llvm-22/lib/LLVMgold.so
case $build_dir in /*) build=$build_dir ;; *) build=$root/$build_dir ;; esac
ltofold=$build/bin/ltofold
gold_plugin=$build/lib/ltofold-gold.so
work=$build/bench-merge
inputs=$work/inputs
fail() { printf 'bench-merge: FAILED: %s\n' "$*" >&2; exit 1; }
step() { printf -- '-- %s %s\n' "$(date +%T)" "$*" >&2; }

[ -x "$llvm_bin/opt" ] || fail "no $llvm_bin/opt (scripts/setup.sh)"
[ -x "$llvm_bin/clang++" ] || fail "no $llvm_bin/clang++ (scripts/setup.sh)"
for set in $templates; do
  [[ $set =~ ^[1-9][0-9]*x[1-9][0-9]*$ ]] ||
    { echo "bench-merge: --templates wants TYPESxFILES words (30x2), not '$set'" >&2; exit 2; }
done
if [ -n "$templates" ] || [ "$real" = 1 ]; then
  command -v ld.gold >/dev/null || fail "no ld.gold (binutils; the template and real programs link with gold)"
  [ "$links" = 0 ] || [ -f "$llvm_gold" ] || fail "no $llvm_gold (llvm-22's gold plugin: package llvm-22-dev)"
fi
# The real programs' build trees and sources, under the build directory.
export RP_OUT=${RP_OUT:-$build/realprogs}
export LTOFOLD_SOURCES=${LTOFOLD_SOURCES:-$build/sources}

# 1. ltofold itself, up to date. The commit is that of the source tree the
# build directory was configured from (this checkout, or another worktree),
# taken now: the build is of that tree as it is at this moment.
if [ ! -f "$build/build.ninja" ]; then
  step "configuring $build_dir/ (cmake)"
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DLTOFOLD_WERROR=ON >/dev/null || fail "cmake configuration"
fi
source_dir=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt")
[ -n "$source_dir" ] || source_dir=$root
commit=$(git -C "$source_dir" rev-parse --short HEAD 2>/dev/null || echo unknown)
git -C "$source_dir" diff --quiet HEAD -- merge plugin fprange canon CMakeLists.txt 2>/dev/null ||
  commit+=" with uncommitted changes in merge/, plugin/, fprange/ or canon/"
[ "$source_dir" -ef "$root" ] || commit+=" (built from $source_dir)"
ninja -C "$build" ltofold ltofold_gold >/dev/null || fail "ninja build of ltofold and ltofold-gold.so"
[ -f "$gold_plugin" ] || fail "the build made no $gold_plugin"

# Timed runs: CPU seconds (user + sys), peak RSS (KB) and wall seconds of a
# command and its children, from wait4; written as one line to TIME_FILE.
measure_py='
import os, sys, time
time_file, log, argv = sys.argv[1], sys.argv[2], sys.argv[3:]
fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
start = time.perf_counter()
pid = os.posix_spawnp(argv[0], argv, dict(os.environ),
                      file_actions=[(os.POSIX_SPAWN_DUP2, fd, 1), (os.POSIX_SPAWN_DUP2, fd, 2)])
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - start
code = os.waitstatus_to_exitcode(status)
if code:
    sys.exit(code if code > 0 else 128 - code)
with open(time_file, "w") as f:
    f.write("%.4f %d %.4f\n" % (usage.ru_utime + usage.ru_stime, usage.ru_maxrss, wall))
'
timed() { # TIME_FILE LOG_FILE COMMAND...
  local time_file=$1 log=$2
  shift 2
  python3 -c "$measure_py" "$time_file" "$log" "$@" || fail "$* (see $log)"
}
# timed_or_note NOTES LABEL TIME_FILE LOG_FILE COMMAND...: timed, but a
# failure of the command writes "failed" to TIME_FILE and a line to NOTES
# (once per LABEL) instead of stopping the benchmark: an ltofold variant
# that fails on one input.
timed_or_note() {
  local notes=$1 label=$2 time_file=$3 log=$4
  shift 4
  python3 -c "$measure_py" "$time_file" "$log" "$@" && return 0
  echo failed >"$time_file"
  grep -qF "$label failed" "$notes" 2>/dev/null ||
    printf '%s failed: %s\n' "$label" "$(grep -m 1 . "$log" | cut -c 1-400)" >>"$notes"
}
median() { # NUMBERS... -> the median
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
    if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
field() { # FILE_GLOB FIELD(1: CPU seconds, 2: KB, 3: wall seconds) -> the median
  local values=() f
  for f in $1; do
    # one failed run (timed_or_note) makes the value unknown
    if [ "$(cat "$f")" = failed ]; then echo nan; return; fi
    values+=("$(awk -v k="$2" '{ print $k }' "$f")")
  done
  median "${values[@]}"
}

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

# Linked programs: NAME -> how to link it (link_command sets link_cwd and
# link_cmd, the command without the plugin's flags and writing OUT).
linked=()
declare -A link_kind=()
for set in $templates; do
  types=${set%x*} files=${set#*x}
  name=tpl-${types}x$files dir=$inputs/tpl-${types}x$files
  if [ ! -f "$dir/stamp" ] || [ ! "$dir/stamp" -nt scripts/gen-template-program.py ]; then
    step "$name: generating and compiling (clang++ -O2 -flto=full -c, $((files + 1)) files)"
    rm -rf "$dir"
    python3 scripts/gen-template-program.py --types "$types" --files "$files" -o "$dir" ||
      fail "gen-template-program.py --types $types --files $files"
    for cpp in "$dir"/*.cpp; do
      "$llvm_bin/clang++" -O2 -flto=full -c "$cpp" -o "${cpp%.cpp}.o" ||
        fail "compiling $cpp"
    done
    touch "$dir/stamp"
  fi
  linked+=("$name")
  link_kind[$name]=template
done
if [ "$real" = 1 ]; then
  # shellcheck source=../testsuite/realprogs/lib/common.sh
  source testsuite/realprogs/lib/common.sh
  # shellcheck disable=SC2206 # a list of words
  [ -n "$programs" ] && rp_programs=($programs) || rp_programs=("${RP_PROGRAMS[@]}")
  step "the real programs' bitcode (scripts/realprogs.sh --build-only ${rp_programs[*]})"
  bash scripts/realprogs.sh --build-only "${rp_programs[@]}" || fail "building the real programs"
  for p in "${rp_programs[@]}"; do
    linked+=("real-$p")
    link_kind[real-$p]=real
  done
fi

# link_command NAME OUT: sets link_cwd and link_cmd (an array) to NAME's link
# writing OUT, without a plugin; link_extra to the words that must follow
# the plugin's flags.
link_command() {
  local name=$1 output=$2 line i
  local -a w
  link_extra=()
  case ${link_kind[$name]} in
    template)
      link_cwd=$inputs/$name
      link_cmd=("$llvm_bin/clang++" -fuse-ld=gold "$link_cwd"/*.o -o "$output") ;;
    real)
      rp_load "${name#real-}"
      line=$(rp_link_entry "$RP_OUT/${name#real-}/build" "$RP_BENCH") ||
        fail "$name: no logged link of $RP_BENCH in $RP_OUT/${name#real-}/links.log"
      eval "w=($line)"
      link_cwd=${w[0]}
      link_cmd=("${w[@]:1}")
      for ((i = 0; i < ${#link_cmd[@]}; i++)); do
        [ "${link_cmd[i]}" = -o ] && link_cmd[i + 1]=$output
      done
      # -fno-lto: with -flto on the link line (CMake passes the compile flags)
      # clang would hand its own LLVMgold.so to gold ahead of -Wl,-plugin.
      link_cmd+=(-fuse-ld=gold -fno-lto) ;;
  esac
}
# plugin_flags ltofold|llvm [REPORT]: the words that select the plugin.
plugin_flags() {
  if [ "$1" = ltofold ]; then
    flags=("-Wl,-plugin,$gold_plugin" "-Wl,-plugin-opt=jobs=1")
    [ -z "${2:-}" ] || flags+=("-Wl,-plugin-opt=report=$2")
  else
    flags=("-Wl,-plugin,$llvm_gold" "-Wl,-plugin-opt=jobs=1")
  fi
}

# The module merge receives in each linked program: one link with save-temps.
for name in "${linked[@]}"; do
  out=$work/links/$name
  rm -rf "$out"
  mkdir -p "$out"
  step "$name: the module merge receives (gold, ltofold-gold.so, jobs=1, save-temps)"
  link_command "$name" "$out/save-temps"
  plugin_flags ltofold "$out/save-temps.json"
  (cd "$link_cwd" && "${link_cmd[@]}" "${flags[@]}" -Wl,-plugin-opt=save-temps) \
    >"$out/save-temps.log" 2>&1 || fail "$name: link with save-temps (see $out/save-temps.log)"
  [ -f "$out/save-temps.ltofold.3.canon.bc" ] ||
    fail "$name: save-temps wrote no $out/save-temps.ltofold.3.canon.bc"
  mv "$out/save-temps.ltofold.3.canon.bc" "$inputs/$name.bc"
  rm -f "$out"/save-temps.ltofold.*
  names+=("$name")
done

# 3. Timed merges, interleaved.
variants=(llvm default nocertify equal)
rows=$work/rows.tsv
: >"$rows"
for name in "${names[@]}"; do
  in=$inputs/$name.bc
  out=$work/out/$name
  rm -rf "$out"
  mkdir -p "$out"
  step "$name: $runs interleaved runs of opt -passes=mergefunc and 3 ltofold merges"
  for run in $(seq 1 "$runs"); do
    # Each round starts at the next command, so none always runs first.
    for k in 0 1 2 3; do
      variant=${variants[(k + run - 1) % 4]}
      # shellcheck disable=SC2016 # the labels' backquotes are Markdown
      case $variant in
        llvm) timed "$out/llvm.$run.time" "$out/llvm.$run.log" \
          "$llvm_bin/opt" -passes=mergefunc "$in" -o "$out/llvm.bc" ;;
        default) timed_or_note "$out/notes" '`ltofold merge` (the defaults)' "$out/default.$run.time" "$out/default.$run.log" \
          "$ltofold" merge "$in" -o "$out/default.bc" ;;
        nocertify) timed_or_note "$out/notes" '`--certify=false`' "$out/nocertify.$run.time" "$out/nocertify.$run.log" \
          "$ltofold" merge "$in" -o "$out/nocertify.bc" --certify=false ;;
        equal) timed_or_note "$out/notes" '`--merge-similar=false --merge-outline=false`' "$out/equal.$run.time" "$out/equal.$run.log" \
          "$ltofold" merge "$in" -o "$out/equal.bc" --merge-similar=false --merge-outline=false ;;
      esac
    done
  done
  # Untimed: the counts, the report, and the output checked. When the
  # defaults fail (a module that does not verify), the row says so and has
  # no counts read off the output.
  defaults_ok=1
  "$ltofold" merge "$in" -o "$out/ltofold.bc" --stats --report "$out/report.json" \
    >"$out/stats.log" 2>&1 || defaults_ok=0
  "$ltofold" merge "$in" -o "$out/equal-stats.bc" --stats --merge-similar=false \
    --merge-outline=false >"$out/equal-stats.log" 2>&1 || true
  # Certification refuses a fold only when it cannot re-derive it: noted,
  # with what merge did then (its warning's last words).
  if grep -q 'did not check against' "$out/stats.log"; then
    printf 'certification refused folds with the defaults (warnings: %s; the last ends \"%s\")\n' \
      "$(grep -c 'did not check against' "$out/stats.log")" \
      "$(grep 'did not check against' "$out/stats.log" | tail -n 1 | sed 's/.*did not check against //')" \
      >>"$out/notes"
  fi
  certify_differs=0
  : >"$out/diff.json"
  if [ "$defaults_ok" = 1 ]; then
    cmp -s "$out/ltofold.bc" "$out/default.bc" ||
      fail "$name: ltofold wrote different modules with and without --stats --report"
    [ -f "$out/nocertify.bc" ] && ! cmp -s "$out/default.bc" "$out/nocertify.bc" && certify_differs=1
    "$llvm_bin/opt" -passes=verify -disable-output "$out/default.bc" ||
      fail "$name: ltofold's output does not verify"

    # What each one merged, from the output modules.
    for f in in llvm ltofold; do
      src=$in
      [ $f = in ] || src=$out/$f.bc
      "$llvm_bin/llvm-dis" "$src" -o "$out/$f.ll" || fail "llvm-dis $src"
    done
    python3 scripts/merge-diff.py "$out/in.ll" "$out/llvm.ll" "$out/ltofold.ll" \
      "$out/report.json" >"$out/diff.json" || fail "merge-diff on $name"
  elif ! grep -qF '(the defaults) failed' "$out/notes" 2>/dev/null; then
    # shellcheck disable=SC2016 # Markdown backquotes
    printf '`ltofold merge` (the defaults) failed: %s\n' \
      "$(grep -v '^ltofold merge:' "$out/stats.log" | grep -m 1 . | cut -c 1-400)" >>"$out/notes"
  fi
  rm -f "$out/in.ll" "$out/llvm.ll" "$out/ltofold.ll" "$out"/*.bc

  stats=$(grep -h '^ltofold merge:' "$out/stats.log") || stats=-
  equal_stats=$(grep -h '^ltofold merge:' "$out/equal-stats.log") || equal_stats=-
  line=$name
  for v in "${variants[@]}"; do line+=$'\t'$(field "$out/$v.*.time" 1); done
  for v in "${variants[@]}"; do line+=$'\t'$(field "$out/$v.*.time" 2); done
  printf '%s\t%s\t%s\t%s\n' "$line" "$certify_differs" "$stats" "$equal_stats" >>"$rows"
done

# 4. Timed links, interleaved: ltofold-gold.so against LLVMgold.so.
link_rows=$work/link-rows.tsv
: >"$link_rows"
if [ "$links" = 1 ]; then
  for name in "${linked[@]}"; do
    out=$work/links/$name
    step "$name: $link_runs interleaved links with ltofold-gold.so and LLVMgold.so (jobs=1)"
    for run in $(seq 1 "$link_runs"); do
      if [ $((run % 2)) = 1 ]; then order="ltofold llvm"; else order="llvm ltofold"; fi
      for plugin in $order; do
        link_command "$name" "$out/$plugin.out"
        plugin_flags "$plugin" "$out/ltofold.$run.json"
        (cd "$link_cwd" && timed "$out/$plugin.$run.time" "$out/$plugin.$run.log" \
          "${link_cmd[@]}" "${flags[@]}" "${link_extra[@]}")
      done
    done
    # The template programs print a checksum per type: the same either way.
    if [ "${link_kind[$name]}" = template ]; then
      "$out/ltofold.out" >"$out/ltofold.stdout" || fail "$name: the ltofold-linked program failed"
      "$out/llvm.out" >"$out/llvm.stdout" || fail "$name: the LLVMgold-linked program failed"
      cmp -s "$out/ltofold.stdout" "$out/llvm.stdout" ||
        fail "$name: the ltofold-linked program prints other numbers than the LLVMgold-linked one"
    fi
    python3 - "$out" "$link_runs" >"$out/phases.tsv" <<'EOF' || fail "$name: reading the link reports"
import json, statistics, sys
out, runs = sys.argv[1], int(sys.argv[2])
phases = {}
for run in range(1, runs + 1):
    report = json.load(open("%s/ltofold.%d.json" % (out, run)))["phases"]
    for p in report:
        phases.setdefault(p["name"], []).append(p["seconds"])
    phases.setdefault("total", []).append(sum(p["seconds"] for p in report))
print("\t".join("%s=%.4f" % (k, statistics.median(v)) for k, v in phases.items()))
EOF
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" \
      "$(field "$out/llvm.*.time" 1)" "$(field "$out/ltofold.*.time" 1)" \
      "$(field "$out/llvm.*.time" 2)" "$(field "$out/ltofold.*.time" 2)" \
      "$(cat "$out/phases.tsv")" >>"$link_rows"
    rm -f "$out/llvm.out" "$out/ltofold.out"
  done
fi

# 5. The tables, the targets, and docs/BENCHMARKS.md.
section=$work/section.md
LLVM_VERSION=$("$llvm_bin/opt" --version | grep -o 'LLVM version [0-9.]*' | awk '{ print $3; exit }') \
COMMIT=$commit DATE=$(date -u +%Y-%m-%d) \
CPU=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo) \
CORES=$(nproc) RUNS=$runs LINK_RUNS=$link_runs COMMAND_LINE=$command_line \
LLVM_CXXFILT=$llvm_bin/llvm-cxxfilt WORK=${work#"$root"/} \
  python3 - "$rows" "$link_rows" "$work/out" >"$section" <<'EOF' || fail "making the tables"
import json, math, os, re, subprocess, sys

rows_path, link_rows_path, out_dir = sys.argv[1], sys.argv[2], sys.argv[3]
env = os.environ
STATS = re.compile(r"ltofold merge: (\d+) functions?, (\d+) candidates?, (\d+) folded "
                   r"\((\d+) in recursive groups\), (\d+) comparisons?")
VARIANTS = ["llvm", "default", "nocertify", "equal"]

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

def ratio(a, b):
    return a / b if b > 0 else float("inf")

def secs(x, digits=3):
    return "failed" if math.isnan(x) else f"{x:.{digits}f}"

def times(a, b):
    return "-" if math.isnan(a) or math.isnan(b) else f"{ratio(a, b):.2f}"

def cell(value):
    return "-" if value is None else str(value)

def nlogn(n):
    return n * math.log2(n) if n > 1 else 1.0

def kind(name):
    return ("generated" if name.startswith("gen-") else
            "template program" if name.startswith("tpl-") else "real program")

rows = []
with open(rows_path) as f:
    for line in f:
        fields = line.rstrip("\n").split("\t")
        name, seconds, kb = fields[0], fields[1:5], fields[5:9]
        certify_differs, stats, equal_stats = fields[9], fields[10], fields[11]
        # "-" when that run failed before printing its statistics
        parsed = STATS.match(stats) if stats != "-" else None
        equal = STATS.match(equal_stats) if equal_stats != "-" else None
        functions, _, folded, recursive, comparisons = (
            map(int, parsed.groups()) if parsed else (None,) * 5)
        if functions is None and equal:
            functions = int(equal.group(1))
        equal_folded = int(equal.group(3)) if equal else None
        notes_path = os.path.join(out_dir, name, "notes")
        notes = open(notes_path).read().splitlines() if os.path.exists(notes_path) else []
        with open(os.path.join(out_dir, name, "diff.json")) as d:
            text = d.read()  # empty when the defaults failed
            diff = json.loads(text) if text.strip() else None
        rows.append(dict(name=name, s={v: float(x) for v, x in zip(VARIANTS, seconds)},
                         kb={v: float(x) for v, x in zip(VARIANTS, kb)},
                         certify_differs=certify_differs == "1", functions=functions,
                         folded=folded, equal_folded=equal_folded, recursive=recursive,
                         comparisons=comparisons, diff=diff, notes=notes))
links = []
with open(link_rows_path) as f:
    for line in f:
        fields = line.rstrip("\n").split("\t")
        phases = dict((k, float(v)) for k, v in (p.split("=") for p in fields[5:]))
        links.append(dict(name=fields[0], s_llvm=float(fields[1]), s_ours=float(fields[2]),
                          kb_llvm=int(float(fields[3])), kb_ours=int(float(fields[4])),
                          phases=phases))
functions_of = {r["name"]: r["functions"] for r in rows}

lines = []
out = lines.append
out("## merge")
out("")
out("The cost of `ltofold merge` against LLVM's `opt -passes=mergefunc` on the same "
    "modules, and of the merge phase inside gold links against LLVM's own gold plugin "
    "(issue 35; made by `scripts/bench-merge.sh`, rerunning it replaces this section):")
out("")
out("```")
out(env["COMMAND_LINE"])
out("```")
out("")
out(f"{env['DATE']}, LLVM {env['LLVM_VERSION']}, ltofold at {env['COMMIT']}; "
    f"{env['CORES']} cores ({env['CPU']}), one of them busy with other work. Times are CPU "
    f"seconds (user + sys, from wait4: the numbers /usr/bin/time prints, to the "
    f"microsecond), the median of {env['RUNS']} interleaved runs of each command, whole "
    "process (read bitcode, merge, write bitcode); memory is peak RSS, median. *LLVM* is "
    "`opt -passes=mergefunc IN -o OUT` (which also verifies its input and output, as it "
    "does by default); *ltofold* is `ltofold merge IN -o OUT` with the defaults "
    "(certification, similar merging and outlining on); *no-certify* adds "
    "`--certify=false`; *equal-only* adds `--merge-similar=false --merge-outline=false`. "
    "Inputs: *gen-N* from `scripts/gen-merge-module.py --functions N`; *tpl-TxF* the "
    "programs of `scripts/gen-template-program.py --types T --files F`; *fmt-* fmt's "
    "format-test from `scripts/build-fmt-bitcode.sh` (lld's preopt and precodegen "
    "modules); *real-P* the benchmark binary of each program of testsuite/realprogs. "
    "For tpl and real the module is the one merge receives in a gold link with "
    "ltofold-gold.so (`-plugin-opt=save-temps`: `OUT.ltofold.3.canon.bc`, after "
    "fprange and LLVM's LTO optimization). *functions*, *comparisons* (full function "
    "comparisons) and *folded* are ltofold's `--stats` (with the defaults, and "
    "equal-only's); *merged* counts function bodies removed, read off the output "
    "modules of LLVM and of ltofold with the defaults (scripts/merge-diff.py; a function "
    "outlining made counts as a new body, so it can be below zero); "
    "*missed* is the number of folds LLVM made that ltofold did not.")
out("")
out("| input | functions | merged LLVM | merged ltofold | folded ltofold | folded equal-only | missed "
    "| comparisons | LLVM s | ltofold s | ltofold / LLVM | no-certify s | no-certify / LLVM "
    "| equal-only s | equal-only / LLVM | LLVM MB | ltofold MB | no-certify MB | equal-only MB |")
out("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for r in rows:
    d, s, kb = r["diff"], r["s"], r["kb"]
    out(f"| {r['name']} | {cell(r['functions'])} | {d['reference']['merged'] if d else '-'} "
        f"| {d['ltofold']['merged'] if d else '-'} "
        f"| {cell(r['folded'])} | {cell(r['equal_folded'])} "
        f"| {len(d['missed']) if d else '-'} | {cell(r['comparisons'])} "
        f"| {secs(s['llvm'])} | {secs(s['default'])} | **{times(s['default'], s['llvm'])}** "
        f"| {secs(s['nocertify'])} | {times(s['nocertify'], s['llvm'])} "
        f"| {secs(s['equal'])} | {times(s['equal'], s['llvm'])} | "
        + " | ".join("-" if math.isnan(kb[v]) else f"{kb[v] / 1024:.0f}" for v in VARIANTS) + " |")
out("")
unknown = [(r["name"], r["diff"]["reference"]["partner_unknown"]) for r in rows
           if r["diff"] and r["diff"]["reference"]["partner_unknown"]]
if unknown:
    out("For some functions LLVM deleted, the output does not tell which function "
        "took their place (" + ", ".join(f"{n}: {k}" for n, k in unknown) + "); for "
        "those, *missed* only checks that ltofold folded them or kept them as the "
        "survivor of a fold.")
    out("")
differs = [r["name"] for r in rows if r["certify_differs"]]
if differs:
    out("With `--certify=false` the output differs from the default's on "
        + ", ".join(differs) + ": certification refused a fold there.")
    out("")
noted = [r for r in rows if r["notes"]]
if noted:
    out("Notes (failures are shown as *failed* in the table, and left out of the targets):")
    out("")
    for r in noted:
        for note in r["notes"]:
            out(f"- {r['name']}: {note}")
    out("")

generated = sorted((r for r in rows if r["name"].startswith("gen-")
                    and r["comparisons"] is not None),
                   key=lambda r: r["functions"])
if generated:
    out("Growth on the generated modules: CPU microseconds per N log2 N (flat when the "
        "cost grows as N log N) and comparisons per N log2 N.")
    out("")
    out("| N | LLVM us / (N log2 N) | ltofold us / (N log2 N) | no-certify us / (N log2 N) "
        "| equal-only us / (N log2 N) | comparisons / (N log2 N) |")
    out("|---:|---:|---:|---:|---:|---:|")
    for r in generated:
        n = nlogn(r["functions"])
        out(f"| {r['functions']} | " + " | ".join(secs(1e6 * r['s'][v] / n) for v in VARIANTS)
            + f" | {r['comparisons'] / n:.3f} |")
    out("")

if links:
    out(f"Links at jobs=1 with gold (`clang++ -fuse-ld=gold ... -Wl,-plugin,PLUGIN "
        f"-Wl,-plugin-opt=jobs=1`; the real programs' own link commands, with "
        f"`-fno-lto` so that clang adds no plugin of its own): *LLVMgold* is "
        f"/usr/lib/llvm-22/lib/LLVMgold.so, *ltofold* is ltofold-gold.so with its defaults "
        f"and `-plugin-opt=report=R.json`. *link s* is the CPU time (user + sys) of the "
        f"whole link command (clang driver, gold, LTO, code generation), median of "
        f"{env['LINK_RUNS']} interleaved runs; *lto*, *merge*, *codegen* and *phases* "
        f"(the sum of all of the report's phases) are the report's wall seconds, medians; "
        f"*merge share* is merge / phases.")
    out("")
    out("| program | functions at merge | LLVMgold link s | ltofold link s | ltofold / LLVMgold "
        "| LLVMgold MB | ltofold MB | lto s | merge s | codegen s | phases s | merge share |")
    out("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for l in links:
        p = l["phases"]
        l["share"] = ratio(p.get("merge", 0.0), p["total"])
        out(f"| {l['name']} | {functions_of.get(l['name'], '-')} | {l['s_llvm']:.2f} "
            f"| {l['s_ours']:.2f} | **{ratio(l['s_ours'], l['s_llvm']):.2f}** "
            f"| {l['kb_llvm'] / 1024:.0f} | {l['kb_ours'] / 1024:.0f} "
            f"| {p.get('lto', 0.0):.2f} | {p.get('merge', 0.0):.3f} | {p.get('codegen', 0.0):.2f} "
            f"| {p['total']:.2f} | **{100 * l['share']:.1f}%** |")
    out("")

# Targets.
def listing(items):
    return ", ".join(items) if items else "none"

out("Targets (issue 35):")
out("")
merge_ratios = [(r["name"], ratio(r["s"]["default"], r["s"]["llvm"])) for r in rows
                if not math.isnan(r["s"]["default"])]
failed_defaults = [r["name"] for r in rows if math.isnan(r["s"]["default"])]
def spread(variant, label):
    values = [ratio(r["s"][variant], r["s"]["llvm"]) for r in rows
              if not math.isnan(r["s"][variant])]
    failed = len(rows) - len(values)
    return (f"{label} {min(values):.2f}-{max(values):.2f}" if values else label + " not measured") \
        + (f", failed on {failed}" if failed else "")
slow = [f"{n} ({x:.2f})" for n, x in merge_ratios if x > 1.5] + \
       [f"{n} (failed)" for n in failed_defaults]
if merge_ratios:
    worst = max(merge_ratios, key=lambda t: t[1])
    out(f"- merge CPU time with the defaults <= 1.5 x `opt -passes=mergefunc` on every "
        f"generated and real module: " + ("**met**" if not slow else "**not met** on " + listing(slow))
        + f" (largest {worst[1]:.2f}, {worst[0]}; " + spread("nocertify", "without certification")
        + "; " + spread("equal", "equal-only") + ").")
if len(generated) >= 2:
    first, last = generated[0], generated[-1]
    def growth(key):
        return ratio(key(last) / nlogn(last["functions"]), key(first) / nlogn(first["functions"]))
    def exponent(key):
        return (math.log(key(last) / key(first))
                / math.log(last["functions"] / first["functions"]))
    cpu, llvm_cpu = (lambda r: r["s"]["default"]), (lambda r: r["s"]["llvm"])
    cmps = lambda r: r["comparisons"]
    ok = growth(cpu) <= 1.25 and growth(cmps) <= 1.25
    out(f"- growth near N log N from N = {first['functions']} to {last['functions']} "
        f"(met when CPU seconds and comparisons per N log2 N grow by at most x1.25): "
        f"{'**met**' if ok else '**not met**'}: CPU seconds / (N log2 N) x{growth(cpu):.2f} "
        f"(CPU time grows as N^{exponent(cpu):.2f}; LLVM's x{growth(llvm_cpu):.2f}, "
        f"N^{exponent(llvm_cpu):.2f}), comparisons / (N log2 N) x{growth(cmps):.2f} "
        f"(N^{exponent(cmps):.2f}).")
if links:
    big = [f"{l['name']} ({100 * l['share']:.1f}%)" for l in links if l["share"] > 0.10]
    worst = max(links, key=lambda l: l["share"])
    out(f"- the merge phase at most 10% of the gold link at jobs=1 (report phases): "
        + ("**met**" if not big else "**not met** on " + listing(big))
        + f" (largest {100 * worst['share']:.1f}%, {worst['name']}).")
    slow_links = [f"{l['name']} ({ratio(l['s_ours'], l['s_llvm']):.2f})" for l in links
                  if ratio(l["s_ours"], l["s_llvm"]) > 1.10]
    worst = max(links, key=lambda l: ratio(l["s_ours"], l["s_llvm"]))
    out(f"- ltofold-gold.so's whole link at most 1.10 x LLVMgold.so's (CPU time, jobs=1): "
        + ("**met**" if not slow_links else "**not met** on " + listing(slow_links))
        + f" (largest {ratio(worst['s_ours'], worst['s_llvm']):.2f}, {worst['name']}).")
missed_rows = [r for r in rows if r["diff"] and r["diff"]["missed"]]
unknown_rows = [r["name"] for r in rows if not r["diff"]]
out("- ltofold merges every function LLVM merges: "
    + ("**met**" if not missed_rows else
       "**not met** on " + ", ".join(f"{r['name']} ({len(r['diff']['missed'])} missed)"
                                     for r in missed_rows))
    + (f" (not known on {listing(unknown_rows)}, where the defaults failed)" if unknown_rows else "")
    + ".")
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
            out(f"  - ... {len(missed) - 20} more in {env['WORK']}/out/{r['name']}/diff.json")
    out("")
print("\n".join(lines))
EOF

cat "$section"
if [ "$docs" = 1 ]; then
  python3 scripts/replace-section.py docs/BENCHMARKS.md "## merge" "$section" ||
    fail "writing docs/BENCHMARKS.md"
  step "wrote the merge section of docs/BENCHMARKS.md"
fi
