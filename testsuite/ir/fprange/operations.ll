; One decided compare per operation not covered elsewhere, each with the
; range that decides it.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s

; frem: |x rem y| < |y|, sign of x.
; CHECK-LABEL: @frem(
; CHECK: ret i1 true
define i1 @frem(i16 %i) {
  %x = uitofp i16 %i to double
  %r = frem double %x, 7.0
  %c1 = fcmp olt double %r, 7.0
  %c2 = fcmp oge double %r, 0.0
  %c = and i1 %c1, %c2
  ret i1 %c
}

; fpext is exact.
; CHECK-LABEL: @fpext(
; CHECK: ret i1 true
define i1 @fpext(i8 %i) {
  %x = uitofp i8 %i to half
  %y = fpext half %x to double
  %c = fcmp ole double %y, 255.0
  ret i1 %c
}

; fma(x, x, 1) for x in [0, 15]: [1, 226]; fmuladd the same fused or not.
; CHECK-LABEL: @fma(
; CHECK: ret i1 true
define i1 @fma(i8 %i) {
  %m = and i8 %i, 15
  %x = uitofp i8 %m to float
  %f = call float @llvm.fma.f32(float %x, float %x, float 1.0)
  %g = call float @llvm.fmuladd.f32(float %x, float %x, float 1.0)
  %c1 = fcmp ole float %f, 226.0
  %c2 = fcmp oge float %g, 1.0
  %c = and i1 %c1, %c2
  ret i1 %c
}

; exp2 of [0, 7] <= 128 (+ margin); exp10 >= 1; log10 of [1, 1000] <= 3.
; CHECK-LABEL: @exp2_exp10_log10(
; CHECK: ret i1 true
define i1 @exp2_exp10_log10(i8 %i) {
  %m = and i8 %i, 7
  %x = uitofp i8 %m to double
  %e2 = call double @llvm.exp2.f64(double %x)
  %e10 = call double @llvm.exp10.f64(double %x)
  %n = uitofp i8 %i to double
  %n1 = fadd double %n, 1.0
  %l = call double @llvm.log10.f64(double %n1)
  %c1 = fcmp olt double %e2, 128.001
  %c2 = fcmp ogt double %e10, 0.999
  %c3 = fcmp olt double %l, 3.0
  %c12 = and i1 %c1, %c2
  %c = and i1 %c12, %c3
  ret i1 %c
}

; sqrt of a negative range is always NaN.
; CHECK-LABEL: @sqrt_negative(
; CHECK: ret i1 true
define i1 @sqrt_negative(i8 %i) {
  %x = uitofp i8 %i to float
  %n = fsub float -1.0, %x
  %s = call float @llvm.sqrt.f32(float %n)
  %c = fcmp uno float %s, 0.0
  ret i1 %c
}

; minimum propagates NaN: with x possibly NaN, it may be NaN; maximumnum
; does not (one non-NaN operand is enough).
; CHECK-LABEL: @minimum_maximumnum(
; CHECK: %c1 = fcmp ord float %a, 0.000000e+00
; CHECK: store volatile i1 true, ptr %out
define void @minimum_maximumnum(float %x, ptr %out) {
  %a = call float @llvm.minimum.f32(float %x, float 1.0)
  %b = call float @llvm.maximumnum.f32(float %x, float 1.0)
  %c1 = fcmp ord float %a, 0.0
  store volatile i1 %c1, ptr %out
  %c2 = fcmp oge float %b, 1.0
  store volatile i1 %c2, ptr %out
  ret void
}

; nearbyint and roundeven of integers fold away.
; CHECK-LABEL: @nearbyint_roundeven(
; CHECK-NEXT: %x = sitofp i16 %i to float
; CHECK-NEXT: %s = fadd float %x, %x
define float @nearbyint_roundeven(i16 %i) {
  %x = sitofp i16 %i to float
  %a = call float @llvm.nearbyint.f32(float %x)
  %b = call float @llvm.roundeven.f32(float %x)
  %s = fadd float %a, %b
  ret float %s
}

; fptoui of [0, 63.75] is in [0, 63].
; CHECK-LABEL: @fptoui(
; CHECK: ret i1 false
define i1 @fptoui(i8 %i) {
  %x = uitofp i8 %i to float
  %q = fmul float %x, 0.25
  %n = fptoui float %q to i32
  %c = icmp ugt i32 %n, 63
  ret i1 %c
}

declare float @llvm.fma.f32(float, float, float)
declare float @llvm.fmuladd.f32(float, float, float)
declare double @llvm.exp2.f64(double)
declare double @llvm.exp10.f64(double)
declare double @llvm.log10.f64(double)
declare float @llvm.sqrt.f32(float)
declare float @llvm.minimum.f32(float, float)
declare float @llvm.maximumnum.f32(float, float)
declare float @llvm.nearbyint.f32(float)
declare float @llvm.roundeven.f32(float)

; x * x is never negative (the same operand twice is |x| * |x|).
; CHECK-LABEL: @square(
; CHECK: ret i1 false
define i1 @square(i8 %i) {
  %x = sitofp i8 %i to float
  %s = fmul float %x, %x
  %c = fcmp olt float %s, 0.0
  ret i1 %c
}
