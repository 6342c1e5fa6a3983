#!/usr/bin/env bash
# Builds a real template-heavy C++ program from a Debian source package and
# keeps its whole-program bitcode, for scripts/bench-merge.sh.
#
# The program is fmt's format-test (Debian source package fmtlib): the fmt
# library, its test support and googletest/googlemock (compiled from
# /usr/src/googletest, so they are bitcode too), built with
# clang++ -O2 -flto=full and linked by lld with --save-temps. Only these
# files are built, directly with clang++; no dpkg-buildpackage.
#
# Usage: scripts/build-fmt-bitcode.sh OUT_DIR
# Writes, in OUT_DIR:
#   fmt-format-test.preopt.bc      the linked module before LTO optimization
#                                  (lld's *.0.0.preopt.bc)
#   fmt-format-test.precodegen.bc  after LTO optimization: what ltofold's lld
#                                  plugin sees (lld's *.0.5.precodegen.bc)
# and checks that the linked program passes its own tests. Does nothing when
# both files exist and are newer than this script.
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -eq 1 ] || { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
out=$(mkdir -p "$1" && cd "$1" && pwd)
fail() { printf 'build-fmt-bitcode: %s\n' "$*" >&2; exit 1; }
say() { printf 'build-fmt-bitcode: %s\n' "$*" >&2; }

name=fmt-format-test
if [ "$out/$name.preopt.bc" -nt "$0" ] && [ "$out/$name.precodegen.bc" -nt "$0" ]; then
  exit 0
fi

cxx=${CXX:-}
if [ -z "$cxx" ]; then
  if command -v clang++-22 >/dev/null; then cxx=clang++-22; else cxx=/usr/lib/llvm-22/bin/clang++; fi
fi
googletest=/usr/src/googletest
[ -f "$googletest/googletest/src/gtest-all.cc" ] ||
  fail "no googletest sources in $googletest (apt-get install libgtest-dev libgmock-dev)"

source_dir=$(bash scripts/fetch-source.sh fmtlib) || fail "could not fetch fmtlib"
[ -f "$source_dir/test/format-test.cc" ] || fail "no test/format-test.cc in $source_dir"

work=$out/fmt-build
rm -rf "$work"
mkdir -p "$work"
flags=(-std=c++17 -O2 -flto=full -w
  -I"$source_dir/include"
  -I"$googletest/googletest/include" -I"$googletest/googletest"
  -I"$googletest/googlemock/include" -I"$googletest/googlemock")
sources=(
  "$googletest/googletest/src/gtest-all.cc"
  "$googletest/googlemock/src/gmock-all.cc"
  "$source_dir/src/format.cc" "$source_dir/src/os.cc"
  "$source_dir/test/test-main.cc" "$source_dir/test/gtest-extra.cc"
  "$source_dir/test/util.cc" "$source_dir/test/format-test.cc"
)
say "compiling ${#sources[@]} files with $cxx -O2 -flto=full (fmt from $source_dir)"
# nproc at a time: each is one clang++ -c SOURCE -o WORK/NAME.o.
# shellcheck disable=SC2016 # the inner sh expands these, not this one
printf '%s\n' "${sources[@]}" |
  xargs -P "$(nproc)" -I{} sh -c \
    'work=$1 source=$2; shift 2; exec "$@" -c "$source" -o "$work/$(basename "$source" .cc).o"' \
    sh "$work" {} "$cxx" "${flags[@]}" ||
  fail "compilation failed"

say "linking with lld -flto=full --save-temps"
(cd "$work" && "$cxx" -flto=full -fuse-ld=lld -O2 -Wl,--save-temps ./*.o \
  -o "$name" -lpthread) || fail "link failed"
"$work/$name" >"$work/test.log" 2>&1 ||
  fail "the linked $name failed its own tests (see $work/test.log)"
say "$name: $(grep -E '^\[  PASSED  \]' "$work/test.log" || echo 'tests passed')"

cp "$work/$name.0.0.preopt.bc" "$out/$name.preopt.bc"
cp "$work/$name.0.5.precodegen.bc" "$out/$name.precodegen.bc"
