# shellcheck shell=bash disable=SC2034 # a recipe: sourced by lib/common.sh, which reads these
# yaml-cpp (Debian source package yaml-cpp): template-heavy C++. CMake with
# YAML_CPP_BUILD_TESTS, static libyaml-cpp.a of bitcode, googletest and
# googlemock compiled from /usr/src/googletest (Debian's patch) into bitcode
# archives too; its own test suite: yaml-cpp-tests (parser, emitter, node API
# and the YAML 1.2 spec examples, about 900 googletest cases), run by ctest.
RP_PACKAGE=yaml-cpp
RP_LANG=c++
RP_BINARIES=(test/yaml-cpp-tests)
RP_BENCH=test/yaml-cpp-tests

rp_build() { # SRC BUILD
  [ -f /usr/src/googletest/CMakeLists.txt ] ||
    { echo "no /usr/src/googletest (apt-get install googletest libgtest-dev libgmock-dev)" >&2; return 1; }
  rp_cmake "$1" "$2" -DYAML_BUILD_SHARED_LIBS=OFF -DBUILD_SHARED_LIBS=OFF \
    -DYAML_CPP_BUILD_TESTS=ON -DYAML_CPP_BUILD_TOOLS=OFF -DYAML_CPP_INSTALL=OFF &&
    ninja -C "$2" -j"$RP_JOBS"
}

rp_test() { # SRC BUILD
  ctest --test-dir "$2" --output-on-failure -j"$RP_JOBS"
}

# yaml-cpp-tests, as ctest runs it
rp_bench() { # SRC BUILD EXE
  (cd "$2/test" && "$3")
}
