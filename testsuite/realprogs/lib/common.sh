# shellcheck shell=bash disable=SC2034 # the RP_ variables are read by the scripts that source this
# Shared by scripts/realprogs.sh and scripts/bench-size.sh (sourced, not run).
#
# A program is a recipe, testsuite/realprogs/PROGRAM.sh, which sets
#   RP_PACKAGE   Debian source package (fetched by scripts/fetch-source.sh)
#   RP_LANG      c or c++
#   RP_BINARIES  link outputs of the program's own build, relative to its build
#                tree, that each link mode relinks (tests and tools)
#   RP_BENCH     the one of them scripts/bench-size.sh measures
#   RP_FOLD_CHECK  (optional) what the ltofold modes of scripts/realprogs.sh
#                require of the reports: "merge" (the default) at least one
#                function folded; "fprange", for floating-point programs in
#                which no two functions may be equal: at least one function
#                folded or one fprange fold, and when there are neither, a
#                note instead of a failure
# and defines
#   rp_build SRC BUILD   configure and build with the program's own build system,
#                        using the variables below (bitcode objects and archives)
#   rp_test SRC BUILD    run the program's own test suite against BUILD; non-zero
#                        status when a test fails
#   rp_bench SRC BUILD EXE   (optional) run EXE, a relink of RP_BENCH, on the
#                        fixed input its own test gives it (in the working
#                        directory that test uses, output discarded); non-zero
#                        status when it fails. scripts/bench-size.sh times it.
# The build happens once per program in build/realprogs/PROGRAM/build; every
# link the build makes goes through lib/link-wrap.sh, which logs it, and a link
# mode relinks RP_BINARIES by replaying those logged commands with the mode's
# linker flags (rp_relink), so modes differ only in the link step.

RP_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
RP_DIR=$RP_ROOT/testsuite/realprogs
RP_OUT=${RP_OUT:-$RP_ROOT/build/realprogs}
RP_WRAP=$RP_DIR/lib/link-wrap.sh
RP_LLVM=/usr/lib/llvm-22/bin
RP_CC=$RP_LLVM/clang
RP_CXX=$RP_LLVM/clang++
RP_AR=$RP_LLVM/llvm-ar
RP_RANLIB=$RP_LLVM/llvm-ranlib
# The compile flags of every build; scripts/bench-thin.sh builds with
# -flto=thin into another RP_OUT.
RP_CFLAGS=${RP_CFLAGS:-"-O2 -flto=full"}
RP_JOBS=${RP_JOBS:-$(nproc)}
# The ltofold modes link with verify (the module verified around every
# phase; every fold is certified in any case) unless RP_VERIFY=0: the size benchmark turns it off
# so that its link times are those of a release link.
RP_VERIFY_OPTION=verify
[ "${RP_VERIFY:-1}" = 0 ] && RP_VERIFY_OPTION=
# The lld pass plugin and the binutils-API plugin (gold, ld.bfd, mold).
# LTOFOLD_GOLD_PLUGIN=/usr/lib/llvm-22/lib/LLVMgold.so checks the gold path of
# these scripts with LLVM's own plugin (plain LTO, no report, no fold check).
RP_PLUGIN=${LTOFOLD_PLUGIN:-$RP_ROOT/build/lib/libltofold.so}
RP_GOLD_PLUGIN=${LTOFOLD_GOLD_PLUGIN:-$RP_ROOT/build/lib/ltofold-gold.so}
# The command, for distributed ThinLTO (modes dtlto, dtlto-whole,
# dtlto-summaries).
RP_LTOFOLD=${LTOFOLD_BIN:-$RP_ROOT/build/bin/ltofold}

RP_PROGRAMS=(bzip2 cjson jsoncpp pugixml fmtlib yaml-cpp ninja re2 opus libccd gawk)
# The floating-point programs, which scripts/bench-fprange-real.sh measures
# (fprange with and without).
RP_FP_PROGRAMS=(opus libccd)
RP_MODES=(plain icf mergefunc gmf-icf ltofold-equal ltofold ltofold-icf gold-ltofold bfd-ltofold mold-ltofold)

rp_say() { printf 'realprogs: %s\n' "$*" >&2; }
rp_fail() { printf 'realprogs: error: %s\n' "$*" >&2; exit 1; }

