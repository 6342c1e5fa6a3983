#!/usr/bin/env bash
# Checks ltofold's Debian package (scripts/package.sh) without installing
# it: nothing is written outside one temporary directory, removed at the
# end, and apt only simulates.
#
#   scripts/check-package.sh PACKAGE.deb
#
#  1. the name and the control fields: ltofold_<version>_<arch>.deb with
#     plugin/version.h's version and dpkg's architecture; Maintainer,
#     Section, Priority, Description; Depends names the LLVM runtime
#     (libllvmN), libLTO's package (llvm-N-linker-tools), MPFR, cJSON, libc;
#  2. the contents: the command in /usr/bin, both plugins in
#     /usr/lib/<multiarch>/ltofold, the man pages, the docs, all owned by
#     root and nothing outside /usr;
#  3. every library a packaged program or plugin needs (DT_NEEDED, where
#     this machine's loader finds it) comes from a package in Depends;
#  4. `apt-get install --simulate` of the package, on this system and on an
#     empty one (dpkg's status replaced by an empty file: a clean Debian,
#     whose every dependency must come from the archive's package lists);
#     each skipped with the reason when it cannot run (no apt-get, no
#     package lists);
#  5. dpkg-deb -x into the temporary directory: the extracted command runs,
#     and the demo program (testsuite/link/demo) linked with the extracted
#     lld pass plugin and with the extracted gold plugin prints what a plain
#     link's does, each link writing a report with folds.
#
# Prints one line per check; exit status 0 when every one passed, 1 at the
# first that did not, with the reason.
set -euo pipefail

say() { echo "check-package: $*"; }
fail() { echo "check-package: FAILED: $*" >&2; exit 1; }

