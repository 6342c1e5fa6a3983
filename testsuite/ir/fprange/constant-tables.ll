; A load from a constant table of FP values (the FP type, or arrays and
; vectors of it, reached through GEPs over such types) reads one of its
; elements: its range is the hull of the table. Not when the table could be
; another (interposable linkage, not constant and written with any value,
; externally initialized, semantic interposition), holds other bytes (a
; struct, integers), is read
; through a GEP over another type (an i8 offset may split an element), or
; the load is volatile.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s

@window = internal constant [4 x float] [float 0.0, float 0.25, float 0.75, float 1.0]
@grid = private unnamed_addr constant [2 x [3 x double]] [[3 x double] [double -2.0, double 0.5, double 1.0], [3 x double] zeroinitializer]
@vec = internal constant <4 x float> <float 1.0, float 2.0, float 3.0, float 4.0>
@odr = linkonce_odr constant [2 x float] [float 1.0, float 2.0]
@weak = weak constant [2 x float] [float 1.0, float 2.0]
@mutable = internal global [2 x float] [float 1.0, float 2.0]
@mixed = internal constant { float, i32 } { float 1.0, i32 2139095040 }
@ints = internal constant [2 x i32] [i32 2139095040, i32 0]
@nan = internal constant [2 x float] [float 1.0, float 0x7FF8000000000000]
@extinit = internal externally_initialized constant [2 x float] [float 1.0, float 2.0]

