; Relations intervals alone do not see: x - x, x / x, a sum undone by one
; of its operands, a compare of a sorted pair. Each must also stay where
; the relation does not hold.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s

; (x + 1) - x is 1 within half an ulp of the sum's largest value.
; CHECK-LABEL: @undone_sum(
; CHECK: ret i1 false
define i1 @undone_sum(i8 %i) {
  %x = uitofp i8 %i to half
  %s = fadd half %x, 1.0
  %d = fsub half %s, %x
  %c = fcmp ogt half %d, 2.0
  ret i1 %c
}

; (x - y) + y, y added back on either side.
; CHECK-LABEL: @undone_difference(
; CHECK: ret i1 false
define i1 @undone_difference(i8 %i, i8 %j) {
  %x = uitofp i8 %i to float
  %y = uitofp i8 %j to float
  %s = fsub float %x, %y
  %d = fadd float %y, %s
  %c = fcmp ogt float %d, 256.0
  ret i1 %c
}

; The sum may be infinite (x unbounded): no relation, the compare stays.
; CHECK-LABEL: @undone_sum_unbounded(
; CHECK: %c = fcmp ogt float %d, 2.000000e+00
define i1 @undone_sum_unbounded(float %x) {
  %s = fadd float %x, 1.0
  %d = fsub float %s, %x
  %c = fcmp ogt float %d, 2.0
  ret i1 %c
}

; reassoc may rewrite the sum: no relation (the interval result stays).
; CHECK-LABEL: @undone_sum_reassoc(
; CHECK: %c = fcmp ogt float %d, 2.000000e+00
define i1 @undone_sum_reassoc(i8 %i) {
  %x = uitofp i8 %i to float
  %s = fadd reassoc float %x, 1.0
  %d = fsub float %s, %x
  %c = fcmp ogt float %d, 2.0
  ret i1 %c
}

; x - x is +0 for finite x; NaN for x infinite or NaN.
; CHECK-LABEL: @self_difference(
; CHECK: ret i1 false
define i1 @self_difference(i8 %i) {
  %x = sitofp i8 %i to double
  %d = fsub double %x, %x
  %c = fcmp one double %d, 0.0
  ret i1 %c
}

; CHECK-LABEL: @self_difference_nan(
; CHECK: %c = fcmp oeq double %d, 0.000000e+00
define i1 @self_difference_nan(double %x) {
  %d = fsub double %x, %x
  %c = fcmp oeq double %d, 0.0
  ret i1 %c
}

; x / x is 1 for x finite and nonzero.
; CHECK-LABEL: @self_quotient(
; CHECK: ret i1 true
define i1 @self_quotient(i8 %i) {
  %z = zext i8 %i to i32
  %n = add i32 %z, 1
  %x = sitofp i32 %n to float
  %q = fdiv float %x, %x
  %c = fcmp oeq float %q, 1.0
  ret i1 %c
}

; lo = min, hi = max by one compare: lo > hi never holds, NaN included.
; CHECK-LABEL: @sorted_pair(
; CHECK: ret i1 false
define i1 @sorted_pair(double %x, double %y) {
  %lt = fcmp olt double %x, %y
  %lo = select i1 %lt, double %x, double %y
  %hi = select i1 %lt, double %y, double %x
  %c = fcmp ogt double %lo, %hi
  ret i1 %c
}

; lo <= hi does not hold when one is NaN: kept.
; CHECK-LABEL: @sorted_pair_nan(
; CHECK: %c = fcmp ole double %lo, %hi
define i1 @sorted_pair_nan(double %x, double %y) {
  %lt = fcmp olt double %x, %y
  %lo = select i1 %lt, double %x, double %y
  %hi = select i1 %lt, double %y, double %x
  %c = fcmp ole double %lo, %hi
  ret i1 %c
}
