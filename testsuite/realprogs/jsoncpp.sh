# shellcheck shell=bash disable=SC2034 # a recipe: sourced by lib/common.sh, which reads these
# JsonCpp (Debian source package libjsoncpp): C++. CMake, static
# libjsoncpp.a of bitcode; its own test suite run by ctest: jsoncpp_test (the
# unit tests) and jsontestrunner_exe driven by test/runjsontests.py over the
# test/data and JSONChecker corpora.
RP_PACKAGE=libjsoncpp
RP_LANG=c++
RP_BINARIES=(bin/jsoncpp_test bin/jsontestrunner_exe)
RP_BENCH=bin/jsoncpp_test

rp_build() { # SRC BUILD
  rp_cmake "$1" "$2" -DBUILD_SHARED_LIBS=OFF -DBUILD_STATIC_LIBS=ON \
    -DBUILD_OBJECT_LIBS=OFF -DJSONCPP_WITH_TESTS=ON \
    -DJSONCPP_WITH_POST_BUILD_UNITTEST=OFF -DJSONCPP_WITH_PKGCONFIG_SUPPORT=OFF \
    -DJSONCPP_WITH_CMAKE_PACKAGE=OFF &&
    ninja -C "$2" -j"$RP_JOBS"
}

rp_test() { # SRC BUILD
  # -j1: jsoncpp_readerwriter and jsoncpp_readerwriter_json_checker both write
  # their *.actual files into the same test/data directory, and race when run
  # in parallel (failures with an empty "Actual:", with any link mode).
  ctest --test-dir "$2" --output-on-failure -j1
}

# the unit tests, as ctest runs them
rp_bench() { # SRC BUILD EXE
  (cd "$2" && "$3")
}
