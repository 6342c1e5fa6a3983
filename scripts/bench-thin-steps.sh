#!/usr/bin/env bash
# The summaries flow on a real program, step by step: its benchmark binary
# (testsuite/realprogs, built with -flto=thin) relinked in mode
# dtlto-summaries as bench-thin.sh links it, every ltofold process the
# distributor runs under GNU time. Prints, per kind of step (thin-backend's
# two halves: optimize, which writes the summary too, and generate, which
# applies the folds first; thin-summary, thin-plan, thin-fold, thin-apply,
# which the distributor no longer runs as processes of their own but a
# build of ltofold from before may), how many processes, their wall and
# CPU seconds (user + system, the compiler's it runs included) summed and
# the largest peak RSS; and the
# binary's .text and loadable bytes (scripts/loadable-bytes.sh), to compare
# two builds of ltofold on the same inputs (cmp the binaries).
#
# Usage: scripts/bench-thin-steps.sh PROGRAM TAG
#   writes WORK/TAG.steps (one line per process: KB, wall seconds, step,
#   user and system seconds),
#   WORK/TAG.out (the binary) and WORK/TAG.json (the link's report)
# Environment: LTOFOLD_BIN (default build/bin/ltofold), MODE (default
# dtlto-summaries; dtlto times the module-by-module link the same way),
# RP_OUT (where realprogs.sh built the program with RP_CFLAGS="-O2
# -flto=thin"; default build/realprogs/thin), WORK (default
# build/bench-thin-steps).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# = 2 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d;s/^# \{0,1\}//'; exit 2; }
program=$1 tag=$2 mode=${MODE:-dtlto-summaries}
ltofold=$(realpath "${LTOFOLD_BIN:-build/bin/ltofold}")
export RP_OUT=${RP_OUT:-$PWD/build/realprogs/thin}
work=$(realpath -m "${WORK:-build/bench-thin-steps}")
mkdir -p "$work"
# The distributor runs every step with the remote compiler's path: a
# wrapper that times it.
cat >"$work/timed.sh" <<WRAPPER
#!/bin/sh
step=\$1
case " \$* " in
  *" --emit-optimized"*) step=\$1:optimize ;;
  *" --from-optimized"*) step=\$1:generate ;;
esac
exec /usr/bin/time -a -o "$work/$tag.steps" -f "%M %e \$step %U %S" "$ltofold" "\$@"
WRAPPER
chmod +x "$work/timed.sh"
rm -f "$work/$tag.steps"
export RP_VERIFY=0 LTOFOLD_BIN=$work/timed.sh
# shellcheck source=../testsuite/realprogs/lib/common.sh
source testsuite/realprogs/lib/common.sh
rp_load "$program"
rp_mode "$mode" "$work/$tag.json"
# shellcheck disable=SC2016 # the inner shell expands its arguments
/usr/bin/time -f "link: %e s, CPU %U + %S s, %M KB" \
  bash -c 'source testsuite/realprogs/lib/common.sh; rp_load "$1"
           rp_mode "$5" "$2"; rp_relink "$3" "$RP_BENCH" "$4"' \
  _ "$program" "$work/$tag.json" "$RP_OUT/$program/build" "$work/$tag.out" "$mode" \
  >"$work/$tag.log" 2>&1 || { tail "$work/$tag.log" >&2; exit 1; }
tail -1 "$work/$tag.log"
for step in thin-backend thin-backend:optimize thin-backend:generate \
  thin-summary thin-plan thin-fold thin-apply; do
  awk -v s=$step '$3 == s { n++; t += $2; c += $4 + $5; if ($1 > m) m = $1 }
    END { printf "%s: %d processes, %.1f s, CPU %.1f s, largest %.1f MB\n",
                 s, n, t, c, m / 1024 }' \
    "$work/$tag.steps"
done
echo ".text $(rp_text_size "$work/$tag.out")," \
  "loadable $(bash scripts/loadable-bytes.sh "$work/$tag.out")"
