; Accumulators of counted loops: s = phi [init], [s + terms], bounded by
; the header's runs (from the loop's exit test) times what one trip adds,
; with the rounding of every addition; exact for integer sums.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s
; RUN: %ltofold fprange --print %s | FileCheck %s --check-prefix=PRINT

; 10 trips adding 10 ones each (an unrolled `s += 1` over i < 100): the
; header sees s in [0, 90], integers, and the loop leaves with 100.
; PRINT-LABEL: function @ones
; PRINT: %s = phi float
; PRINT-NEXT: min: 0 max: 90 isInteger: 1 nan: 0 +inf: 0 -inf: 0
; CHECK-LABEL: @ones(
; CHECK: ret i1 false
define i1 @ones() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s10, %loop ]
  %s1 = fadd float %s, 1.0
  %s2 = fadd float %s1, 1.0
  %s3 = fadd float %s2, 1.0
  %s4 = fadd float %s3, 1.0
  %s5 = fadd float %s4, 1.0
  %s6 = fadd float %s5, 1.0
  %s7 = fadd float %s6, 1.0
  %s8 = fadd float %s7, 1.0
  %s9 = fadd float %s8, 1.0
  %s10 = fadd float %s9, 1.0
  %i.next = add nuw nsw i32 %i, 10
  %done = icmp eq i32 %i.next, 100
  br i1 %done, label %exit, label %loop
exit:
  %c = fcmp ogt float %s10, 100.0
  ret i1 %c
}

; Bytes scaled to [0, 1] summed 64 times through fmuladd: below 64 and a
; few ulps (no integers here: every addition may round).
; CHECK-LABEL: @scaled_bytes(
; CHECK: ret i1 false
define i1 @scaled_bytes(ptr %p) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %a = getelementptr inbounds i8, ptr %p, i64 %i
  %b = load i8, ptr %a
  %x = uitofp i8 %b to float
  %s.next = call float @llvm.fmuladd.f32(float %x, float 0x3F70101020000000, float %s)
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 64
  br i1 %done, label %exit, label %loop
exit:
  %c = fcmp ogt float %s.next, 65.0
  ret i1 %c
}

; The trip count bounded by the integer ranges (n & 255, so at most 255),
; a step of 1 without nsw from 0: below every n > 0 it must reach n first.
; Terms in [-2, 0] (an fsub of [0, 2]): s stays in [-510, 0].
; CHECK-LABEL: @ranged_count(
; CHECK: ret i1 false
define i1 @ranged_count(i32 %n0, ptr %p) {
entry:
  %n = and i32 %n0, 255
  %go = icmp ugt i32 %n, 0
  br i1 %go, label %preheader, label %exit
preheader:
  br label %loop
loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %preheader ], [ %s.next, %loop ]
  %b = load i8, ptr %p
  %m = and i8 %b, 1
  %x = uitofp i8 %m to double
  %t = fmul double %x, 2.0
  %s.next = fsub double %s, %t
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %c = fcmp olt double %r, -600.0
  ret i1 %c
}

; A conditional accumulation (a select of s and s + x) is one too.
; CHECK-LABEL: @conditional(
; CHECK: ret i1 false
define i1 @conditional(ptr %p) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %b = load i8, ptr %p
  %x = uitofp i8 %b to float
  %add = fadd float %s, %x
  %odd = icmp ugt i8 %b, 100
  %s.next = select i1 %odd, float %add, float %s
  %i.next = add nuw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop
exit:
  %c = fcmp ogt float %s.next, 255000.0
  ret i1 %c
}

; Negative: a step of 3 without nsw/nuw from 0 misses 100 and wraps around
; (no poison): the loop may run for billions of trips. Nothing folds.
; CHECK-LABEL: @wrapping_count(
; CHECK: %c = fcmp ogt float %s.next, 1.000000e+03
define i1 @wrapping_count() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %s.next = fadd float %s, 1.0
  %i.next = add i32 %i, 3
  %done = icmp eq i32 %i.next, 100
  br i1 %done, label %exit, label %loop
exit:
  %c = fcmp ogt float %s.next, 1000.0
  ret i1 %c
}

; Negative: the same count with a step of 1 from 0 but n may be 0: then
; i.next (1, 2, ...) wraps before it meets n. Nothing folds.
; CHECK-LABEL: @count_may_be_zero(
; CHECK: %c = fcmp ogt float %s.next, 1.000000e+03
define i1 @count_may_be_zero(i32 %n0) {
entry:
  %n = and i32 %n0, 255
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %s.next = fadd float %s, 1.0
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %c = fcmp ogt float %s.next, 1000.0
  ret i1 %c
}

; Negative: s = 100 - s is no accumulation (s alternates 0 and 100).
; CHECK-LABEL: @reflected(
; CHECK: %c = fcmp ogt float %s, 5.000000e+01
define i1 @reflected(ptr %out) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %c = fcmp ogt float %s, 50.0
  store volatile i1 %c, ptr %out
  %s.next = fsub float 100.0, %s
  %i.next = add nuw i32 %i, 1
  %done = icmp eq i32 %i.next, 10
  br i1 %done, label %exit, label %loop
exit:
  ret i1 %c
}

; Negative: a term that is s itself doubles it every trip (1, 2, ..., 512
; at the header): the bound may not assume s small.
; CHECK-LABEL: @doubling(
; CHECK: %c = fcmp ogt float %s, 5.000000e+02
define i1 @doubling(ptr %out) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 1.0, %entry ], [ %s.next, %loop ]
  %c = fcmp ogt float %s, 500.0
  store volatile i1 %c, ptr %out
  %s.next = fadd float %s, %s
  %i.next = add nuw i32 %i, 1
  %done = icmp eq i32 %i.next, 10
  br i1 %done, label %exit, label %loop
exit:
  ret i1 %c
}

declare float @llvm.fmuladd.f32(float, float, float)

; C's excess precision for half: each trip widens s, adds in float and
; rounds back to half (fptrunc, a rounding in half's coarser format).
; 16 trips of at most 1: s stays below 17.
; CHECK-LABEL: @half_excess(
; CHECK: ret i1 false
define i1 @half_excess(ptr %p) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi half [ 0.0, %entry ], [ %s.next, %loop ]
  %b = load i8, ptr %p
  %x = uitofp i8 %b to float
  %t = fdiv float %x, 255.0
  %w = fpext half %s to float
  %sum = fadd float %w, %t
  %s.next = fptrunc float %sum to half
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 16
  br i1 %done, label %exit, label %loop
exit:
  %c = fcmp ogt half %s.next, 0xH4C40
  ret i1 %c
}
