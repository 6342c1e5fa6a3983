; FP constants that differ: 1.0 vs 2.0, +0.0 vs -0.0 (+0.0 is the null
; value, -0.0 is not), and double 1.0 vs 1.0 + 1ulp: no two merge.
; (Equal functions only: merge-similar folds these, see similar-*.ll.)
; RUN: %ltofold merge --merge-similar=false %s -o - -S | FileCheck %s
; RUN: %ltofold merge --merge-similar=false %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 7 functions, 6 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @plus_one(
; CHECK-NEXT: %v = load float, ptr %p, align 8
; CHECK-NEXT: %a = fadd float %v, 1.000000e+00
; CHECK-NEXT: %i = fptosi float %a to i32
; CHECK-NEXT: ret i32 %i
define internal i32 @plus_one(ptr %p, i32 %x) unnamed_addr {
  %v = load float, ptr %p, align 8
  %a = fadd float %v, 1.000000e+00
  %i = fptosi float %a to i32
  ret i32 %i
}

; CHECK-LABEL: define internal i32 @plus_two(
; CHECK-NEXT: %v = load float, ptr %p, align 8
; CHECK-NEXT: %a = fadd float %v, 2.000000e+00
; CHECK-NEXT: %i = fptosi float %a to i32
; CHECK-NEXT: ret i32 %i
define internal i32 @plus_two(ptr %p, i32 %x) unnamed_addr {
  %v = load float, ptr %p, align 8
  %a = fadd float %v, 2.000000e+00
  %i = fptosi float %a to i32
  ret i32 %i
}

; CHECK-LABEL: define internal i32 @plus_zero(
; CHECK-NEXT: %v = load float, ptr %p, align 8
; CHECK-NEXT: %a = fadd float %v, 0.000000e+00
; CHECK-NEXT: %i = fptosi float %a to i32
; CHECK-NEXT: ret i32 %i
define internal i32 @plus_zero(ptr %p, i32 %x) unnamed_addr {
  %v = load float, ptr %p, align 8
  %a = fadd float %v, 0.000000e+00
  %i = fptosi float %a to i32
  ret i32 %i
}

; CHECK-LABEL: define internal i32 @plus_minus_zero(
; CHECK-NEXT: %v = load float, ptr %p, align 8
; CHECK-NEXT: %a = fadd float %v, -0.000000e+00
; CHECK-NEXT: %i = fptosi float %a to i32
; CHECK-NEXT: ret i32 %i
define internal i32 @plus_minus_zero(ptr %p, i32 %x) unnamed_addr {
  %v = load float, ptr %p, align 8
  %a = fadd float %v, -0.000000e+00
  %i = fptosi float %a to i32
  ret i32 %i
}

; CHECK-LABEL: define internal i32 @double_one(
; CHECK-NEXT: %v = load double, ptr %p, align 8
; CHECK-NEXT: %a = fadd double %v, 1.000000e+00
; CHECK-NEXT: %i = fptosi double %a to i32
; CHECK-NEXT: ret i32 %i
define internal i32 @double_one(ptr %p, i32 %x) unnamed_addr {
  %v = load double, ptr %p, align 8
  %a = fadd double %v, 1.000000e+00
  %i = fptosi double %a to i32
  ret i32 %i
}

; CHECK-LABEL: define internal i32 @double_one_ulp(
; CHECK-NEXT: %v = load double, ptr %p, align 8
; CHECK-NEXT: %a = fadd double %v, 0x3FF0000000000001
; CHECK-NEXT: %i = fptosi double %a to i32
; CHECK-NEXT: ret i32 %i
define internal i32 @double_one_ulp(ptr %p, i32 %x) unnamed_addr {
  %v = load double, ptr %p, align 8
  %a = fadd double %v, 0x3FF0000000000001
  %i = fptosi double %a to i32
  ret i32 %i
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @plus_one(
; CHECK: call i32 @plus_two(
; CHECK: call i32 @plus_zero(
; CHECK: call i32 @plus_minus_zero(
; CHECK: call i32 @double_one(
; CHECK: call i32 @double_one_ulp(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @plus_one(ptr %p, i32 %x)
  %r1 = call i32 @plus_two(ptr %p, i32 %x)
  %r2 = call i32 @plus_zero(ptr %p, i32 %x)
  %r3 = call i32 @plus_minus_zero(ptr %p, i32 %x)
  %r4 = call i32 @double_one(ptr %p, i32 %x)
  %r5 = call i32 @double_one_ulp(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  %s3 = add i32 %s2, %r4
  %s4 = add i32 %s3, %r5
  ret i32 %s4
}
