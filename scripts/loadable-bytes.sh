#!/usr/bin/env bash
# Loadable bytes of ELF files: the sum of the sizes of the sections that are
# allocated (flag A, SHF_ALLOC) and have contents in the file (type not
# NOBITS, as .bss and .tbss are not), from `llvm-readelf -S --wide`: what a
# program occupies once loaded, beside its .text. The rule is the report's
# object.loadable_bytes (plugin/loadable_sections.cpp, docs/report.md); the
# benchmarks (bench-size.sh, bench-thin.sh) measure with this one helper.
#
# Usage: scripts/loadable-bytes.sh FILE...   prints one number per FILE
# Environment: LLVM_READELF (default /usr/lib/llvm-22/bin/llvm-readelf).
set -euo pipefail
readelf=${LLVM_READELF:-/usr/lib/llvm-22/bin/llvm-readelf}
[ $# -gt 0 ] || { sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2; }
for file in "$@"; do
  "$readelf" -S --wide "$file" | awk -v file="$file" '
    function hex(text,   i, value) {
      value = 0
      for (i = 1; i <= length(text); i++)
        value = value * 16 + index("0123456789abcdef", tolower(substr(text, i, 1))) - 1
      return value
    }
    # "  [Nr] Name Type Address Off Size ES Flg Lk Inf Al": the section
    # number in brackets may hold spaces ("[ 1]"), and Flg is empty for a
    # section without flags (then 9 fields follow the brackets, not 10).
    /^ *\[ *[0-9]+\]/ {
      sub(/^ *\[ *[0-9]+\] */, "")
      if (NF == 10 && $7 ~ /A/ && $2 != "NOBITS")
        sum += hex($5)
      seen = 1
    }
    END {
      if (!seen) { print "loadable-bytes.sh: " file ": no section table" > "/dev/stderr"; exit 1 }
      printf "%.0f\n", sum
    }'
done
