#!/usr/bin/env bash
# Size and link time of real programs (testsuite/realprogs) under five link
# modes, relinking the same bitcode objects and archives each time:
#   plain        lld, plain full LTO
#   icf          lld --icf=all
#   mergefunc    lld with LLVM's MergeFunctions (-mllvm -enable-merge-functions)
#   ltofold      lld with ltofold's pass plugin
#   ltofold-icf  ltofold plus --icf=all
# For each program's benchmark binary (RP_BENCH in its recipe): .text size
# (llvm-size -A), file size, FUNC symbols defined in .symtab and how many
# distinct addresses they have, and link time (wall, median of N runs,
# interleaved over the modes so every mode sees the same machine state). Only
# the link is timed: the bitcode is built once by scripts/realprogs.sh.
#
# Usage: scripts/bench-size.sh [--runs N] [--no-write] [PROGRAM]...
#   PROGRAM     default: all of testsuite/realprogs (bzip2 cjson jsoncpp pugixml fmtlib yaml-cpp)
#   --runs N    link runs per mode (default 3)
#   --no-write  print the table, leave docs/BENCHMARKS.md alone
# Writes the section "Size (real programs)" of docs/BENCHMARKS.md (replacing
# it, leaving the other sections alone) and the raw numbers in
# build/realprogs/bench-size.tsv. Targets are checked and printed, not
# asserted: the exit status is 0 unless something failed to build or link.
set -euo pipefail
cd "$(dirname "$0")/.."
# Release links: no verify, no certification (their times are measured).
export RP_VERIFY=0
# shellcheck source=../testsuite/realprogs/lib/common.sh
source testsuite/realprogs/lib/common.sh

runs=3 write=1 programs=()
while [ $# -gt 0 ]; do
  case $1 in
    --runs) [ $# -ge 2 ] || rp_fail "--runs needs a number"; runs=$2; shift ;;
    --no-write) write=0 ;;
    -h | --help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) rp_fail "unknown option $1 (see --help)" ;;
    *) programs+=("$1") ;;
  esac
  shift
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || rp_fail "--runs wants a positive number, not '$runs'"
[ ${#programs[@]} -gt 0 ] || programs=("${RP_PROGRAMS[@]}")
modes=(plain icf mergefunc ltofold ltofold-icf)
[ -f "$RP_PLUGIN" ] || rp_fail "$RP_PLUGIN not built (cmake -S . -B build -G Ninja && ninja -C build)"

bash scripts/realprogs.sh --build-only "${programs[@]}"

work=$RP_OUT/bench-size
rm -rf "$work"
mkdir -p "$work"
tsv=$RP_OUT/bench-size.tsv
printf 'program\tlang\tmode\ttext\tfile\tfuncs\tfunc_addrs\tlink_s\tfolded\n' >"$tsv"

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.4f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
text_size() { "$RP_LLVM/llvm-size" -A "$1" | awk '$1 == ".text" { print $2; f = 1 } END { if (!f) exit 1 }'; }
# FUNC symbols defined in .symtab (not .dynsym): count, and distinct addresses
func_syms() {
  "$RP_LLVM/llvm-readelf" --syms --wide "$1" |
    awk '/^Symbol table / { in_symtab = ($3 == "'"'"'.symtab'"'"'") } in_symtab && $4 == "FUNC" && $7 != "UND" { print $2 }'
}

for p in "${programs[@]}"; do
  rp_load "$p"
  build=$RP_OUT/$p/build
  rp_say "$p: linking $RP_BENCH $runs times in each of ${#modes[@]} modes"
  for m in "${modes[@]}"; do : >"$work/$p.$m.times"; done
  for ((r = 1; r <= runs; r++)); do
    for m in "${modes[@]}"; do
      rp_mode "$m" "$work/$p.$m.json"
      out=$work/$p.$m.out
      rm -f "$out"
      t0=$(date +%s%N)
      rp_relink "$build" "$RP_BENCH" "$out" >"$work/$p.$m.log" 2>&1 ||
        { cat "$work/$p.$m.log" >&2; rp_fail "$p: link in mode $m failed (log: $work/$p.$m.log)"; }
      t1=$(date +%s%N)
      echo "$(((t1 - t0) / 1000))" | awk '{ printf "%.3f\n", $1 / 1e6 }' >>"$work/$p.$m.times"
      # same inputs, same output: a changing size would make the table meaningless
      size=$(stat -c %s "$out")
      if [ -f "$work/$p.$m.size" ] && [ "$(cat "$work/$p.$m.size")" != "$size" ]; then
        rp_fail "$p: mode $m gave a different file size in run $r ($size, before $(cat "$work/$p.$m.size"))"
      fi
      echo "$size" >"$work/$p.$m.size"
    done
  done
  for m in "${modes[@]}"; do
    out=$work/$p.$m.out
    func_syms "$out" >"$work/$p.$m.funcs"
    folded=-
    if [ -f "$work/$p.$m.json" ]; then
      folded=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["totals"]["functions_folded"])' "$work/$p.$m.json")
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "$RP_LANG" "$m" "$(text_size "$out")" \
      "$(stat -c %s "$out")" "$(wc -l <"$work/$p.$m.funcs")" "$(sort -u "$work/$p.$m.funcs" | wc -l)" \
      "$(median <"$work/$p.$m.times")" "$folded" >>"$tsv"
  done
done

# Table and targets, from the TSV.
python3 - "$tsv" "$runs" "$write" "$*" <<'PY' >"$work/section.md"
import sys, collections
tsv, runs, write, args = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4]
rows = [l.rstrip("\n").split("\t") for l in open(tsv)][1:]
by = collections.OrderedDict()
for p, lang, m, text, fsize, funcs, addrs, secs, folded in rows:
    by.setdefault(p, {"lang": lang})[m] = dict(text=int(text), file=int(fsize), funcs=int(funcs),
                                               addrs=int(addrs), secs=float(secs), folded=folded)
