#!/usr/bin/env bash
# Differential fuzzing of ltofold (issue 9): random programs through every
# path. csmith programs, csmith programs with a twin of every function and
# random floating-point programs are linked plainly by lld and through
# ltofold (lld pass plugin; gold plugin under ld.gold, ld.bfd, mold) and run,
# outputs compared, some twin programs also built with instrumentation PGO
# (path pgo); llvm-stress modules with twins go through
# `ltofold merge|fprange|canon --verify` (no crash, verifier clean,
# deterministic, fold groups independent of function order). Findings are
# kept with an interestingness test for cvise/llvm-reduce.
#
#   scripts/fuzz.sh --help
#   scripts/fuzz.sh --seed 1 --count 20                 # the CI sample
#   nice -n 10 scripts/fuzz.sh --seconds 3600 -j 2 --seed 7 --reduce
#
# Builds the build directory (--build, default build-fuzz) first if its
# ltofold is missing. Details: testsuite/fuzz/README.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

build=build-fuzz
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  case ${args[i]} in
  --build) build=${args[i + 1]:-build-fuzz} ;;
  --build=*) build=${args[i]#--build=} ;;
  -h | --help) exec python3 "$root/testsuite/fuzz/fuzz.py" --help ;;
  esac
done

for tool in csmith cvise clang-22 ld.gold mold /usr/lib/llvm-22/bin/llvm-stress; do
  command -v "$tool" > /dev/null || {
    echo "fuzz.sh: $tool missing: run scripts/setup.sh" >&2
    exit 2
  }
done
[ -f /usr/include/csmith/csmith.h ] || {
  echo "fuzz.sh: /usr/include/csmith/csmith.h missing: run scripts/setup.sh" >&2
  exit 2
}

cd "$root"
if [ ! -x "$build/bin/ltofold" ] || [ ! -f "$build/lib/ltofold-gold.so" ] \
  || [ ! -f "$build/lib/libltofold.so" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo > /dev/null
  ninja -C "$build" > /dev/null
fi
exec python3 "$root/testsuite/fuzz/fuzz.py" --build "$build" "$@"
