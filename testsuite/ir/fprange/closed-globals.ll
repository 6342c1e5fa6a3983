; A writable global whose every access is in view (local linkage, every use
; a load, or a plain store of FP values into it, past GEPs over tables of
; its FP type) holds its initializer or a value one of its stores stores:
; loads of it read the join of those, each store read where it is. The
; stores are learned in a first round, the loads use them in a second.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s
; RUN: %ltofold fprange --print %s | FileCheck %s --check-prefix=PRINT

; A gain set by one function from a byte, scaled to [0, 1]: every load
; reads [0, 1] (the initializer 0.5 included), so gain <= 1 folds.
@gain = internal global float 5.000000e-01

define void @set_gain(i8 %level) {
  %x = uitofp i8 %level to float
  %g = fdiv float %x, 2.550000e+02
  store float %g, ptr @gain
  ret void
}

; CHECK-LABEL: define i1 @gain_at_most_one(
; CHECK: ret i1 true
; PRINT-LABEL: function @gain_at_most_one
; PRINT: %g = load float, ptr @gain
; PRINT-NEXT: min: 0 max: 1
define i1 @gain_at_most_one() {
  %g = load float, ptr @gain
  %c = fcmp ole float %g, 1.000000e+00
  ret i1 %c
}

; A table filled by a loop with squares of [0, 15] and read by index:
; every element is in [0, 225] (or the zeros it starts with).
@squares = internal global [16 x double] zeroinitializer

define void @fill_squares() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %x = uitofp nneg i64 %i to double
  %sq = fmul double %x, %x
  %p = getelementptr inbounds [16 x double], ptr @squares, i64 0, i64 %i
  store double %sq, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 16
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define i1 @square_in_range(
; CHECK: ret i1 false
define i1 @square_in_range(i64 %i) {
  %p = getelementptr inbounds [16 x double], ptr @squares, i64 0, i64 %i
  %v = load double, ptr %p
  %c = fcmp ogt double %v, 2.250000e+02
  ret i1 %c
}

; Not closed, so not bounded:
;  - a store of a value the analysis cannot bound (an argument of an
;    externally visible function);
;  - the address passed to a call (it may write anything);
;  - a store of the integer bits into the float (not an FP value);
;  - a GEP over i8 (an offset may split an element);
;  - an external global (other objects may write it).
; And a load of another type reads other bytes: a double read where floats
; are (@pair holds two floats in [0, 1]) is not bounded by them.
@any = internal global float 0.000000e+00
@passed = internal global float 0.000000e+00
@bits = internal global float 0.000000e+00
@bytes = internal global [2 x float] zeroinitializer
@outside = global float 0.000000e+00

declare void @fill(ptr)

define void @writers(float %x, i32 %n, i64 %k) {
  store float %x, ptr @any
  call void @fill(ptr @passed)
  store i32 %n, ptr @bits
  %p = getelementptr inbounds i8, ptr @bytes, i64 %k
  store float 1.000000e+00, ptr %p
  ret void
}

@pair = internal global [2 x float] zeroinitializer

define void @set_pair(i8 %a) {
  %x = uitofp i8 %a to float
  %y = fdiv float %x, 2.550000e+02
  store float %y, ptr @pair
  ret void
}

; CHECK-LABEL: define i1 @punned(
; CHECK: %c = fcmp ole double %d, 1.000000e+00
define i1 @punned() {
  %d = load double, ptr @pair
  %c = fcmp ole double %d, 1.000000e+00
  ret i1 %c
}

; CHECK-LABEL: define void @not_closed(
; CHECK: %ca = fcmp olt float %a, 1.000000e+00
; CHECK: %cp = fcmp olt float %v, 1.000000e+00
; CHECK: %cb = fcmp olt float %b, 1.000000e+00
; CHECK: %cy = fcmp olt float %y, 2.000000e+00
; CHECK: %co = fcmp olt float %o, 1.000000e+00
define void @not_closed(ptr %out) {
  %a = load float, ptr @any
  %ca = fcmp olt float %a, 1.000000e+00
  store volatile i1 %ca, ptr %out
  %v = load float, ptr @passed
  %cp = fcmp olt float %v, 1.000000e+00
  store volatile i1 %cp, ptr %out
  %b = load float, ptr @bits
  %cb = fcmp olt float %b, 1.000000e+00
  store volatile i1 %cb, ptr %out
  %y = load float, ptr @bytes
  %cy = fcmp olt float %y, 2.000000e+00
  store volatile i1 %cy, ptr %out
  %o = load float, ptr @outside
  %co = fcmp olt float %o, 1.000000e+00
  store volatile i1 %co, ptr %out
  ret void
}

; A store in a function the analysis skips (strictfp): what it stores is
; not known, so neither is the global.
@strict = internal global double 0.000000e+00

define void @set_strict(double %x) strictfp {
  %y = call double @llvm.experimental.constrained.fdiv.f64(double %x, double 2.0, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  store double 1.000000e+00, ptr @strict
  ret void
}

declare double @llvm.experimental.constrained.fdiv.f64(double, double, metadata, metadata)

; CHECK-LABEL: define i1 @strict_unknown(
; CHECK: %c = fcmp oeq double %v, 0.000000e+00
define i1 @strict_unknown() {
  %v = load double, ptr @strict
  %c = fcmp oeq double %v, 0.000000e+00
  ret i1 %c
}
