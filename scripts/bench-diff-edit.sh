#!/usr/bin/env bash
# `ltofold diff` on one-line source edits (issue 36): how many lines of the
# edited function it shows as changed, where the right answer is a handful.
#
# Builds whole programs with clang-22 -O2 -flto=full and lld --save-temps
# (the program as code generation gets it, *.0.5.precodegen.bc), once as
# they are and once per edit, and runs `ltofold diff --summary` on each
# pair:
#   bzip2 (Debian source, scripts/fetch-source.sh), main() of bzip2.c:
#     signal    one call added near the top (signal(SIGTERM, ...));
#     strstr    one `if (strstr(progName, "bz2")) verbosity = 1;` added
#               before the other strstr tests (a call, a compare, a block);
#   demo (testsuite/link/demo, C++), as testsuite/link/diff-builds.test:
#     remainder `random.next() % 3` made `% 4` in a function LTO inlines
#               three times into plan_builds.
# Prints, per edit, the +/- lines of the edited function and of the whole
# output; with --baseline LTOFOLD, the same for another build of ltofold
# (an older commit) in the columns before.
#
# usage: scripts/bench-diff-edit.sh [--write] [--baseline LTOFOLD]
#        (--write replaces the "canon: one-line edits" section of
#        docs/BENCHMARKS.md)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
write=false
baseline=""
while [ $# -gt 0 ]; do
  case "$1" in
    --write) write=true ;;
    --baseline) baseline=$(realpath "$2"); shift ;;
    *) echo "bench-diff-edit: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
ltofold=$root/build/bin/ltofold
[ -x "$ltofold" ] || { echo "bench-diff-edit: no $ltofold (build first)" >&2; exit 2; }
out=$root/build/bench-diff-edit
rm -rf "$out"
mkdir -p "$out"

# link_whole DIR OBJECTS...: links DIR/app through lld, keeping the whole
# program; prints its path.
link_whole() {
  local dir=$1
  shift
  (cd "$dir" && clang-22 -O2 -flto=full -fuse-ld=lld -Wl,--save-temps "$@" \
    -o app -lstdc++ -lm) >&2
  echo "$dir/app.0.5.precodegen.bc"
}

# build_bzip2 NAME EDIT: bzip2 with the Python replacement EDIT applied to
# bzip2.c (empty: as it is); prints the whole program's path.
build_bzip2() {
  local name=$1 edit=$2 src dir
  src=$(bash "$root/scripts/fetch-source.sh" bzip2)
  dir=$out/bzip2-$name
  mkdir -p "$dir"
  cp "$src"/*.c "$src"/*.h "$dir"/
  [ -z "$edit" ] || python3 -c "$edit" "$dir/bzip2.c"
  local objects=()
  for unit in blocksort huffman crctable randtable compress decompress bzlib bzip2; do
    clang-22 -O2 -flto=full -D_FILE_OFFSET_BITS=64 -w -c "$dir/$unit.c" -o "$dir/$unit.o"
    objects+=("$unit.o")
  done
  link_whole "$dir" "${objects[@]}"
}

# insert_after ANCHOR LINE: a Python edit adding LINE after the line ANCHOR.
insert_after() {
  printf 'import sys\np = sys.argv[1]\ns = open(p).read()\na = %s\nassert a in s\nopen(p, "w").write(s.replace(a, a + %s, 1))\n' \
    "$(printf '%s' "$1" | python3 -c 'import sys; print(repr(sys.stdin.read() + "\n"))')" \
    "$(printf '%s' "$2" | python3 -c 'import sys; print(repr(sys.stdin.read() + "\n"))')"
}

# build_demo NAME MODULO: the demo program with `random.next() % MODULO`.
build_demo() {
  local name=$1 modulo=$2 demo=$root/testsuite/link/demo dir=$out/demo-$1
  mkdir -p "$dir"
  for unit in catalog plan main; do
    sed "s/random.next() % 3;/random.next() % $modulo;/" "$demo/$unit.cpp" > "$dir/$unit.cpp"
    clang-22 --driver-mode=g++ -std=c++17 -O2 -flto=full -I"$demo" -c "$dir/$unit.cpp" -o "$dir/$unit.o"
  done
  link_whole "$dir" catalog.o plan.o main.o
}

bzip2_old=$(build_bzip2 old "")
bzip2_signal=$(build_bzip2 signal "$(insert_after \
  '   signal (SIGSEGV, mySIGSEGVorSIGBUScatcher);' \
  '   signal (SIGTERM, mySIGSEGVorSIGBUScatcher);')")
bzip2_strstr=$(build_bzip2 strstr "$(insert_after \
  '   opMode = OM_Z;' \
  '   if (strstr ( progName, "bz2" ) != 0) verbosity = 1;')")
demo_old=$(build_demo old 3)
demo_edited=$(build_demo remainder 4)

# measure TOOL OLD NEW FUNCTION: "+A -R | L": the lines of FUNCTION and of
# the whole output.
measure() {
  local tool=$1 old=$2 new=$3 function=$4 lines total
  lines=$({ "$tool" diff --summary --limit 0 "$old" "$new" || true; } |
    awk -v f="$function" '/^  \+/ && index($0, f) { print $1 " " $2; exit }')
  total=$({ "$tool" diff "$old" "$new" || true; } | wc -l)
  echo "${lines:-+0 -0} | $total"
}

rows=()
add_row() { # PROGRAM EDIT FUNCTION OLD NEW
  local row="| $1 | $2 | \`$3\` |"
  [ -z "$baseline" ] || row+=" $(measure "$baseline" "$4" "$5" "$3") |"
  row+=" $(measure "$ltofold" "$4" "$5" "$3") |"
  rows+=("$row")
}
add_row bzip2 signal main "$bzip2_old" "$bzip2_signal"
add_row bzip2 strstr main "$bzip2_old" "$bzip2_strstr"
add_row demo remainder plan_builds "$demo_old" "$demo_edited"

header="| program | edit | function | function lines | whole output lines |"
rule="|---|---|---|---:|---:|"
if [ -n "$baseline" ]; then
  header="| program | edit | function | baseline: function lines | baseline: whole output lines | function lines | whole output lines |"
  rule="|---|---|---|---:|---:|---:|---:|"
fi
section=$(cat <<EOF
## canon: one-line edits (bench-diff-edit.sh)

Measured by \`scripts/bench-diff-edit.sh --write${baseline:+ --baseline OLD}\` on $(date -u +%Y-%m-%d)
(LLVM $(/usr/lib/llvm-22/bin/llvm-config --version), ltofold $(git -C "$root" rev-parse --short HEAD)${baseline:+; baseline: an older build of ltofold}).
Whole programs (clang-22 -O2 -flto=full, lld --save-temps,
\`*.0.5.precodegen.bc\`) built as they are and with one source line
edited (the script's header says which); \`ltofold diff\` on each pair:
*function lines*, the + and - lines of the edited function; *whole output
lines*, all of \`ltofold diff\`'s output (summary, every changed function
and variable).

$header
$rule
$(printf '%s\n' "${rows[@]}")
EOF
)
echo "$section"
if $write; then
  printf '%s\n' "$section" > "$out/new-section.md"
  python3 "$root/scripts/replace-section.py" "$root/docs/BENCHMARKS.md" \
    "## canon: one-line edits (bench-diff-edit.sh)" "$out/new-section.md"
  echo "bench-diff-edit: docs/BENCHMARKS.md updated" >&2
fi
