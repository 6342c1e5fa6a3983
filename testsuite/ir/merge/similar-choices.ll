; Functions that differ in operations, not only constants: an add where
; another subtracts, a compare with another predicate, a sign where another
; zero-extends. The merged body computes each operation and selects one by
; an i1 parameter per choice (a choice that splits the members the same way
; as another shares its parameter); flags that differ are met (the body
; keeps only those every member has). Every fold is certified (--verify).
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s
; RUN: %ltofold merge %s -o - -S | FileCheck %s --check-prefix=DIV
; RUN: %ltofold merge %s -o %t.bc --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %ltofold merge %s -o - -S --merge-similar=false | FileCheck %s --check-prefix=OFF

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; STATS: similar: 3 functions into 1 merged body, 2 parameters, 3 choices
; STATS-NEXT: certified 3
; OFF-NOT: ltofold.similar

; @step_down is the representative (the first in the comparator's order).
; @step_up adds and compares the other way: two choices, one parameter
; (they split the members alike). @step_wide zero-extends where the others
; sign-extend, and its multiply has an nsw the others lack.
; CHECK-LABEL: define i64 @step_up(
; CHECK-NEXT: tail call i64 @step_down.ltofold.similar(ptr %p, i32 %n, i64 %k, i1 true, i1 false)
; CHECK-LABEL: define i64 @step_down(
; CHECK-NEXT: tail call i64 @step_down.ltofold.similar(ptr %p, i32 %n, i64 %k, i1 false, i1 false)
; CHECK-LABEL: define i64 @step_wide(
; CHECK-NEXT: tail call i64 @step_down.ltofold.similar(ptr %p, i32 %n, i64 %k, i1 true, i1 true)

; CHECK-LABEL: define internal i64 @step_down.ltofold.similar(ptr %p, i32 %n, i64 %k, i1 %0, i1 %1)
; CHECK-NEXT: [[ZEXT:%.*]] = zext i32 %n to i64
; CHECK-NEXT: %w = sext i32 %n to i64
; CHECK-NEXT: [[N:%.*]] = select i1 %1, i64 [[ZEXT]], i64 %w
; CHECK-NEXT: %v = load i64, ptr %p
; CHECK-NEXT: [[ADD:%.*]] = add i64 %v, %k
; CHECK-NEXT: %s = sub i64 %v, %k
; CHECK-NEXT: [[S:%.*]] = select i1 %0, i64 [[ADD]], i64 %s
; CHECK-NEXT: [[LT:%.*]] = icmp slt i64 [[S]], [[N]]
; CHECK-NEXT: %c = icmp sgt i64 [[S]], [[N]]
; CHECK-NEXT: [[C:%.*]] = select i1 %0, i1 [[LT]], i1 %c
; The flags every member has: @step_wide's nsw is gone.
; CHECK-NEXT: %m = mul i64 %v, 3
; CHECK-NEXT: %x = xor i64 %m, [[S]]
; CHECK:      %r = select i1 [[C]], i64 %z, i64 %y

define i64 @step_up(ptr %p, i32 %n, i64 %k) {
  %w = sext i32 %n to i64
  %v = load i64, ptr %p, align 8
  %s = add i64 %v, %k
  %c = icmp slt i64 %s, %w
  %m = mul i64 %v, 3
  %x = xor i64 %m, %s
  %y = mul i64 %x, %x
  %z = xor i64 %y, %m
  %r = select i1 %c, i64 %z, i64 %y
  store i64 %r, ptr %p, align 8
  ret i64 %r
}

define i64 @step_down(ptr %p, i32 %n, i64 %k) {
  %w = sext i32 %n to i64
  %v = load i64, ptr %p, align 8
  %s = sub i64 %v, %k
  %c = icmp sgt i64 %s, %w
  %m = mul i64 %v, 3
  %x = xor i64 %m, %s
  %y = mul i64 %x, %x
  %z = xor i64 %y, %m
  %r = select i1 %c, i64 %z, i64 %y
  store i64 %r, ptr %p, align 8
  ret i64 %r
}

define i64 @step_wide(ptr %p, i32 %n, i64 %k) {
  %w = zext i32 %n to i64
  %v = load i64, ptr %p, align 8
  %s = add i64 %v, %k
  %c = icmp slt i64 %s, %w
  %m = mul nsw i64 %v, 3
  %x = xor i64 %m, %s
  %y = mul i64 %x, %x
  %z = xor i64 %y, %m
  %r = select i1 %c, i64 %z, i64 %y
  store i64 %r, ptr %p, align 8
  ret i64 %r
}

; A division is never a choice: it may trap, so the merged body could not
; compute both. These two stay as they are.
; DIV-LABEL: define i64 @div_signed(
; DIV-NEXT: %v = load i64, ptr %p
; DIV-LABEL: define i64 @div_unsigned(
; DIV-NEXT: %v = load i64, ptr %p
define i64 @div_signed(ptr %p, i64 %k) {
  %v = load i64, ptr %p, align 8
  %d = sdiv i64 %v, %k
  %m = mul i64 %d, %v
  %x = xor i64 %m, %d
  %y = mul i64 %x, %x
  store i64 %y, ptr %p, align 8
  ret i64 %y
}

define i64 @div_unsigned(ptr %p, i64 %k) {
  %v = load i64, ptr %p, align 8
  %d = udiv i64 %v, %k
  %m = mul i64 %d, %v
  %x = xor i64 %m, %d
  %y = mul i64 %x, %x
  store i64 %y, ptr %p, align 8
  ret i64 %y
}
