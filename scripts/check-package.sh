#!/usr/bin/env bash
# Checks ltofold's Debian package (scripts/package.sh) without installing
# it: nothing is written outside one temporary directory, removed at the
# end, and apt only simulates.
#
#   scripts/check-package.sh PACKAGE.deb
#
#  1. the name and the control fields: ltofold_<version>-<revision>_<arch>.deb
#     with plugin/version.h's version, a Debian revision and dpkg's
#     architecture; Maintainer, Section, Priority, Description; a
#     Maintainer that package.sh would take, not a placeholder
#     (scripts/debian-maintainer.sh; a test build's, whose changelog entry
#     is UNRELEASED, may be the local account); Depends names the LLVM
#     runtime (libllvmN), libLTO's package (llvm-N-linker-tools), MPFR,
#     cJSON, libc;
#  2. the contents: the command in /usr/bin, both plugins in
#     /usr/lib/<multiarch>/ltofold, the man pages, the docs, all owned by
#     root and nothing outside /usr; the man pages name the plugins at
#     their place in the package; Debian's files in /usr/share/doc/ltofold:
#     copyright in the machine-readable format (DEP-5) with the license
#     Apache-2.0 WITH LLVM-exception, the Apache License by its path in
#     base-files and the LLVM exceptions word for word as in LICENSE (which
#     is not shipped beside it), and changelog.Debian.gz, compressed
#     without name or time stamp (gzip -n), whose entry dpkg-parsechangelog
#     reads as this package's version, signed by the package's Maintainer;
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

