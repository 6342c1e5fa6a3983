# shellcheck shell=bash disable=SC2034 # a recipe: sourced by lib/common.sh, which reads these
# Ninja (Debian source package ninja-build): C++, a build tool. CMake, its
# library and re2c-generated lexers as bitcode objects; its own tests:
# ninja_test (the unit tests of the manifest and depfile parsers, the build
# log, the deps log, the dependency graph, the build plan and subprocesses),
# and misc/output_test.py, which runs the ninja binary on small manifests
# under a pseudo-terminal and checks what it prints.
RP_PACKAGE=ninja-build
RP_LANG=c++
RP_BINARIES=(ninja ninja_test)
RP_BENCH=ninja_test

rp_build() { # SRC BUILD
  rp_cmake "$1" "$2" -DBUILD_TESTING=ON &&
    ninja -C "$2" -j"$RP_JOBS" ninja ninja_test
}

rp_test() { # SRC BUILD
  # ninja_test makes its scratch directories under the working directory
  (cd "$2" && ./ninja_test) &&
    (cd "$2" && python3 "$1/misc/output_test.py")
}

# the unit tests, as rp_test runs them
rp_bench() { # SRC BUILD EXE
  (cd "$2" && "$3" >/dev/null)
}
