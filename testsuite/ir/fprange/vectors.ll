; Vectors: a range per lane where the lanes differ (a constant's elements,
; what insertelement and shufflevector put where, element-wise operations
; recomputed lane by lane), and poison lanes, which add nothing.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s

; Lane 0 is in [1000, 1255], lane 1 in [-1000, -745]: the hull [-1000, 1255]
; decides neither compare, each lane decides its own.
; CHECK-LABEL: @per_lane(
; CHECK: ret <2 x i1> <i1 true, i1 false>
define <2 x i1> @per_lane(<2 x i8> %i) {
  %x = uitofp <2 x i8> %i to <2 x float>
  %y = fadd <2 x float> %x, <float 1000.0, float -1000.0>
  %c = fcmp ogt <2 x float> %y, splat (float 500.0)
  ret <2 x i1> %c
}

; One lane undecided (lane 1 may be above or below -900): nothing folds.
; CHECK-LABEL: @one_lane_open(
; CHECK: %c = fcmp ogt <2 x float> %y, splat (float -9.000000e+02)
define <2 x i1> @one_lane_open(<2 x i8> %i) {
  %x = uitofp <2 x i8> %i to <2 x float>
  %y = fadd <2 x float> %x, <float 1000.0, float -1000.0>
  %c = fcmp ogt <2 x float> %y, splat (float -900.0)
  ret <2 x i1> %c
}

; A constant index reads its lane; a variable one, the hull.
; CHECK-LABEL: @extract(
; CHECK: store volatile i1 true, ptr %out
; CHECK: %c2 = fcmp olt float %f, 0.000000e+00
; CHECK-NEXT: store volatile i1 %c2, ptr %out
define void @extract(<2 x i8> %i, i64 %k, ptr %out) {
  %x = uitofp <2 x i8> %i to <2 x float>
  %y = fadd <2 x float> %x, <float 1000.0, float -1000.0>
  %e = extractelement <2 x float> %y, i64 1
  %c1 = fcmp olt float %e, 0.0
  store volatile i1 %c1, ptr %out
  %f = extractelement <2 x float> %y, i64 %k
  %c2 = fcmp olt float %f, 0.0
  store volatile i1 %c2, ptr %out
  ret void
}

; clang's splat: insert into poison, shuffle with poison. Lanes 1-3 of %v
; are poison and add nothing; every lane of %s is lane 0's.
; CHECK-LABEL: @splat(
; CHECK: ret i1 true
define i1 @splat(i8 %i) {
  %x = uitofp i8 %i to float
  %v = insertelement <4 x float> poison, float %x, i64 0
  %s = shufflevector <4 x float> %v, <4 x float> poison, <4 x i32> zeroinitializer
  %e = extractelement <4 x float> %s, i64 3
  %c = fcmp ole float %e, 255.0
  ret i1 %c
}

; A shuffle that swaps the lanes swaps their ranges.
; CHECK-LABEL: @swap(
; CHECK: ret <2 x i1> <i1 true, i1 false>
define <2 x i1> @swap(<2 x i8> %i) {
  %x = uitofp <2 x i8> %i to <2 x float>
  %y = fadd <2 x float> %x, <float 1000.0, float -1000.0>
  %s = shufflevector <2 x float> %y, <2 x float> poison, <2 x i32> <i32 1, i32 0>
  %c = fcmp olt <2 x float> %s, zeroinitializer
  ret <2 x i1> %c
}

; freeze makes a value of a poison lane: any value, so nothing is known.
; CHECK-LABEL: @frozen(
; CHECK: %c = fcmp ole float %e, 2.550000e+02
; CHECK-NEXT: ret i1 %c
define i1 @frozen(i8 %i) {
  %x = uitofp i8 %i to float
  %v = insertelement <2 x float> poison, float %x, i64 0
  %f = freeze <2 x float> %v
  %e = extractelement <2 x float> %f, i64 1
  %c = fcmp ole float %e, 255.0
  ret i1 %c
}

; An undef lane is not poison: it stays unbounded.
; CHECK-LABEL: @undef_lane(
; CHECK: %c = fcmp ole float %e, 2.550000e+02
; CHECK-NEXT: ret i1 %c
define i1 @undef_lane(i8 %i) {
  %x = uitofp i8 %i to float
  %v = insertelement <2 x float> undef, float %x, i64 0
  %s = shufflevector <2 x float> %v, <2 x float> poison, <2 x i32> <i32 0, i32 1>
  %e = extractelement <2 x float> %s, i64 1
  %c = fcmp ole float %e, 255.0
  ret i1 %c
}

; A phi's poison incoming value adds nothing to the join.
; CHECK-LABEL: @poison_incoming(
; CHECK: join:
; CHECK-NEXT: %p = phi float
; CHECK-NEXT: ret i1 true
define i1 @poison_incoming(i1 %b, i8 %i) {
entry:
  br i1 %b, label %set, label %join
set:
  %x = uitofp i8 %i to float
  br label %join
join:
  %p = phi float [ poison, %entry ], [ %x, %set ]
  %c = fcmp ole float %p, 255.0
  ret i1 %c
}
