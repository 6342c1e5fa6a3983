; merge-shapes never makes a call's callee a select: where two aligned calls
; call different functions, the merged body keeps both calls direct, each
; under a branch on the selector (not one indirect call through a select).
; Sequences are off so that the shared tail stays
; in the two functions for the pair to align.
; RUN: %ltofold merge %s -o %t.ll -S --merge-shapes --merge-outline-sequences=false --stats 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: %clang -O0 %s -o %t.before
; RUN: %clang -O0 %t.ll -o %t.after
; RUN: %t.before > %t.before.out
; RUN: %t.after > %t.after.out
; RUN: diff %t.before.out %t.after.out

; A member that a loop calls is no candidate (sequences.cpp's rule: the
; selector's branches would run once per iteration): with the marked lines
; at the end made code, @step_noted is called in a loop and nothing merges.
; RUN: sed 's/^; EXTRA //' %s > %t.loop.ll
; RUN: %ltofold merge %t.loop.ll -o - -S --merge-shapes --merge-outline-sequences=false --stats 2>&1 | FileCheck %s --check-prefix=LOOP

; STATS: similar shapes: 1 pair aligned, 1 built, 1 merged
; LOOP-NOT: similar shapes: {{.*}} 1 merged
; LOOP-NOT: ltofold.similar
; LOOP: define i32 @step_noted(
; LOOP-NEXT: call i32 @work(

; CHECK-LABEL: define i32 @step_plain(
; CHECK-NEXT: tail call i32 @[[BODY:.*\.ltofold\.similar]](i32 %x, i1 false)
; CHECK-LABEL: define i32 @step_noted(
; CHECK-NEXT: tail call i32 @[[BODY]](i32 %x, i1 true)
; CHECK: define internal i32 @[[BODY]](
; CHECK-NOT: select i1 %{{.*}}, ptr @
; CHECK-NOT: call i32 %
; CHECK-DAG: call i32 @other(
; CHECK-DAG: call i32 @work(
; CHECK: ret i32

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@counter = global i32 0
@format = private constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define internal i32 @work(i32 %a, i32 %b) noinline {
  %m = mul i32 %a, 3
  %s = sub i32 %m, %b
  ret i32 %s
}
define internal i32 @other(i32 %a, i32 %b) noinline {
  %m = mul i32 %a, 5
  %s = add i32 %m, %b
  ret i32 %s
}
define internal void @log_it(i32 %v) noinline {
  %c = load i32, ptr @counter
  %n = add i32 %c, %v
  store i32 %n, ptr @counter
  ret void
}

define i32 @step_plain(i32 %x) {
  %a = call i32 @work(i32 %x, i32 1)
  %b = call i32 @work(i32 %a, i32 2)
  %c = add i32 %a, %b
  %d = call i32 @work(i32 %c, i32 %x)
  %e = call i32 @work(i32 %d, i32 %c)
  %f = mul i32 %e, %d
  %g = call i32 @work(i32 %f, i32 %e)
  %h1 = call i32 @work(i32 %g, i32 %f)
  %h2 = call i32 @work(i32 %h1, i32 %g)
  %h3 = mul i32 %h2, %h1
  %h4 = call i32 @work(i32 %h3, i32 %h2)
  %h5 = call i32 @work(i32 %h4, i32 %h3)
  %h6 = xor i32 %h5, %h4
  %h7 = call i32 @work(i32 %h6, i32 %h5)
  %h8 = call i32 @work(i32 %h7, i32 %h6)
  ret i32 %h8
}

define i32 @step_noted(i32 %x) {
  %a = call i32 @work(i32 %x, i32 1)
  %b = call i32 @other(i32 %a, i32 2)
  %c = add i32 %a, %b
  call void @log_it(i32 %c)
  %d = call i32 @work(i32 %c, i32 %x)
  %e = call i32 @work(i32 %d, i32 %c)
  %f = mul i32 %e, %d
  %g = call i32 @work(i32 %f, i32 %e)
  %h1 = call i32 @work(i32 %g, i32 %f)
  %h2 = call i32 @work(i32 %h1, i32 %g)
  %h3 = mul i32 %h2, %h1
  %h4 = call i32 @work(i32 %h3, i32 %h2)
  %h5 = call i32 @work(i32 %h4, i32 %h3)
  %h6 = xor i32 %h5, %h4
  %h7 = call i32 @work(i32 %h6, i32 %h5)
  %h8 = call i32 @work(i32 %h7, i32 %h6)
  ret i32 %h8
}

define i32 @main() {
  %p = call i32 @step_plain(i32 7)
  %q = call i32 @step_noted(i32 9)
  %c = load i32, ptr @counter
  %s = add i32 %p, %q
  %t = add i32 %s, %c
  call i32 (ptr, ...) @printf(ptr @format, i32 %t)
  ret i32 0
}

; EXTRA define i32 @again(i32 %n) {
; EXTRA entry:
; EXTRA   br label %loop
; EXTRA loop:
; EXTRA   %i = phi i32 [ 0, %entry ], [ %j, %loop ]
; EXTRA   %r = call i32 @step_noted(i32 %i)
; EXTRA   %j = add i32 %i, 1
; EXTRA   %more = icmp slt i32 %j, %n
; EXTRA   br i1 %more, label %loop, label %done
; EXTRA done:
; EXTRA   ret i32 %r
; EXTRA }
