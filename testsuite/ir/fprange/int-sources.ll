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

; Wide integers are rounded outward: i64 max is 2^63 in double.
; CHECK-LABEL: @wide(
; CHECK: %c = fcmp olt double %x, 0x43E0000000000000
define i1 @wide(i64 %i) {
  %x = sitofp i64 %i to double
  %c = fcmp olt double %x, 0x43E0000000000000
  ret i1 %c
}

!0 = !{i32 -5, i32 100}
