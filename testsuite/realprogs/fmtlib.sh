# shellcheck shell=bash disable=SC2034 # a recipe: sourced by lib/common.sh, which reads these
# {fmt} (Debian source package fmtlib): template-heavy C++. CMake with
# FMT_TEST, static libfmt.a and libtest-main.a of bitcode, googletest and
# googlemock compiled from /usr/src/googletest (Debian's patch to the build)
# into bitcode archives too; its own test suite: the 20 googletest programs
# ctest runs (format, core, chrono, ranges, printf, compile, os, ...).
RP_PACKAGE=fmtlib
RP_LANG=c++
RP_BINARIES=(bin/args-test bin/assert-test bin/chrono-test bin/color-test
  bin/core-test bin/gtest-extra-test bin/format-test bin/format-impl-test
  bin/ostream-test bin/compile-test bin/compile-fp-test bin/printf-test
  bin/ranges-test bin/scan-test bin/std-test bin/unicode-test bin/xchar-test
  bin/enforce-checks-test bin/posix-mock-test bin/os-test)
RP_BENCH=bin/format-test

rp_build() { # SRC BUILD
  [ -f /usr/src/googletest/CMakeLists.txt ] ||
    { echo "no /usr/src/googletest (apt-get install googletest libgtest-dev libgmock-dev)" >&2; return 1; }
  rp_cmake "$1" "$2" -DBUILD_SHARED_LIBS=OFF -DFMT_TEST=ON -DFMT_DOC=OFF \
    -DFMT_INSTALL=OFF -DFMT_PEDANTIC=OFF &&
    ninja -C "$2" -j"$RP_JOBS"
}

rp_test() { # SRC BUILD
  ctest --test-dir "$2" --output-on-failure -j"$RP_JOBS"
}

# format-test, as ctest runs it
rp_bench() { # SRC BUILD EXE
  (cd "$2/test" && "$3")
}
