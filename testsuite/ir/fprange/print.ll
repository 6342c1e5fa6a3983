; `ltofold fprange --print`: every FP value with min, max, isInteger and
; the NaN, infinity and zero flags.
; RUN: %ltofold fprange --print %s | FileCheck %s

; CHECK-LABEL: function @f
; CHECK: float %y
; CHECK-NEXT: min: -3.40282347e+38 max: 3.40282347e+38 isInteger: 0 nan: 1 +inf: 1 -inf: 1 +0: 1 -0: 1
; CHECK: %x = sitofp i8 %i to float
; CHECK-NEXT: min: -128 max: 127 isInteger: 1 nan: 0 +inf: 0 -inf: 0 +0: 1 -0: 0
; CHECK: %n = fneg float %x
; CHECK-NEXT: min: -127 max: 128 isInteger: 1 nan: 0 +inf: 0 -inf: 0 +0: 0 -0: 1
; CHECK: %d = fdiv float %x, 4.000000e+08
; CHECK-NEXT: min: -3.19999998e-07 max: 3.17499996e-07 isInteger: 0 nan: 0 +inf: 0 -inf: 0 +0: 1 -0: 0
; CHECK: %s = call float @llvm.sqrt.f32(float %x)
; CHECK-NEXT: min: 0 max: 11.2694273 isInteger: 0 nan: 1 +inf: 0 -inf: 0 +0: 1 -0: 0
define float @f(i8 %i, float %y) {
  %x = sitofp i8 %i to float
  %n = fneg float %x
  %d = fdiv float %x, 4.0e8
  %s = call float @llvm.sqrt.f32(float %x)
  ret float %s
}

; A function the analysis skips is marked.
; CHECK: function @strict (not analyzed)
define float @strict(float %x) strictfp {
  ret float %x
}

declare float @llvm.sqrt.f32(float)
