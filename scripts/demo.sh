#!/usr/bin/env bash
# Shows what ltofold does to a real C++ program. Builds the workshop planner
# (testsuite/link/demo: template containers instantiated for look-alike
# record types) with full LTO and lld twice, once plainly and once with the
# ltofold pass plugin, checks that both programs print the same thing, and
# prints the functions ltofold folded and the .text bytes it saved.
#
# Usage: scripts/demo.sh [--full-names] [--keep]
#   --full-names  print whole demangled names (default: shortened, without
#                 return types, allocators and iterator wrappers, and without
#                 parameter lists but where two names would read alike)
#   --keep        keep the temporary directory with objects, binaries and
#                 the JSON report, and print its path
# Builds ltofold first (cmake + ninja into build/) if it is not built yet;
# LTOFOLD_BUILD_DIR=DIR takes an ltofold built in DIR instead (the tests).
# Exit status: 0 when both programs ran and printed the same output.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

full_names=0
keep=0
for arg in "$@"; do
  case $arg in
    --full-names) full_names=1 ;;
    --keep) keep=1 ;;
    -h | --help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "demo: unknown argument '$arg' (see --help)" >&2; exit 2 ;;
  esac
done

llvm_bin=/usr/lib/llvm-22/bin
cxx=${CXX:-}
if [ -z "$cxx" ]; then
  if command -v clang++-22 >/dev/null; then cxx=clang++-22; else cxx=$llvm_bin/clang++; fi
fi
demo_dir=$root/testsuite/link/demo
sources=(catalog.cpp plan.cpp main.cpp)
build_dir=${LTOFOLD_BUILD_DIR:-$root/build}
plugin=$build_dir/lib/libltofold.so
ltofold=$build_dir/bin/ltofold

step() { printf -- '-- %s\n' "$*"; }
fail() { printf 'demo: FAILED: %s\n' "$*" >&2; exit 1; }

# 1. ltofold itself.
if [ -z "${LTOFOLD_BUILD_DIR:-}" ] && { [ ! -x "$ltofold" ] || [ ! -f "$plugin" ]; }; then
  step "building ltofold (cmake + ninja into build/)"
  bash scripts/setup.sh
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DLTOFOLD_WERROR=ON >/dev/null || fail "cmake configuration"
  ninja -C build ltofold ltofold_pass >/dev/null || fail "ninja build"
fi
[ -f "$plugin" ] || fail "no pass plugin at $plugin"
[ -x "$ltofold" ] || fail "no ltofold at $ltofold"

work=$(mktemp -d "${TMPDIR:-/tmp}/ltofold-demo.XXXXXX")
case $work in
  *[,\ ]*) rm -rf "$work"; fail "temporary directory '$work' has a comma or space, which LTOFOLD_OPTIONS cannot carry (set TMPDIR)" ;;
esac
if [ "$keep" = 1 ]; then
  trap 'echo "demo: kept $work"' EXIT
else
  trap 'rm -rf "$work"' EXIT
fi
trap 'exit 130' INT
trap 'exit 143' TERM

echo "== ltofold demo: the workshop planner (testsuite/link/demo)"

# 2. Bitcode objects, shared by both links.
step "compiling ${sources[*]} with $cxx -O2 -flto=full"
objects=()
for source in "${sources[@]}"; do
  object=$work/${source%.cpp}.o
  "$cxx" -std=c++17 -O2 -flto=full -c "$demo_dir/$source" -o "$object" ||
    fail "compiling $source"
  objects+=("$object")
done

# 3. Two links: plain full LTO, and full LTO with the plugin.
step "linking with lld: plain full LTO"
"$cxx" -flto=full -fuse-ld=lld "${objects[@]}" -o "$work/plain" ||
  fail "plain link"
step "linking with lld: full LTO + ltofold (LTOFOLD_OPTIONS=report=...)"
report=$work/report.json
LTOFOLD_OPTIONS="report=$report" "$cxx" -flto=full -fuse-ld=lld \
  -Wl,--load-pass-plugin="$plugin" "${objects[@]}" -o "$work/folded" ||
  fail "link with the ltofold plugin"
[ -s "$report" ] || fail "the plugin wrote no report ($report)"

# 4. Same program, same output.
"$work/plain" >"$work/plain.out" || fail "the plain program exited with status $?"
"$work/folded" >"$work/folded.out" || fail "the folded program exited with status $?"
if ! diff -u "$work/plain.out" "$work/folded.out" >"$work/output.diff"; then
  cat "$work/output.diff" >&2
  fail "the two programs print different output"
fi
step "ran both: identical output ($(wc -l <"$work/plain.out") lines, last: $(tail -n 1 "$work/plain.out"))"

# 5. What was folded, and what it saved.
text_size() { # BINARY -> size of its .text section in bytes
  "$llvm_bin/llvm-size" -A "$1" | awk '$1 == ".text" { print $2 }'
}
plain_text=$(text_size "$work/plain")
folded_text=$(text_size "$work/folded")
if [ -z "$plain_text" ] || [ -z "$folded_text" ]; then
  fail "llvm-size found no .text section"
fi

