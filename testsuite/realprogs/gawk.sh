# shellcheck shell=bash disable=SC2034 # a recipe: sourced by lib/common.sh, which reads these
# gawk (Debian source package gawk): C, an interpreter (GNU awk: a parser
# made by bison, a byte-code interpreter with one large dispatch loop,
# regular expressions, arrays by hash tables of several kinds, printf
# formatting). Autotools, out of the source tree, without readline, MPFR
# or native language support (what they add is other libraries' code, not
# gawk's); gawk and its support library only (Debian's source leaves out
# the manual's Texinfo source, which `make all` would build), and the
# helper program a test of the suite runs (made here, not by the test
# step, which must link nothing). Its own test
# suite, `make check` in test/: several hundred awk programs whose output
# is compared with the expected one (test/*.ok): the basic, Unix and
# GNU-extension groups, the tests that need the C or en_US.UTF-8 locale,
# the debugger and profiler's; the shared extensions are not built, and
# the suite leaves out their tests and the charset tests (which need
# four locales installed).
RP_PACKAGE=gawk
RP_LANG=c
RP_BINARIES=(gawk)
RP_BENCH=gawk

rp_build() { # SRC BUILD
  (cd "$2" && "$1/configure" CC="$RP_WRAP $RP_CC" CFLAGS="$RP_CFLAGS" \
    AR="$RP_AR" RANLIB="$RP_RANLIB" --without-readline --without-mpfr \
    --disable-nls --disable-extensions) &&
    make -C "$2/support" -j"$RP_JOBS" && make -C "$2" -j"$RP_JOBS" gawk &&
    make -C "$2/test" makepmafile
}

# Several tests run in en_US.UTF-8, which a minimal system does not have:
# it is compiled into the build tree (localedef, from the locales package)
# and found there through LOCPATH; nothing outside the build tree changes.
rp_test() { # SRC BUILD
  local locales=$2/test-locales
  rm -rf "$locales" && mkdir -p "$locales" &&
    localedef -i en_US -f UTF-8 "$locales/en_US.UTF-8" &&
    LOCPATH=$locales make -C "$2/test" check
}

# Two awk programs, POSIX awk only: word, line-length and month counts over
# the source's ChangeLogs (1.1 MB: fields, gsub, split, match, arrays,
# printf), and a computation (a sieve, recursion, string building with
# sprintf, substr and toupper). Their output, sorted, must be what mawk
# (Debian's required awk, another implementation) prints for them; mawk's
# is made once and kept in BUILD/bench.
rp_bench() { # SRC BUILD EXE
  local dir=$2/bench logs=("$1/ChangeLog" "$1/ChangeLog.0" "$1/ChangeLog.1")
  if [ ! -f "$dir/calc.expected" ]; then
    command -v mawk >/dev/null || { echo "gawk bench: mawk is needed for the expected output" >&2; return 1; }
    mkdir -p "$dir" && gawk_bench_programs "$dir" &&
      LC_ALL=C mawk -f "$dir/words.awk" "${logs[@]}" | LC_ALL=C sort >"$dir/words.expected" &&
      LC_ALL=C mawk -f "$dir/calc.awk" >"$dir/calc.expected" || return 1
  fi
  LC_ALL=C "$3" -f "$dir/words.awk" "${logs[@]}" | LC_ALL=C sort | cmp -s - "$dir/words.expected" &&
    LC_ALL=C "$3" -f "$dir/calc.awk" | cmp -s - "$dir/calc.expected"
}

gawk_bench_programs() { # DIR
  cat >"$1/words.awk" <<'AWK'
{
  line = tolower($0)
  gsub(/[^a-z0-9]+/, " ", line)
  n = split(line, w, " ")
  for (i = 1; i <= n; i++) { count[w[i]]++; total++ }
  len[length($0)]++
  if (match($0, /[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]/))
    months[substr($0, RSTART, 7)]++
}
END {
  for (k in count) if (count[k] > 2) printf "word %s %d %.3f\n", k, count[k], 1000 * count[k] / total
  for (k in len) printf "length %d %d\n", k, len[k]
  for (k in months) printf "month %s %d\n", k, months[k]
}
AWK
  cat >"$1/calc.awk" <<'AWK'
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) }
BEGIN {
  for (i = 2; i <= 100000; i++)
    if (!(i in composite)) {
      primes++
      for (j = i * i; j <= 100000; j += i) composite[j] = 1
    }
  for (i = 0; i < 20000; i++) s = s sprintf("%x", i % 4096)
  n = split("delta alpha echo charlie bravo", names, " ")
  for (i = 1; i <= n; i++) joined = joined toupper(substr(names[i], 1, 1)) substr(names[i], 2) ";"
  printf "primes %d fib %d length %d piece %s joined %s\n", primes, fib(21), length(s), substr(s, 1000, 20), joined
}
AWK
}
