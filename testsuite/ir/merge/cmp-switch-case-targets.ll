; Switches with the same case values sending them to different blocks: no
; merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @cases_1_2(
; CHECK: switch i32 %y, label %other [
; CHECK-NEXT: i32 1, label %one
; CHECK-NEXT: i32 2, label %two
define internal i32 @cases_1_2(i32 %x) unnamed_addr nounwind {
entry:
  %y = mul i32 %x, 3
  switch i32 %y, label %other [
    i32 1, label %one
    i32 2, label %two
  ]
one:
  ret i32 10
two:
  ret i32 20
other:
  ret i32 0
}

; CHECK-LABEL: define internal i32 @cases_swapped(
; CHECK: switch i32 %y, label %other [
; CHECK-NEXT: i32 1, label %two
; CHECK-NEXT: i32 2, label %one
define internal i32 @cases_swapped(i32 %x) unnamed_addr nounwind {
entry:
  %y = mul i32 %x, 3
  switch i32 %y, label %other [
    i32 1, label %two
    i32 2, label %one
  ]
one:
  ret i32 10
two:
  ret i32 20
other:
  ret i32 0
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @cases_1_2(
; CHECK: call i32 @cases_swapped(
define i32 @caller(i32 %x) nounwind {
  %r0 = call i32 @cases_1_2(i32 %x)
  %r1 = call i32 @cases_swapped(i32 %x)
  %s0 = add i32 %r0, %r1
  ret i32 %s0
}
