#!/usr/bin/env bash
# What fprange's nofpclass attributes give LLVM on the floating-point
# programs (RP_FP_PROGRAMS of testsuite/realprogs/lib/common.sh: opus,
# libccd). Each program's benchmark binary (RP_BENCH) is relinked through
# lld with ltofold's pass plugin (mode ltofold, without verify) in two
# modes, RUNS times each, interleaved:
#   attributes-on   ltofold's defaults (fprange-attributes on)
#   attributes-off  the same with fprange-attributes=false
# with lld's --save-temps, so that the final module (PROGRAM.MODE.out.
# 0.5.precodegen.bc: after LLVM's LTO pipeline and ltofold's merge, before
# code generation) can be counted: its instructions, the calls of libm's
# sqrt/sqrtf (which may set errno) and of the llvm.sqrt intrinsic (which
# does not), and fmod calls. From attributes-on's report: the attributes
# written (fprange.nofpclass_written) and fprange's seconds. For both: link
# wall time, .text (llvm-size -A), and the run time of the recipe's
# rp_bench (wall, median of RUNS runs, the binaries in turn).
#
# The bitcode comes from scripts/realprogs.sh --build-only (RP_OUT, default
# build/realprogs); it is only read: everything this writes goes to OUT.
#
# With --generated N instead: the floating-point programs of the fuzzer's
# fp path (testsuite/fuzz/gen_fp.py, seeds 1..N), compiled with
# clang -O2 -flto=full and linked the same two ways once each; the table
# then sums their final modules' counts, says in how many programs the
# final module differs, and checks that both binaries print the same.
#
# Usage: scripts/bench-fprange-attributes.sh [--runs N] [--out OUT] [PROGRAM]...
#        scripts/bench-fprange-attributes.sh --generated N [--out OUT]
#   --runs N   links and runs per mode (default 3)
#   --out OUT  where the links, counts and the table go
#              (default build/bench-fprange-attributes); the table is
#              OUT/table.md
# Environment: LTOFOLD_PLUGIN (default build/lib/libltofold.so), RP_OUT,
# LTOFOLD_SOURCES (the Debian sources rp_bench runs from, as
# scripts/fetch-source.sh keeps them).
set -euo pipefail
cd "$(dirname "$0")/.."
export RP_VERIFY=0 # release links: their times are measured
# shellcheck source=../testsuite/realprogs/lib/common.sh
source testsuite/realprogs/lib/common.sh

