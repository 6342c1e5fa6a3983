; Atomic loads that differ only in ordering (monotonic, acquire, seq_cst),
; and a non-atomic load: no two merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @plain(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @plain(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @monotonic(
; CHECK-NEXT: %v = load atomic i32, ptr %p monotonic, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @monotonic(ptr %p, i32 %x) unnamed_addr {
  %v = load atomic i32, ptr %p monotonic, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @acquire(
; CHECK-NEXT: %v = load atomic i32, ptr %p acquire, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @acquire(ptr %p, i32 %x) unnamed_addr {
  %v = load atomic i32, ptr %p acquire, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @seq_cst(
; CHECK-NEXT: %v = load atomic i32, ptr %p seq_cst, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @seq_cst(ptr %p, i32 %x) unnamed_addr {
  %v = load atomic i32, ptr %p seq_cst, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @plain(
; CHECK: call i32 @monotonic(
; CHECK: call i32 @acquire(
; CHECK: call i32 @seq_cst(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @plain(ptr %p, i32 %x)
  %r1 = call i32 @monotonic(ptr %p, i32 %x)
  %r2 = call i32 @acquire(ptr %p, i32 %x)
  %r3 = call i32 @seq_cst(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  ret i32 %s2
}