[ $# -eq 1 ] || { sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
deb=$(realpath -e "$1" 2>/dev/null) || fail "$1: no such file"
cd "$(dirname "$0")/.."
for tool in dpkg-deb dpkg-query dpkg-architecture python3; do
  command -v $tool > /dev/null || fail "$tool not found (scripts/setup.sh installs it)"
done

work=$(mktemp -d "${TMPDIR:-/tmp}/ltofold-check-package.XXXXXX")
trap 'rm -rf "$work"' EXIT

field() { dpkg-deb --field "$deb" "$1"; }

# 1. Name and control fields.
version=$(sed -n 's/^#define LTOFOLD_VERSION "\(.*\)"$/\1/p' plugin/version.h)
arch=$(dpkg --print-architecture)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
[ "$(basename "$deb")" = "ltofold_${version}_${arch}.deb" ] ||
  fail "$(basename "$deb"): expected the name ltofold_${version}_${arch}.deb"
[ "$(field Package)" = ltofold ] || fail "Package is '$(field Package)', not ltofold"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', not $version"
[ "$(field Architecture)" = "$arch" ] || fail "Architecture is '$(field Architecture)', not $arch"
for name in Maintainer Section Priority Description; do
  [ -n "$(field $name)" ] || fail "no $name field"
done
field Maintainer | grep -qE '^[^<>]+ <[^<>@ ]+@[^<>@ ]+>$' ||
  fail "Maintainer '$(field Maintainer)' is not 'Name <address>'"
# Package names of Depends, without versions; alternatives each count.
depends=$(field Depends | tr ',|' '\n' | sed 's/(.*)//; s/^ *//; s/ *$//' | sed '/^$/d' | sort -u)
say "ok: $(basename "$deb"): Package ltofold, Version $version, Architecture $arch"
say "   Depends: $(field Depends)"

# 2. Contents.
dpkg-deb --contents "$deb" > "$work/contents"
for path in ./usr/bin/ltofold \
            "./usr/lib/$multiarch/ltofold/libltofold.so" \
            "./usr/lib/$multiarch/ltofold/ltofold-gold.so" \
            ./usr/share/man/man1/ltofold.1.gz \
            ./usr/share/man/man7/ltofold-plugin.7.gz \
            ./usr/share/doc/ltofold/README.md \
            ./usr/share/doc/ltofold/plugin.md \
            ./usr/share/ltofold/dtlto-distributor.py; do
  awk '{ print $6 }' "$work/contents" | grep -qxF "$path" || fail "the package has no $path"
done
outside=$(awk '$6 != "./" && $6 !~ /^\.\/usr\// { print $6 }' "$work/contents")
[ -z "$outside" ] || fail "files outside /usr: $outside"
owners=$(awk '$2 != "root/root" { print $6 " " $2 }' "$work/contents")
[ -z "$owners" ] || fail "files not owned by root: $owners"
say "ok: contents ($(grep -vc '/$' "$work/contents") files, all under /usr, owned by root)"

dpkg-deb -x "$deb" "$work/root"
root=$work/root
command=$root/usr/bin/ltofold
plugin_dir=$root/usr/lib/$multiarch/ltofold
"$command" --version > "$work/version" || fail "the extracted ltofold --version failed"
head -1 "$work/version" | grep -q "^ltofold $version (revision [^ ]*)$" ||
  fail "ltofold --version says '$(head -1 "$work/version")'"
llvm=$(sed -n 's/^built with LLVM \([0-9]*\)\..*/\1/p' "$work/version")
[ -n "$llvm" ] || fail "ltofold --version names no LLVM: $(cat "$work/version")"
for name in "libllvm$llvm" "llvm-$llvm-linker-tools" libmpfr6 libcjson1 libc6; do
  grep -qxF "$name" <<< "$depends" || fail "Depends does not name $name"
done

# 3. Every needed library's package is in Depends. The package of a
# library is that of the file it resolves to (libLLVM is reached through a
# symbolic link of llvm-N-dev in LLVM's lib directory); dpkg knows files
# by the paths packages ship them at, /lib or /usr/lib.
package_of() {
  local file=$1 real candidate owner
  real=$(realpath -e "$file" 2>/dev/null) || real=$file
  for candidate in "$real" "${real/#\/usr\/lib\//\/lib\/}" "$file" "${file/#\/usr\/lib\//\/lib\/}"; do
    owner=$(dpkg-query -S "$candidate" 2> /dev/null | head -1) || true
    if [ -n "$owner" ]; then
      owner=${owner%%: *}
      echo "${owner%%:*}"
      return 0
    fi
  done
  return 1
}
for binary in "$command" "$plugin_dir/libltofold.so" "$plugin_dir/ltofold-gold.so"; do
  ldd "$binary" > "$work/ldd" 2>&1 || fail "ldd $binary: $(cat "$work/ldd")"
  for soname in $(LC_ALL=C readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    file=$(awk -v soname="$soname" '$1 == soname && $2 == "=>" { print $3 }' "$work/ldd")
    if [ -z "$file" ] || [ "$file" = "not" ]; then
      fail "${binary#"$root"}: $soname not found on this machine"
    fi
    package=$(package_of "$file") || fail "${binary#"$root"}: $soname ($file) is in no package"
    grep -qxF "$package" <<< "$depends" ||
      fail "${binary#"$root"} needs $soname from $package, which Depends does not name"
  done
done
say "ok: every library the command and the plugins need comes from a package in Depends"

# 4. apt-get install --simulate: on this system, then on a clean one. No
# lock is taken and no cache written (the package caches stay in memory),
# so this runs as root or not, next to another apt.
simulate() { # simulate LOG [apt options]
  local log=$1
  shift
  apt-get install --simulate -o Debug::NoLocking=1 -o Dir::Cache::pkgcache= \
    -o Dir::Cache::srcpkgcache= "$@" "$deb" > "$log" 2>&1
}
if ! command -v apt-get > /dev/null; then
  say "skipped: apt-get install --simulate (no apt-get on this machine)"
else
  simulate "$work/apt-here" || fail "apt-get install --simulate $deb: $(tail -5 "$work/apt-here")"
  grep -qE '^Inst ltofold |ltofold is already the newest version' "$work/apt-here" ||
    fail "apt-get install --simulate did not install ltofold: $(tail -5 "$work/apt-here")"
  say "ok: apt-get install --simulate on this system"
  if ! compgen -G "/var/lib/apt/lists/*_Packages*" > /dev/null; then
    say "skipped: the clean-system simulation (no package lists in /var/lib/apt/lists: run apt-get update)"
  else
    : > "$work/empty-status"
    simulate "$work/apt-clean" -o Dir::State::status="$work/empty-status" ||
      fail "apt-get install --simulate on a clean system: $(grep '^E:' "$work/apt-clean" | head -5)"
    for name in ltofold "libllvm$llvm" "llvm-$llvm-linker-tools" libmpfr6 libcjson1; do
      grep -q "^Inst $name " "$work/apt-clean" ||
        fail "apt-get install --simulate on a clean system does not install $name"
    done
    say "ok: apt-get install --simulate on a clean system ($(grep -c '^Inst ' "$work/apt-clean") packages from the archive)"
  fi
fi

# 5. The extracted plugins link the demo.
clang=/usr/lib/llvm-$llvm/bin/clang++
[ -x "$clang" ] || fail "$clang not found (clang-$llvm; scripts/setup.sh installs it)"
objects=()
for source in catalog plan main; do
  "$clang" -std=c++17 -O2 -flto=full -c "testsuite/link/demo/$source.cpp" -o "$work/$source.o"
  objects+=("$work/$source.o")
done
"$clang" -flto=full -fuse-ld=lld "${objects[@]}" -o "$work/plain"
LTOFOLD_OPTIONS=verify,report=$work/lld.json "$clang" -flto=full -fuse-ld=lld \
  -Wl,--load-pass-plugin="$plugin_dir/libltofold.so" "${objects[@]}" -o "$work/lld" ||
  fail "linking the demo with lld and the extracted libltofold.so"
"$clang" -fuse-ld=gold -Wl,-plugin,"$plugin_dir/ltofold-gold.so" \
  -Wl,-plugin-opt=verify -Wl,-plugin-opt=report="$work/gold.json" "${objects[@]}" -o "$work/gold" ||
  fail "linking the demo with ld.gold and the extracted ltofold-gold.so"
"$work/plain" > "$work/plain.out"
for linker in lld gold; do
  "$work/$linker" > "$work/$linker.out" || fail "the demo linked with $linker failed to run"
  cmp -s "$work/plain.out" "$work/$linker.out" ||
    fail "the demo linked with $linker prints something else than the plain link"
  python3 - "$work/$linker.json" << 'EOF' || fail "the $linker link's report shows no folds"
import json, sys
report = json.load(open(sys.argv[1]))
sys.exit(0 if report["merge"]["merged"] > 0 and report["totals"]["functions_folded"] > 0 else 1)
EOF
done
say "ok: the demo linked with the extracted plugins (lld, ld.gold) runs as the plain link, reports with folds"
say "passed: $(basename "$deb")"
