#!/usr/bin/env bash
# Sizes of real programs (testsuite/realprogs) with ltofold's outlining of
# repeated straight-line sequences (merge-outline-sequences), against
# ltofold's defaults and LLVM's machine outliner, relinking each program's
# benchmark binary (RP_BENCH) from the same bitcode with lld:
#   plain              full LTO
#   outliner-icf       the machine outliner (-mllvm -enable-machine-outliner=always)
#                      and --icf=all
#   ltofold            the pass plugin with its defaults but
#                      merge-outline-sequences=false (the defaults before
#                      issue 37 turned sequences on; BENCH_BASE_OPTIONS
#                      replaces those options)
#   ltofold-sequences  the plugin with merge-outline-sequences (and
#                      BENCH_OPTIONS, if set)
#   ltofold-seq-icf    that, and --icf=all
# For each: .text (llvm-size -A), loadable bytes (scripts/loadable-bytes.sh),
# .eh_frame and .eh_frame_hdr; for the plugin, what the report's
# merge.outline says. Every binary of the plugin's modes is linked with
# LTOFOLD_OPTIONS=verify (every fold certified, the module verified) and
# then run once on its own test's input (the recipe's rp_bench), where the
# recipe has one: a binary that fails stops the script. Sizes only, no
# timings: the machine is shared.
#
# With --rounds N, the ltofold and ltofold-sequences binaries then run the
# recipe's rp_bench in turn, N rounds each, and the table gets the CPU time
# (user + sys, from wait4) of one run, median over the rounds, and the
# ratio of the two.
#
# Usage: scripts/bench-sequences.sh [--rounds N] [PROGRAM]...
#   PROGRAM  default: bzip2 cjson jsoncpp pugixml fmtlib ninja re2 opus libccd gawk
# Environment: LTOFOLD_PLUGIN (default build/lib/libltofold.so), RP_OUT
# (default build/realprogs; the programs must be built there:
# scripts/realprogs.sh --build-only), LTOFOLD_SOURCES (their sources, for
# rp_bench; default RP_OUT/../sources), BENCH_MODES (the modes to link,
# separated by spaces; default all five; --rounds needs ltofold and
# ltofold-sequences), BENCH_BASE_OPTIONS (the ltofold mode's options,
# separated by commas; default merge-outline-sequences=false; empty: the
# defaults), BENCH_OPTIONS (more options for the sequences modes, e.g.
# merge-shapes). Prints a markdown table; writes
# nothing but build/bench-sequences/.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=../testsuite/realprogs/lib/common.sh
source testsuite/realprogs/lib/common.sh
rounds=0
case ${1:-} in
  -h | --help) sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
  --rounds) rounds=$2; shift 2 ;;