runs=3 out=build/bench-fprange-attributes programs=() generated=0
while [ $# -gt 0 ]; do
  case $1 in
    --generated) [ $# -ge 2 ] || rp_fail "--generated needs a number"; generated=$2; shift ;;
    --runs) [ $# -ge 2 ] || rp_fail "--runs needs a number"; runs=$2; shift ;;
    --out) [ $# -ge 2 ] || rp_fail "--out needs a directory"; out=$2; shift ;;
    -h | --help) sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) rp_fail "unknown option $1 (see --help)" ;;
    *) programs+=("$1") ;;
  esac
  shift
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || rp_fail "--runs wants a positive number, not '$runs'"
[[ $generated =~ ^[0-9]+$ ]] || rp_fail "--generated wants a number, not '$generated'"
[ ${#programs[@]} -gt 0 ] || programs=("${RP_FP_PROGRAMS[@]}")
[ -f "$RP_PLUGIN" ] || rp_fail "$RP_PLUGIN not built"
modes=(attributes-on attributes-off)
rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)

# count_module FILE.bc: instructions, libm sqrt calls, llvm.sqrt calls, fmod
# calls of the final module, tab-separated.
count_module() {
  "$RP_LLVM/llvm-dis" "$1" -o - | awk '
    /^define / { inside = 1; next }
    inside && /^}/ { inside = 0; next }
    inside && /^  / && !/^  *;/ {
      n++
      if ($0 ~ /@sqrtf?\(/) libm++
      if ($0 ~ /@llvm\.sqrt\./) intrinsic++
      if ($0 ~ /@fmod[fl]?\(/) fmod++
    }
    END { printf "%d\t%d\t%d\t%d\n", n, libm, intrinsic, fmod }'
}

if [ "$generated" -gt 0 ]; then
  printf 'seed\tmode\tinstructions\tsqrt_libm\tsqrt_intrinsic\tfmod\twritten\n' >"$out/generated.tsv"
  for ((seed = 1; seed <= generated; seed++)); do
    dir=$out/gen$seed
    mkdir -p "$dir"
    python3 testsuite/fuzz/gen_fp.py "$seed" -o "$dir/p.c"
    "$RP_CC" -O2 -flto=full -w -c "$dir/p.c" -o "$dir/p.o"
    for m in "${modes[@]}"; do
      options=report=$dir/$m.json
      [ "$m" = attributes-off ] && options=fprange-attributes=false,$options
      LTOFOLD_OPTIONS=$options "$RP_CC" -fuse-ld=lld -flto=full \
        -Wl,--load-pass-plugin="$RP_PLUGIN" -Wl,--save-temps "$dir/p.o" \
        -o "$dir/$m" -lm
      "$dir/$m" 7 -0 1e-320 nan -inf >"$dir/$m.txt"
      written=$(python3 -c 'import json, sys
w = json.load(open(sys.argv[1]))["fprange"]["nofpclass_written"]
print(sum(v for k, v in w.items() if k != "fmod_guards"))' "$dir/$m.json")
      printf '%s\t%s\t%s\t%s\n' "$seed" "$m" \
        "$(count_module "$dir/$m.0.5.precodegen.bc")" "$written" >>"$out/generated.tsv"
    done
    cmp -s "$dir/attributes-on.txt" "$dir/attributes-off.txt" ||
      rp_fail "generated program $seed prints differently with the attributes ($dir)"
  done
  python3 - "$out/generated.tsv" >"$out/table.md" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
keys = ("written", "instructions", "sqrt_libm", "sqrt_intrinsic", "fmod")
total = {m: {k: sum(int(r[k]) for r in rows if r["mode"] == m) for k in keys}
         for m in ("attributes-on", "attributes-off")}
seeds = sorted({r["seed"] for r in rows}, key=int)
def row(seed, mode):
    return next(r for r in rows if r["seed"] == seed and r["mode"] == mode)
differ = [s for s in seeds
          if row(s, "attributes-on")["instructions"] != row(s, "attributes-off")["instructions"]]
print("| mode | programs | nofpclass written | final IR instructions | libm sqrt calls | llvm.sqrt | fmod calls |")
print("|---|---:|---:|---:|---:|---:|---:|")
for m in ("attributes-on", "attributes-off"):
    t = total[m]
    print("| %s | %d | %d | %d | %d | %d | %d |" % (m, len(seeds), t["written"], t["instructions"],
                                                 t["sqrt_libm"], t["sqrt_intrinsic"], t["fmod"]))
print()
print("Programs whose final module has another instruction count with the attributes: %d of %d (%s); "
      "every program prints the same both ways." % (len(differ), len(seeds), ", ".join(differ) or "none"))
PY
  cat "$out/table.md"
  exit 0
fi
links=$out/links.tsv runs_tsv=$out/runs.tsv
rp_interleaved_start "$links" "$runs_tsv"

# set_mode MODE REPORT: rp_mode's ltofold, attributes off for attributes-off,
# and lld keeping the final module.
set_mode() {
  local option=
  [ "$1" = attributes-off ] && option=fprange-attributes=false
  rp_ltofold_with "$2" "$option"
  RP_MODE_FLAGS+=" -Wl,--save-temps"
}

for p in "${programs[@]}"; do
  rp_load "$p"
  build=$RP_OUT/$p/build
  [ -d "$build" ] || rp_fail "$p: not built in $RP_OUT (scripts/realprogs.sh --build-only $p)"
  src=$(bash scripts/fetch-source.sh "$RP_PACKAGE" 2>/dev/null) || rp_fail "$p: no source for $RP_PACKAGE"
  rp_say "$p: linking $RP_BENCH $runs times with the attributes on and off"
  rp_interleaved_links "$p" "$out" "$runs" "$links" set_mode "${modes[@]}"
  for m in "${modes[@]}"; do
    "$RP_LLVM/llvm-dis" "$out/$p.$m.out.0.5.precodegen.bc" -o "$out/$p.$m.final.ll"
  done
  rp_say "$p: running rp_bench on both binaries $runs times"
  rp_interleaved_runs "$p" "$src" "$out" "$runs" "$runs_tsv" "${modes[@]}"
done

python3 - "$out" "$links" "$runs_tsv" "${programs[@]}" >"$out/table.md" <<'PY'
import csv, json, os, re, statistics, sys
out, links_path, runs_path, programs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
links = list(csv.DictReader(open(links_path), delimiter="\t"))
runs = list(csv.DictReader(open(runs_path), delimiter="\t"))
med = statistics.median

def module_counts(path):
    """Instructions of the defined functions, and the calls that matter."""
    counts = {"instructions": 0, "sqrt_libm": 0, "sqrt_intrinsic": 0, "fmod": 0}
    inside = False
    for line in open(path):
        if line.startswith("define "):
            inside = True
            continue
        if inside and line.startswith("}"):
            inside = False
            continue
        if not inside or not line.startswith("  ") or line.lstrip().startswith(";"):
            continue
        counts["instructions"] += 1
        if re.search(r"@sqrtf?\(", line):
            counts["sqrt_libm"] += 1
        if "@llvm.sqrt." in line:
            counts["sqrt_intrinsic"] += 1
        if re.search(r"@fmod[fl]?\(", line):
            counts["fmod"] += 1
    return counts

print("| program | mode | nofpclass written (arguments/returns/call returns; fmod guards) "
      "| final IR instructions | libm sqrt calls | llvm.sqrt | fmod calls "
      "| .text | link s | fprange s | run s |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for p in programs:
    for m in ("attributes-on", "attributes-off"):
        mine = [l for l in links if l["program"] == p and l["mode"] == m]
        reports = [json.load(open(l["report"])) for l in mine]
        written = reports[0].get("fprange", {}).get("nofpclass_written", {})
        places = ("arguments", "returns", "call_returns")
        said = "/".join(str(written.get(k, 0)) for k in places)
        said += "; %d" % written.get("fmod_guards", 0)
        fp_s = [ph["seconds"] for r in reports for ph in r.get("phases", [])
                if ph.get("name") == "fprange"]
        c = module_counts(os.path.join(out, "%s.%s.final.ll" % (p, m)))
        run_s = [float(r["run_s"]) for r in runs if r["program"] == p and r["mode"] == m]
        print("| %s | %s | %s | %d | %d | %d | %d | %s | %.2f | %s | %.2f |" % (
            p, m, said, c["instructions"], c["sqrt_libm"], c["sqrt_intrinsic"],
            c["fmod"], mine[0]["text"], med(float(l["link_s"]) for l in mine),
            "%.3f" % med(fp_s) if fp_s else "-", med(run_s)))
PY
cat "$out/table.md"
