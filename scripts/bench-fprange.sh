#!/usr/bin/env bash
# Benchmarks `ltofold fprange` and writes the result to docs/BENCHMARKS.md
# (section "fprange").
#
# 1. Compares decided. The corpus (scripts/bench-fprange-corpus.py, written
#    into the work directory) is C functions in seven categories (int-to-
#    float chains, transcendental functions, rounding, select/phi, loops,
#    branch-refined ranges, division), each in every FP type (half, bfloat,
#    float, double, x86_fp80, fp128): "decidable" cases whose result the
#    generator knows for every input, and "controls" that are not decidable.
#    Baseline: clang -O0 (optnone off), then opt -O2 twice. With fprange:
#    opt -O2, ltofold fprange, opt -O2. A case is decided when every return
#    of its function returns one constant. The table counts the decidable
#    cases LLVM leaves and how many of those fprange decides, and the
#    fcmp/icmp left in them.
# 2. Soundness by execution: both builds are code-generated (clang -O0 on
#    the optimized modules) and linked with the generated
#    harness and run every case on edge and random inputs (NaN, infinities,
#    signed zeros, subnormals) in round-to-nearest, the environment LLVM IR
#    assumes outside strictfp (the corpus has no strictfp code). "unsound" counts
#    decidable cases that answered other than expected, or whose answers
#    changed with fprange; controls must give the same answers.
# 3. Scaling: one generated function per size (scripts/bench-fprange-
#    scale.py: diamonds on fcmps, phis, selects, int-to-float, sqrt/floor,
#    counted loops). Wall time of `ltofold fprange IN -o OUT` (read, analyze,
#    fold, write) against `opt -passes=sccp IN -o OUT` (LLVM's own sparse
#    constant and range propagation, with reading and writing) on the same
#    bitcode; medians of --runs interleaved runs.
#
# Usage: scripts/bench-fprange.sh [--build DIR] [--sizes "1000 10000 ..."]
#                                 [--runs 3] [--no-docs]
# Work files stay in DIR/bench-fprange/. Exit status 0 when the benchmark
# ran, whether or not the targets are met; 1 if the build is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
command_line=scripts/bench-fprange.sh
for arg in "$@"; do command_line+=" $(printf '%q' "$arg")"; done

build=build-fprange
sizes="1000 10000 100000 1000000"
runs=3
docs=1
while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --no-docs) docs=0; shift ;;
    *) echo "bench-fprange.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

tools=/usr/lib/llvm-22/bin
ltofold=$root/$build/bin/ltofold
if [ ! -x "$ltofold" ]; then
  echo "bench-fprange.sh: $ltofold not built (cmake -S . -B $build -G Ninja && ninja -C $build)" >&2
  exit 1
fi
work=$root/$build/bench-fprange
rm -rf "$work"
mkdir -p "$work/corpus" "$work/scale"

now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# ---- 1 and 2: the corpus ----------------------------------------------------
corpus=$work/corpus
python3 scripts/bench-fprange-corpus.py "$corpus"
(
  cd "$corpus"
  "$tools/clang" -O0 -Xclang -disable-O0-optnone -emit-llvm -c cases.c -o cases.bc
  "$tools/opt" -O2 cases.bc -o o2.bc
  "$tools/opt" -O2 o2.bc -o base.bc
  "$ltofold" fprange o2.bc -o folded.bc --stats > stats.txt 2>&1
  "$tools/opt" -O2 folded.bc -o ours.bc
  "$tools/llvm-dis" base.bc -o base.ll
  "$tools/llvm-dis" ours.bc -o ours.ll
  "$tools/clang" -O2 -c harness.c -o harness.o
  # Code generation only: the modules are optimized already, and optimizing
  # again could use LLVM's round-to-nearest assumption differently in each.
  "$tools/clang" -O0 base.bc harness.o -o base.exe -lm
  "$tools/clang" -O0 ours.bc harness.o -o ours.exe -lm
  ./base.exe nearest > base.out
  ./ours.exe nearest > ours.out
  python3 "$root/scripts/bench-fprange-count.py" cases.tsv base.ll ours.ll \
    base.out ours.out > tables.md
)
summary=$(grep '^SUMMARY' "$corpus/tables.md")
missed=$(grep '^MISSED' "$corpus/tables.md" | cut -d' ' -f2-)
cases=$(wc -l < "$corpus/cases.tsv")

