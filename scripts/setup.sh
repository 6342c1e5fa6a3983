#!/usr/bin/env bash
# Installs everything ltofold needs on a Debian 12 machine. Idempotent: packages
# already present are skipped, so running it twice costs one dpkg query.
# The list is complete for a minimal Debian 12 (debootstrap --variant=minbase,
# as root): scripts/fresh-check.sh runs scripts/demo.sh and scripts/test.sh
# there. Not in minbase and needed: file (CPack's DEB generator runs it on
# every installed file), git (the revision; a clone), python3.
set -euo pipefail

packages=(
  llvm-22-dev clang-22 lld-22 llvm-22-tools llvm-22-linker-tools libclang-rt-22-dev
  libcriterion-dev libmpfr-dev libcjson-dev binutils binutils-dev gcc g++
  mold cmake ninja-build pkg-config zlib1g-dev libzstd-dev
  python3 diffutils time libgtest-dev libgmock-dev make
  csmith libcsmith-dev cvise
  dpkg-dev groff-base git
  file
  chromium python3-jsonschema
  unicode-data python3-six
  locales mawk
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
echo "setup: installing ${missing[*]}"
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
