# shellcheck shell=bash disable=SC2034 # a recipe: sourced by lib/common.sh, which reads these
# libccd (Debian source package libccd): C, floating point throughout
# (double precision, CCD_DOUBLE, as Debian builds it): collision detection
# of convex shapes by GJK, EPA and MPR over 3-D vectors and quaternions.
# CMake, static libccd.a and the test framework's libcu.a of bitcode; its
# own test suite, run by ctest: main (9 suites, 42 tests, ~2,400 assertions:
# vectors, polytopes, box/sphere/cylinder pairs by GJK/EPA and by MPR),
# bench and bench2 (10,000 queries of each pair, timed).
RP_PACKAGE=libccd
RP_LANG=c
RP_BINARIES=(src/testsuites/main src/testsuites/bench src/testsuites/bench2)
RP_BENCH=src/testsuites/bench
# The merge may find no two equal functions in so small a C library; the
# ltofold modes then accept folds made by fprange (scripts/realprogs.sh).
RP_FOLD_CHECK=fprange

rp_build() { # SRC BUILD
  rp_cmake "$1" "$2" -DBUILD_SHARED_LIBS=OFF -DBUILD_TESTING=ON -DCCD_DOUBLE=ON &&
    ninja -C "$2" -j"$RP_JOBS"
}

# ctest runs main from src/testsuites, where the test framework writes what
# each suite prints to regressions/tmp.SUITE.{out,err}; the directory must
# exist. main exits 0 even when an assertion fails, so its summary is read
# from ctest's log; then what the suites printed is compared with the
# expected outputs upstream keeps in the source (regressions/SUITE.out),
# number by number, within upstream's own tolerance for them (0.6: those
# files were made by an older build whose EPA stops at other points).
rp_test() { # SRC BUILD
  local tests=$2/src/testsuites
  rm -rf "$tests/regressions" && mkdir -p "$tests/regressions" &&
    ctest --test-dir "$2" --output-on-failure -j"$RP_JOBS" &&
    ccd_summary "$2/Testing/Temporary/LastTest.log" &&
    ccd_regressions "$1/src/testsuites/regressions" "$tests/regressions"
}

# ccd_summary LOG: main's table of results must show no failed assertion.
ccd_summary() { # LOG
  grep -E '^\| (assertations|tests):' "$1" &&
    awk -F'|' '/^\| (assertations|tests|tests suites):/ { n++; if ($3 + 0 != 0) bad = 1 }
      END { exit !(n == 3 && !bad) }' "$1"
}

# ccd_regressions EXPECTED ACTUAL: each EXPECTED/SUITE.{out,err} against
# ACTUAL/tmp.SUITE.{out,err}: as many lines, every line with the same text
# between its numbers, every number within 0.6 of the expected one.
ccd_regressions() { # EXPECTED ACTUAL
  local f name n=0
  for f in "$1"/*.out "$1"/*.err; do
    name=$(basename "$f")
    [ -f "$2/tmp.$name" ] || { echo "regressions: no tmp.$name" >&2; return 1; }
    awk -v expected="$f" '
      function split_numbers(line, numbers, text,   k) {
        k = 0; text = ""
        while (match(line, /-?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE]-?[0-9]+)?/)) {
          text = text substr(line, 1, RSTART - 1) "#"
          numbers[++k] = substr(line, RSTART, RLENGTH) + 0
          line = substr(line, RSTART + RLENGTH)
        }
        numbers[0] = k
        return text line
      }
      {
        if ((getline want < expected) <= 0) { print FILENAME ": more lines than " expected; failed = 1; exit 1 }
        if (split_numbers($0, got) != split_numbers(want, wanted) || got[0] != wanted[0]) {
          print FILENAME ":" FNR ": " $0 " (expected: " want ")"; failed = 1; exit 1
        }
        for (i = 1; i <= got[0]; i++)
          if (got[i] - wanted[i] >= 0.6 || wanted[i] - got[i] >= 0.6) {
            print FILENAME ":" FNR ": " $0 " (expected: " want ")"; failed = 1; exit 1
          }
      }
      END { if (failed) exit 1; if ((getline want < expected) > 0) { print FILENAME ": fewer lines than " expected; exit 1 } }
    ' "$2/tmp.$name" || return 1
    n=$((n + 1))
  done
  echo "regressions: $n outputs match the expected ones"
}

# bench as ctest runs it: 10,000 GJK, EPA and MPR queries of each pair of
# shapes in a few placements (its own timings go to the discarded output)
rp_bench() { # SRC BUILD EXE
  (cd "$2/src/testsuites" && "$3")
}
