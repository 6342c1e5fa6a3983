; fcmp with different predicates (olt, ult, oeq, une): no two merge.
; RUN: %ltofold merge %s --merge-similar=false -o - -S | FileCheck %s
; RUN: %ltofold merge %s --merge-similar=false -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @is_olt(
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK-NEXT: %c = fcmp olt float %v, 0.000000e+00
; CHECK-NEXT: %z = zext i1 %c to i32
; CHECK-NEXT: ret i32 %z
define internal i32 @is_olt(ptr %p, i32 %x) unnamed_addr {
  %v = load float, ptr %p, align 4
  %c = fcmp olt float %v, 0.000000e+00
  %z = zext i1 %c to i32
  ret i32 %z
}

; CHECK-LABEL: define internal i32 @is_ult(
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK-NEXT: %c = fcmp ult float %v, 0.000000e+00
; CHECK-NEXT: %z = zext i1 %c to i32
; CHECK-NEXT: ret i32 %z
define internal i32 @is_ult(ptr %p, i32 %x) unnamed_addr {
  %v = load float, ptr %p, align 4
  %c = fcmp ult float %v, 0.000000e+00
  %z = zext i1 %c to i32
  ret i32 %z
}

; CHECK-LABEL: define internal i32 @is_oeq(
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK-NEXT: %c = fcmp oeq float %v, 0.000000e+00
; CHECK-NEXT: %z = zext i1 %c to i32
; CHECK-NEXT: ret i32 %z
define internal i32 @is_oeq(ptr %p, i32 %x) unnamed_addr {
  %v = load float, ptr %p, align 4
  %c = fcmp oeq float %v, 0.000000e+00
  %z = zext i1 %c to i32
  ret i32 %z
}

; CHECK-LABEL: define internal i32 @is_une(
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK-NEXT: %c = fcmp une float %v, 0.000000e+00
; CHECK-NEXT: %z = zext i1 %c to i32
; CHECK-NEXT: ret i32 %z
define internal i32 @is_une(ptr %p, i32 %x) unnamed_addr {
  %v = load float, ptr %p, align 4
  %c = fcmp une float %v, 0.000000e+00
  %z = zext i1 %c to i32
  ret i32 %z
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @is_olt(
; CHECK: call i32 @is_ult(
; CHECK: call i32 @is_oeq(
; CHECK: call i32 @is_une(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @is_olt(ptr %p, i32 %x)
  %r1 = call i32 @is_ult(ptr %p, i32 %x)
  %r2 = call i32 @is_oeq(ptr %p, i32 %x)
  %r3 = call i32 @is_une(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  ret i32 %s2
}
