; Compares that look decided but are not: each must stay.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s
; RUN: %ltofold fprange %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS
; STATS: ltofold fprange: {{[0-9]+}} FP values ({{[0-9]+}} bounded), 0 folds

declare double @llvm.sqrt.f64(double)
declare float @llvm.copysign.f32(float, float)
declare float @llvm.fabs.f32(float)

; NaN reachable: sqrt of a value that may be negative is NaN, and NaN
; makes every ordered compare false and every unordered one true.
; CHECK-LABEL: @nan_reachable(
; CHECK: %c = fcmp olt double %s, 1.000000e+03
; CHECK: %d = fcmp oge double %s, 0.000000e+00
define i1 @nan_reachable(i8 %i) {
  %x = sitofp i8 %i to double
  %s = call double @llvm.sqrt.f64(double %x)
  %c = fcmp olt double %s, 1000.0
  %d = fcmp oge double %s, 0.0
  %r = and i1 %c, %d
  ret i1 %r
}

; -0.0 vs +0.0: x in [-1, 0] times 0 can be -0 or +0; oeq 0 holds for both,
; but copysign then sees either sign.
; CHECK-LABEL: @signed_zero(
; CHECK: call {{.*}}float @llvm.copysign.f32(float 1.000000e+00, float %z)
define float @signed_zero(i1 %b) {
  %i = sext i1 %b to i32
  %x = sitofp i32 %i to float
  %z = fmul float %x, 0.0
  %r = call float @llvm.copysign.f32(float 1.0, float %z)
  ret float %r
}

; The bound itself is reached: x in [0, 255] plus 0.5 reaches 255.5
; exactly (fcmp-bounds.ll has the compare one ulp above, which folds).
; CHECK-LABEL: @one_ulp(
; CHECK: %c = fcmp oge float %y, 2.555000e+02
; CHECK: %d = fcmp olt float %y, 2.555000e+02
define i1 @one_ulp(i8 %i) {
  %x = uitofp i8 %i to float
  %y = fadd float %x, 0.5
  %c = fcmp oge float %y, 255.5
  %d = fcmp olt float %y, 255.5
  %r = xor i1 %c, %d
  ret i1 %r
}

; Overflow to infinity: 2^127 * [0, 255] overflows float for x >= 2.
; CHECK-LABEL: @overflow(
; CHECK: %c = fcmp one float %y, 0x7FF0000000000000
define i1 @overflow(i8 %i) {
  %x = uitofp i8 %i to float
  %y = fmul float %x, 0x47E0000000000000
  %c = fcmp one float %y, 0x7FF0000000000000
  ret i1 %c
}

; An unbounded loop: the accumulator grows without limit (to inf).
; CHECK-LABEL: @unbounded_loop(
; CHECK: %c = fcmp olt double %f, 1.000000e+06
define i1 @unbounded_loop(ptr %p) {
entry:
  br label %loop
loop:
  %f = phi double [ 0.0, %entry ], [ %f2, %loop ]
  %f2 = fadd double %f, 1.0
  %more = load volatile i1, ptr %p
  br i1 %more, label %loop, label %exit
exit:
  %c = fcmp olt double %f, 1.0e6
  ret i1 %c
}

; Loaded values and arguments are unknown.
; CHECK-LABEL: @unknown(
; CHECK: %c = fcmp oge float %x, 0.000000e+00
define i1 @unknown(ptr %p) {
  %x = load float, ptr %p
  %c = fcmp oge float %x, 0.0
  ret i1 %c
}

; fabs of a value that may be -0.0 (0 - 0 rounding downward) or -1 is
; neither the value nor its negation.
; CHECK-LABEL: @fabs_negative_zero(
; CHECK: call {{.*}}float @llvm.fabs.f32(float %z)
define float @fabs_negative_zero(i1 %b) {
  %i = zext i1 %b to i32
  %x = sitofp i32 %i to float
  %z = fsub float 0.0, %x
  %a = call float @llvm.fabs.f32(float %z)
  ret float %a
}
