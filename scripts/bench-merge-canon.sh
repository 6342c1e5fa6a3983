#!/usr/bin/env bash
# Does canonicalize-before-merge (merge-canon) pay off on real programs?
#
# For one test binary of each real program (testsuite/realprogs, built by
# `scripts/realprogs.sh --build-only`), replays its link through the gold
# plugin with save-temps to get the whole program after LLVM's LTO
# optimization, just before merge (OUTPUT.ltofold.3.canon.bc), then runs
# `ltofold merge` on that module with and without --merge-canon and compares
# the functions folded and the time (median of 3, side by side).
#
# Usage: scripts/bench-merge-canon.sh [--write]   (--write: replace the
# "merge-canon" section of docs/BENCHMARKS.md)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
write=0
[ "${1:-}" = --write ] && write=1

build=$root/build
plugin=$build/lib/ltofold-gold.so
ltofold=$build/bin/ltofold
[ -x "$ltofold" ] && [ -f "$plugin" ] || {
  echo "bench-merge-canon: build first (cmake -S . -B build -G Ninja && ninja -C build)" >&2
  exit 1
}

# program | output of the link to replay
targets=(
  "bzip2|bzip2"
  "cjson|cJSON_test"
  "jsoncpp|bin/jsoncpp_test"
  "pugixml|pugixml-check"
  "yaml-cpp|test/yaml-cpp-tests"
  "fmtlib|bin/format-test"
)

work=$build/bench-merge-canon
mkdir -p "$work"

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

folded() { # report.json -> functions folded
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["totals"]["functions_folded"])' "$1"
}

seconds() { # report.json -> merge phase seconds
  python3 -c 'import json,sys; print(sum(p["seconds"] for p in json.load(open(sys.argv[1]))["phases"] if p["name"]=="merge"))' "$1"
}

rows=()
for target in "${targets[@]}"; do
  program=${target%%|*}
  output=${target#*|}
  log=$build/realprogs/$program/links.log
  if [ ! -f "$log" ]; then
    echo "bench-merge-canon: $program is not built (scripts/realprogs.sh --build-only $program)" >&2
    exit 1
  fi
  line=$(grep -E -- "-o $output( |\$)" "$log" | head -1)
  [ -n "$line" ] || { echo "bench-merge-canon: no link of $output in $log" >&2; exit 1; }
  dir=${line%% *}
  command=${line#* }
  name=$(basename "$output")
  out=$work/$program-$name
  # The same link, through the gold plugin, -flto dropped (clang would add
  # LLVMgold.so), merge off: only the module before merge is wanted.
  relink=${command//-flto=full/}
  relink=${relink/ -o $output / -o $out }
  (cd "$dir" && eval "$relink -fuse-ld=gold -Wl,-plugin,$plugin \
     -Wl,-plugin-opt=save-temps -Wl,-plugin-opt=disable=merge") >/dev/null
  module=$out.ltofold.3.canon.bc
  plain_times=() canon_times=()
  for run in 1 2 3; do
    "$ltofold" merge "$module" -o /dev/null --report "$work/plain.json"
    "$ltofold" merge "$module" -o /dev/null --merge-canon --report "$work/canon.json"
    plain_times+=("$(seconds "$work/plain.json")")
    canon_times+=("$(seconds "$work/canon.json")")
  done
  functions=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["merge"]["functions"])' "$work/plain.json")
  plain=$(folded "$work/plain.json")
  canon=$(folded "$work/canon.json")
  tp=$(printf '%s\n' "${plain_times[@]}" | median)
  tc=$(printf '%s\n' "${canon_times[@]}" | median)
  ratio=$(awk -v a="$tc" -v b="$tp" 'BEGIN {printf "%.2f", (b > 0 ? a / b : 0)}')
  rows+=("| $program ($name) | $functions | $plain | $canon | $((canon - plain)) | $(printf '%.3f' "$tp") | $(printf '%.3f' "$tc") | $ratio |")
  echo "bench-merge-canon: $program $name: $functions functions, folded $plain plain, $canon with merge-canon"
  rm -f "$out" "$out".ltofold.*
done

table=$(
  echo "| program (binary) | functions | folded | folded with merge-canon | gained | merge s | merge-canon s | ratio |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
  printf '%s\n' "${rows[@]}"
)
echo "$table"

if [ "$write" = 1 ]; then
  section=$(cat <<EOF
## merge-canon (canonicalize before merge, on real programs)

Measured by \`scripts/bench-merge-canon.sh --write\` on $(date -u +%Y-%m-%d)
(LLVM $(/usr/lib/llvm-22/bin/llvm-config --version), ltofold $(git rev-parse --short HEAD)).
Each program's test binary is linked through ltofold-gold.so with
save-temps; the module after LLVM's LTO optimization, just before merge, is
given to \`ltofold merge\` with and without \`--merge-canon\` (instruction and
commutative-operand order made canonical first). Times: the merge phase
(with canonicalization when on), median of 3, same run.

$table
EOF
)
  printf '%s\n' "$section" > "$work/new-section.md"
  python3 "$root/scripts/replace-section.py" "$root/docs/BENCHMARKS.md" \
    "## merge-canon (canonicalize before merge, on real programs)" "$work/new-section.md"
  echo "bench-merge-canon: docs/BENCHMARKS.md updated"
fi
