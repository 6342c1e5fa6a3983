#!/usr/bin/env bash
# Builds third-party programs from Debian source packages with clang -O2
# -flto=full, links them in one or more link modes and runs each program's own
# test suite against every link (testsuite/realprogs/README.md).
#
# Usage: scripts/realprogs.sh [--quick] [--rebuild] [--build-only] [--pgo] [--mode MODE]... [PROGRAM]...
#   PROGRAM   bzip2 cjson jsoncpp pugixml fmtlib yaml-cpp ninja re2 opus libccd gawk (default: all)
#   --mode    plain icf mergefunc gmf-icf ltofold-equal ltofold-noblocks ltofold-nooutline ltofold ltofold-icf
#             gold-ltofold bfd-ltofold mold-ltofold (repeatable; default: all).
#             A mode whose linker or plugin is missing is reported as skipped.
#   --quick   the CI subset: bzip2 and jsoncpp in modes ltofold and gold-ltofold
#   --rebuild rebuild the bitcode even when it is up to date
#   --build-only  fetch and build the bitcode, link in no mode, run no test
#   --pgo     instrumentation PGO: build with -fprofile-instr-generate (in
#             RP_OUT/pgo-gen), run the tests in mode plain for the profile,
#             build with -fprofile-instr-use (in RP_OUT/pgo), link in the modes
#             (--quick: bzip2 and jsoncpp; modes plain, ltofold, gold-ltofold)
# Environment: LTOFOLD_PLUGIN, LTOFOLD_GOLD_PLUGIN (plugin paths; default
# build/lib/), RP_OUT (default build/realprogs), RP_JOBS (default nproc),
# LTOFOLD_SOURCES (the Debian sources, scripts/fetch-source.sh).
# Exit status 0 when every selected program passed its tests in every mode
# that ran (and, in the ltofold modes, ltofold folded at least one function;
# for a recipe with RP_FOLD_CHECK=fprange, a function or an fprange fold, or
# else a note).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=../testsuite/realprogs/lib/common.sh
source testsuite/realprogs/lib/common.sh

usage() { sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; }
programs=() modes=() quick=0 rebuild=0 build_only=0 pgo=0
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1 ;;
    --rebuild) rebuild=1 ;;
    --build-only) build_only=1 ;;
    --pgo) pgo=1 ;;
    --mode) [ $# -ge 2 ] || rp_fail "--mode needs a value"; modes+=("$2"); shift ;;
    --mode=*) modes+=("${1#--mode=}") ;;
    -h | --help) usage; exit 0 ;;
    -*) usage >&2; rp_fail "unknown option $1" ;;
    *) programs+=("$1") ;;
  esac
  shift