# ---- 3: scaling ----------------------------------------------------------------
scale_rows=""
for n in $sizes; do
  ll=$work/scale/chain-$n.ll
  bc=$work/scale/chain-$n.bc
  python3 scripts/bench-fprange-scale.py "$n" > "$ll"
  "$tools/llvm-as" "$ll" -o "$bc"
  rm -f "$ll"
  instructions=$("$tools/llvm-dis" "$bc" -o - | grep -cE '^  [^ ;]')
  ours_times=() sccp_times=()
  for ((r = 0; r < runs; r++)); do
    t0=$(now); "$ltofold" fprange "$bc" -o "$work/scale/out.bc"; t1=$(now)
    ours_times+=("$(echo "$t1 - $t0" | bc -l)")
    t0=$(now); "$tools/opt" -passes=sccp "$bc" -o "$work/scale/sccp.bc"; t1=$(now)
    sccp_times+=("$(echo "$t1 - $t0" | bc -l)")
  done
  ours=$(printf '%s\n' "${ours_times[@]}" | median)
  sccp=$(printf '%s\n' "${sccp_times[@]}" | median)
  folds=$("$ltofold" fprange "$bc" -o "$work/scale/folded.bc" --stats 2>&1 | sed -n 's/.*bounded), \([0-9]*\) folds.*/\1/p')
  per=$(echo "$ours * 1000000 / $instructions" | bc -l)
  ratio=$(echo "$ours / $sccp" | bc -l)
  scale_rows+=$(printf '| %s | %d | %.2f | %.2f | %.2f | %.1f | %s |' \
    "$n" "$instructions" "$ours" "$sccp" "$ratio" "$per" "$folds")$'\n'
  rm -f "$bc"
done

# ---- 4: a real program ------------------------------------------------------------
# fmt's format-test as whole-program bitcode before LTO optimization (made by
# scripts/build-fmt-bitcode.sh for the merge benchmark), if present: the time
# of ltofold fprange against LTO optimization and code generation of the same
# module, and the share of fprange's own code in its CPU samples (perf).
real_rows=""
fmt_bc=$root/build/bench-merge/inputs/fmt-build/fmt-format-test.0.0.preopt.bc
if [ -f "$fmt_bc" ]; then
  t0=$(now); "$ltofold" fprange "$fmt_bc" -o "$work/fmt.bc" --stats > "$work/fmt.stats" 2>&1; t1=$(now)
  fpr=$(echo "$t1 - $t0" | bc -l)
  t0=$(now); "$tools/opt" -passes=verify "$fmt_bc" -o "$work/fmt.verify.bc"; t1=$(now)
  io=$(echo "$t1 - $t0" | bc -l)
  t0=$(now); "$tools/opt" -passes='lto<O2>' "$fmt_bc" -o "$work/fmt.lto.bc"; t1=$(now)
  lto=$(echo "$t1 - $t0" | bc -l)
  t0=$(now); "$tools/llc" -O2 -filetype=obj "$work/fmt.lto.bc" -o "$work/fmt.o"; t1=$(now)
  codegen=$(echo "$t1 - $t0" | bc -l)
  share="-"
  if command -v perf > /dev/null && perf record -q -o "$work/fmt.perf" "$ltofold" fprange "$fmt_bc" -o "$work/fmt2.bc" > /dev/null 2>&1; then
    share=$(perf report -i "$work/fmt.perf" --no-children --stdio --sort dso,sym 2>/dev/null |
      awk '/^ +[0-9]/ && ((/ltofold / && $NF ~ /^(fp_|fn_|int_range|int_m|fprange_|ltofold_fprange|has_floating|compute_|solve|heap_|range_|apply_|refine_|push_|edge_|base_|constant_|split_|add_|transfer_|monotone|rounding_|power_|is_|counted_|recomputable|block_)/) || /mpfr|gmp/) {gsub("%","",$1); s+=$1} END {printf "%.1f%%", s}')
  fi
  values=$(sed -n 's/.*fprange: \([0-9]*\) FP values (\([0-9]*\) bounded), \([0-9]*\) folds.*/\1 FP values (\2 bounded), \3 folds/p' "$work/fmt.stats")
  real_rows=$(printf '| fmt format-test (preopt) | %s | %.2f | %.2f | %.2f | %.2f | %s |' \
    "$values" "$fpr" "$io" "$lto" "$codegen" "$share")
fi

