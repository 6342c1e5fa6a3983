#!/usr/bin/env bash
# Compares the functions of two links of one program (for scripts/bench-size.sh
# results): which defined FUNC symbols of .symtab one has and the other lacks,
# and which symbols share a body (same address) in one but not the other, with
# sizes, largest first. Helps explain a .text difference between link modes.
#
# Usage: scripts/bench-size-funcs.sh A B [N]   (N lines per list, default 25)
# e.g.   scripts/bench-size-funcs.sh build/realprogs/bench-size/fmtlib.{mergefunc,ltofold}.out
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
for f in "$1" "$2"; do [ -f "$f" ] || { echo "bench-size-funcs: no file $f" >&2; exit 1; }; done
readelf=/usr/lib/llvm-22/bin/llvm-readelf
syms() { # FILE -> "addr size name" of defined FUNC symbols in .symtab
  "$readelf" --syms --wide "$1" | awk '
    /^Symbol table / { in_symtab = ($3 == "'"'"'.symtab'"'"'") }
    in_symtab && $4 == "FUNC" && $7 != "UND" { print $2, $3, $8 }'
}
python3 - "$1" "$2" "${3:-25}" 3< <(syms "$1") 4< <(syms "$2") <<'PY'
import sys, os, collections, subprocess
a_name, b_name, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
def load(fd):
    syms = {}
    for line in os.fdopen(fd):
        addr, size, name = line.split(None, 2)
        syms[name.strip()] = (addr, int(size))
    return syms
A, B = load(3), load(4)
def demangle(names):
    if not names: return {}
    out = subprocess.run(["/usr/lib/llvm-22/bin/llvm-cxxfilt"], input="\n".join(names), capture_output=True, text=True).stdout.split("\n")
    return dict(zip(names, out))
def shared(S):  # name -> number of symbols at its address
    c = collections.Counter(a for a, _ in S.values())
    return {k: c[v[0]] for k, v in S.items()}
sa, sb = shared(A), shared(B)
def show(title, rows):
    rows.sort(key=lambda r: -r[1])
    total = sum(r[1] for r in rows)
    print("%s: %d functions, %d bytes" % (title, len(rows), total))
    dm = demangle([r[0] for r in rows[:n]])
    for name, size in rows[:n]:
        print("  %7d  %s" % (size, dm.get(name, name)[:160]))
    print()
an, bn = a_name, b_name
show("only in %s (a body %s does not have)" % (an, bn), [(k, v[1]) for k, v in A.items() if k not in B])
show("only in %s (a body %s does not have)" % (bn, an), [(k, v[1]) for k, v in B.items() if k not in A])
show("in both, own body in %s, sharing an address in %s" % (an, bn), [(k, A[k][1]) for k in A if k in B and sa[k] == 1 and sb[k] > 1])
show("in both, own body in %s, sharing an address in %s" % (bn, an), [(k, B[k][1]) for k in B if k in A and sb[k] == 1 and sa[k] > 1])
PY
