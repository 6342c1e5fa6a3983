; Integer constants that differ (3 vs 5; and i128 constants that differ only
; above bit 64): no two merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @times_3(
; CHECK-NEXT: %v = load i32, ptr %p, align 8
; CHECK-NEXT: %m = mul i32 %v, 3
; CHECK-NEXT: %t = add i32 %m, %x
; CHECK-NEXT: ret i32 %t
define internal i32 @times_3(ptr %p, i32 %x) unnamed_addr nounwind {
  %v = load i32, ptr %p, align 8
  %m = mul i32 %v, 3
  %t = add i32 %m, %x
  ret i32 %t
}

; CHECK-LABEL: define internal i32 @times_5(
; CHECK-NEXT: %v = load i32, ptr %p, align 8
; CHECK-NEXT: %m = mul i32 %v, 5
; CHECK-NEXT: %t = add i32 %m, %x
; CHECK-NEXT: ret i32 %t
define internal i32 @times_5(ptr %p, i32 %x) unnamed_addr nounwind {
  %v = load i32, ptr %p, align 8
  %m = mul i32 %v, 5
  %t = add i32 %m, %x
  ret i32 %t
}

; CHECK-LABEL: define internal i32 @wide_low(
; CHECK-NEXT: %v = load i128, ptr %p, align 8
; CHECK-NEXT: %m = mul i128 %v, 18446744073709551617
; CHECK-NEXT: %t = trunc i128 %m to i32
; CHECK-NEXT: ret i32 %t
define internal i32 @wide_low(ptr %p, i32 %x) unnamed_addr nounwind {
  %v = load i128, ptr %p, align 8
  %m = mul i128 %v, 18446744073709551617
  %t = trunc i128 %m to i32
  ret i32 %t
}

; CHECK-LABEL: define internal i32 @wide_high(
; CHECK-NEXT: %v = load i128, ptr %p, align 8
; CHECK-NEXT: %m = mul i128 %v, 36893488147419103233
; CHECK-NEXT: %t = trunc i128 %m to i32
; CHECK-NEXT: ret i32 %t
define internal i32 @wide_high(ptr %p, i32 %x) unnamed_addr nounwind {
  %v = load i128, ptr %p, align 8
  %m = mul i128 %v, 36893488147419103233
  %t = trunc i128 %m to i32
  ret i32 %t
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @times_3(
; CHECK: call i32 @times_5(
; CHECK: call i32 @wide_low(
; CHECK: call i32 @wide_high(
define i32 @caller(ptr %p, i32 %x) nounwind {
  %r0 = call i32 @times_3(ptr %p, i32 %x)
  %r1 = call i32 @times_5(ptr %p, i32 %x)
  %r2 = call i32 @wide_low(ptr %p, i32 %x)
  %r3 = call i32 @wide_high(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  ret i32 %s2
}