# ---- report ------------------------------------------------------------------------
llvm_version=$("$tools/opt" --version | sed -n 's/.*LLVM version \([0-9.]*\).*/\1/p' | head -1)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=""
if ! git diff --quiet -- fprange 2>/dev/null; then dirty=" with uncommitted changes in fprange/"; fi
cpu=$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)
section=$(cat <<EOF
## fprange

Compares decided by \`ltofold fprange\` beyond LLVM's own \`opt -O2\`, checked by execution, and analysis time against instruction count (made by \`scripts/bench-fprange.sh\`; rerunning it replaces this section).

\`\`\`
$command_line
\`\`\`

LLVM $llvm_version, ltofold at $commit$dirty; $(nproc) cores ($cpu).

**Compares.** $cases generated cases (\`scripts/bench-fprange-corpus.py\`, written to $build/bench-fprange/corpus/): decidable ones, whose answer the generator knows for every input, and controls that are not decidable. Baseline: \`clang -O0\` then \`opt -O2\` twice; with fprange: \`opt -O2\`, \`ltofold fprange\`, \`opt -O2\`. A case counts as decided when every return of its function returns one constant. *share* is decided by fprange / left by -O2 (target: at least 98% of all, two thirds of the correlated ones). *compares left* counts the fcmp/icmp still in the decidable cases LLVM leaves. *unsound* counts decidable cases that answered other than expected, or answered differently with fprange, when both builds ran every case on 400 edge and random inputs (NaN, infinities, signed zeros, subnormals) in round-to-nearest, the environment LLVM IR assumes outside strictfp (the corpus has none); *changed* counts controls whose answers changed (target for both: zero). The corpus is written by this project, so *share* says how much of what it targets fprange covers, not how often such code occurs; the *correlated* cases are decidable only by relating two values.

$(grep -v -E '^(SUMMARY|MISSED)' "$corpus/tables.md")

Decidable cases left undecided: ${missed:-none}.

**Scaling.** One generated function per size (\`scripts/bench-fprange-scale.py\`: diamonds branching on fcmps, phis, selects, int-to-float conversions, sqrt and floor, a counted loop every eighth diamond). Wall seconds, median of $runs interleaved runs, whole process (read bitcode, analyze, fold, write). *sccp* is LLVM's \`opt -passes=sccp\` (sparse constant and range propagation, reading and writing the same bitcode) on the same input, as the baseline of this run; *µs/instr* is fprange's time per instruction, which stays flat when the time is linear.

| size | instructions | fprange s | opt sccp s | fprange / sccp | µs/instr | folds |
|---:|---:|---:|---:|---:|---:|---:|
$scale_rows
EOF
)
if [ -n "$real_rows" ]; then
  section+=$'\n\n'"**A real program.** fmt's format-test as one bitcode module before LTO optimization (from \`scripts/build-fmt-bitcode.sh\`, the merge benchmark's input). Wall seconds, one run: *fprange* is \`ltofold fprange IN -o OUT\` (read, analyze, fold, write); *read+write* is \`opt -passes=verify IN -o OUT\` on the same module, roughly the I/O part of the former; *LTO opt* and *codegen* are \`opt -passes='lto<O2>'\` and \`llc -O2\`, what a link spends on the module. *fprange code* is the share of the CPU samples (perf) of the fprange command spent in fprange's own code and MPFR, the rest being LLVM reading and writing bitcode. Functions without floating point are skipped after one scan."
  section+=$'\n\n| module | ranges / folds | fprange s | read+write s | LTO opt s | codegen s | fprange code |\n|---|---|---:|---:|---:|---:|---:|\n'"$real_rows"
fi

echo "$section"
if [ "$docs" = 1 ]; then
  printf '%s\n' "$section" > "$work/section.md"
  python3 - "$root/docs/BENCHMARKS.md" "$work/section.md" <<'PY'
import sys
path, section_path = sys.argv[1], sys.argv[2]
text = open(path).read()
section = open(section_path).read().rstrip("\n") + "\n"
lines = text.split("\n")
start = next((i for i, l in enumerate(lines) if l.strip() == "## fprange"), None)
if start is None:
    text = text.rstrip("\n") + "\n\n" + section
else:
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    before = "\n".join(lines[:start]).rstrip("\n")
    after = "\n".join(lines[end:]).strip("\n")
    text = before + "\n\n" + section + ("\n" + after + "\n" if after else "")
open(path, "w").write(text)
PY
  echo "bench-fprange.sh: wrote the fprange section of docs/BENCHMARKS.md"
fi
echo "$summary"
