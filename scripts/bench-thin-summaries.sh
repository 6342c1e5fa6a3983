#!/usr/bin/env bash
# Merging across modules from summaries against thin-merge: the peak memory
# of the largest single step, on generated programs (gen-thin-modules.py)
# of growing size. Each module is compiled to optimized bitcode (clang -O2
# -emit-llvm, what a ThinLTO backend's --emit-optimized gives, less the
# thin link's promotion); then
#   thin-merge   ltofold thin-merge --parts MODULES over all of them (today's
#                --whole-program middle step);
#   summaries    thin-summary per module, thin-plan, thin-fold per home,
#                thin-apply per module (each a process; --whole-program=
#                summaries).
# Peak RSS by GNU time, per process; for the summaries the largest of its
# steps, and the plan's alone. Folds (equal functions only, both sides:
# --merge-similar=false --merge-outline=false): thin-merge's (--stats)
# against the backends' own module by module (ltofold merge per module,
# as thin-backend runs it, before the summaries) plus the homes' fold
# records across modules.
#
# Usage: scripts/bench-thin-summaries.sh MODULES:FUNCTIONS...
#   e.g. scripts/bench-thin-summaries.sh 50:5000 200:20000
# Environment: LTOFOLD_BIN (default build/bin/ltofold), CLANG (clang-22),
# WORK (default build/bench-thin-summaries).
set -euo pipefail
cd "$(dirname "$0")/.."
ltofold=${LTOFOLD_BIN:-$PWD/build/bin/ltofold}
clang=${CLANG:-/usr/lib/llvm-22/bin/clang}
work=${WORK:-$PWD/build/bench-thin-summaries}
[ -x "$ltofold" ] || { echo "no $ltofold (build first)" >&2; exit 1; }
# Equal functions only, on both sides (thin-plan too, through
# LTOFOLD_OPTIONS: no similar groups), so that the folds compare.
equal_only="--merge-similar=false --merge-outline=false"

# Runs a command under GNU time; prints "RSS_KB SECONDS".
measure() {
  /usr/bin/time -f '%M %e' -o "$work/time.txt" "$@" >/dev/null 2>"$work/err.txt" ||
    { cat "$work/err.txt" >&2; exit 1; }
  cat "$work/time.txt"
}

printf '| modules | functions | thin-merge MB | thin-merge s | largest step MB | which | plan MB | summaries s | folded (thin-merge) | folded (modules + across) |\n'
printf '|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|\n'
for scale in "$@"; do
  modules=${scale%%:*} functions=${scale##*:}
  dir=$work/$modules-$functions
  rm -rf "$dir" && mkdir -p "$dir"
  python3 scripts/gen-thin-modules.py --modules "$modules" --functions "$functions" -o "$dir/src"
  (cd "$dir/src" && ls m*.c | sed 's/\.c$//' |
    xargs -P2 -I{} "$clang" -O2 -c -emit-llvm {}.c -o ../{}.bc)
  mapfile -t sources < <(cd "$dir" && ls m*.bc | sort -V)
  read -r merge_kb merge_s < <(cd "$dir" && measure "$ltofold" thin-merge --stats \
    $equal_only --parts "$modules" -o part "${sources[@]}")
  merged=$(sed -n 's/^ltofold merge: .* candidates, \([0-9]*\) folded.*/\1/p' "$work/err.txt")
  # The backends' merge, module by module, before the summaries.
  within=0 bcs=()
  for bc in "${sources[@]}"; do
    (cd "$dir" && "$ltofold" merge --stats $equal_only "$bc" -o "${bc%.bc}.opt.bc" 2>"$work/err.txt")
    within=$((within + $(sed -n 's/^ltofold merge: .* candidates, \([0-9]*\) folded.*/\1/p' "$work/err.txt")))
    bcs+=("${bc%.bc}.opt.bc")
  done
  peak=0 which="" total=0
  note() { # KB SECONDS STEP
    total=$(python3 -c "print($total + $2)")
    if [ "$1" -gt "$peak" ]; then peak=$1 which=$3; fi
  }
  for bc in "${bcs[@]}"; do
    read -r kb s < <(cd "$dir" && measure "$ltofold" thin-summary --module-name "$bc" "$bc" -o "$bc.summary")
    note "$kb" "$s" summary
  done
  read -r plan_kb s < <(cd "$dir" && measure env LTOFOLD_OPTIONS=merge-similar=false "$ltofold" thin-plan "${bcs[@]/%/.summary}" -o plan)
  note "$plan_kb" "$s" plan
  homes=$(awk '$1 == "module" { name[n++] = $2 } $1 == "group" { print name[$3] }' "$dir/plan" | sort -u)
  for home in $homes; do
    senders=()
    for bc in "${bcs[@]}"; do [ "$bc" = "$home" ] || senders+=(--module "$bc" "$bc"); done
    read -r kb s < <(cd "$dir" && measure "$ltofold" thin-fold --plan plan --home "$home" \
      "${senders[@]}" --folds "$home.folds" -o "$home.home.bc" "$home")
    note "$kb" "$s" fold
  done
  for bc in "${bcs[@]}"; do
    input=$bc; [ -f "$dir/$bc.home.bc" ] && input=$bc.home.bc
    folds=(); for f in "$dir"/*.folds; do [ -f "$f" ] && folds+=(--folds "$f"); done
    read -r kb s < <(cd "$dir" && measure "$ltofold" thin-apply --module-name "$bc" \
      "${folds[@]}" -o "$bc.final.bc" "$input")
    note "$kb" "$s" apply
  done
  across=$(cat "$dir"/*.folds | grep -c '^fold ' || true)
  folded="$within + $across"
  printf '| %d | %d | %.0f | %.1f | %.0f | %s | %.1f | %.1f | %s | %s |\n' "$modules" "$functions" \
    "$(python3 -c "print($merge_kb / 1024)")" "$merge_s" "$(python3 -c "print($peak / 1024)")" \
    "$which" "$(python3 -c "print($plan_kb / 1024)")" "$total" "$merged" "$folded"
done