[ $# -eq 1 ] || { sed -n '2,39p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
deb=$(realpath -e "$1" 2>/dev/null) || fail "$1: no such file"
cd "$(dirname "$0")/.."
for tool in dpkg-deb dpkg-query dpkg-architecture dpkg-parsechangelog python3; do
  command -v $tool > /dev/null || fail "$tool not found (scripts/setup.sh installs it)"
done

work=$(mktemp -d "${TMPDIR:-/tmp}/ltofold-check-package.XXXXXX")
trap 'rm -rf "$work"' EXIT

field() { dpkg-deb --field "$deb" "$1"; }

# 1. Name and control fields.
version=$(sed -n 's/^#define LTOFOLD_VERSION "\(.*\)"$/\1/p' plugin/version.h)
arch=$(dpkg --print-architecture)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
# The package's version: ltofold's, and a Debian revision.
package_version=$(field Version)
[[ $package_version =~ ^${version//./\\.}-[0-9]+$ ]] ||
  fail "Version is '$package_version', not $version-REVISION"
[ "$(basename "$deb")" = "ltofold_${package_version}_${arch}.deb" ] ||
  fail "$(basename "$deb"): expected the name ltofold_${package_version}_${arch}.deb"
[ "$(field Package)" = ltofold ] || fail "Package is '$(field Package)', not ltofold"
[ "$(field Architecture)" = "$arch" ] || fail "Architecture is '$(field Architecture)', not $arch"
for name in Maintainer Section Priority Description; do
  [ -n "$(field $name)" ] || fail "no $name field"
done
source scripts/debian-maintainer.sh
maintainer=$(field Maintainer)
problem=$(debian_maintainer_problem "$maintainer" test-build)
[ -z "$problem" ] || fail "Maintainer '$maintainer' is refused: $problem"
# Package names of Depends, without versions; alternatives each count.
depends=$(field Depends | tr ',|' '\n' | sed 's/(.*)//; s/^ *//; s/ *$//' | sed '/^$/d' | sort -u)
say "ok: $(basename "$deb"): Package ltofold, Version $package_version, Architecture $arch"
say "   Depends: $(field Depends)"

# 2. Contents.
dpkg-deb --contents "$deb" > "$work/contents"
for path in ./usr/bin/ltofold \
            "./usr/lib/$multiarch/ltofold/libltofold.so" \
            "./usr/lib/$multiarch/ltofold/ltofold-gold.so" \
            ./usr/share/man/man1/ltofold.1.gz \
            ./usr/share/man/man7/ltofold-plugin.7.gz \
            ./usr/share/doc/ltofold/README.md \
            ./usr/share/doc/ltofold/copyright \
            ./usr/share/doc/ltofold/changelog.Debian.gz \
            ./usr/share/doc/ltofold/plugin.md \
            ./usr/share/ltofold/dtlto-distributor.py; do
  awk '{ print $6 }' "$work/contents" | grep -qxF "$path" || fail "the package has no $path"
done
outside=$(awk '$6 != "./" && $6 !~ /^\.\/usr\// { print $6 }' "$work/contents")
[ -z "$outside" ] || fail "files outside /usr: $outside"
owners=$(awk '$2 != "root/root" { print $6 " " $2 }' "$work/contents")
[ -z "$owners" ] || fail "files not owned by root: $owners"
! awk '{ print $6 }' "$work/contents" | grep -qE '^\./usr/share/doc/ltofold/(LICENSE|COPYING)' ||
  fail "the package has a license file beside /usr/share/doc/ltofold/copyright"
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

# The man pages name the plugins where the package puts them (roff's
# minus sign, '\-', for every '-' of the path).
plugin_path="/usr/lib/$multiarch/ltofold/ltofold-gold.so"
for page in man1/ltofold.1.gz man7/ltofold-plugin.7.gz; do
  gzip -dc "$root/usr/share/man/$page" | grep -qF -- "${plugin_path//-/\\-}" ||
    fail "/usr/share/man/$page does not name $plugin_path"
done
say "ok: the man pages name $plugin_path"

# Debian's copyright and changelog.
doc=$root/usr/share/doc/ltofold
python3 - "$doc/copyright" LICENSE << 'EOF' || exit 1
import sys

copyright_path, license_path = sys.argv[1], sys.argv[2]
# DEP-5: paragraphs separated by empty lines, fields 'Name: value' with
# continuation lines indented, an empty continuation line written ' .'.
paragraphs = [[]]
for line in open(copyright_path).read().split("\n"):
    if line.strip() == "":
        if paragraphs[-1]:
            paragraphs.append([])
    else:
        paragraphs[-1].append(line)
paragraphs = [p for p in paragraphs if p]

def fields(paragraph):
    result, name = {}, None
    for line in paragraph:
        if line[0] in " \t":
            result[name].append("" if line.strip() == "." else line[1:])
        else:
            name, _, value = line.partition(":")
            result[name] = [value.strip()]
    return result

def fail(message):
    sys.exit("check-package: FAILED: /usr/share/doc/ltofold/copyright: " + message)

header, *rest = [fields(p) for p in paragraphs]
expected_format = "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
if header.get("Format", [""])[0] != expected_format:
    fail("the first paragraph's Format is not " + expected_format)
if header.get("Upstream-Name", [""])[0] != "ltofold":
    fail("Upstream-Name is not ltofold")
license_name = "Apache-2.0 WITH LLVM-exception"
files = [p for p in rest if "Files" in p]
if not files or files[0]["Files"][0] != "*" or files[0].get("License", [""])[0] != license_name:
    fail("no paragraph 'Files: *' with 'License: %s'" % license_name)
if not files[0].get("Copyright", [""])[0]:
    fail("the 'Files: *' paragraph has no Copyright")
texts = [p["License"][1:] for p in rest if "Files" not in p and p.get("License", [""])[0] == license_name]
if not texts:
    fail("no License paragraph with the text of " + license_name)
text = "\n".join(texts[0])
if "/usr/share/common-licenses/Apache-2.0" not in text:
    fail("the license text does not point to /usr/share/common-licenses/Apache-2.0")
license_text = open(license_path).read()
heading = "---- LLVM Exceptions to the Apache 2.0 License ----"
exceptions = license_text[license_text.index(heading):].strip()
if exceptions not in text:
    fail("the LLVM exceptions differ from LICENSE's")
EOF
[ -f /usr/share/common-licenses/Apache-2.0 ] ||
  fail "/usr/share/common-licenses/Apache-2.0 (base-files), which copyright points to, is missing"
# gzip's header: byte 3 the flags (8: a file name follows), bytes 4-7 the
# time stamp.
header=$(od -An -tu1 -N8 "$doc/changelog.Debian.gz" | tr -s ' ' | sed 's/^ //')
read -r magic1 magic2 _ flags stamp1 stamp2 stamp3 stamp4 <<< "$header"
[ "$magic1 $magic2" = "31 139" ] || fail "changelog.Debian.gz is not gzip"
if [ $((flags & 8)) -ne 0 ] || [ "$stamp1$stamp2$stamp3$stamp4" != 0000 ]; then
  fail "changelog.Debian.gz keeps a file name or time stamp (compress it with gzip -9n)"
fi
gzip -dc "$doc/changelog.Debian.gz" > "$work/changelog"
changelog() { dpkg-parsechangelog -l "$work/changelog" -S "$1"; }
[ "$(changelog Source)" = ltofold ] || fail "changelog.Debian.gz: the package is '$(changelog Source)', not ltofold"
[ "$(changelog Version)" = "$package_version" ] ||
  fail "changelog.Debian.gz: the version is '$(changelog Version)', not $package_version"
[ "$(changelog Maintainer)" = "$maintainer" ] ||
  fail "changelog.Debian.gz is signed by '$(changelog Maintainer)', not the Maintainer '$maintainer'"
date -d "$(changelog Date)" > /dev/null 2>&1 || fail "changelog.Debian.gz: the date '$(changelog Date)' does not parse"
# A release names a reachable maintainer; a test build (UNRELEASED) may
# name the local account that built it.
distribution=$(changelog Distribution)
if [ "$distribution" = UNRELEASED ]; then
  kind="a test build (UNRELEASED)"
else
  problem=$(debian_maintainer_problem "$maintainer")
  [ -z "$problem" ] || fail "Maintainer '$maintainer' is refused for a release ($distribution): $problem"
  kind="a release ($distribution)"
fi
say "ok: copyright (DEP-5, Apache-2.0 WITH LLVM-exception) and changelog.Debian.gz ($package_version, $(changelog Date)); $kind by $maintainer"

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
