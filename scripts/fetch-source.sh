#!/usr/bin/env bash
# Fetches the Debian source of a package into a cache directory, for the
# benchmarks and real-program tests that build third-party code.
#
# Usage: scripts/fetch-source.sh [--only PATH] PACKAGE [CACHE_DIR]
#   CACHE_DIR defaults to $LTOFOLD_SOURCES, else build/sources/. Prints the
#   unpacked source directory on stdout (everything else goes to stderr). With --only, just
#   PATH of the upstream tarball is unpacked (llvm/test of llvm-toolchain-19:
#   the test corpus, without building or patching a 1.5 GB tree).
#
# Steps, each skipped when already done:
#   1. a deb-src entry for bookworm, copied from the first 'Types: deb' stanza
#      of /etc/apt/sources.list.d/debian.sources (same URIs, suites,
#      components and key), in debian-src.sources beside it;
#   2. apt-get update, and dpkg-dev (which apt-get source needs to unpack);
#   3. apt-get source PACKAGE into CACHE_DIR/PACKAGE/.
# Needs root (or sudo) for steps 1 and 2.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
  sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
  [ $# -ge 1 ] && exit 0
  exit 2
fi
only=
if [ "$1" = --only ]; then
  [ $# -ge 3 ] || { echo "fetch-source: --only PATH PACKAGE" >&2; exit 2; }
  only=$2
  shift 2
fi
package=$1
cache=${2:-${LTOFOLD_SOURCES:-$PWD/build/sources}}
[ -z "$only" ] || cache=$cache/only-$(printf '%s' "$only" | tr '/' '-')
fail() { printf 'fetch-source: %s\n' "$*" >&2; exit 1; }
say() { printf 'fetch-source: %s\n' "$*" >&2; }

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo

# Already fetched: the unpacked tree is the only directory in the cache entry.
find_tree() {
  [ -d "$cache/$package" ] || return 0
  find "$cache/$package" -mindepth 1 -maxdepth 1 -type d | sort | head -n 1
}
tree=$(find_tree)
if [ -n "$tree" ]; then
  echo "$tree"
  exit 0
fi

# 1. deb-src entry.
lists=/etc/apt/sources.list.d
has_deb_src() {
  grep -qs '^Types:.*deb-src' "$lists"/*.sources ||
    grep -qs '^deb-src ' /etc/apt/sources.list "$lists"/*.list
}
if ! has_deb_src; then
  [ -f "$lists/debian.sources" ] || fail "no $lists/debian.sources to mirror for deb-src"
  stanza=$(awk 'BEGIN { RS = ""; FS = "\n" } /(^|\n)Types: deb(\n|$)/ { print; exit }' \
    "$lists/debian.sources")
  [ -n "$stanza" ] || fail "no 'Types: deb' stanza in $lists/debian.sources"
  printf '%s\n' "$stanza" | sed 's/^Types: deb$/Types: deb-src/' |
    $SUDO tee "$lists/debian-src.sources" >/dev/null
  say "added $lists/debian-src.sources"
  need_update=1
else
  need_update=0
fi

# 2. Package lists and dpkg-dev.
if [ "$need_update" = 1 ] || ! apt-cache showsrc "$package" 2>/dev/null | grep -q '^Package:'; then
  say "apt-get update"
  $SUDO apt-get update -q >&2
fi
if ! dpkg-query -W -f='${Status}' dpkg-dev 2>/dev/null | grep -q "install ok installed"; then
  say "installing dpkg-dev"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends dpkg-dev >&2
fi

# 3. The source itself, unpacked without building; with --only, PATH of the
# upstream tarball alone.
mkdir -p "$cache/$package"
if [ -n "$only" ]; then
  download=$cache/$package.download
  mkdir -p "$download"
  say "apt-get source --download-only $package into $download"
  (cd "$download" && apt-get source -q --download-only "$package" >&2) ||
    fail "apt-get source --download-only $package failed"
  orig=$(find "$download" -maxdepth 1 -name '*.orig.tar.*' | sort | head -n 1)
  [ -n "$orig" ] || fail "no upstream tarball (*.orig.tar.*) for $package"
  say "unpacking */$only/ of $(basename "$orig")"
  tar -xf "$orig" -C "$cache/$package" --wildcards "*/$only/*" >&2 ||
    fail "cannot unpack $only from $orig"
  rm -rf "$download"
else
  say "apt-get source $package into $cache/$package"
  (cd "$cache/$package" && apt-get source -q "$package" >&2) ||
    fail "apt-get source $package failed"
fi
tree=$(find_tree)
[ -n "$tree" ] || fail "apt-get source $package left no directory in $cache/$package"
echo "$tree"
