# shellcheck shell=bash disable=SC2034 # a recipe: sourced by lib/common.sh, which reads these
# cJSON (Debian source package cjson): C. CMake, static libcjson.a and
# libcjson_utils.a of bitcode; its own test suite: 21 Unity test programs
# (parsing, printing, comparing, JSON Patch RFC 6902 cases, ...) and
# cJSON_test, run by ctest.
RP_PACKAGE=cjson
RP_LANG=c
RP_BINARIES=(cJSON_test
  tests/parse_examples tests/parse_number tests/parse_hex4 tests/parse_string
  tests/parse_array tests/parse_object tests/parse_value tests/print_string
  tests/print_number tests/print_array tests/print_object tests/print_value
  tests/misc_tests tests/parse_with_opts tests/compare_tests tests/cjson_add
  tests/readme_examples tests/minify_tests
  tests/json_patch_tests tests/old_utils_tests tests/misc_utils_tests)
RP_BENCH=tests/json_patch_tests

rp_build() { # SRC BUILD
  rp_cmake "$1" "$2" -DBUILD_SHARED_LIBS=OFF -DENABLE_CJSON_TEST=ON \
    -DENABLE_CJSON_UTILS=ON -DENABLE_TARGET_EXPORT=OFF &&
    ninja -C "$2" -j"$RP_JOBS"
}

rp_test() { # SRC BUILD
  ctest --test-dir "$2" --output-on-failure -j"$RP_JOBS"
}

# json_patch_tests as ctest runs it: from tests/, where it reads the RFC 6902
# cases in json-patch-tests/.
rp_bench() { # SRC BUILD EXE
  (cd "$2/tests" && "$3")
}