modes = ["plain", "icf", "mergefunc", "ltofold", "ltofold-icf"]
out = []
out.append("| program | mode | .text bytes | .text vs plain | file bytes | FUNC symbols | distinct addresses | link s (median of %d) | link vs plain | ltofold folded |" % runs)
out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for p, d in by.items():
    base = d["plain"]
    for m in modes:
        r = d[m]
        out.append("| %s (%s) | %s | %d | %.3f | %d | %d | %d | %.3f | %.2f | %s |" % (
            p, d["lang"], m, r["text"], r["text"] / base["text"], r["file"], r["funcs"], r["addrs"],
            r["secs"], r["secs"] / base["secs"], r["folded"]))
targets = []
def check(name, ok_list):
    missed = [x for x, ok, _ in ok_list if not ok]
    detail = "; ".join("%s %s" % (x, s) for x, _, s in ok_list)
    targets.append("- %s: **%s** (%s)" % (name, "met" if not missed else "missed on " + ", ".join(missed), detail))
check("ltofold .text <= mergefunc .text on every program",
      [(p, d["ltofold"]["text"] <= d["mergefunc"]["text"], "%d vs %d" % (d["ltofold"]["text"], d["mergefunc"]["text"])) for p, d in by.items()])
check("ltofold .text <= lld --icf=all .text on the C++ programs",
      [(p, d["ltofold"]["text"] <= d["icf"]["text"], "%d vs %d" % (d["ltofold"]["text"], d["icf"]["text"])) for p, d in by.items() if d["lang"] == "c++"])
check("ltofold link time <= 1.10 x plain LTO",
      [(p, d["ltofold"]["secs"] <= 1.10 * d["plain"]["secs"], "x%.2f" % (d["ltofold"]["secs"] / d["plain"]["secs"])) for p, d in by.items()])
print("\n".join(out))
print()
print("Targets:")
print()
print("\n".join(targets))
PY

cat "$work/section.md"
if [ "$write" = 1 ]; then
  doc=docs/BENCHMARKS.md
  commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  git diff --quiet HEAD -- plugin merge fprange canon 2>/dev/null || commit+=" with uncommitted changes in plugin/, merge/, fprange/ or canon/"
  llvm=$("$RP_LLVM/llvm-config" --version)
  cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
  {
    echo "## Size (real programs)"
    echo
    echo "Each program of testsuite/realprogs built once with \`clang -O2 -flto=full\` (bitcode objects and static archives from its own build), then its benchmark binary relinked in five modes from the same bitcode (made by \`scripts/bench-size.sh\`; rerunning it replaces this section):"
    echo
    echo '```'
    echo "scripts/bench-size.sh${*:+ $*}"
    echo '```'
    echo
    echo "LLVM $llvm, ltofold at $commit; $(nproc) cores ($cpu). Binaries: $(for p in "${programs[@]}"; do rp_load "$p"; printf '%s `%s`, ' "$p" "$RP_BENCH"; done | sed 's/, $//'). Modes: *plain* \`-fuse-ld=lld\`; *icf* adds \`-Wl,--icf=all\`; *mergefunc* adds \`-Wl,-mllvm,-enable-merge-functions\`; *ltofold* adds \`-Wl,--load-pass-plugin=build/lib/libltofold.so\`; *ltofold-icf* both. *.text* from \`llvm-size -A\`; *FUNC symbols* are the defined FUNC entries of .symtab, *distinct addresses* how many different addresses they have (ICF keeps every symbol and points folded ones at one body); link time is the wall time of the whole \`clang\` link command (LTO optimization and code generation included), median of $runs runs interleaved over the modes in one run of the script. *ltofold folded* is \`totals.functions_folded\` from ltofold's report. Which functions make a difference between two modes: \`scripts/bench-size-funcs.sh build/realprogs/bench-size/PROGRAM.MODE1.out build/realprogs/bench-size/PROGRAM.MODE2.out\`."
    echo
    cat "$work/section.md"
  } >"$work/new-section.md"
  python3 - "$doc" "$work/new-section.md" <<'PY'
import sys, re
doc, new = sys.argv[1], open(sys.argv[2]).read().rstrip("\n") + "\n"
text = open(doc).read()
m = re.search(r"^## Size \(real programs\)\n.*?(?=^## |\Z)", text, flags=re.S | re.M)
if m:
    text = text[:m.start()] + new + ("\n" if text[m.end():] else "") + text[m.end():]
else:
    text = text.rstrip("\n") + "\n\n" + new
open(doc, "w").write(text)
PY
  rp_say "wrote the section 'Size (real programs)' of $doc"
fi
