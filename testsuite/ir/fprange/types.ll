; Every FP format, and vectors (lane by lane: vectors.ll).
; RUN: %ltofold fprange %s -S -o - | FileCheck %s

; half: 2048 + 1 rounds to 2048 or 2050; max 65504, above is inf.
; CHECK-LABEL: @half(
; CHECK: store volatile i1 true, ptr %out
; CHECK: %c2 = fcmp olt half %y
; CHECK-NEXT: store volatile i1 %c2
; CHECK-NEXT: store volatile i1 true, ptr %out
define void @half(i16 %i, ptr %out) {
  %m = and i16 %i, 2047
  %x = uitofp i16 %m to half
  %c1 = fcmp ole half %x, 2047.0
  store volatile i1 %c1, ptr %out
  %big = uitofp i16 %i to half
  %y = fadd half %big, 1.0
  %c2 = fcmp olt half %y, 0xH7C00
  store volatile i1 %c2, ptr %out
  %c3 = fcmp oge half %y, 1.0
  store volatile i1 %c3, ptr %out
  ret void
}

; CHECK-LABEL: @bfloat(
; CHECK: ret i1 true
define i1 @bfloat(i8 %i) {
  %x = uitofp i8 %i to bfloat
  %c = fcmp ole bfloat %x, 255.0
  ret i1 %c
}

; x86_fp80 holds every i64 exactly; 2^63 is above i63 values.
; CHECK-LABEL: @x86_fp80(
; CHECK: ret i1 true
define i1 @x86_fp80(i64 %i) {
  %s = lshr i64 %i, 1
  %x = uitofp i64 %s to x86_fp80
  %c = fcmp olt x86_fp80 %x, 0xK403E8000000000000000
  ret i1 %c
}

; fp128 constants: 1 + 2^-112 is above 1.
; CHECK-LABEL: @fp128(
; CHECK: ret i1 false
define i1 @fp128(i1 %b) {
  %x = uitofp i1 %b to fp128
  %c = fcmp oge fp128 %x, 0xL00000000000000013FFF000000000000
  ret i1 %c
}

; fptrunc double -> float of [0, 2^30] stays within [0, 2^30].
; CHECK-LABEL: @fptrunc(
; CHECK: ret i1 true
define i1 @fptrunc(i32 %i) {
  %m = lshr i32 %i, 2
  %x = uitofp i32 %m to double
  %f = fptrunc double %x to float
  %c = fcmp ole float %f, 0x41D0000000000000
  ret i1 %c
}

; Vectors: the hull of the elements.
; CHECK-LABEL: @vector(
; CHECK: ret <4 x i1> splat (i1 true)
define <4 x i1> @vector(<4 x i8> %i) {
  %x = uitofp <4 x i8> %i to <4 x float>
  %y = fadd <4 x float> %x, <float 1.0, float 2.0, float 3.0, float 4.0>
  %c = fcmp ogt <4 x float> %y, splat (float 0.5)
  ret <4 x i1> %c
}
