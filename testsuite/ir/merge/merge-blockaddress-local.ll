; A function whose block addresses are used only by its own instructions
; (an indirectbr over a select of blockaddress constants: what computed goto
; leaves after constant folding) folds like any other: folded away, its
; block addresses go with its body; kept, they still name its own blocks.
; Block addresses stored elsewhere are still never folded (skip-blockaddress.ll).
; RUN: %ltofold merge %s -o %t.ll -S --verify --stats 2>%t.stats
; RUN: FileCheck %s --input-file %t.ll
; RUN: FileCheck %s --check-prefix=STATS --input-file %t.stats
; RUN: llc -O2 -filetype=obj %t.ll -o %t.o
; RUN: sh -c 'lli %s 5; test $? -eq 9'
; RUN: sh -c 'lli %t.ll 5; test $? -eq 9'

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded
; STATS-NEXT: replaced 1

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @jump_a(
; CHECK: blockaddress(@jump_a, %double)
; CHECK-NOT: @jump_b
define internal i32 @jump_a(i1 %which, i32 %x) {
entry:
  %dest = select i1 %which, ptr blockaddress(@jump_a, %double), ptr blockaddress(@jump_a, %inc)
  indirectbr ptr %dest, [label %inc, label %double]
inc:
  %a = add i32 %x, 1
  ret i32 %a
double:
  %b = mul i32 %x, 2
  ret i32 %b
}

define internal i32 @jump_b(i1 %which, i32 %x) {
entry:
  %dest = select i1 %which, ptr blockaddress(@jump_b, %double), ptr blockaddress(@jump_b, %inc)
  indirectbr ptr %dest, [label %inc, label %double]
inc:
  %a = add i32 %x, 1
  ret i32 %a
double:
  %b = mul i32 %x, 2
  ret i32 %b
}

; With one argument (argc = 2): x = 5, jump_a doubles (10), jump_b
; increments (6): the exit status is 10 - 6 + 5 = 9, before and after.
define i32 @main(i32 %argc, ptr %argv) {
  %x = add i32 %argc, 3
  %a = call i32 @jump_a(i1 true, i32 %x)
  %b = call i32 @jump_b(i1 false, i32 %x)
  %s = sub i32 %a, %b
  %r = add i32 %s, 5
  ret i32 %r
}