done
if [ "$quick" = 1 ]; then
  [ ${#programs[@]} -gt 0 ] || programs=(bzip2 jsoncpp)
  [ ${#modes[@]} -gt 0 ] || modes=(ltofold gold-ltofold)
  [ "$pgo" = 0 ] || modes=(plain "${modes[@]}")
fi
[ ${#programs[@]} -gt 0 ] || programs=("${RP_PROGRAMS[@]}")
[ ${#modes[@]} -gt 0 ] || modes=("${RP_MODES[@]}")
for m in "${modes[@]}"; do rp_mode "$m" /dev/null || true; done # rejects unknown modes
for p in "${programs[@]}"; do [ -f "$RP_DIR/$p.sh" ] || rp_fail "unknown program '$p' (programs: ${RP_PROGRAMS[*]})"; done

for tool in "$RP_CC" "$RP_CXX" "$RP_AR" "$RP_RANLIB" "$RP_LLVM/ld.lld" cmake ninja make python3; do
  command -v "$tool" >/dev/null || rp_fail "$tool not found (run scripts/setup.sh)"
done

# --pgo: each program in three runs of this script. The instrumented build
# and its tests (mode plain: the same link as the program's own) leave one
# .profraw per process; merged, they are the profile the second build is
# compiled with, which the modes then link and test. The first build is
# redone as any build is (the recipe changed, --rebuild); the second each
# time, as its profile is new. The profiles are named without a directory,
# so each lands in its process's working directory (the build tree, or the
# source tree where a program's tests run there, as jsoncpp's do): the
# profile runtime makes the directories of a path at start-up, and the mkdir
# of one that exists leaves errno at EEXIST, which bzip2recover then takes
# for an I/O error. This run's files carry its process id.
if [ "$pgo" = 1 ]; then
  status=0
  mode_args=()
  for m in "${modes[@]}"; do mode_args+=(--mode "$m"); done
  for p in "${programs[@]}"; do
    gen=$RP_OUT/pgo-gen profile=$RP_OUT/pgo-gen/$p/$p.profdata
    name=ltofold-pgo-$$-
    flags=()
    [ "$rebuild" = 0 ] || flags=(--rebuild)
    RP_OUT=$gen RP_CFLAGS="$RP_CFLAGS -fprofile-instr-generate" \
      bash "$0" --build-only "${flags[@]}" "$p" || exit 1
    rp_load "$p"
    src=$(bash scripts/fetch-source.sh "$RP_PACKAGE" 2>/dev/null) ||
      rp_fail "$p: could not fetch source package $RP_PACKAGE"
    rm -f "$profile"
    rp_say "$p: the instrumented build's tests, for the profile"
    if ! LLVM_PROFILE_FILE="$name%p.profraw" RP_OUT=$gen \
      RP_CFLAGS="$RP_CFLAGS -fprofile-instr-generate" bash "$0" --mode plain "$p"; then
      status=1
      continue
    fi
    find "$gen/$p" "$src" -name "$name*.profraw" >"$gen/$p/profiles.txt"
    [ -s "$gen/$p/profiles.txt" ] || rp_fail "$p: the tests left no profile"
    "$RP_LLVM/llvm-profdata" merge -o "$profile" --input-files="$gen/$p/profiles.txt" ||
      rp_fail "$p: llvm-profdata could not merge the profiles of $gen/$p/profiles.txt"
    rp_say "$p: profile $profile ($(wc -l <"$gen/$p/profiles.txt") runs)"
    xargs -d '\n' rm -f <"$gen/$p/profiles.txt"
    RP_OUT=$RP_OUT/pgo RP_CFLAGS="$RP_CFLAGS -fprofile-instr-use=$profile" \
      bash "$0" --rebuild "${mode_args[@]}" "$p" || status=1
  done
  exit $status
fi

# folded REPORT: functions_folded from an ltofold report's totals.
folded() {
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["totals"]["functions_folded"])' "$1"
}

# fp_folded REPORT: fprange's folds in an ltofold report (totals.fp_folds).
fp_folded() {
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["totals"]["fp_folds"])' "$1"
}

# build_program PROGRAM: fetch the source and build the bitcode once.
build_program() {
  local p=$1 src top build stamp bin
  top=$RP_OUT/$p build=$RP_OUT/$p/build stamp=$RP_OUT/$p/build.stamp
  src=$(bash scripts/fetch-source.sh "$RP_PACKAGE") || rp_fail "$p: could not fetch source package $RP_PACKAGE"
  if [ "$rebuild" = 0 ] && [ -f "$stamp" ] && [ "$stamp" -nt "$RP_DIR/$p.sh" ] &&
    [ "$stamp" -nt "$RP_DIR/lib/common.sh" ] && [ "$stamp" -nt "$RP_WRAP" ]; then
    return 0
  fi
  rp_say "$p: building bitcode from $src in $build (log: $top/build.log)"
  rm -rf "$build" "$stamp" "$top/links.log"
  mkdir -p "$build"
  local start=$SECONDS
  if ! (export RP_LINK_LOG=$top/links.log RP_LINK_FLAGS="-fuse-ld=lld"
    rp_build "$src" "$build") >"$top/build.log" 2>&1; then
    tail -n 30 "$top/build.log" >&2
    rp_fail "$p: build failed (full log: $top/build.log)"
  fi
  for bin in "${RP_BINARIES[@]}"; do
    [ -x "$build/$bin" ] || rp_fail "$p: the build made no $bin"
    rp_check_bitcode "$build" "$bin" 2>>"$top/build.log" ||
      rp_fail "$p: $bin is not linked from bitcode ($(tail -n 1 "$top/build.log"))"
  done
  rp_say "$p: built in $((SECONDS - start)) s"
  touch "$stamp"
}

# run_mode PROGRAM MODE: relink, test, check folds. Prints one result line.
run_mode() {
  local p=$1 mode=$2 top=$RP_OUT/$1 build=$RP_OUT/$1/build mdir=$RP_OUT/$1/$2
  local bin name rc=0 total=0 n failed=() start=$SECONDS pids=() names=()
  rm -rf "$mdir"
  mkdir -p "$mdir/reports" "$mdir/bin"
  if ! rp_mode "$mode" /dev/null; then
    echo "skipped: $RP_MODE_SKIP" >"$mdir/result"
    printf '%-8s %-13s skipped: %s\n' "$p" "$mode" "$RP_MODE_SKIP"
    return 0
  fi
  # relink RP_BINARIES, RP_JOBS at a time
  for bin in "${RP_BINARIES[@]}"; do
    name=${bin//\//_}
    rp_mode "$mode" "$mdir/reports/$name.json"
    rm -f "$build/$bin"
    rp_relink "$build" "$bin" >"$mdir/link-$name.log" 2>&1 &
    pids+=($!) names+=("$name")
    if [ ${#pids[@]} -ge "$RP_JOBS" ]; then
      wait "${pids[0]}" || failed+=("${names[0]}")
      pids=("${pids[@]:1}") names=("${names[@]:1}")
    fi
  done
  for n in "${!pids[@]}"; do wait "${pids[n]}" || failed+=("${names[n]}"); done
  if [ ${#failed[@]} -gt 0 ]; then
    echo "FAIL: link of ${failed[*]} (logs: $mdir/link-*.log)" >"$mdir/result"
    printf '%-8s %-13s FAIL: link of %s (see %s)\n' "$p" "$mode" "${failed[*]}" "$mdir/link-${failed[0]}.log"
    sed -n '1,20p' "$mdir/link-${failed[0]}.log" >&2
    return 1
  fi
  for bin in "${RP_BINARIES[@]}"; do cp "$build/$bin" "$mdir/bin/${bin//\//_}"; done
  local link_s=$((SECONDS - start))
  # the program's own tests; a relink by its build system would keep the mode
  rp_mode "$mode" "$mdir/reports/relinked-by-test.json"
  start=$SECONDS
  (export RP_LINK_FLAGS="$RP_MODE_FLAGS" RP_LINK_LOG=$mdir/unexpected-links.log
    # shellcheck disable=SC2046 # scalar RP_ variables, for the recipe
    export $(compgen -v RP_)
    timeout 900 bash -c "set -euo pipefail; $(declare -f); rp_test \"\$1\" \"\$2\"" _ \
      "$(bash scripts/fetch-source.sh "$RP_PACKAGE" 2>/dev/null)" "$build") >"$mdir/test.log" 2>&1 || rc=$?
  local test_s=$((SECONDS - start))
  if [ "$rc" != 0 ]; then
    echo "FAIL: tests (status $rc; log: $mdir/test.log)" >"$mdir/result"
    printf '%-8s %-13s FAIL: tests, status %s (see %s)\n' "$p" "$mode" "$rc" "$mdir/test.log"
    tail -n 25 "$mdir/test.log" >&2
    return 1
  fi
  for bin in "${RP_BINARIES[@]}"; do
    cmp -s "$build/$bin" "$mdir/bin/${bin//\//_}" || {
      echo "FAIL: $bin changed during the test step" >"$mdir/result"
      printf '%-8s %-13s FAIL: %s changed during the test step (rebuilt by the build system?)\n' "$p" "$mode" "$bin"
      return 1
    }
  done
  if [ -s "$mdir/unexpected-links.log" ]; then
    echo "FAIL: the test step relinked (see $mdir/unexpected-links.log)" >"$mdir/result"
    printf '%-8s %-13s FAIL: the test step relinked something (see %s)\n' "$p" "$mode" "$mdir/unexpected-links.log"
    return 1
  fi
  local note="tests passed"
  if [ -n "$RP_MODE_REPORT" ]; then
    local per=() fp_total=0 fp_per=()
    for bin in "${RP_BINARIES[@]}"; do
      name=${bin//\//_}
      [ -f "$mdir/reports/$name.json" ] || {
        echo "FAIL: no ltofold report for $bin" >"$mdir/result"
        printf '%-8s %-13s FAIL: ltofold wrote no report for %s\n' "$p" "$mode" "$bin"
        return 1
      }
      n=$(folded "$mdir/reports/$name.json") || rp_fail "$p: unreadable report $mdir/reports/$name.json"
      total=$((total + n))
      [ "$n" = 0 ] || per+=("$name=$n")
      if [ "$RP_FOLD_CHECK" = fprange ]; then
        n=$(fp_folded "$mdir/reports/$name.json") || rp_fail "$p: unreadable report $mdir/reports/$name.json"
        fp_total=$((fp_total + n))
        [ "$n" = 0 ] || fp_per+=("$name=$n")
      fi
    done
    if [ "$RP_FOLD_CHECK" = fprange ]; then
      # a floating-point program: merge or fprange folds, or a note
      note+="; folded $total functions${per[*]:+ (${per[*]})}"
      note+=", fprange folds $fp_total${fp_per[*]:+ (${fp_per[*]})}; ${#RP_BINARIES[@]} binaries"
      [ $((total + fp_total)) -gt 0 ] || note+="; note: nothing folded (RP_FOLD_CHECK=fprange accepts that)"
    elif [ "$total" -eq 0 ]; then
      echo "FAIL: tests passed but ltofold folded nothing" >"$mdir/result"
      printf '%-8s %-13s FAIL: tests passed but ltofold folded no function (reports in %s)\n' "$p" "$mode" "$mdir/reports"
      return 1
    else
      note+="; folded $total functions (${per[*]}; ${#RP_BINARIES[@]} binaries)"
    fi
  fi
  echo "PASS: $note" >"$mdir/result"
  printf '%-8s %-13s PASS: %s; link %ss, tests %ss\n' "$p" "$mode" "$note" "$link_s" "$test_s"
}

status=0 start=$SECONDS
results=()
for p in "${programs[@]}"; do
  rp_load "$p"
  mkdir -p "$RP_OUT/$p"
  # one run at a time per program: the modes relink in one build tree
  exec 9>"$RP_OUT/$p/.lock"
  flock 9
  build_program "$p"
  [ "$build_only" = 1 ] && { exec 9>&-; continue; }
  for m in "${modes[@]}"; do
    line=$(run_mode "$p" "$m") || status=1
    printf '%s\n' "$line"
    results+=("$line")
  done
  exec 9>&-
done
[ "$build_only" = 1 ] && exit 0
echo
echo "realprogs summary ($((SECONDS - start)) s):"
printf '  %s\n' "${results[@]}"
npass=$(printf '%s\n' "${results[@]}" | grep -c ' PASS: ' || true)
nfail=$(printf '%s\n' "${results[@]}" | grep -c ' FAIL: ' || true)
nskip=$(printf '%s\n' "${results[@]}" | grep -c ' skipped: ' || true)
echo "realprogs: $npass passed, $nfail failed, $nskip skipped"
exit $status
