# shellcheck shell=bash disable=SC2034 # a recipe: sourced by lib/common.sh, which reads these
# RE2 (Debian source package re2): C++, a regular-expression library. CMake,
# static libre2.a and its testing library as bitcode; its own tests, the
# ones its Makefile's `make test` runs (parser, compiler, simplifier, the
# RE2 API, searches checked against a backtracking reference, sets, filtered
# RE2), run by ctest. The exhaustive and random tests (`make bigtest`) are
# left out: they take minutes each and exercise the same code.
#
# Debian's source leaves out the generated Unicode and Perl class tables;
# they are made again from unicode-data (Debian's patch points the generator
# at /usr/share/unicode), in a copy of the source, as Debian's build does.
RP_PACKAGE=re2
RP_LANG=c++
RP_RE2_TESTS=(charclass_test compile_test filtered_re2_test mimics_pcre_test
  parse_test possible_match_test re2_test re2_arg_test regexp_test
  required_prefix_test search_test set_test simplify_test string_generator_test)
RP_BINARIES=("${RP_RE2_TESTS[@]/#/out/}")
RP_BENCH=out/re2_test

rp_build() { # SRC BUILD
  mkdir -p "$2/src" && cp -a "$1/." "$2/src/" &&
    make -C "$2/src" REBUILD_TABLES=1 re2/perl_groups.cc re2/unicode_casefold.cc re2/unicode_groups.cc &&
    rp_cmake "$2/src" "$2/out" -DBUILD_SHARED_LIBS=OFF -DRE2_BUILD_TESTING=ON &&
    ninja -C "$2/out" -j"$RP_JOBS" "${RP_RE2_TESTS[@]}"
}

rp_test() { # SRC BUILD
  # (rp_test runs in a shell of its own, which has the recipe's functions
  # but not its variables: the big tests, which are not built, by name)
  ctest --test-dir "$2/out" --output-on-failure -j"$RP_JOBS" \
    -E '^(dfa_test|exhaustive[0-9]*_test|random_test)$'
}

# the RE2 API tests, as ctest runs them
rp_bench() { # SRC BUILD EXE
  (cd "$2/out" && "$3" >/dev/null 2>&1)
}
