#!/usr/bin/env bash
# Sizes with and without merge-shapes (docs/merge.md, "Functions of
# different shapes"): relinks each program's benchmark binary (RP_BENCH in
# its recipe; the bitcode built by scripts/realprogs.sh) with ltofold's
# defaults (mode ltofold) and with merge-shapes on (mode ltofold-shapes),
# and prints per program .text (llvm-size -A), loadable bytes
# (scripts/loadable-bytes.sh), the report's merge.similar.shapes counts and
# the link time of each. Certification is on in both (merge-shapes
# certifies its pairs whatever `certify` says).
#
# Usage: scripts/bench-shapes.sh [PROGRAM]...
#   PROGRAM   default: bzip2 cjson jsoncpp pugixml ninja opus libccd
# Environment: RP_OUT (where scripts/realprogs.sh built; default
# build/realprogs), OUT (default build/bench-shapes).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=../testsuite/realprogs/lib/common.sh
source testsuite/realprogs/lib/common.sh
programs=("$@")
[ ${#programs[@]} -gt 0 ] || programs=(bzip2 cjson jsoncpp pugixml ninja opus libccd)
out=${OUT:-build/bench-shapes}
mkdir -p "$out"
out=$(cd "$out" && pwd)
text_size() { "$RP_LLVM/llvm-size" -A "$1" | awk '$1 == ".text" { print $2 }'; }
printf '%-10s %-16s %10s %10s %8s  %s\n' program mode .text loadable link_s 'shapes (aligned built merged unprofitable uncertified)'
for p in "${programs[@]}"; do
  rp_load "$p"
  build=$RP_OUT/$p/build
  for m in ltofold ltofold-shapes; do
    report=$out/$p.$m.json
    rp_mode "$m" "$report"
    bin=$out/$p.$m.out
    t0=$(date +%s%N)
    rp_relink "$build" "$RP_BENCH" "$bin" >"$out/$p.$m.log" 2>&1 ||
      { cat "$out/$p.$m.log" >&2; rp_fail "$p: link in mode $m failed"; }
    t1=$(date +%s%N)
    shapes=$(python3 -c 'import json,sys
s = json.load(open(sys.argv[1]))["merge"]["similar"].get("shapes", {})
print(" ".join(str(s.get(k, "-")) for k in ("aligned", "built", "merged", "unprofitable", "uncertified")))' "$report")
    printf '%-10s %-16s %10s %10s %8.2f  %s\n' "$p" "$m" "$(text_size "$bin")" \
      "$(bash scripts/loadable-bytes.sh "$bin")" "$(echo "($t1 - $t0) / 1000000000" | bc -l)" "$shapes"
  done
done
