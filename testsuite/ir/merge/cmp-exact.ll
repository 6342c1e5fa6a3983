; udiv / lshr with and without exact: no merge within each pair.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @udiv_plain(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = udiv i32 %v, %x
; CHECK-NEXT: %m = xor i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @udiv_plain(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = udiv i32 %v, %x
  %m = xor i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @udiv_exact(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = udiv exact i32 %v, %x
; CHECK-NEXT: %m = xor i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @udiv_exact(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = udiv exact i32 %v, %x
  %m = xor i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @lshr_plain(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = lshr i32 %v, %x
; CHECK-NEXT: %m = or i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @lshr_plain(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = lshr i32 %v, %x
  %m = or i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @lshr_exact(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = lshr exact i32 %v, %x
; CHECK-NEXT: %m = or i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @lshr_exact(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = lshr exact i32 %v, %x
  %m = or i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @udiv_plain(
; CHECK: call i32 @udiv_exact(
; CHECK: call i32 @lshr_plain(
; CHECK: call i32 @lshr_exact(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @udiv_plain(ptr %p, i32 %x)
  %r1 = call i32 @udiv_exact(ptr %p, i32 %x)
  %r2 = call i32 @lshr_plain(ptr %p, i32 %x)
  %r3 = call i32 @lshr_exact(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  ret i32 %s2
}
