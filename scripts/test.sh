#!/usr/bin/env bash
# Builds ltofold and runs every test: Criterion unit tests, lit + FileCheck IR
# tests and link tests (through ctest), in a plain build and in an
# ASan/UBSan build, the Debian package (scripts/package.sh,
# scripts/check-package.sh), and the quick subset of the real-program tests
# (scripts/realprogs.sh --quick, with the plain build's plugins), a fixed
# sample of LLVM's regression tests (scripts/corpus.sh) and the fixed-seed
# fuzz sample (scripts/fuzz.sh). Usage: scripts/test.sh [--quick]   (--quick: plain build only)
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

quick=0
[ "${1:-}" = "--quick" ] && quick=1
jobs=$(nproc)

# A failed build says why (ninja's output, which a passing one keeps to
# itself) before set -e ends the run.
build() { # build DIR [cmake args...]
  local dir=$1 log; shift
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DLTOFOLD_WERROR=ON "$@" >/dev/null
  log=$(ninja -C "$dir" 2>&1) ||
    { printf '%s\n' "$log" | tail -40 >&2; echo "test.sh: FAILED: the build in $dir" >&2; return 1; }
}

status=0
build build
(cd build && ctest --output-on-failure -j "$jobs") || status=1

# The Debian package: scripts/package.sh builds it from a Release tree
# (build-package/, about 1 min of CPU; its progress on stderr), and
# scripts/check-package.sh checks it without installing it (fields, the
# maintainer, contents, copyright and changelog, every needed library's
# package in Depends, apt-get install --simulate on this system and on a
# clean one, the demo linked with the extracted plugins; about 15 s). This
# package is built to be checked, never handed out, where no maintainer
# is (CI, a fresh machine): --test-build names the local account that
# built it and marks its changelog entry UNRELEASED.
if package=$(bash scripts/package.sh --jobs "$jobs" --test-build | tail -1); then
  bash scripts/check-package.sh "$package" || status=1
else
  status=1
fi

# Real programs (testsuite/realprogs/README.md): the quick subset, bzip2 (C)
# and jsoncpp (C++) from Debian source packages linked through ltofold (lld
# plugin, and the gold plugin when built) and checked by their own tests.
bash scripts/realprogs.sh --quick || status=1

# LLVM's own regression tests as a corpus (scripts/corpus.sh, issue 34): a
# fixed sample of 300 files of llvm/test (Transforms and five CodeGen
# targets, from Debian's llvm-toolchain-19 source package) through every
# phase and the verifier, merged twice (about 1 min with the fetch). The
# whole corpus is run by hand and recorded in docs/BENCHMARKS.md.
bash scripts/corpus.sh --build build --sample 300 --seed 1 --jobs "$jobs" || status=1

# Differential fuzzing (testsuite/fuzz/README.md), the fixed CI sample: 20
# csmith, 20 csmith-with-twins, 20 csmith-with-near-twins and 20 FP programs
# through lld, gold, ld.bfd and mold with ltofold (and lld with canon on),
# 200 llvm-stress modules through the ltofold command (135 s of CPU: about
# 70-100 s on 2 free cores). Any mismatch or crash fails the run; findings stay in
# build/fuzz-findings.
bash scripts/fuzz.sh --build build --seed 1 --count 20 --jobs "$jobs" \
  --out build/fuzz-findings || status=1

if [ "$quick" = 0 ]; then
  build build-asan -DLTOFOLD_SANITIZE=ON
  suppressions=$PWD/testsuite/lsan.supp
  (cd build-asan && ASAN_OPTIONS=detect_leaks=1 \
     LSAN_OPTIONS="suppressions=$suppressions" \
     ctest --output-on-failure -j "$jobs") || status=1
fi

# Nothing may have replaced /dev/null (as root, a rename over it makes it a
# regular file for every program on the machine; DESIGN.md, "Outputs").
if [ ! -c /dev/null ]; then
  echo "test.sh: FAILED: /dev/null is no longer a character device (something" \
       "renamed or wrote a file over it); repair: rm /dev/null &&" \
       "mknod -m 666 /dev/null c 1 3" >&2
  status=1
fi
exit $status
