#!/usr/bin/env bash
# Benchmark of canon (issue 5): residual diff lines between semantically
# equal modules after `ltofold canon`, against LLVM's `opt -passes=normalize`
# (IRNormalizer) with its options; and canonicalization time on a module of
# about 100k instructions, as a ratio against normalize in the same run.
#
# usage: scripts/bench-canon.sh [BUILD_DIR] [--write]
#   BUILD_DIR  where bin/ltofold is (default: build)
#   --write    replace the "canon" section of docs/BENCHMARKS.md
#
# Pairs (all generated here, from the project's own sources):
#   order+names  a module and a variant of it (scripts/bench-canon-variant.py)
#                with independent instructions shuffled, every value and block
#                renamed, commutative operands swapped, compares written the
#                other way round, PHI edges, switch cases, blocks, globals and
#                functions reordered. Target: 0 residual lines.
#   pass order   the same source through two optimization pipelines that
#                differ in pass order. Some residue is real (the pipelines
#                do not compute identical code); fewer lines is better.
#   changed      a variant with one semantic change (a constant + 1): the
#                diff must not be empty (every semantic difference visible).
# Residual lines: lines starting with '+' or '-' in `diff -u` of the two
# canonical texts, without the ModuleID and source_filename lines (file
# names), counted the same way for every tool.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build"
write=false
for arg in "$@"; do
  case "$arg" in
    --write) write=true ;;
    *) build=$(cd "$arg" && pwd) ;;
  esac
done
llvm=/usr/lib/llvm-22/bin
ltofold="$build/bin/ltofold"
[ -x "$ltofold" ] || { echo "no $ltofold (build first)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-canon.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The tools compared; each reads $1 and writes canonical text to $2.
tools=(ltofold normalize normalize-preserve-order normalize-no-rename-all)
canonicalize() {
  local tool=$1 in=$2 out=$3
  case "$tool" in
    ltofold) "$ltofold" canon "$in" -S -o "$out" ;;
    normalize) "$llvm/opt" -S -passes=normalize "$in" -o "$out" ;;
    normalize-preserve-order)
      "$llvm/opt" -S -passes='normalize<preserve-order>' "$in" -o "$out" ;;
    normalize-no-rename-all)
      "$llvm/opt" -S -passes='normalize<no-rename-all>' "$in" -o "$out" ;;
  esac
  grep -v -e '^; ModuleID = ' -e '^source_filename = ' "$out" > "$out.body"
}

residual() { # residual lines between two canonical texts
  { diff -u "$1" "$2" || true; } | grep -c -E '^[-+]([^-+]|$)' || true
}

# ---- inputs --------------------------------------------------------------
sources=(
  testsuite/unit/inputs/containers.cpp
  testsuite/unit/inputs/shapes.cpp
  testsuite/unit/inputs/near_identical.cpp
  testsuite/link/demo/catalog.cpp
  testsuite/link/demo/plan.cpp
  testsuite/link/demo/main.cpp
)
inputs=()
for source in "${sources[@]}"; do
  name=$(basename "$source" .cpp)
  "$llvm/clang++" -std=c++17 -O2 -S -emit-llvm "$root/$source" -o "$work/$name.ll"
  inputs+=("$name")
done
# Generated code with many PHIs and vector operations.
for seed in 1 2 3; do
  "$llvm/llvm-stress" -size 2000 -seed "$seed" -o "$work/stress$seed.ll"
  inputs+=("stress$seed")
done

declare -A total
for tool in "${tools[@]}"; do
  total[$tool,order]=0; total[$tool,pass]=0; total[$tool,local]=0
done
rows_order=""
rows_local=""
rows_pass=""
rows_changed=""
changed_ok=true

