; Header phis that take each other's values round the loop (a -> b -> c ->
; a each trip): counting a phi's sum back across loops (fprange/loops.c,
; chain_loop_of) reads each as the header phi of a loop inside another's
; trip, and went round until the stack overflowed. Now only a phi whose
; header lies below the outer phi's counts as an inner loop's: fprange
; finishes and changes nothing here.
; RUN: %ltofold fprange %s -o %t.ll -S --verify
; RUN: FileCheck %s < %t.ll
; The same three phis in a loop that never exits.
; RUN: sed 's/br i1 %more, label %loop, label %done/br label %loop/' %s > %t.forever.ll
; RUN: %ltofold fprange %t.forever.ll -o %t.forever.out.ll -S --verify
; RUN: FileCheck %s --check-prefix=FOREVER < %t.forever.out.ll

; CHECK-LABEL: define double @rotate(
; CHECK: %a = phi double
; CHECK: %b = phi double
; CHECK: %c = phi double
; CHECK: ret double %a
; FOREVER-LABEL: define double @rotate(
; FOREVER: %c = phi double

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define double @rotate(double %x, double %y, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %a = phi double [ %x, %entry ], [ %b, %loop ]
  %b = phi double [ %y, %entry ], [ %c, %loop ]
  %c = phi double [ 1.0, %entry ], [ %a, %loop ]
  %j = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %j, %n
  br i1 %more, label %loop, label %done

done:
  ret double %a
}
