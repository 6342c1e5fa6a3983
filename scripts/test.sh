#!/usr/bin/env bash
# Builds ltofold and runs every test: Criterion unit tests, lit + FileCheck IR
# tests and link tests (through ctest), in a plain build and in an
# ASan/UBSan build. Usage: scripts/test.sh [--quick]   (--quick: plain build only)
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

quick=0
[ "${1:-}" = "--quick" ] && quick=1
jobs=$(nproc)

build() { # build DIR [cmake args...]
  local dir=$1; shift
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DLTOFOLD_WERROR=ON "$@" >/dev/null
  ninja -C "$dir" >/dev/null
}

status=0
build build
(cd build && ctest --output-on-failure -j "$jobs") || status=1

if [ "$quick" = 0 ]; then
  build build-asan -DLTOFOLD_SANITIZE=ON
  (cd build-asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j "$jobs") || status=1
fi
exit $status