LTOFOLD=$ltofold FULL_NAMES=$full_names \
  PLAIN_TEXT=$plain_text FOLDED_TEXT=$folded_text \
  python3 - "$report" <<'EOF' || fail "reading the report"
import json, os, re, subprocess, sys

with open(sys.argv[1]) as f:
    report = json.load(f)
merge = report["merge"]
groups = merge["groups"]

# ltofold demangle names them as ltofold report diff does: short, but with
# parameter lists where two symbols would read alike, and the bodies merge
# made marked ("(merged body)").
mangled = sorted({g["kept"] for g in groups} |
                 {f["symbol"] for g in groups for f in g["folded"]})
full = os.environ["FULL_NAMES"] == "1"
demangled = subprocess.run([os.environ["LTOFOLD"], "demangle"] +
                           (["--full"] if full else []),
                           input="\n".join(mangled) + "\n",
                           capture_output=True, text=True, check=True).stdout.split("\n")
readable = dict(zip(mangled, demangled))

def closing(name, i):
    """Index just past the bracket that closes the '<' or '(' at name[i]."""
    depth = 0
    for j in range(i, len(name)):
        if name[j] in "<(":
            depth += 1
        elif name[j] in ">)":
            depth -= 1
            if depth == 0:
                return j + 1
    return len(name)

def top_level(name, separator):
    """Splits name at each separator character outside brackets."""
    parts, depth, start = [], 0, 0
    for j, c in enumerate(name):
        if c in "<(":
            depth += 1
        elif c in ">)":
            depth -= 1
        elif c == separator and depth == 0:
            parts.append(name[start:j].strip())
            start = j + 1
    return parts + [name[start:].strip()]

def strip_parameters(name):
    """Drops a trailing '(...)' or '(...) const' parameter list."""
    depth, last_open = 0, -1
    for j, c in enumerate(name):
        if c in "<(":
            if depth == 0 and c == "(":
                last_open = j
            depth += 1
        elif c in ">)":
            depth -= 1
    if last_open > 0 and name[closing(name, last_open):] in ("", " const"):
        return name[:last_open]
    return name

def rewrite(name, prefix, replace):
    """Replaces each 'prefix<ARGS>' by replace(ARGS as a list), right to left."""
    limit = len(name)
    while True:
        i = name.rfind(prefix + "<", 0, limit)
        if i < 0:
            return name
        open_at = i + len(prefix)
        end = closing(name, open_at)
        name = name[:i] + replace(top_level(name[open_at + 1:end - 1], ",")) + name[end:]
        limit = i

def lambda_holder(argument):
    """'R f<T>(P)::'lambda'(Q)' -> 'lambda in f'."""
    holder = strip_parameters(argument.split("::'lambda'")[0])
    return "lambda in " + top_level(holder, " ")[-1].split("<")[0]

def shorten(name):
    """A shorter form of a readable name: no allocators, iterator wrappers
    or hash-table policies, and comparison lambdas named after the
    function that holds them."""
    name = name.replace("std::__cxx11::basic_string<char, std::char_traits<char>, "
                        "std::allocator<char>>", "std::string")
    name = rewrite(name, ", std::allocator", lambda args: "")
    name = rewrite(name, "__gnu_cxx::__normal_iterator", lambda args: args[0])
    name = rewrite(name, "__gnu_cxx::__ops::_Iter_comp_iter",
                   lambda args: lambda_holder(args[0]))
    name = rewrite(name, "std::_Rb_tree",
                   lambda args: "std::_Rb_tree<%s, %s, ...>" % (args[0], args[1]))
    name = rewrite(name, "std::_Hashtable",
                   lambda args: "std::_Hashtable<%s, ...>" % args[1])
    return name

# Shortening must not make two symbols read alike: those it would keep
# ltofold's names.
shown = {} if full else {symbol: shorten(readable[symbol]) for symbol in mangled}
sharing = {}
for symbol, name in shown.items():
    sharing.setdefault(name, []).append(symbol)
for symbols in sharing.values():
    if len(symbols) > 1:
        for symbol in symbols:
            shown[symbol] = readable[symbol]

def show(symbol):
    return shown.get(symbol) or readable.get(symbol) or symbol

methods = ", ".join(f"{k} {v}" for k, v in merge["methods"].items() if v)
print(f"\nFunctions folded: {merge['merged']} of {merge['functions']} definitions, "
      f"in {len(groups)} groups ({methods or 'none'})")
for g in groups:
    print(f"  kept  {show(g['kept'])}")
    for f in g["folded"]:
        print(f"    <-  {show(f['symbol'])}  [{f['method']}, {f['instructions']} IR instructions]")

plain, folded = int(os.environ["PLAIN_TEXT"]), int(os.environ["FOLDED_TEXT"])
saved = plain - folded
print("\n.text size")
print(f"  full LTO            {plain:8d} bytes")
print(f"  full LTO + ltofold  {folded:8d} bytes")
print(f"  saved               {saved:8d} bytes ({100.0 * saved / plain:.1f}%)")
if merge["merged"] == 0:
    sys.exit("the report lists no folded functions")
EOF
echo "demo: OK"
