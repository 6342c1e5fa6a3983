; Loops: a fixed point with widening, then narrowing by the exit test.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s
; RUN: %ltofold fprange --print %s | FileCheck %s --check-prefix=PRINT

; for (float f = 0; f < 100; f += 1): inside, f is in [0, 99]; after, 100.
; PRINT-LABEL: function @float_counter
; PRINT: %f = phi float
; PRINT-NEXT: min: 0 max: 99 isInteger: 1 nan: 0
; CHECK-LABEL: @float_counter(
; CHECK: store volatile i1 false, ptr %out
; CHECK: ret i1 true
define i1 @float_counter(ptr %out) {
entry:
  br label %loop
loop:
  %f = phi float [ 0.0, %entry ], [ %f2, %loop ]
  %neg = fcmp olt float %f, 0.0
  store volatile i1 %neg, ptr %out
  %f2 = fadd float %f, 1.0
  %c = fcmp olt float %f2, 100.0
  br i1 %c, label %loop, label %exit
exit:
  %r = fcmp oge float %f2, 100.0
  ret i1 %r
}

; A halving loop: x stays in (0, 1].
; CHECK-LABEL: @halving(
; CHECK: store volatile i1 false, ptr %out
define void @halving(ptr %out, ptr %more) {
entry:
  br label %loop
loop:
  %x = phi double [ 1.0, %entry ], [ %h, %loop ]
  %big = fcmp ogt double %x, 1.0
  store volatile i1 %big, ptr %out
  %h = fmul double %x, 0.5
  %m = load volatile i1, ptr %more
  br i1 %m, label %loop, label %exit
exit:
  ret void
}

; Nested loops with an integer counter converted inside.
; CHECK-LABEL: @nested(
; CHECK: store volatile i1 true, ptr %out
define void @nested(ptr %out) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %s = add nsw i32 %i, %j
  %x = sitofp i32 %s to double
  %c = fcmp ole double %x, 18.0
  store volatile i1 %c, ptr %out
  %j.next = add nsw i32 %j, 1
  %jm = icmp ult i32 %j.next, 10
  br i1 %jm, label %inner, label %outer.latch
outer.latch:
  %i.next = add nsw i32 %i, 1
  %im = icmp ult i32 %i.next, 10
  br i1 %im, label %outer, label %exit
exit:
  ret void
}