# rp_build_both PROGRAM...: builds each program with -flto=full into RP_OUT
# and with -flto=thin into RP_OUT/thin (the ThinLTO benchmarks compare the
# two).
rp_build_both() {
  bash "$RP_ROOT/scripts/realprogs.sh" --build-only "$@"
  RP_OUT=$RP_OUT/thin RP_CFLAGS="-O2 -flto=thin" bash "$RP_ROOT/scripts/realprogs.sh" --build-only "$@"
}

# rp_commit_label: the commit measured, for a benchmark's section of
# docs/BENCHMARKS.md (" with uncommitted changes" when the code differs).
rp_commit_label() {
  local commit
  commit=$(git -C "$RP_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
  git -C "$RP_ROOT" diff --quiet HEAD -- plugin merge fprange canon scripts 2>/dev/null ||
    commit+=" with uncommitted changes"
  echo "$commit"
}

# rp_load PROGRAM: reads the recipe into the current shell.
rp_load() {
  local recipe=$RP_DIR/$1.sh
  [ -f "$recipe" ] || rp_fail "no recipe $recipe (programs: ${RP_PROGRAMS[*]})"
  unset RP_PACKAGE RP_LANG RP_BINARIES RP_BENCH RP_FOLD_CHECK
  unset -f rp_build rp_test rp_bench
  # shellcheck disable=SC1090
  source "$recipe"
  [ -n "${RP_PACKAGE:-}" ] && [ -n "${RP_LANG:-}" ] && [ -n "${RP_BENCH:-}" ] &&
    [ "${#RP_BINARIES[@]}" -gt 0 ] && declare -F rp_build >/dev/null &&
    declare -F rp_test >/dev/null ||
    rp_fail "$recipe must set RP_PACKAGE, RP_LANG, RP_BINARIES, RP_BENCH and define rp_build, rp_test"
  case ${RP_FOLD_CHECK:=merge} in
    merge | fprange) ;;
    *) rp_fail "$recipe: RP_FOLD_CHECK is merge or fprange, not '$RP_FOLD_CHECK'" ;;
  esac
}

