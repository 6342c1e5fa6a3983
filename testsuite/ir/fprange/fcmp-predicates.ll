; Every fcmp predicate, on x in [1, 2] (no NaN) against constants: decided
; ones fold to true/false, undecided ones stay.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s
; RUN: %ltofold fprange %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: fcmp{{ +}}34

; x = sitofp of i1-derived 1..2
define void @preds(i1 %b, ptr %out) {
  %i = zext i1 %b to i32
  %j = add i32 %i, 1
  %x = sitofp i32 %j to double
; CHECK-LABEL: @preds(
; CHECK: store volatile i1 false, ptr %out
  %c0 = fcmp false double %x, 0.0
  store volatile i1 %c0, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
  %c1 = fcmp oeq double %x, 3.0
  store volatile i1 %c1, ptr %out
; CHECK-NEXT: store volatile i1 true, ptr %out
  %c2 = fcmp ogt double %x, 0.5
  store volatile i1 %c2, ptr %out
; CHECK-NEXT: store volatile i1 true, ptr %out
  %c3 = fcmp oge double %x, 1.0
  store volatile i1 %c3, ptr %out
; CHECK-NEXT: store volatile i1 true, ptr %out
  %c4 = fcmp olt double %x, 2.5
  store volatile i1 %c4, ptr %out
; CHECK-NEXT: store volatile i1 true, ptr %out
  %c5 = fcmp ole double %x, 2.0
  store volatile i1 %c5, ptr %out
; CHECK-NEXT: store volatile i1 true, ptr %out
  %c6 = fcmp one double %x, 0.0
  store volatile i1 %c6, ptr %out
; CHECK-NEXT: store volatile i1 true, ptr %out
  %c7 = fcmp ord double %x, 0.0
  store volatile i1 %c7, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
  %c8 = fcmp uno double %x, 0.0
  store volatile i1 %c8, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
  %c9 = fcmp ueq double %x, 7.0
  store volatile i1 %c9, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
  %c10 = fcmp ugt double %x, 2.0
  store volatile i1 %c10, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
  %c11 = fcmp uge double %x, 2.5
  store volatile i1 %c11, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
  %c12 = fcmp ult double %x, 1.0
  store volatile i1 %c12, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
  %c13 = fcmp ule double %x, 0.5
  store volatile i1 %c13, ptr %out
; CHECK-NEXT: store volatile i1 true, ptr %out
  %c14 = fcmp une double %x, 1.5
  store volatile i1 %c14, ptr %out
; CHECK-NEXT: store volatile i1 true, ptr %out
  %c15 = fcmp true double %x, 0.0
  store volatile i1 %c15, ptr %out
; Undecided: x may be 1 or 2.
; CHECK-NEXT: %u1 = fcmp oeq double %x, 1.0
; CHECK-NEXT: store volatile i1 %u1
  %u1 = fcmp oeq double %x, 1.0
  store volatile i1 %u1, ptr %out
; CHECK-NEXT: %u2 = fcmp olt double %x, 2.0
  %u2 = fcmp olt double %x, 2.0
  store volatile i1 %u2, ptr %out
  ret void
}

; The same predicates with operands swapped (constant on the left).
; CHECK-LABEL: @swapped(
define void @swapped(i8 %i, ptr %out) {
  %x = uitofp i8 %i to float
; CHECK: store volatile i1 true, ptr %out
  %c1 = fcmp olt float -1.0, %x
  store volatile i1 %c1, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
  %c2 = fcmp ogt float 0.0, %x
  store volatile i1 %c2, ptr %out
; CHECK-NEXT: store volatile i1 true, ptr %out
  %c3 = fcmp ule float 0.0, %x
  store volatile i1 %c3, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
  %c4 = fcmp oeq float 255.5, %x
  store volatile i1 %c4, ptr %out
; CHECK-NEXT: store volatile i1 true, ptr %out
  %c5 = fcmp uge float 255.0, %x
  store volatile i1 %c5, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
  %c6 = fcmp ueq float 256.0, %x
  store volatile i1 %c6, ptr %out
; CHECK-NEXT: store volatile i1 true, ptr %out
  %c7 = fcmp ord float 1.0, %x
  store volatile i1 %c7, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
  %c8 = fcmp uno float %x, %x
  store volatile i1 %c8, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
  %c9 = fcmp ogt float %x, 255.0
  store volatile i1 %c9, ptr %out
; x may be +0, which equals -0.0: must not fold.
; CHECK-NEXT: %c10 = fcmp one float %x, -0.000000e+00
; CHECK-NEXT: store volatile i1 %c10
  %c10 = fcmp one float %x, -0.0
  store volatile i1 %c10, ptr %out
; CHECK-NEXT: store volatile i1 true, ptr %out
  %c11 = fcmp une float %x, 300.0
  store volatile i1 %c11, ptr %out
; CHECK-NEXT: store volatile i1 true, ptr %out
  %c12 = fcmp oge float %x, 0.0
  store volatile i1 %c12, ptr %out
; CHECK-NEXT: store volatile i1 true, ptr %out
  %c13 = fcmp ole float %x, 255.0
  store volatile i1 %c13, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
  %c14 = fcmp ult float %x, 0.0
  store volatile i1 %c14, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
  %c15 = fcmp ugt float %x, 255.0
  store volatile i1 %c15, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
  %c16 = fcmp oeq float %x, 0.5
  store volatile i1 %c16, ptr %out
  ret void
}

; A value compared with itself, or with its own rounding where it is an
; integer: equal, or both NaN. Negatives: %y may be NaN, and need not be
; an integer.
declare double @llvm.trunc.f64(double)
declare double @llvm.floor.f64(double)
; CHECK-LABEL: @same_value(
; CHECK: store volatile i1 true, ptr %out
; CHECK: store volatile i1 false, ptr %out
; CHECK: store volatile i1 false, ptr %out
; CHECK: %nan.possible = fcmp uno double %y, %y
; CHECK: %not.integer = fcmp oeq double %fy, %y
define void @same_value(i32 %i, double %y, ptr %out) {
  %x = sitofp i32 %i to double
  %self = fcmp oeq double %x, %x
  store volatile i1 %self, ptr %out
  %t = call double @llvm.trunc.f64(double %x)
  %ne = fcmp one double %t, %x
  store volatile i1 %ne, ptr %out
  %z = fmul double %x, 3.0
  %fz = call double @llvm.floor.f64(double %z)
  %lt = fcmp olt double %z, %fz
  store volatile i1 %lt, ptr %out
  %nan.possible = fcmp uno double %y, %y
  store volatile i1 %nan.possible, ptr %out
  %fy = call double @llvm.floor.f64(double %y)
  %not.integer = fcmp oeq double %fy, %y
  store volatile i1 %not.integer, ptr %out
  ret void
}
