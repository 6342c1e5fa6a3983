#!/usr/bin/env bash
# LLVM's own regression tests through every phase of ltofold (issue 34):
# valid IR nobody here wrote. Fetches llvm/test of Debian's llvm-toolchain-19
# source package (the newest LLVM with a source package in Debian 12; LLVM
# 22 parses about 95% of its Transforms/ tests) into build/sources/ once,
# then runs scripts/corpus.py on it: every file LLVM 22 reads goes through
# ltofold merge (defaults; --verify --merge-shapes), fprange, canon, merge --canon
# --merge-canon and opt -passes=ltofold, each output through the verifier,
# merge twice (the bytes must be equal). Findings (crash, verifier, hang,
# nondeterminism) stay in OUT/findings/, counts in OUT/summary.json.
#
#   scripts/corpus.sh                        # the whole corpus (about 25 min on 2 cores)
#   scripts/corpus.sh --sample 300 --seed 1  # CI's fixed sample
#   scripts/corpus.sh --dirs Transforms/MergeFunc CodeGen/X86
#
# Options: --build DIR (default build), --out DIR (default BUILD/corpus),
# --dirs D... (under llvm/test; default Transforms and the CodeGen tests
# of X86, AArch64, RISCV, AMDGPU, NVPTX), --sample N, --seed N, --jobs N,
# --timeout SECONDS (per phase, default 30). Exit status 1 on any finding.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

build=build
args=()
while [ $# -gt 0 ]; do
  case $1 in
  --build) build=$2; shift 2 ;;
  -h | --help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) args+=("$1"); shift ;;
  esac
done
have_out=0 have_dirs=0
for a in "${args[@]+"${args[@]}"}"; do
  [ "$a" = --out ] && have_out=1
  [ "$a" = --dirs ] && have_dirs=1
done
[ "$have_out" = 1 ] || args+=(--out "$build/corpus")
[ "$have_dirs" = 1 ] || args+=(--dirs Transforms CodeGen/X86 CodeGen/AArch64
                                 CodeGen/RISCV CodeGen/AMDGPU CodeGen/NVPTX)

[ -x "$build/bin/ltofold" ] || {
  echo "corpus.sh: $build/bin/ltofold missing: build first (cmake, ninja)" >&2
  exit 2
}
tree=$(bash scripts/fetch-source.sh --only llvm/test llvm-toolchain-19)
tests=$tree/llvm/test
[ -d "$tests/Transforms" ] || { echo "corpus.sh: no Transforms/ in $tests" >&2; exit 2; }
exec python3 scripts/corpus.py --tests "$tests" --build "$build" "${args[@]}"