esac
programs=("$@")
[ ${#programs[@]} -gt 0 ] || programs=(bzip2 cjson jsoncpp pugixml fmtlib ninja re2 opus libccd gawk)
# shellcheck disable=SC2206 # a list of words by design
modes=(${BENCH_MODES:-plain outliner-icf ltofold ltofold-sequences ltofold-seq-icf})
[ -f "$RP_PLUGIN" ] || rp_fail "$RP_PLUGIN not built"
sources=${LTOFOLD_SOURCES:-$RP_OUT/../sources}
work=$PWD/build/bench-sequences
mkdir -p "$work"
section() { # FILE NAME: the size of section NAME, 0 if none
  "$RP_LLVM/llvm-size" -A "$1" | awk -v n="$2" '$1 == n { s = $2 } END { print s + 0 }'
}
mode_flags() { # MODE REPORT: sets flags and env of the link
  flags="-fuse-ld=lld" env=()
  case $1 in
    plain) ;;
    outliner-icf) flags+=" -Wl,-mllvm,-enable-machine-outliner=always -Wl,--icf=all" ;;
    ltofold*)
      flags+=" -Wl,--load-pass-plugin=$RP_PLUGIN"
      [ "$1" = ltofold-seq-icf ] && flags+=" -Wl,--icf=all"
      local options=verify,report=$2
      if [ "$1" = ltofold ]; then
        local base=${BENCH_BASE_OPTIONS-merge-outline-sequences=false}
        options=${base:+$base,}$options
      else
        options=merge-outline-sequences,${BENCH_OPTIONS:+$BENCH_OPTIONS,}$options
      fi
      env=("LTOFOLD_OPTIONS=$options") ;;
  esac
}
printf '| program | mode | .text | loadable | .eh_frame + hdr | sequences outlined (groups) | outlined functions / calls | put back |\n'
printf '|---|---|---:|---:|---:|---:|---:|---:|\n'
for p in "${programs[@]}"; do
  rp_load "$p"
  build=$RP_OUT/$p/build
  for m in "${modes[@]}"; do
    out=$work/$p.$m.out json=$work/$p.$m.json
    rm -f "$out" "$json"
    mode_flags "$m" "$json"
    RP_MODE_FLAGS=$flags RP_MODE_ENV=("${env[@]}")
    rp_relink "$build" "$RP_BENCH" "$out" >"$work/$p.$m.log" 2>&1 ||
      { cat "$work/$p.$m.log" >&2; rp_fail "$p: link in mode $m failed"; }
    if [ "$m" != plain ] && declare -F rp_bench >/dev/null; then
      src=$(bash scripts/fetch-source.sh "$RP_PACKAGE" "$sources" 2>/dev/null) || rp_fail "$p: no source"
      rp_bench "$src" "$build" "$out" </dev/null >/dev/null 2>&1 ||
        rp_fail "$p: the $m binary failed its run ($out)"
    fi
    outline="- | - | -"
    if [ -f "$json" ]; then
      outline=$(python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))["merge"]["outline"]
print("%d (%d) | %d / %d | %d" % (o.get("sequences", 0), o.get("sequence_groups", 0),
      o["functions"], o["calls"], o["inlined_back"]))' "$json")
    fi
    printf '| %s | %s | %s | %s | %s | %s |\n' "$p" "$m" \
      "$("$RP_LLVM/llvm-size" -A "$out" | awk '$1 == ".text" { print $2 }')" \
      "$(LLVM_READELF=$RP_LLVM/llvm-readelf bash scripts/loadable-bytes.sh "$out")" \
      "$(($(section "$out" .eh_frame) + $(section "$out" .eh_frame_hdr)))" "$outline"
  done
  if [ "$rounds" -gt 0 ] && declare -F rp_bench >/dev/null; then
    { declare -f; echo 'rp_bench "$1" "$2" "$3"'; } >"$work/$p.bench.sh"
    python3 - "$rounds" "$work/$p.bench.sh" "$src" "$build" \
      "$work/$p.ltofold.out" "$work/$p.ltofold-sequences.out" <<'PY' | sed "s/^/| $p | /"
import os, shutil, statistics, sys
rounds, script, src, build, binaries = int(sys.argv[1]), *sys.argv[2:5], sys.argv[5:]
bash, null = shutil.which("bash"), os.open(os.devnull, os.O_RDWR)
def cpu(binary):
    pid = os.posix_spawn(bash, ["bash", "--norc", "--noprofile", script, src, build, binary],
                         dict(os.environ), file_actions=[(os.POSIX_SPAWN_DUP2, null, fd) for fd in (0, 1, 2)])
    _, status, usage = os.wait4(pid, 0)
    if status:
        sys.exit("bench-sequences: %s failed its run" % binary)
    return usage.ru_utime + usage.ru_stime
times = {b: [] for b in binaries}
for r in range(rounds):
    for b in (binaries if r % 2 == 0 else binaries[::-1]):
        times[b].append(cpu(b))
base, seq = (statistics.median(times[b]) for b in binaries)
print("run CPU s, median of %d | ltofold %.4f | ltofold-sequences %.4f | x%.3f | | | |" % (rounds, base, seq, seq / base))
PY
  fi
done
