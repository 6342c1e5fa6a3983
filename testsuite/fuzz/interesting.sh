#!/usr/bin/env bash
# Interestingness test for reducing a fuzz finding with cvise (C programs) or
# llvm-reduce (IR modules): exits 0 while the files still show the finding,
# 1 otherwise. Each finding's check.sh sets the variables below and runs this
# script; cvise runs it with no argument in a directory holding the files,
# llvm-reduce with the candidate module as its argument.
#
#   FUZZ_MODE     run     the program linked through ltofold prints
#                         something else (or exits otherwise) than the
#                         plain lld link
#                 link    the link through ltofold fails
#                 refused the link through ltofold warns that certification
#                         refused folds (merge/certify.c: a bug in merge)
#                 ir      `ltofold FUZZ_PHASE --verify` fails; its stderr
#                         still contains FUZZ_PATTERN
#                 ir-nondeterministic  two runs give different bitcode
#                 ir-order  merge folds other groups in reverse function
#                         order (stress_twin.py --reverse)
#                 ir-near  merge folds a near-twin @near_SDn with
#                         @autogen_SDn or @twin_SDn, and their bodies still
#                         differ
#   FUZZ_FILES    the C files (run, link) or the module (ir*)
#   FUZZ_CFLAGS, FUZZ_LIBS  compile flags and libraries of the program
#   FUZZ_LINKER   lld, gold, bfd, mold, canon (lld with canon,merge-canon),
#                 thin (lld; FUZZ_CFLAGS has -flto=thin, so the objects are
#                 ThinLTO's and so are both links), gold-parts (ld.gold,
#                 lto-partitions=3 jobs=2), gold-thin (ld.gold on ThinLTO
#                 objects) or outline (lld with merge-outline-all and
#                 merge-outline-sequences)
#   FUZZ_OPTIONS  ltofold options every row adds, comma-separated (the
#                 shapes path: merge-shapes=true); may be unset
#   FUZZ_RUNS     the program's argument lists, separated by ';'
#   FUZZ_PGO      instr: the objects are compiled with a profile, made
#                 first from the files as they are (compiled with
#                 -fprofile-instr-generate, linked plainly, run with every
#                 argument list of FUZZ_RUNS, merged into p.profdata)
#   FUZZ_BUILD    the ltofold build directory
#
# For C, a candidate must stay free of undefined behaviour, or cvise turns a
# real mismatch into an uninitialized read: it must compile without the
# warnings that mean UB, and run clean under ASan and UBSan printing what
# the plain link prints.
set -u
unset LTOFOLD_OPTIONS
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ltofold=$FUZZ_BUILD/bin/ltofold
FUZZ_LLVM=${FUZZ_LLVM:-/usr/lib/llvm-22/bin}
clang=clang-22
read -r -a files <<< "$FUZZ_FILES"

ir_phase() { # ir_phase INPUT OUTPUT [REPORT]
  local report=()
  [ $# -ge 3 ] && report=(--report "$3")
  timeout 120 "$ltofold" "$FUZZ_PHASE" "$1" -o "$2" --verify "${report[@]}"
}

case $FUZZ_MODE in
ir | ir-nondeterministic | ir-order | ir-near)
  input=${1:-${files[0]}}
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  case $FUZZ_MODE in
  ir)
    ir_phase "$input" "$work/out.bc" 2> "$work/err"
    status=$?
    [ $status -ne 0 ] || exit 1
    [ $status -ne 124 ] || exit 1
    grep -qF -- "${FUZZ_PATTERN:-}" "$work/err"
    exit $? ;;
  ir-nondeterministic)
    ir_phase "$input" "$work/a.bc" 2>/dev/null || exit 1
    ir_phase "$input" "$work/b.bc" 2>/dev/null || exit 1
    ! cmp -s "$work/a.bc" "$work/b.bc"
    exit $? ;;
  ir-near)
    # Folded together, and still different: a reducer would otherwise
    # remove the one instruction that differs.
    ir_phase "$input" "$work/a.bc" "$work/a.json" 2>/dev/null || exit 1
    "$FUZZ_LLVM/llvm-dis" "$input" -o "$work/in.ll" 2>/dev/null || cp "$input" "$work/in.ll"
    python3 - "$work/a.json" "$work/in.ll" <<'EOF'
import json, re, sys
bodies = {m.group(1): m.group(2) for m in re.finditer(
    r"^define [^@]*@([\w.]+)\(.*?\{\n(.*?)^\}", open(sys.argv[2]).read(), re.M | re.S)}
for g in json.load(open(sys.argv[1]))["merge"]["groups"]:
    names = {g["kept"]} | {f["symbol"] for f in g["folded"]}
    for n in names:
        for other in ("autogen_SD" + n[7:], "twin_SD" + n[7:]):
            if (n.startswith("near_SD") and other in names
                    and bodies.get(n) != bodies.get(other)):
                sys.exit(0)
sys.exit(1)
EOF
    exit $? ;;
  ir-order)
    python3 "$here/stress_twin.py" --reverse "$input" "$work/r.ll" || exit 1
    ir_phase "$input" "$work/a.bc" "$work/a.json" 2>/dev/null || exit 1
    ir_phase "$work/r.ll" "$work/c.bc" "$work/c.json" 2>/dev/null || exit 1
    python3 - "$work/a.json" "$work/c.json" <<'EOF'
