; Bounds for sqrt, exp, log, pow, powi, sin and cos (MPFR, widened by a
; few ulps for libm-style functions), and the seed's example.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s

; The seed: sin of a finite value is in [-1, 1], so |sin x| == inf is false.
; CHECK-LABEL: @seed(
; CHECK: ret i1 false
define i1 @seed(float %x) {
  %s = tail call nnan ninf float @llvm.sin.f32(float %x)
  %a = tail call float @llvm.fabs.f32(float %s)
  %c = fcmp ueq float %a, 0x7FF0000000000000
  ret i1 %c
}

; Without nnan/ninf the input may be inf, and sin(inf) is NaN.
; CHECK-LABEL: @seed_without_flags(
; CHECK: %c = fcmp ueq float %a, 0x7FF0000000000000
define i1 @seed_without_flags(float %x) {
  %s = tail call float @llvm.sin.f32(float %x)
  %a = tail call float @llvm.fabs.f32(float %s)
  %c = fcmp ueq float %a, 0x7FF0000000000000
  ret i1 %c
}

; sqrt of [0, 100] is at most 10.
; CHECK-LABEL: @sqrt_bound(
; CHECK: ret i1 true
define i1 @sqrt_bound(i8 %i) {
  %m = and i8 %i, 100
  %x = uitofp i8 %m to double
  %s = call double @llvm.sqrt.f64(double %x)
  %c = fcmp ole double %s, 10.0
  ret i1 %c
}

; exp is never negative; exp of [-128, 127] in double is finite.
; CHECK-LABEL: @exp_bound(
; CHECK: ret i1 true
define i1 @exp_bound(i8 %i) {
  %x = sitofp i8 %i to double
  %e = call double @llvm.exp.f64(double %x)
  %c1 = fcmp oge double %e, 0.0
  %c2 = fcmp olt double %e, 0x7FF0000000000000
  %c = and i1 %c1, %c2
  ret i1 %c
}

; exp(127) overflows float: no fold.
; CHECK-LABEL: @exp_overflow(
; CHECK: %c = fcmp olt float %e, 0x7FF0000000000000
define i1 @exp_overflow(i8 %i) {
  %x = sitofp i8 %i to float
  %e = call float @llvm.exp.f32(float %x)
  %c = fcmp olt float %e, 0x7FF0000000000000
  ret i1 %c
}

; log2 of [1, 1024] is in [0, 10] (widened by the libm margin, so the
; compares leave room); log of values that may be 0 is -inf.
; CHECK-LABEL: @log_bound(
; CHECK: %z = fcmp ogt double %l0, 0xFFF0000000000000
; CHECK: %r = and i1 true, %z
define i1 @log_bound(i16 %i) {
  %m = and i16 %i, 1023
  %n = add i16 %m, 1
  %x = uitofp i16 %n to double
  %l = call double @llvm.log2.f64(double %x)
  %c1 = fcmp ole double %l, 10.001
  %c2 = fcmp oge double %l, -0.001
  %x0 = uitofp i16 %m to double
  %l0 = call double @llvm.log2.f64(double %x0)
  %z = fcmp ogt double %l0, 0xFFF0000000000000
  %c = and i1 %c1, %c2
  %r = and i1 %c, %z
  ret i1 %r
}

; pow(2, [0, 10]) <= 1024 (plus a margin), >= 1.
; CHECK-LABEL: @pow_bound(
; CHECK: ret i1 true
define i1 @pow_bound(i8 %i) {
  %m = and i8 %i, 10
  %y = uitofp i8 %m to double
  %p = call double @llvm.pow.f64(double 2.0, double %y)
  %c1 = fcmp olt double %p, 1025.0
  %c2 = fcmp ogt double %p, 0.99
  %c = and i1 %c1, %c2
  ret i1 %c
}

; powi(x, 3) for x in [0.5, 2] is within [0.125, 8] (plus a margin).
; CHECK-LABEL: @powi_bound(
; CHECK: ret i1 true
define i1 @powi_bound(i1 %b) {
  %x = select i1 %b, double 0.5, double 2.0
  %p = call double @llvm.powi.f64.i32(double %x, i32 3)
  %c1 = fcmp olt double %p, 8.001
  %c2 = fcmp ogt double %p, 0.1249
  %c = and i1 %c1, %c2
  ret i1 %c
}

; cos of [0, 1] is in [cos 1, 1]: positive.
; CHECK-LABEL: @cos_bound(
; CHECK: ret i1 true
define i1 @cos_bound(i1 %b) {
  %x = uitofp i1 %b to float
  %c = call float @llvm.cos.f32(float %x)
  %r = fcmp ogt float %c, 0.5
  ret i1 %r
}

; With afn, sin may be any approximation: nothing is known.
; CHECK-LABEL: @afn(
; CHECK: %c = fcmp ole float %s, 2.000000e+00
define i1 @afn(float %x) {
  %s = call nnan ninf afn float @llvm.sin.f32(float %x)
  %c = fcmp ole float %s, 2.0
  ret i1 %c
}

; libm calls by name are understood too.
; CHECK-LABEL: @libm(
; CHECK: ret i1 true
define i1 @libm(i8 %i) {
  %x = uitofp i8 %i to double
  %s = call double @sqrt(double %x)
  %c = fcmp olt double %s, 16.0
  ret i1 %c
}

declare double @sqrt(double)
declare float @llvm.sin.f32(float)
declare float @llvm.cos.f32(float)
declare float @llvm.fabs.f32(float)
declare double @llvm.sqrt.f64(double)
declare double @llvm.exp.f64(double)
declare float @llvm.exp.f32(float)
declare double @llvm.log2.f64(double)
declare double @llvm.pow.f64(double, double)
declare double @llvm.powi.f64.i32(double, i32)