; CHECK-LABEL: @table_index(
; CHECK: ret i1 true
define i1 @table_index(i64 %i) {
  %p = getelementptr inbounds [4 x float], ptr @window, i64 0, i64 %i
  %v = load float, ptr %p
  %c = fcmp ole float %v, 1.0
  ret i1 %c
}

; Nested arrays, a GEP over the element type, zeroinitializer rows.
; CHECK-LABEL: @nested(
; CHECK: ret i1 false
define i1 @nested(i64 %i, i64 %j) {
  %row = getelementptr inbounds [2 x [3 x double]], ptr @grid, i64 0, i64 %i
  %p = getelementptr inbounds double, ptr %row, i64 %j
  %v = load double, ptr %p
  %c = fcmp olt double %v, -2.0
  ret i1 %c
}

; A vector load from a vector table; a scalar load from it.
; CHECK-LABEL: @vector_table(
; CHECK: ret i1 true
define i1 @vector_table(i64 %i) {
  %p = getelementptr inbounds float, ptr @vec, i64 %i
  %v = load float, ptr %p
  %w = load <4 x float>, ptr @vec
  %e = extractelement <4 x float> %w, i64 %i
  %s = fadd float %v, %e
  %c = fcmp oge float %s, 2.0
  ret i1 %c
}

; linkonce_odr: every copy is the same (ODR).
; CHECK-LABEL: @odr_table(
; CHECK: ret i1 true
define i1 @odr_table(i64 %i) {
  %p = getelementptr inbounds [2 x float], ptr @odr, i64 0, i64 %i
  %v = load float, ptr %p
  %c = fcmp oge float %v, 1.0
  ret i1 %c
}

; CHECK-LABEL: @must_not_fold(
; CHECK-COUNT-8: fcmp
; CHECK: ret
define i1 @must_not_fold(i64 %i) {
  %pw = getelementptr inbounds [2 x float], ptr @weak, i64 0, i64 %i
  %w = load float, ptr %pw
  %cw = fcmp oge float %w, 1.0
  %pm = getelementptr inbounds [2 x float], ptr @mutable, i64 0, i64 %i
  %m = load float, ptr %pm
  %cm = fcmp oge float %m, 1.0
  %x = load float, ptr @mixed
  %cx = fcmp oge float %x, 1.0
  %pi = getelementptr inbounds [2 x i32], ptr @ints, i64 0, i64 %i
  %n = load float, ptr %pi
  %cn = fcmp oge float %n, 0.0
  %pb = getelementptr inbounds i8, ptr @window, i64 %i
  %b = load float, ptr %pb
  %cb = fcmp ole float %b, 1.0
  %pv = getelementptr inbounds [4 x float], ptr @window, i64 0, i64 %i
  %v = load volatile float, ptr %pv
  %cv = fcmp ole float %v, 1.0
  %pe = getelementptr inbounds [2 x float], ptr @extinit, i64 0, i64 %i
  %e = load float, ptr %pe
  %ce = fcmp oge float %e, 1.0
  %pn = getelementptr inbounds [2 x float], ptr @nan, i64 0, i64 %i
  %q = load float, ptr %pn
  %cq = fcmp oge float %q, 1.0
  %r1 = and i1 %cw, %cm
  %r2 = and i1 %r1, %cx
  %r3 = and i1 %r2, %cn
  %r4 = and i1 %r3, %cb
  %r5 = and i1 %r4, %cv
  %r6 = and i1 %r5, %ce
  %r7 = and i1 %r6, %cq
  ret i1 %r7
}

; An external table folds, as LLVM's own optimizer folds it, unless the
; module says definitions may be interposed at run time.
@ext = constant [2 x float] [float 1.0, float 2.0]
; CHECK-LABEL: @external_table(
; CHECK: ret i1 true
; INTERPOSED-LABEL: @external_table(
; INTERPOSED: fcmp oge float
define i1 @external_table(i64 %i) {
  %p = getelementptr inbounds [2 x float], ptr @ext, i64 0, i64 %i
  %v = load float, ptr %p
  %c = fcmp oge float %v, 1.0
  ret i1 %c
}
; RUN: cp %s %t.interposed.ll
; RUN: printf '!llvm.module.flags = !{!0}\n!0 = !{i32 8, !"SemanticInterposition", i32 1}\n' >> %t.interposed.ll
; RUN: %ltofold fprange %t.interposed.ll -S -o - | FileCheck %s --check-prefix=INTERPOSED

; @mutable is written with values no analysis bounds (closed-globals.ll has
; the writable globals whose every store is in view).
define void @set_mutable(float %x) {
  store float %x, ptr @mutable
  ret void
}

; A GEP over bytes by a variable offset keeps to whole elements when the
; offset is a multiple of the element's size: a shift or product by one,
; a sum of two, a sign extension of one (loops' strides, as LLVM writes
; them). A shift by one bit makes a multiple of 2 only: a float read there
; takes half of each of two elements.
; CHECK-LABEL: @byte_strides(
; CHECK: ret i1 true
define i1 @byte_strides(i64 %i, i32 %k) {
  %o1 = shl i64 %i, 2
  %p1 = getelementptr inbounds i8, ptr @window, i64 %o1
  %v1 = load float, ptr %p1
  %c1 = fcmp ole float %v1, 1.0
  %k4 = mul i32 %k, 12
  %o2 = sext i32 %k4 to i64
  %o3 = add i64 %o1, %o2
  %p2 = getelementptr inbounds i8, ptr @window, i64 %o3
  %v2 = load float, ptr %p2
  %c2 = fcmp ole float %v2, 1.0
  %r = and i1 %c1, %c2
  ret i1 %r
}

; CHECK-LABEL: @half_stride(
; CHECK: %c = fcmp ole float %v, 1.000000e+00
; CHECK-NEXT: ret i1 %c
define i1 @half_stride(i64 %i) {
  %o = shl i64 %i, 1
  %p = getelementptr inbounds i8, ptr @window, i64 %o
  %v = load float, ptr %p
  %c = fcmp ole float %v, 1.0
  ret i1 %c
}

; Nor a sum of a multiple of 4 and 2.
; CHECK-LABEL: @odd_sum(
; CHECK: %c = fcmp ole float %v, 1.000000e+00
; CHECK-NEXT: ret i1 %c
define i1 @odd_sum(i64 %i) {
  %o1 = shl i64 %i, 2
  %o = add i64 %o1, 2
  %p = getelementptr inbounds i8, ptr @window, i64 %o
  %v = load float, ptr %p
  %c = fcmp ole float %v, 1.0
  ret i1 %c
}
