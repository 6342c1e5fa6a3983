# shellcheck shell=bash disable=SC2034 # a recipe: sourced by lib/common.sh, which reads these
# pugixml (Debian source package pugixml): C++. CMake, static libpugixml.a of
# bitcode; its own test suite: pugixml-check (956 DOM, parser, writer and
# XPath tests, with its own allocation-failure injection), run by ctest
# from the source directory where its test data lives.
RP_PACKAGE=pugixml
RP_LANG=c++
RP_BINARIES=(pugixml-check)
RP_BENCH=pugixml-check

rp_build() { # SRC BUILD
  rp_cmake "$1" "$2" -DBUILD_SHARED_LIBS=OFF -DPUGIXML_BUILD_TESTS=ON &&
    ninja -C "$2" -j"$RP_JOBS"
}

rp_test() { # SRC BUILD
  ctest --test-dir "$2" --output-on-failure -j"$RP_JOBS"
}

# the 956 tests, from the source directory as ctest runs them (most of their
# time is the kernel's: the test allocator mprotects guard pages, ~30,000
# calls a run, so the run time shows little of the code the link emits)
rp_bench() { # SRC BUILD EXE
  (cd "$1" && "$3")
}