import json, sys
def groups(path):
    return {frozenset([g["kept"]] + [f["symbol"] for f in g["folded"]])
            for g in json.load(open(path))["merge"]["groups"]}
sys.exit(0 if groups(sys.argv[1]) != groups(sys.argv[2]) else 1)
EOF
    exit $? ;;
  esac ;;
esac

read -r -a cflags <<< "$FUZZ_CFLAGS"
read -r -a libs <<< "$FUZZ_LIBS"

# No undefined behaviour: warnings that mean UB are errors, and a sanitized
# -O0 build must run clean (its output is compared with the reference below).
ub_flags=(-Werror=uninitialized -Werror=sometimes-uninitialized
  -Werror=return-type -Werror=implicit-function-declaration -Werror=implicit-int
  -Werror=int-conversion -Werror=incompatible-pointer-types
  -Werror=array-bounds -Werror=division-by-zero -Werror=shift-count-overflow
  -Werror=shift-negative-value -Werror=int-to-pointer-cast -Werror=format)
strict_flags=()
for f in "${cflags[@]}"; do [ "$f" = -w ] || strict_flags+=("$f"); done
IFS=';' read -r -a runs <<< "$FUZZ_RUNS"
if [ "${FUZZ_PGO:-}" = instr ]; then
  generated=()
  for f in "${files[@]}"; do
    o=${f%.c}.gen.o
    timeout 120 $clang "${strict_flags[@]}" -fprofile-instr-generate -c "$f" -o "$o" \
      2> /dev/null || exit 1
    generated+=("$o")
  done
  timeout 120 $clang -fuse-ld=lld -flto=full -fprofile-instr-generate "${generated[@]}" \
    -o gen "${libs[@]}" || exit 1
  raws=()
  for i in "${!runs[@]}"; do
    read -r -a args <<< "${runs[i]}"
    LLVM_PROFILE_FILE=gen$i.profraw timeout 20 ./gen "${args[@]}" > /dev/null 2>&1 || exit 1
    raws+=("gen$i.profraw")
  done
  "$FUZZ_LLVM/llvm-profdata" merge "${raws[@]}" -o p.profdata || exit 1
  strict_flags+=(-fprofile-instr-use="$PWD/p.profdata")
fi
objects=()
for f in "${files[@]}"; do
  o=${f%.c}.o
  timeout 120 $clang "${strict_flags[@]}" "${ub_flags[@]}" -c "$f" -o "$o" \
    2> /dev/null || exit 1
  objects+=("$o")
done
sanitize_flags=(-O0)
for f in "${cflags[@]}"; do
  case $f in -O* | -flto*) ;; *) sanitize_flags+=("$f") ;; esac
done
timeout 120 $clang "${sanitize_flags[@]}" -fsanitize=address,undefined \
  -fno-sanitize-recover=all "${files[@]}" -o san "${libs[@]}" 2> /dev/null || exit 1
timeout 120 $clang -fuse-ld=lld -flto=full "${objects[@]}" -o ref "${libs[@]}" || exit 1

case $FUZZ_LINKER in
lld | canon | thin | outline)
  options=verify
  [ "$FUZZ_LINKER" = canon ] && options=canon,merge-canon,verify
  [ "$FUZZ_LINKER" = outline ] && options=merge-outline-all,merge-outline-sequences,verify
  [ -n "${FUZZ_OPTIONS:-}" ] && options=$FUZZ_OPTIONS,$options
  LTOFOLD_OPTIONS=$options timeout 300 $clang -fuse-ld=lld -flto=full \
    -Wl,--load-pass-plugin="$FUZZ_BUILD/lib/libltofold.so" "${objects[@]}" -o got \
    "${libs[@]}" 2> link.err ;;
*)
  extra=()
  [ "$FUZZ_LINKER" = gold-parts ] && extra=(-Wl,-plugin-opt=lto-partitions=3 -Wl,-plugin-opt=jobs=2)
  IFS=, read -r -a path_options <<< "${FUZZ_OPTIONS:-}"
  for option in "${path_options[@]}"; do extra+=(-Wl,-plugin-opt="$option"); done
  timeout 300 $clang -fuse-ld="${FUZZ_LINKER%%-*}" -Wl,-plugin,"$FUZZ_BUILD/lib/ltofold-gold.so" \
    -Wl,-plugin-opt=verify "${extra[@]}" \
    "${objects[@]}" -o got "${libs[@]}" 2> link.err ;;
esac
link_status=$?
if [ "$FUZZ_MODE" = link ]; then
  [ $link_status -ne 0 ] && [ $link_status -ne 124 ]
  exit $?
fi
if [ "$FUZZ_MODE" = refused ]; then
  [ $link_status -eq 0 ] && grep -q "did not check" link.err
  exit $?
fi
[ $link_status -eq 0 ] || exit 1

for r in "${runs[@]}"; do
  read -r -a args <<< "$r"
  timeout 10 ./ref "${args[@]}" > ref.out 2> /dev/null || exit 1
  ASAN_OPTIONS=detect_leaks=0 timeout 20 ./san "${args[@]}" > san.out 2> /dev/null || exit 1
  cmp -s ref.out san.out || exit 1
  timeout 20 ./got "${args[@]}" > got.out 2> /dev/null
  status=$?
  [ $status -eq 124 ] && exit 1
  if [ $status -ne 0 ] || ! cmp -s ref.out got.out; then
    exit 0
  fi
done
exit 1