# rp_mode MODE REPORT: sets RP_MODE_FLAGS (linker-driver words appended to the
# link), RP_MODE_ENV (VAR=VALUE words for env) and RP_MODE_REPORT (the report
# file ltofold writes, empty when the mode writes none). Returns 1 with the
# reason in RP_MODE_SKIP when the mode cannot run here.
rp_mode() {
  local mode=$1 report=$2
  RP_MODE_FLAGS="" RP_MODE_ENV=() RP_MODE_REPORT="" RP_MODE_SKIP=""
  case $mode in
    plain) RP_MODE_FLAGS="-fuse-ld=lld" ;;
    icf) RP_MODE_FLAGS="-fuse-ld=lld -Wl,--icf=all" ;;
    mergefunc) RP_MODE_FLAGS="-fuse-ld=lld -Wl,-mllvm,-enable-merge-functions" ;;
    # LLVM's GlobalMergeFunc (a codegen IR pass, TargetPassConfig): functions
    # equal up to constant operands become thunks to parameterized clones
    # (NAME.Tgm), which only the linker's ICF folds.
    gmf-icf) RP_MODE_FLAGS="-fuse-ld=lld -Wl,-mllvm,-enable-global-merge-func=true -Wl,--icf=all" ;;
    # LLVM's machine outliner (repeated machine-code sequences made
    # functions, each with its unwind entry) and ICF.
    outliner-icf) RP_MODE_FLAGS="-fuse-ld=lld -Wl,-mllvm,-enable-machine-outliner=always -Wl,--icf=all" ;;
    ltofold | ltofold-icf | ltofold-equal | ltofold-noblocks | ltofold-nooutline | ltofold-shapes)
      [ -f "$RP_PLUGIN" ] || { RP_MODE_SKIP="$RP_PLUGIN not built"; return 1; }
      RP_MODE_FLAGS="-fuse-ld=lld -Wl,--load-pass-plugin=$RP_PLUGIN"
      [ "$mode" = ltofold-icf ] && RP_MODE_FLAGS+=" -Wl,--icf=all"
      # lld parses -mllvm before it loads plugins (-Wl,-mllvm,-ltofold-KEY is
      # an unknown option there): options go by environment.
      local options=${RP_VERIFY_OPTION:+$RP_VERIFY_OPTION,}
      # equal functions only: similar-function merging off
      [ "$mode" = ltofold-equal ] && options+="merge-similar=false,"
      # similar functions, but no regions (pairs whose blocks differ)
      [ "$mode" = ltofold-noblocks ] && options+="merge-blocks=false,"
      # no outlining of repeated regions
      [ "$mode" = ltofold-nooutline ] && options+="merge-outline=false,"
      # pairs of different shapes merged too (off by default)
      [ "$mode" = ltofold-shapes ] && options+="merge-shapes=true,"
      RP_MODE_ENV=("LTOFOLD_OPTIONS=${options}report=$report")
      RP_MODE_REPORT=$report ;;
    # ThinLTO objects only: lld's distributed ThinLTO, the backends run by
    # scripts/dtlto-distributor.py through `ltofold thin-backend`; module by
    # module, or with merge across the whole program.
    dtlto | dtlto-whole | dtlto-summaries)
      [ -x "$RP_LTOFOLD" ] || { RP_MODE_SKIP="$RP_LTOFOLD not built"; return 1; }
      local arg=-Wl,--thinlto-remote-compiler-prepend-arg=
      RP_MODE_FLAGS="-fuse-ld=lld -Wl,--thinlto-distributor=$(command -v python3)"
      RP_MODE_FLAGS+=" -Wl,--thinlto-distributor-arg=$RP_ROOT/scripts/dtlto-distributor.py"
      RP_MODE_FLAGS+=" -Wl,--thinlto-distributor-arg=--report=$report"
      [ "$mode" = dtlto-whole ] && RP_MODE_FLAGS+=" -Wl,--thinlto-distributor-arg=--whole-program"
      [ "$mode" = dtlto-summaries ] &&
        RP_MODE_FLAGS+=" -Wl,--thinlto-distributor-arg=--whole-program=summaries"
      RP_MODE_FLAGS+=" -Wl,--thinlto-remote-compiler=$RP_LTOFOLD ${arg}thin-backend"
      [ -n "$RP_VERIFY_OPTION" ] && RP_MODE_FLAGS+=" ${arg}--$RP_VERIFY_OPTION"
      RP_MODE_FLAGS+=" ${arg}--report=%o.json ${arg}-- ${arg}$RP_CC"
      RP_MODE_REPORT=$report ;;
    gold-ltofold | bfd-ltofold | mold-ltofold)
      local linker=${mode%-ltofold}
      [ -f "$RP_GOLD_PLUGIN" ] || { RP_MODE_SKIP="$(basename "$RP_GOLD_PLUGIN") not built"; return 1; }
      case $linker in
        gold) command -v ld.gold >/dev/null || { RP_MODE_SKIP="no ld.gold"; return 1; } ;;
        bfd) command -v ld.bfd >/dev/null || { RP_MODE_SKIP="no ld.bfd"; return 1; } ;;
        mold) command -v mold >/dev/null || { RP_MODE_SKIP="no mold"; return 1; } ;;
      esac
      # -fno-lto last: with -flto on the link line clang passes its own
      # LLVMgold.so to gold/bfd/mold ahead of -Wl,-plugin, and it would claim
      # every bitcode file first.
      RP_MODE_FLAGS="-fuse-ld=$linker -fno-lto -Wl,-plugin,$RP_GOLD_PLUGIN"
      if [ "$(basename "$RP_GOLD_PLUGIN")" != LLVMgold.so ]; then
        RP_MODE_FLAGS+=" -Wl,-plugin-opt=report=$report"
        [ -n "$RP_VERIFY_OPTION" ] && RP_MODE_FLAGS+=" -Wl,-plugin-opt=$RP_VERIFY_OPTION"
        RP_MODE_REPORT=$report
      fi ;;
    *) rp_fail "unknown mode '$mode' (modes: ${RP_MODES[*]})" ;;
  esac
}

