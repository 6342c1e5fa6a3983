; Functions whose FP semantics the ranges do not model are left alone:
; strictfp (dynamic rounding and exceptions). Denormal modes are modelled
; (environment.ll).
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

declare double @llvm.experimental.constrained.sitofp.f64.i8(i8, metadata, metadata)

