; Functions whose FP semantics the ranges do not model are left alone:
; strictfp (dynamic rounding and exceptions) and non-IEEE denormal modes
; (subnormals flushed to zero).
; RUN: %ltofold fprange %s -S -o - | FileCheck %s
; RUN: %ltofold fprange %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS
; STATS: 0 folds

; CHECK-LABEL: @strict(
; CHECK: %c = fcmp olt double %x, 1.000000e+03
define i1 @strict(i8 %i) strictfp {
  %x = call double @llvm.experimental.constrained.sitofp.f64.i8(i8 %i, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  %c = fcmp olt double %x, 1000.0
  ret i1 %c
}

; With flushing, x * 2^-140 may be 0 even for x >= 1.
; CHECK-LABEL: @flush(
; CHECK: %c = fcmp ogt float %y, 0.000000e+00
define i1 @flush(i8 %i) #0 {
  %m = or i8 %i, 1
  %u = and i8 %m, 127
  %x = uitofp i8 %u to float
  %y = fmul float %x, 0x3730000000000000
  %c = fcmp ogt float %y, 0.0
  ret i1 %c
}

declare double @llvm.experimental.constrained.sitofp.f64.i8(i8, metadata, metadata)

attributes #0 = { "denormal-fp-math"="preserve-sign,preserve-sign" }
