; LLVM IR's floating-point environment outside strictfp: round-to-nearest,
; correctly rounded operations exact, a correct libm within its facts. With
; --fprange-any-rounding every fold must hold in every rounding mode, so
; the folds that rely on round-to-nearest stay.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s --check-prefix=NEAREST
; RUN: %ltofold fprange %s -S -o - --fprange-any-rounding | FileCheck %s --check-prefix=ANY

; sin stays in [-1, 1] (glibc's sinf rounding downward does not).
; NEAREST-LABEL: @sin_at_most_one(
; NEAREST: ret i1 false
; ANY-LABEL: @sin_at_most_one(
; ANY: %c = fcmp ogt float %s, 1.000000e+00
define i1 @sin_at_most_one(float %x) {
  %s = call float @llvm.sin.f32(float %x)
  %c = fcmp ogt float %s, 1.0
  ret i1 %c
}

; rint rounds to nearest: k + 0.25 gives k (rounding up: k + 1).
; NEAREST-LABEL: @rint_nearest(
; NEAREST: ret i1 false
; ANY-LABEL: @rint_nearest(
; ANY: %c = fcmp ogt double %r, 2.550000e+02
define i1 @rint_nearest(i8 %i) {
  %x = uitofp i8 %i to double
  %y = fadd double %x, 0.25
  %r = call double @llvm.rint.f64(double %y)
  %c = fcmp ogt double %r, 255.0
  ret i1 %c
}

; An exact zero sum is +0 in round-to-nearest (-0 only rounding down).
; NEAREST-LABEL: @sum_never_negative_zero(
; NEAREST: ret i1 false
; ANY-LABEL: @sum_never_negative_zero(
; ANY: call i1 @llvm.is.fpclass.f32
define i1 @sum_never_negative_zero(i8 %i) {
  %x = sitofp i8 %i to float
  %s = fadd float %x, 0.0
  %c = call i1 @llvm.is.fpclass.f32(float %s, i32 32)
  ret i1 %c
}

; The exact bound of a correctly rounded quotient: 5/3 rounded to nearest
; is 1.66666663 (rounding up it is the next float).
; NEAREST-LABEL: @quotient_exact(
; NEAREST: ret i1 false
; ANY-LABEL: @quotient_exact(
; ANY: %c = fcmp ogt float %q, 0x3FFAAAAAA0000000
define i1 @quotient_exact(i1 %b) {
  %x = select i1 %b, float 5.0, float 2.5
  %q = fdiv float %x, 3.0
  %c = fcmp ogt float %q, 0x3FFAAAAAA0000000
  ret i1 %c
}

; Flushing subnormals (preserve-sign): x * 2 for x >= 1 is still > 0 (the
; function is analyzed), x * 2^-140 may be 0 (kept).
; NEAREST-LABEL: @flush_normal(
; NEAREST: ret i1 true
define i1 @flush_normal(i8 %i) #0 {
  %z = zext i8 %i to i16
  %u = add i16 %z, 1
  %x = uitofp i16 %u to float
  %y = fmul float %x, 2.0
  %c = fcmp ogt float %y, 0.0
  ret i1 %c
}

; NEAREST-LABEL: @flush_subnormal(
; NEAREST: %c = fcmp ogt float %y, 0.000000e+00
define i1 @flush_subnormal(i8 %i) #1 {
  %z = zext i8 %i to i16
  %u = add i16 %z, 1
  %x = uitofp i16 %u to float
  %y = fmul float %x, 0x3730000000000000
  %c = fcmp ogt float %y, 0.0
  ret i1 %c
}

; The same subnormal product in a function without attributes is kept
; too: the mode of one function is the whole program's (the processor's).
; In a program where nothing flushes it is > 0 (denormal-program-wide.ll).
; NEAREST-LABEL: @program_subnormal(
; NEAREST: %c = fcmp ogt float %y, 0.000000e+00
define i1 @program_subnormal(i8 %i) {
  %z = zext i8 %i to i16
  %u = add i16 %z, 1
  %x = uitofp i16 %u to float
  %y = fmul float %x, 0x3730000000000000
  %c = fcmp ogt float %y, 0.0
  ret i1 %c
}

declare float @llvm.sin.f32(float)
declare double @llvm.rint.f64(double)
declare i1 @llvm.is.fpclass.f32(float, i32)

attributes #0 = { "denormal-fp-math"="preserve-sign,preserve-sign" }
attributes #1 = { "denormal-fp-math-f32"="positive-zero,dynamic" }
