#!/usr/bin/env bash
# Builds ltofold's Debian package: a Release tree without the tests,
# installed under /usr (so the plugins land in /usr/lib/<arch>/ltofold) and
# packed by CPack (CMakeLists.txt, "The Debian package"), as
# OUT/ltofold_<version>_<arch>.deb. Prints the package's path on the last
# line. scripts/check-package.sh checks a package without installing it.
#
#   scripts/package.sh [--build DIR] [--out DIR] [--jobs N]
#
#   --build DIR   the build tree (default: build-package)
#   --out DIR     where the package goes (default: the build tree's
#                 packages/); emptied first
#   --jobs N      ninja's parallel jobs (default: ninja's own)
#
# Needs dpkg-shlibdeps (dpkg-dev) for the dependencies; scripts/setup.sh
# installs it.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; }
fail() { echo "package.sh: error: $*" >&2; exit 1; }

build="build-package"
out=
jobs=()
while [ $# -gt 0 ]; do
  case $1 in
    --build) [ $# -ge 2 ] || fail "--build needs a directory"; build=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || fail "--out needs a directory"; out=$2; shift 2 ;;
    --jobs) [ $# -ge 2 ] || fail "--jobs needs a number"; jobs=(-j "$2"); shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) fail "unknown argument '$1' (see --help)" ;;
  esac
done
out=${out:-$build/packages}

command -v dpkg-shlibdeps > /dev/null ||
  fail "dpkg-shlibdeps not found: install dpkg-dev (scripts/setup.sh does)"
command -v cpack > /dev/null || fail "cpack not found: install cmake"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
step() { # step WHAT COMMAND...: runs COMMAND, shows its output only if it fails
  if ! "${@:2}" > "$log" 2>&1; then
    cat "$log" >&2
    fail "$1 failed"
  fi
}

step "configuring $build" cmake -S . -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DLTOFOLD_TESTS=OFF
step "building $build" ninja -C "$build" "${jobs[@]}"
rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
run_cpack() { (cd "$build" && cpack -G DEB -B "$out"); }
step "cpack" run_cpack
# CPack's staging tree; the package is all that stays.
rm -rf "$out/_CPack_Packages"

packages=("$out"/ltofold_*.deb)
if [ ${#packages[@]} -ne 1 ] || [ ! -f "${packages[0]}" ]; then
  fail "expected one ltofold_*.deb in $out, found: ${packages[*]}"
fi
echo "${packages[0]}"
