; merge-shapes (merge/shapes.c): pairs of functions whose blocks or lengths
; differ merge into one body with an i1 selector, by aligning their code;
; each pair is certified (the body bound to each member's selector and the
; member, brought to one normal form by LLVM's passes, compare equal), and
; the program does what it did: the module is run before and after.
; Three pairs: one has a block more (a logged error path), one a call more
; in a block of its own (no pair for merge-blocks: a function of one block),
; one a loop whose body does more (merge-blocks takes no block in a loop).
; RUN: %ltofold merge %s -o %t.ll -S --merge-shapes --stats 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: %clang -O0 %s -o %t.before
; RUN: %clang -O0 %t.ll -o %t.after
; RUN: %t.before > %t.before.out
; RUN: %t.after > %t.after.out
; RUN: diff %t.before.out %t.after.out
; RUN: FileCheck %s --check-prefix=OUT < %t.after.out
; Off by default: the same module without the option keeps all six.
; RUN: %ltofold merge %s -o - -S --stats 2>&1 | FileCheck %s --check-prefix=OFF
; The report counts them (merge.similar.shapes).
; RUN: %ltofold merge %s -o %t.bc --merge-shapes --report %t.json
; RUN: %validate-report %t.json
; RUN: %python -c "import json,sys; s=json.load(open(sys.argv[1]))['merge']['similar']['shapes']; print(s['aligned'], s['built'], s['merged'])" %t.json | FileCheck %s --check-prefix=REPORT

; STATS: similar shapes: 3 pairs aligned, 3 built, 3 merged (unprofitable 0, uncertified 0)
; REPORT: 3 3 3
; OFF-NOT: similar shapes
; OFF-NOT: ltofold.similar
; OUT: 16962 410040 410040
; OUT-NEXT: 529 529 81

; Each member is a thunk that passes its selector.
; CHECK-LABEL: define i32 @with_check(
; CHECK-NEXT: tail call i32 @[[BODY1:.*\.ltofold\.similar.*]](i32 %x, i32 %y, i1 false)
; CHECK-LABEL: define i32 @without_check(
; CHECK-NEXT: tail call i32 @[[BODY1]](i32 %x, i32 %y, i1 true)
; CHECK-LABEL: define i32 @step_plain(
; CHECK-NEXT: tail call i32 @[[BODY2:.*\.ltofold\.similar.*]](i32 %x, i1 false)
; CHECK-LABEL: define i32 @step_noted(
; CHECK-NEXT: tail call i32 @[[BODY2]](i32 %x, i1 true)
; CHECK-LABEL: define i32 @sum_plain(
; CHECK-NEXT: tail call i32 @[[BODY3:.*\.ltofold\.similar.*]](ptr %p, i32 %n, i1 false)
; CHECK-LABEL: define i32 @sum_counted(
; CHECK-NEXT: tail call i32 @[[BODY3]](ptr %p, i32 %n, i1 true)
; CHECK: define internal i32 @[[BODY1]](i32 %0, i32 %1, i1 %2)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@counter = global i32 0
@total = global i64 0
@format = private constant [10 x i8] c"%d %d %d\0A\00"
@numbers = global [5 x i32] [i32 3, i32 -7, i32 11, i32 20, i32 -1]

declare i32 @printf(ptr, ...)

define internal i32 @work(i32 %a, i32 %b) noinline {
  %m = mul i32 %a, 3
  %s = sub i32 %m, %b
  ret i32 %s
}

define internal void @log_it(i32 %v) noinline {
  %c = load i32, ptr @counter
  %n = add i32 %c, %v
  store i32 %n, ptr @counter
  ret void
}

; A block more: @with_check logs a negative value, @without_check does not.
define i32 @with_check(i32 %x, i32 %y) {
entry:
  %a = call i32 @work(i32 %x, i32 %y)
  %b = mul i32 %a, %x
  %c = add i32 %b, %y
  %d = call i32 @work(i32 %c, i32 %a)
  %e = xor i32 %d, %b
  %t = sext i32 %e to i64
  %s = load i64, ptr @total
  %u = add i64 %s, %t
  store i64 %u, ptr @total
  %neg = icmp slt i32 %e, 0
  br i1 %neg, label %bad, label %good
bad:
  call void @log_it(i32 %e)
  %n = load i32, ptr @counter
  %n1 = add i32 %n, 1
  store i32 %n1, ptr @counter
  br label %good
good:
  %f = call i32 @work(i32 %e, i32 %c)
  %g = add i32 %f, %c
  %h = call i32 @work(i32 %g, i32 %f)
  %i = call i32 @work(i32 %h, i32 %g)
  ret i32 %i
}

define i32 @without_check(i32 %x, i32 %y) {
entry:
  %a = call i32 @work(i32 %x, i32 %y)
  %b = mul i32 %a, %x
  %c = add i32 %b, %y
  %d = call i32 @work(i32 %c, i32 %a)
  %e = xor i32 %d, %b
  %t = sext i32 %e to i64
  %s = load i64, ptr @total
  %u = add i64 %s, %t
  store i64 %u, ptr @total
  %neg = icmp slt i32 %e, 0
  br i1 %neg, label %bad, label %good
bad:
  %n = load i32, ptr @counter
  %n1 = add i32 %n, 1
  store i32 %n1, ptr @counter
  br label %good
good:
  %f = call i32 @work(i32 %e, i32 %c)
  %g = add i32 %f, %c
  %h = call i32 @work(i32 %g, i32 %f)
  %h2 = call i32 @work(i32 %h, i32 %h)
  %i = call i32 @work(i32 %h2, i32 %g)
  ret i32 %i
}

; A call more, in functions of one block.
define i32 @step_plain(i32 %x) {
  %a = call i32 @work(i32 %x, i32 1)
  %b = call i32 @work(i32 %a, i32 2)
  %c = add i32 %a, %b
  %d = call i32 @work(i32 %c, i32 %x)
  %e = call i32 @work(i32 %d, i32 %c)
  %f = mul i32 %e, %d
  %g = call i32 @work(i32 %f, i32 %e)
  ret i32 %g
}

define i32 @step_noted(i32 %x) {
  %a = call i32 @work(i32 %x, i32 1)
  %b = call i32 @work(i32 %a, i32 2)
  %c = add i32 %a, %b
  call void @log_it(i32 %c)
  %d = call i32 @work(i32 %c, i32 %x)
  %e = call i32 @work(i32 %d, i32 %c)
  %f = mul i32 %e, %d
  %g = call i32 @work(i32 %f, i32 %e)
  ret i32 %g
}

; A loop whose body does more: @sum_counted also counts the positive ones.
define i32 @sum_plain(ptr %p, i32 %n) {
entry:
  %empty = icmp sle i32 %n, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %loop ]
  %q = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %q
  %w = call i32 @work(i32 %v, i32 %i)
  %acc1 = add i32 %acc, %w
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ 0, %entry ], [ %acc1, %loop ]
  %r1 = call i32 @work(i32 %r, i32 %n)
  %r2 = call i32 @work(i32 %r1, i32 %r)
  ret i32 %r2
}

define i32 @sum_counted(ptr %p, i32 %n) {
entry:
  %empty = icmp sle i32 %n, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %loop ]
  %q = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %q
  %w = call i32 @work(i32 %v, i32 %i)
  %acc1 = add i32 %acc, %w
  %pos = icmp sgt i32 %v, 0
  %inc = zext i1 %pos to i32
  %c = load i32, ptr @counter
  %c1 = add i32 %c, %inc
  store i32 %c1, ptr @counter
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ 0, %entry ], [ %acc1, %loop ]
  %r1 = call i32 @work(i32 %r, i32 %n)
  %r2 = call i32 @work(i32 %r1, i32 %r)
  ret i32 %r2
}

define i32 @main() {
  %1 = call i32 @with_check(i32 5, i32 2)
  %2 = call i32 @without_check(i32 -4, i32 9)
  %3 = call i32 @step_plain(i32 7)
  %4 = call i32 @step_noted(i32 7)
  %5 = call i32 @sum_plain(ptr @numbers, i32 5)
  %6 = call i32 @sum_counted(ptr @numbers, i32 5)
  %7 = load i32, ptr @counter
  %8 = add i32 %1, %2
  call i32 (ptr, ...) @printf(ptr @format, i32 %8, i32 %3, i32 %4)
  call i32 (ptr, ...) @printf(ptr @format, i32 %5, i32 %6, i32 %7)
  ret i32 0
}
