#!/bin/sh
# Which loop accumulators fprange decides, in the shapes clang leaves at
# each optimization level (issue 38): scripts/fprange-loops.c compiled at
# -O1, -O2, -O3 and -Os, then `ltofold fprange` and `opt -O2`; a function
# is decided when no compare of its own is left (the errno guards LLVM
# puts around libm calls, compares with infinity, are not its own).
# Usage: scripts/bench-fprange-loops.sh [--build DIR] [SOURCE.c]
set -eu
build=build
while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) break ;;
  esac
done
source=${1:-$(dirname "$0")/fprange-loops.c}
tools=/usr/lib/llvm-22/bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for level in -O1 -O2 -O3 -Os; do
  "$tools/clang" "$level" -c -emit-llvm "$source" -o "$work/in.bc"
  "$build/bin/ltofold" fprange "$work/in.bc" -o "$work/folded.bc"
  "$tools/opt" -O2 "$work/folded.bc" | "$tools/llvm-dis" -o "$work/out.ll"
  printf '%s' "$level"
  awk '/^define/ { match($0, /@[A-Za-z_0-9]+\(/); f = substr($0, RSTART + 1, RLENGTH - 2); n = 0 }
       /fcmp/ && !/0x7FF0000000000000/ { n++ }
       /^}/ { printf " %s:%s", f, (n ? "no" : "yes") }' "$work/out.ll"
  echo
done