# ---- order+names pairs ------------------------------------------------------
for name in "${inputs[@]}"; do
  "$llvm/opt" -S -passes=instnamer "$work/$name.ll" -o "$work/$name.named.ll"
  python3 "$root/scripts/bench-canon-variant.py" "$work/$name.named.ll" \
    "$work/$name.variant.ll" --seed 11
  python3 "$root/scripts/bench-canon-variant.py" "$work/$name.named.ll" \
    "$work/$name.changed.ll" --seed 11 --change 2> /dev/null
  python3 "$root/scripts/bench-canon-variant.py" "$work/$name.named.ll" \
    "$work/$name.local.ll" --seed 11 --what shuffle,rename
  "$llvm/opt" -passes=verify -disable-output "$work/$name.variant.ll"
  "$llvm/opt" -passes=verify -disable-output "$work/$name.changed.ll"
  "$llvm/opt" -passes=verify -disable-output "$work/$name.local.ll"
  raw=$(residual "$work/$name.named.ll" "$work/$name.variant.ll")
  row="| $name | $raw |"
  lrow="| $name | $(residual "$work/$name.named.ll" "$work/$name.local.ll") |"
  crow="| $name |"
  for tool in "${tools[@]}"; do
    canonicalize "$tool" "$work/$name.local.ll" "$work/$name.l.$tool.ll"
    canonicalize "$tool" "$work/$name.named.ll" "$work/$name.a.$tool.ll"
    canonicalize "$tool" "$work/$name.variant.ll" "$work/$name.b.$tool.ll"
    canonicalize "$tool" "$work/$name.changed.ll" "$work/$name.c.$tool.ll"
    lines=$(residual "$work/$name.a.$tool.ll.body" "$work/$name.b.$tool.ll.body")
    total[$tool,order]=$((total[$tool,order] + lines))
    row="$row $lines |"
    lines=$(residual "$work/$name.a.$tool.ll.body" "$work/$name.l.$tool.ll.body")
    total[$tool,local]=$((total[$tool,local] + lines))
    lrow="$lrow $lines |"
    changed=$(residual "$work/$name.a.$tool.ll.body" "$work/$name.c.$tool.ll.body")
    crow="$crow $changed |"
    if [ "$tool" = ltofold ] && [ "$changed" -eq 0 ]; then changed_ok=false; fi
  done
  rows_order+="$row"$'\n'
  rows_local+="$lrow"$'\n'
  rows_changed+="$crow"$'\n'
done

# ---- pass-order pairs --------------------------------------------------------
pipelines_a='sroa,early-cse,instcombine,simplifycfg,gvn,instcombine'
pipelines_b='sroa,instcombine,gvn,simplifycfg,early-cse,instcombine'
for source in "${sources[@]}"; do
  name=$(basename "$source" .cpp)
  "$llvm/clang++" -std=c++17 -O0 -Xclang -disable-O0-optnone -S -emit-llvm \
    "$root/$source" -o "$work/$name.O0.ll"
  "$llvm/opt" -S -passes="$pipelines_a" "$work/$name.O0.ll" -o "$work/$name.pa.ll"
  "$llvm/opt" -S -passes="$pipelines_b" "$work/$name.O0.ll" -o "$work/$name.pb.ll"
  raw=$(residual "$work/$name.pa.ll" "$work/$name.pb.ll")
  row="| $name | $raw |"
  for tool in "${tools[@]}"; do
    canonicalize "$tool" "$work/$name.pa.ll" "$work/$name.pa.$tool.ll"
    canonicalize "$tool" "$work/$name.pb.ll" "$work/$name.pb.$tool.ll"
    lines=$(residual "$work/$name.pa.$tool.ll.body" "$work/$name.pb.$tool.ll.body")
    total[$tool,pass]=$((total[$tool,pass] + lines))
    row="$row $lines |"
  done
  rows_pass+="$row"$'\n'
done

# ---- time on ~100k instructions ----------------------------------------------
# 100 generated functions of ~1000 instructions each, linked into one module.
stress=()
for seed in $(seq 101 200); do
  "$llvm/llvm-stress" -size 1000 -seed "$seed" -o "$work/t$seed.ll"
  stress+=("$work/t$seed.ll")