# rp_cmake SRC BUILD ARGS...: CMake configure with the LTO toolchain, links
# through link-wrap.sh.
rp_cmake() {
  local src=$1 build=$2; shift 2
  cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=None \
    -DCMAKE_C_COMPILER="$RP_CC" -DCMAKE_CXX_COMPILER="$RP_CXX" \
    -DCMAKE_C_FLAGS="$RP_CFLAGS" -DCMAKE_CXX_FLAGS="$RP_CFLAGS" \
    -DCMAKE_AR="$RP_AR" -DCMAKE_RANLIB="$RP_RANLIB" \
    -DCMAKE_C_LINKER_LAUNCHER="$RP_WRAP" -DCMAKE_CXX_LINKER_LAUNCHER="$RP_WRAP" \
    "$@"
}

# rp_link_entry BUILD BIN: prints the last logged link whose output is BUILD/BIN.
rp_link_entry() {
  local build=$1 bin=$2 line found="" out
  local -a w
  while IFS= read -r line; do
    eval "w=($line)"
    out=$(rp_entry_output "${w[@]}") || continue
    [ "$out" = "$build/$bin" ] && found=$line
  done <"$build/../links.log"
  [ -n "$found" ] || return 1
  printf '%s\n' "$found"
}

# rp_entry_output CWD CMD...: the absolute -o path of a logged link.
rp_entry_output() {
  local cwd=$1 i out=""; shift
  local -a c=("$@")
  for ((i = 0; i < ${#c[@]}; i++)); do
    if [ "${c[i]}" = -o ] && [ $((i + 1)) -lt ${#c[@]} ]; then out=${c[i + 1]}; fi
  done
  [ -n "$out" ] || return 1
  case $out in /*) ;; *) out=$cwd/$out ;; esac
  # normalize ./ and ../ without requiring the file to exist
  realpath -m "$out"
}

# rp_relink BUILD BIN [OUTPUT]: reruns BIN's logged link with the current mode
# (RP_MODE_FLAGS, RP_MODE_ENV), writing OUTPUT instead of BIN when given.
rp_relink() {
  local build=$1 bin=$2 output=${3:-} line i
  local -a w cmd extra
  line=$(rp_link_entry "$build" "$bin") ||
    { echo "realprogs: no logged link for $bin in $build/../links.log" >&2; return 1; }
  eval "w=($line)"
  cmd=("${w[@]:1}")
  if [ -n "$output" ]; then
    for ((i = 0; i < ${#cmd[@]}; i++)); do
      [ "${cmd[i]}" = -o ] && cmd[i + 1]=$output
    done
  fi
  # shellcheck disable=SC2206 # a list of words by design
  extra=($RP_MODE_FLAGS)
  (cd "${w[0]}" && env "${RP_MODE_ENV[@]}" "${cmd[@]}" "${extra[@]}")
}

# rp_check_bitcode BUILD BIN: every object and archive of BIN's link that the
# build made must be LLVM bitcode (archives: every member).
rp_check_bitcode() {
  local build=$1 bin=$2 line a path n=0 m
  local -a w
  line=$(rp_link_entry "$build" "$bin") || { echo "no logged link for $bin" >&2; return 1; }
  eval "w=($line)"
  for a in "${w[@]:2}"; do
    case $a in /*) path=$a ;; *) path=${w[0]}/$a ;; esac
    case $path in "$RP_OUT"/*) ;; *) continue ;; esac
    [ -f "$path" ] || continue
    case $path in
      *.o | *.obj)
        [ "$(head -c 4 "$path" | od -An -tx1 | tr -d ' \n')" = 4243c0de ] ||
          { echo "$path is not LLVM bitcode" >&2; return 1; }
        n=$((n + 1)) ;;
      *.a)
        while IFS= read -r m; do
          [ "$("$RP_AR" p "$path" "$m" | head -c 4 | od -An -tx1 | tr -d ' \n')" = 4243c0de ] ||
            { echo "$path($m) is not LLVM bitcode" >&2; return 1; }
          n=$((n + 1))
        done < <("$RP_AR" t "$path")
        ;;
    esac
  done
  [ "$n" -gt 0 ] || { echo "the link of $bin uses no object or archive from the build" >&2; return 1; }
}

# Timing and sizes for the benchmarks.
rp_now_ns() { date +%s%N; }
rp_seconds_since() { awk -v ns="$(($(rp_now_ns) - $1))" 'BEGIN { printf "%.4f\n", ns / 1e9 }'; }
# rp_text_size EXE: the bytes of its .text; non-zero status without one.
rp_text_size() { "$RP_LLVM/llvm-size" -A "$1" | awk '$1 == ".text" { print $2; f = 1 } END { if (!f) exit 1 }'; }

# rp_interleaved_start LINKS_TSV RUNS_TSV: the two files, with the header
# of the columns rp_interleaved_links and rp_interleaved_runs append.
rp_interleaved_start() {
  printf 'program\tmode\trun\tlink_s\ttext\treport\n' >"$1"
  printf 'program\tmode\trun\trun_s\n' >"$2"
}

# rp_ltofold_with REPORT [OPTION]: rp_mode ltofold, with OPTION (KEY=VALUE)
# first in its LTOFOLD_OPTIONS; fatal when the mode cannot run.
rp_ltofold_with() {
  rp_mode ltofold "$1" || rp_fail "mode ltofold cannot run: $RP_MODE_SKIP"
  [ -z "${2:-}" ] || RP_MODE_ENV=("${RP_MODE_ENV[0]/#LTOFOLD_OPTIONS=/LTOFOLD_OPTIONS=$2,}")
}

# Modes compared side by side take turns: in round R the modes start at the
# (R-1)th, so that none always runs first on a machine whose load drifts.
#
# rp_interleaved_links PROGRAM DIR RUNS LINKS_TSV SET_MODE MODE...: relinks
# the loaded recipe's RP_BENCH (built in RP_OUT/PROGRAM/build) as
# DIR/PROGRAM.MODE.out, RUNS times per mode, after `SET_MODE MODE REPORT`
# has set RP_MODE_FLAGS and RP_MODE_ENV (REPORT: DIR/PROGRAM.MODE.R.json);
# appends program, mode, round, link seconds, .text bytes and REPORT to
# LINKS_TSV. A failed link is fatal, with its log (DIR/PROGRAM.MODE.log).
rp_interleaved_links() {
  local p=$1 dir=$2 runs=$3 links=$4 set_mode=$5 r k m report exe t0
  shift 5
  local -a modes=("$@")
  for ((r = 1; r <= runs; r++)); do
    for ((k = 0; k < ${#modes[@]}; k++)); do
      m=${modes[(k + r - 1) % ${#modes[@]}]}
      report=$dir/$p.$m.$r.json exe=$dir/$p.$m.out
      "$set_mode" "$m" "$report"
      rm -f "$exe"
      t0=$(rp_now_ns)
      rp_relink "$RP_OUT/$p/build" "$RP_BENCH" "$exe" >"$dir/$p.$m.log" 2>&1 ||
        { cat "$dir/$p.$m.log" >&2; rp_fail "$p: link with $m failed (log: $dir/$p.$m.log)"; }
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "$m" "$r" "$(rp_seconds_since "$t0")" \
        "$(rp_text_size "$exe")" "$report" >>"$links"
    done
  done
}

# rp_interleaved_runs PROGRAM SRC DIR RUNS RUNS_TSV MODE...: runs the loaded
# recipe's rp_bench (sources SRC) on each DIR/PROGRAM.MODE.out, RUNS times,
# the modes taking turns; appends program, mode, round and wall seconds to
# RUNS_TSV. A failed run is fatal: the binaries must do what the program's
# test checks.
rp_interleaved_runs() {
  local p=$1 src=$2 dir=$3 runs=$4 runs_tsv=$5 r k m t0
  shift 5
  local -a modes=("$@")
  for ((r = 1; r <= runs; r++)); do
    for ((k = 0; k < ${#modes[@]}; k++)); do
      m=${modes[(k + r - 1) % ${#modes[@]}]}
      t0=$(rp_now_ns)
      rp_bench "$src" "$RP_OUT/$p/build" "$dir/$p.$m.out" </dev/null >/dev/null 2>&1 ||
        rp_fail "$p: the $m binary failed its run (rp_bench in $RP_DIR/$p.sh, on $dir/$p.$m.out)"
      printf '%s\t%s\t%s\t%s\n' "$p" "$m" "$r" "$(rp_seconds_since "$t0")" >>"$runs_tsv"
    done
  done
}
