; A function with an extra unreachable block merges with one without it: the
; CFG walk never meets the block, so it does not count.
; (The hash follows the same walk, so the two also hash alike.)
; RUN: %ltofold merge %s -o - -S | FileCheck %s --implicit-check-not=@with_dead_block
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @no_dead_block(
define internal i32 @no_dead_block(ptr %p, i32 %x) unnamed_addr {
entry:
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define internal i32 @with_dead_block(ptr %p, i32 %x) unnamed_addr {
entry:
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
dead:
  %d = sub i32 %x, 1
  ret i32 %d
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @no_dead_block(ptr %p, i32 %x)
; CHECK-NEXT: call i32 @no_dead_block(ptr %p, i32 %x)
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @no_dead_block(ptr %p, i32 %x)
  %2 = call i32 @with_dead_block(ptr %p, i32 %x)
  %s = add i32 %1, %2
  ret i32 %s
}
