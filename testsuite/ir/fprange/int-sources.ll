; Integer ranges feeding sitofp/uitofp, from what the IR states.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s

; CHECK-LABEL: @mask(
; CHECK: ret i1 true
define i1 @mask(i32 %i) {
  %m = and i32 %i, 1023
  %x = sitofp i32 %m to double
  %c = fcmp ole double %x, 1023.0
  ret i1 %c
}

; CHECK-LABEL: @zext_trunc_shift(
; CHECK: ret i1 false
define i1 @zext_trunc_shift(i64 %i) {
  %t = trunc i64 %i to i8
  %z = zext i8 %t to i32
  %s = lshr i32 %z, 2
  %x = uitofp i32 %s to float
  %c = fcmp ogt float %x, 63.0
  ret i1 %c
}

; CHECK-LABEL: @urem(
; CHECK: ret i1 true
define i1 @urem(i32 %i) {
  %r = urem i32 %i, 10
  %x = uitofp i32 %r to half
  %c = fcmp olt half %x, 10.0
  ret i1 %c
}

; CHECK-LABEL: @range_metadata(
; CHECK: ret i1 false
define i1 @range_metadata(ptr %p) {
  %v = load i32, ptr %p, !range !0
  %x = sitofp i32 %v to double
  %c = fcmp oge double %x, 100.0
  ret i1 %c
}

; A counted loop: the induction variable is in [0, 99] inside the loop.
; CHECK-LABEL: @counted_loop(
; CHECK: store volatile i1 true, ptr %out
define void @counted_loop(ptr %out) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %x = sitofp i32 %i to float
  %c = fcmp olt float %x, 100.0
  store volatile i1 %c, ptr %out
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, 100
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; A counted loop exiting on equality, stepping by 2 from 0 to 50: i is in
; [0, 48], so i | 1 (disjoint: an add) is at most 49.
; CHECK-LABEL: @equality_exit(
; CHECK: store volatile i1 false, ptr %out
; CHECK: store volatile i1 false, ptr %out
define void @equality_exit(ptr %out) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %x = uitofp nneg i32 %i to double
  %c = fcmp ogt double %x, 48.0
  store volatile i1 %c, ptr %out
  %o = or disjoint i32 %i, 1
  %y = uitofp nneg i32 %o to double
  %d = fcmp ogt double %y, 49.0
  store volatile i1 %d, ptr %out
  %i.next = add nuw nsw i32 %i, 2
  %done = icmp eq i32 %i.next, 50
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; The same loop from 1: 50 is never hit exactly, so nothing is known.
; CHECK-LABEL: @equality_exit_missed(
; CHECK: %c = fcmp ogt double %x, 4.800000e+01
define void @equality_exit_missed(ptr %out) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 1, %entry ], [ %i.next, %loop ]
  %x = uitofp nneg i32 %i to double
  %c = fcmp ogt double %x, 48.0
  store volatile i1 %c, ptr %out
  %i.next = add nuw nsw i32 %i, 2
  %done = icmp eq i32 %i.next, 50
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; A second induction of a counted loop's header: the loop vectorizer's
; vector of lanes, <0,1,2,3> + 8k, beside the counter that exits at 96
; (12 runs of the header): the lanes stay in [0, 91], so their halves
; are never above 51 (nor the next lanes', [4, 95]).
; CHECK-LABEL: @vector_lanes(
; CHECK: store volatile <4 x i1> zeroinitializer, ptr %out
; CHECK: store volatile <4 x i1> zeroinitializer, ptr %out
define void @vector_lanes(ptr %out) {
entry:
  br label %loop
loop:
  %index = phi i32 [ 0, %entry ], [ %index.next, %loop ]
  %lanes = phi <4 x i32> [ <i32 0, i32 1, i32 2, i32 3>, %entry ], [ %lanes.next, %loop ]
  %ahead = add <4 x i32> %lanes, splat (i32 4)
  %x = uitofp nneg <4 x i32> %lanes to <4 x x86_fp80>
  %h = fmul <4 x x86_fp80> %x, splat (x86_fp80 0xK3FFE8000000000000000)
  %c = fcmp ogt <4 x x86_fp80> %h, splat (x86_fp80 0xK4004CC00000000000000)
  store volatile <4 x i1> %c, ptr %out
  %y = uitofp nneg <4 x i32> %ahead to <4 x double>
  %d = fcmp ogt <4 x double> %y, splat (double 95.0)
  store volatile <4 x i1> %d, ptr %out
  %index.next = add nuw nsw i32 %index, 8
  %lanes.next = add <4 x i32> %lanes, splat (i32 8)
  %done = icmp eq i32 %index.next, 96
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; A second counter stepping down: j = 100 - 3k over the 10 runs of i's
; loop, so j is in [73, 100] (a sitofp of it is never below 73).
; CHECK-LABEL: @down_counter(
; CHECK: store volatile i1 false, ptr %out
define void @down_counter(ptr %out) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %j = phi i32 [ 100, %entry ], [ %j.next, %loop ]
  %x = sitofp i32 %j to float
  %c = fcmp olt float %x, 73.0
  store volatile i1 %c, ptr %out
  %j.next = add i32 %j, -3
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 10
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; Not bounded so:
;  - a second counter that would wrap within the runs: i8 from 100 by 10
;    over 20 runs reaches 290, past 127, so it wraps (no flags: allowed)
;    and takes small values again;
;  - an undef lane in the start vector.
; CHECK-LABEL: @wrapping_counter(
; CHECK: %c = fcmp olt float %x, 1.000000e+02
define void @wrapping_counter(ptr %out) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %j = phi i8 [ 100, %entry ], [ %j.next, %loop ]
  %x = sitofp i8 %j to float
  %c = fcmp olt float %x, 100.0
  store volatile i1 %c, ptr %out
  %j.next = add i8 %j, 10
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 20
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: @undef_lane(
; CHECK: %c = fcmp ogt <2 x double> %x, splat (double 1.000000e+01)
define void @undef_lane(ptr %out) {
entry:
  br label %loop
loop:
  %index = phi i32 [ 0, %entry ], [ %index.next, %loop ]
  %lanes = phi <2 x i32> [ <i32 0, i32 undef>, %entry ], [ %lanes.next, %loop ]
  %x = sitofp <2 x i32> %lanes to <2 x double>
  %c = fcmp ogt <2 x double> %x, splat (double 10.0)
  store volatile <2 x i1> %c, ptr %out
  %index.next = add nuw nsw i32 %index, 2
  %lanes.next = add <2 x i32> %lanes, splat (i32 2)
  %done = icmp eq i32 %index.next, 8
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; Wide integers are rounded outward: i64 max is 2^63 in double.
; CHECK-LABEL: @wide(
; CHECK: %c = fcmp olt double %x, 0x43E0000000000000
define i1 @wide(i64 %i) {
  %x = sitofp i64 %i to double
  %c = fcmp olt double %x, 0x43E0000000000000
  ret i1 %c
}

!0 = !{i32 -5, i32 100}

; The integer min/max intrinsics (a loop's trip count min(n, N)). umin of
; any %i with 100 is in [0, 100]: %i's negative values read as large
; unsigned ones.
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.smax.i32(i32, i32)
; CHECK-LABEL: @umin_any(
; CHECK: ret i1 true
define i1 @umin_any(i32 %i) {
  %m = call i32 @llvm.umin.i32(i32 %i, i32 100)
  %x = sitofp i32 %m to double
  %lo = fcmp oge double %x, 0.0
  %hi = fcmp ole double %x, 100.0
  %c = and i1 %lo, %hi
  ret i1 %c
}

; smax(smin(%i, 50), -3) is in [-3, 50].
; CHECK-LABEL: @signed_clamp(
; CHECK: ret i1 true
define i1 @signed_clamp(i32 %i) {
  %m = call i32 @llvm.smin.i32(i32 %i, i32 50)
  %k = call i32 @llvm.smax.i32(i32 %m, i32 -3)
  %x = sitofp i32 %k to float
  %lo = fcmp oge float %x, -3.0
  %hi = fcmp ole float %x, 50.0
  %c = and i1 %lo, %hi
  ret i1 %c
}

; Negatives: umax of a value that may be negative is any unsigned value
; (sitofp sees it negative); smin with a constant has no lower bound.
; CHECK-LABEL: @umax_any(
; CHECK: %c = fcmp oge double %x, 0.000000e+00
define i1 @umax_any(i32 %i) {
  %m = call i32 @llvm.umax.i32(i32 %i, i32 3)
  %x = sitofp i32 %m to double
  %c = fcmp oge double %x, 0.0
  ret i1 %c
}
; CHECK-LABEL: @smin_unbounded_below(
; CHECK: %c = fcmp oge double %x, -1.000000e+06
define i1 @smin_unbounded_below(i32 %i) {
  %m = call i32 @llvm.smin.i32(i32 %i, i32 50)
  %x = sitofp i32 %m to double
  %c = fcmp oge double %x, -1000000.0
  ret i1 %c
}