done
"$llvm/llvm-link" "${stress[@]}" -o "$work/big.bc"
instructions=$("$llvm/llvm-dis" "$work/big.bc" -o - | grep -c -E '^  [^ ;]')
best_time() { # best of five runs of "$@": CPU seconds (user + system)
  local best=""
  for _ in 1 2 3 4 5; do
    local t
    /usr/bin/time -o "$work/time" -f '%U %S' "$@" > /dev/null 2>&1
    t=$(awk '{ print $1 + $2 }' "$work/time")
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  printf '%.3f' "$best"
}
t_io=$(best_time "$llvm/opt" -passes=verify "$work/big.bc" -o "$work/io.bc")
t_ltofold=$(best_time "$ltofold" canon "$work/big.bc" -o "$work/canon.bc")
t_normalize=$(best_time "$llvm/opt" -passes=normalize "$work/big.bc" -o "$work/norm.bc")
ratio=$(printf '%.2f' "$(echo "$t_ltofold / $t_normalize" | bc -l)")
net_ratio=$(printf '%.2f' "$(echo "($t_ltofold - $t_io) / ($t_normalize - $t_io)" | bc -l)")

# ---- report --------------------------------------------------------------------
header="| module | raw |"
sep="|---|---|"
for tool in "${tools[@]}"; do header+=" $tool |"; sep+="---|"; done
total_row_local="| **total** | |"
total_row_order="| **total** | |"
total_row_pass="| **total** | |"
for tool in "${tools[@]}"; do
  total_row_local+=" **${total[$tool,local]}** |"
  total_row_order+=" **${total[$tool,order]}** |"
  total_row_pass+=" **${total[$tool,pass]}** |"
done
report=$(cat <<EOF
## canon

Measured by \`scripts/bench-canon.sh $(basename "$build") --write\` on $(date -u +%Y-%m-%d)
(LLVM $("$llvm/opt" --version | sed -n 's/.*LLVM version //p' | head -1)). Residual lines: \`+\`/\`-\` lines of
\`diff -u\` between the two canonical texts (ModuleID and source_filename
lines removed for every tool). Columns: \`raw\` = before canonicalizing;
\`ltofold\` = \`ltofold canon\`; \`normalize*\` = \`opt -passes='normalize<...>'\`
(default options, \`preserve-order\`, \`no-rename-all\`).

### Equal modules differing in order and names (target: 0)

Each module (clang++ -O2, or llvm-stress) against a variant from
\`scripts/bench-canon-variant.py --seed 11\`: independent instructions
shuffled, all values and blocks renamed, commutative operands swapped,
compares written the other way round, PHI edges, switch cases, blocks,
global variables and functions reordered.

$header
$sep
${rows_order}${total_row_order}

Only shuffled and renamed (\`--what shuffle,rename\`: blocks, PHI edges
and operands in their original order, what normalize is built for):

$header
$sep
${rows_local}${total_row_local}

### The same source through two pass orders

clang++ -O0 (optnone off), then \`opt -passes='$pipelines_a'\` vs
\`'$pipelines_b'\`. Part of the residue is real: the two pipelines do not
always produce the same code.

$header
$sep
${rows_pass}${total_row_pass}

### One semantic change is still visible

The variant above with one constant changed (\`--change\`): residual lines
(must be > 0 for every module; ltofold: $( $changed_ok && echo "all visible" || echo "SOME MISSING")).

| module |$(for tool in "${tools[@]}"; do printf ' %s |' "$tool"; done)
|---|$(for tool in "${tools[@]}"; do printf -- '---|'; done)
${rows_changed}
### Time on a module of $instructions instructions

100 llvm-stress functions (-size 1000, seeds 101-200) linked into one
module; bitcode in and out (both tools also verify their output); CPU
seconds (user + system, so other load on the machine counts less), best of
5 runs.

| | CPU seconds |
|---|---|
| \`opt -passes=verify\` (read + write only) | $t_io |
| \`ltofold canon\` | $t_ltofold |
| \`opt -passes=normalize\` | $t_normalize |
| **ratio ltofold / normalize** | **$ratio** (net of read+write: $net_ratio) |
EOF
)
echo "$report"
if $write; then
  doc="$root/docs/BENCHMARKS.md"
  touch "$doc"
  printf '%s\n' "$report" > "$work/new-section.md"
  python3 "$root/scripts/replace-section.py" "$doc" "## canon" "$work/new-section.md"
  echo "wrote the canon section of $doc"
fi
