#!/usr/bin/env bash
# `ltofold diff` on whole real programs (issue 14): what it says about two
# builds of one program, and how long it takes against LLVM's
# `opt -passes=normalize` on both sides.
#
# For each program (testsuite/realprogs), builds its bitcode twice, with
# -O2 and with -O3 (scripts/realprogs.sh --build-only, RP_CFLAGS), replays
# the link of its test binary through lld with --save-temps to get the whole
# program as LTO hands it to code generation (BINARY.0.5.precodegen.bc), and
# runs
#   ltofold diff --summary O2 O2   (must say "no change")
#   ltofold diff --summary O2 O3   (the summary; its first lines are shown)
#   ltofold diff O2 O3             (timed: summary and every diff)
#   opt -passes=normalize on O2 and on O3 (timed, the sum)
# Times: CPU seconds (user + system), best of 3. With --baseline LTOFOLD,
# also the lines another build of ltofold (an older commit) prints for
# the same diff.
#
# usage: scripts/bench-diff.sh [--write] [--baseline LTOFOLD] [PROGRAM...]
#        (default: jsoncpp yaml-cpp; --write replaces the "canon: whole
#        programs" section of docs/BENCHMARKS.md)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
write=false
baseline=""
programs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --write) write=true ;;
    --baseline) baseline=$(realpath "$2"); shift ;;
    -*) echo "bench-diff: unknown option $1" >&2; exit 2 ;;
    *) programs+=("$1") ;;
  esac
  shift
done
[ ${#programs[@]} -gt 0 ] || programs=(jsoncpp yaml-cpp)
llvm=/usr/lib/llvm-22/bin
ltofold=$root/build/bin/ltofold
[ -x "$ltofold" ] || { echo "bench-diff: no $ltofold (build first)" >&2; exit 2; }
out=$root/build/bench-diff
mkdir -p "$out"

# program | the link of its test binary (as in links.log)
declare -A binary=(
  [bzip2]=bzip2 [cjson]=cJSON_test [jsoncpp]=bin/jsoncpp_test
  [pugixml]=pugixml-check [fmtlib]=bin/format-test
  [yaml-cpp]=test/yaml-cpp-tests
)

best_time() { # CPU seconds of the best of 3 runs of "$@"
  local best="" t
  for _ in 1 2 3; do
    /usr/bin/time -o "$out/time" -f '%U %S' "$@" > /dev/null 2>&1 || true
    t=$(tail -n 1 "$out/time" | awk '{ print $1 + $2 }')
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN {exit !(a < b)}'; then
      best=$t
    fi
  done
  printf '%.2f' "$best"
}

# whole_program LEVEL PROGRAM: builds PROGRAM at -OLEVEL and prints the path
# of its test binary's whole-program bitcode.
whole_program() {
  local level=$1 program=$2
  local rp_out=$out/O$level
  RP_OUT=$rp_out RP_CFLAGS="-O$level -flto=full" \
    bash "$root/scripts/realprogs.sh" --build-only "$program" >&2
  local log=$rp_out/$program/links.log target=${binary[$program]}
  local line dir command relink name
  line=$(grep -E -- "-o $target( |\$)" "$log" | head -1)
  [ -n "$line" ] || { echo "bench-diff: no link of $target in $log" >&2; exit 1; }
  dir=${line%% *}
  command=${line#* }
  name=$out/$program-O$level
  relink=${command/ -o $target / -o $name }
  (cd "$dir" && eval "$relink -fuse-ld=lld -Wl,--save-temps") > /dev/null
  rm -f "$name"
  echo "$name.0.5.precodegen.bc"
}

rows=()
summaries=""
for program in "${programs[@]}"; do
  [ -n "${binary[$program]:-}" ] || { echo "bench-diff: unknown program $program" >&2; exit 2; }
  o2=$(whole_program 2 "$program")
  o3=$(whole_program 3 "$program")
  same=$("$ltofold" diff --summary "$o2" "$o2" | tail -n +2)
  [ "$same" = "no change" ] || { echo "bench-diff: $program: the same build twice: $same" >&2; exit 1; }
  "$ltofold" diff --summary "$o2" "$o3" > "$out/$program.summary" || true
  "$ltofold" diff "$o2" "$o3" > "$out/$program.diff" || true
  functions=$(sed -n 's/^functions: \([0-9]*\) -> \([0-9]*\):.*/\1 -> \2/p' "$out/$program.summary")
  changed=$(sed -n 's/^functions: .*: \([0-9]*\) changed.*/\1/p' "$out/$program.summary")
  lines=$(wc -l < "$out/$program.diff")
  if [ -n "$baseline" ]; then
    lines="$({ "$baseline" diff "$o2" "$o3" || true; } | wc -l) -> $lines"
  fi
  t_diff=$(best_time "$ltofold" diff "$o2" "$o3")
  t_o2=$(best_time "$llvm/opt" -passes=normalize "$o2" -o "$out/n2.bc")
  t_o3=$(best_time "$llvm/opt" -passes=normalize "$o3" -o "$out/n3.bc")
  t_norm=$(awk -v a="$t_o2" -v b="$t_o3" 'BEGIN {printf "%.2f", a + b}')
  ratio=$(awk -v a="$t_diff" -v b="$t_norm" 'BEGIN {printf "%.2f", a / b}')
  rows+=("| $program (${binary[$program]}) | $functions | $changed | $lines | $t_diff | $t_norm | $ratio |")
  summaries+=$'\n'"$program, -O2 -> -O3 (\`ltofold diff --summary --limit 5\`, paths shortened):"$'\n\n```\n'
  summaries+=$("$ltofold" diff --summary --limit 5 "$o2" "$o3" | sed "s|$out/||g" | cut -c1-160 || true)
  summaries+=$'\n```\n'
  echo "bench-diff: $program: $functions functions, $changed changed; diff ${t_diff}s, normalize both ${t_norm}s" >&2
done

section=$(cat <<EOF
## canon: whole programs (bench-diff.sh)

Measured by \`scripts/bench-diff.sh --write${baseline:+ --baseline OLD} ${programs[*]}\` on $(date -u +%Y-%m-%d)
(LLVM $("$llvm/llvm-config" --version), ltofold $(git -C "$root" rev-parse --short HEAD)${baseline:+; *diff lines* A -> B: A from the baseline, an older build of ltofold}).
Each program's bitcode built with \`-O2 -flto=full\` and with \`-O3
-flto=full\`; its test binary's link replayed through lld with
\`--save-temps\`; the whole program as code generation gets it
(\`*.0.5.precodegen.bc\`) compared. The same build twice says "no change"
for every program (checked by the script). *diff lines*: the whole output
of \`ltofold diff\` (summary and every changed function). Times: CPU
seconds, best of 3; *normalize both*: \`opt -passes=normalize\` on each of
the two modules, added up (target: \`ltofold diff\` at most 2x).

| program (binary) | functions O2 -> O3 | changed | diff lines | ltofold diff s | normalize both s | ratio |
|---|---|---:|---:|---:|---:|---:|
$(printf '%s\n' "${rows[@]}")
$summaries
EOF
)
echo "$section"
if $write; then
  printf '%s\n' "$section" > "$out/new-section.md"
  python3 "$root/scripts/replace-section.py" "$root/docs/BENCHMARKS.md" \
    "## canon: whole programs (bench-diff.sh)" "$out/new-section.md"
  echo "bench-diff: docs/BENCHMARKS.md updated" >&2
fi
