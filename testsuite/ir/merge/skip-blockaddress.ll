; A function whose block address is taken outside its own body (here a global
; jump table) is never merged: the blockaddress constants name its blocks, and
; they must stay valid. (Addresses used only inside the body: merge-blockaddress-local.ll.)
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 0 candidates, 0 folded
; STATS-NEXT: skipped: blockaddress 2

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: @targets = global [2 x ptr] [ptr blockaddress(@jump_a, %two), ptr blockaddress(@jump_b, %two)]
@targets = global [2 x ptr] [ptr blockaddress(@jump_a, %two), ptr blockaddress(@jump_b, %two)]

; CHECK-LABEL: define internal i32 @jump_a(
define internal i32 @jump_a(ptr %dest, i32 %x) unnamed_addr {
entry:
  indirectbr ptr %dest, [label %one, label %two]
one:
  %a = add i32 %x, 1
  ret i32 %a
two:
  %b = mul i32 %x, 2
  ret i32 %b
}

; CHECK-LABEL: define internal i32 @jump_b(
define internal i32 @jump_b(ptr %dest, i32 %x) unnamed_addr {
entry:
  indirectbr ptr %dest, [label %one, label %two]
one:
  %a = add i32 %x, 1
  ret i32 %a
two:
  %b = mul i32 %x, 2
  ret i32 %b
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @jump_a(
; CHECK-NEXT: call i32 @jump_b(
define i32 @caller(ptr %d, i32 %x) {
  %1 = call i32 @jump_a(ptr %d, i32 %x)
  %2 = call i32 @jump_b(ptr %d, i32 %x)
  %s = add i32 %1, %2
  ret i32 %s
}
