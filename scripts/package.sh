#!/usr/bin/env bash
# Builds ltofold's Debian package: a Release tree without the tests,
# installed under /usr (so the plugins land in /usr/lib/<arch>/ltofold) and
# packed by CPack (CMakeLists.txt, "The Debian package"), as
# OUT/ltofold_<version>-<revision>_<arch>.deb, with
# /usr/share/doc/ltofold/copyright and changelog.Debian.gz.
# scripts/check-package.sh checks a package without installing it.
#
#   scripts/package.sh [--maintainer 'Name <address>'] [--test-build]
#                      [--build DIR] [--out DIR] [--jobs N]
#
#   --maintainer M  the package's Maintainer (default: DEBFULLNAME and
#                 DEBEMAIL, as dch and debuild take them, else git config
#                 user.name and user.email); one that is not 'Name
#                 <address>', whose address is reserved for examples
#                 (.example, .invalid, ...), receives no mail (noreply), is
#                 root's or has no mail domain, is refused
#                 (scripts/debian-maintainer.sh)
#   --test-build  a package to be checked, never handed out (scripts/test.sh;
#                 CI has no maintainer): the maintainer is the local account,
#                 'ltofold test build <USER@HOST>' (unless --maintainer),
#                 and the changelog entry is UNRELEASED
#   --build DIR   the build tree (default: build-package)
#   --out DIR     where the package goes (default: the build tree's
#                 packages/); emptied first
#   --jobs N      ninja's parallel jobs (default: ninja's own)
#
# Progress goes to standard error: a line as each step (configure, build,
# cpack) starts and ends, and ninja's [N/M] lines while it builds; a step
# that fails shows its whole output. Standard output has one line, the
# package's path. Needs dpkg-shlibdeps (dpkg-dev) for the dependencies;
# scripts/setup.sh installs it.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,32p' "$0" | sed 's/^# \{0,1\}//'; }
fail() { echo "package.sh: error: $*" >&2; exit 1; }

build="build-package"
out=
jobs=()
maintainer=
maintainer_from=
build_kind=release
while [ $# -gt 0 ]; do
  case $1 in
    --maintainer)
      [ $# -ge 2 ] || fail "--maintainer needs 'Name <address>'"
      maintainer=$2 maintainer_from=--maintainer
      shift 2 ;;
    --test-build) build_kind=test-build; shift ;;
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

# The maintainer, before any work: a package that names nobody reachable
# is not built.
source scripts/debian-maintainer.sh
distribution=unstable
if [ "$build_kind" = test-build ]; then
  distribution=UNRELEASED
  if [ -z "$maintainer_from" ]; then
    maintainer=$(debian_maintainer_for_test_build)
    maintainer_from="the local account, for --test-build"
  fi
fi
if [ -z "$maintainer_from" ]; then
  { read -r maintainer && read -r maintainer_from; } < <(debian_maintainer_from_environment .) || true
  [ -n "$maintainer_from" ] ||
    fail "no maintainer for the package: set DEBFULLNAME and DEBEMAIL (or git config" \
      "user.name and user.email), or pass --maintainer 'Name <address>'"
fi
problem=$(debian_maintainer_problem "$maintainer" "$build_kind")
[ -z "$problem" ] ||
  fail "the maintainer '$maintainer' (from $maintainer_from) is refused: $problem;" \
    "set DEBFULLNAME and DEBEMAIL, or pass --maintainer 'Name <address>'"

# The changelog entry's date: the commit's, so that a package built again
# from it says the same (CMake's string(TIMESTAMP) reads SOURCE_DATE_EPOCH).
if [ -z "${SOURCE_DATE_EPOCH:-}" ] &&
   commit_time=$(git log -1 --format=%ct 2> /dev/null) && [ -n "$commit_time" ]; then
  export SOURCE_DATE_EPOCH=$commit_time
fi

say() { echo "package.sh: $*" >&2; }
log=$(mktemp)
trap 'rm -f "$log" "$log.ninja"' EXIT
step() { # step WHAT COMMAND...: runs COMMAND between two lines of progress;
  # its output is shown only if it fails
  local started=$SECONDS
  say "$1 ..."
  if ! "${@:2}" > "$log" 2>&1; then
    cat "$log" >&2
    fail "$1 failed"
  fi
  say "$1: done in $((SECONDS - started)) s"
}
# ninja, with its [N/M] lines on standard error as they come, so that a
# build of minutes is seen moving; the whole output still goes to the log.
ninja_with_progress() {
  ninja "$@" 2>&1 | tee "$log.ninja" | while IFS= read -r line; do
    if [[ $line =~ ^\[[0-9]+/[0-9]+\]\  ]]; then
      echo "package.sh:   $line" >&2
    fi
  done
}

step "configuring $build" cmake -S . -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DLTOFOLD_TESTS=OFF \
  -DLTOFOLD_DEBIAN_PACKAGE=ON -DLTOFOLD_PACKAGE_MAINTAINER="$maintainer" \
  -DLTOFOLD_PACKAGE_DISTRIBUTION="$distribution"
say "building $build ..."
started=$SECONDS
if ! ninja_with_progress -C "$build" "${jobs[@]}"; then
  cat "$log.ninja" >&2
  fail "building $build failed"
fi
say "building $build: done in $((SECONDS - started)) s"
rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
run_cpack() { (cd "$build" && cpack -G DEB -B "$out"); }
step "packing with cpack" run_cpack
# CPack's staging tree; the package is all that stays.
rm -rf "$out/_CPack_Packages"

packages=("$out"/ltofold_*.deb)
if [ ${#packages[@]} -ne 1 ] || [ ! -f "${packages[0]}" ]; then
  fail "expected one ltofold_*.deb in $out, found: ${packages[*]}"
fi
echo "${packages[0]}"
