; The pass plugin's pipeline name runs the same folds inside opt.
; REQUIRES: plugin
; RUN: %opt -passes=ltofold-fprange %s -S -o - | FileCheck %s

; CHECK-LABEL: @f(
; CHECK: ret i1 true
define i1 @f(i8 %i) {
  %x = uitofp i8 %i to double
  %c = fcmp ole double %x, 255.0
  ret i1 %c
}
