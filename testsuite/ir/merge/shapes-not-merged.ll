; merge-shapes (merge/shapes.c) leaves pairs alone that it must:
; - @small_a and @small_b differ in shape and are too small to pay for a
;   merged body and two thunks (unprofitable, before any body is built);
; - @wide and @narrow are alike but of different function types: never a
;   pair (no alignment at all; @wide is tried with @f, which does not pay);
; - @f and @g, whose addresses are compared, merge only as thunks: each
;   keeps its own symbol and address, so the comparison stays false (the
;   program is run before and after);
; - a pair whose check fails (--merge-test-break gives @g's thunk the
;   wrong selector, a bug on purpose) is not merged, counted uncertified,
;   even with --certify=false: merge-shapes checks every pair.
; RUN: %ltofold merge %s -o %t.ll -S --merge-shapes --stats 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: %clang -O0 %s -o %t.before
; RUN: %clang -O0 %t.ll -o %t.after
; RUN: %t.before > %t.before.out
; RUN: %t.after > %t.after.out
; RUN: diff %t.before.out %t.after.out
; RUN: env LTOFOLD_OPTIONS= %ltofold merge %s -o - -S --merge-shapes --stats --certify=false --merge-test-break=g 2>&1 | FileCheck %s --check-prefix=BROKEN

; STATS: similar shapes: 2 pairs aligned, 2 built, 1 merged (unprofitable 1, uncertified 0)

; CHECK-LABEL: define i32 @small_a(
; CHECK-NEXT: add
; CHECK-LABEL: define i32 @small_b(
; CHECK-NEXT: mul
; CHECK-LABEL: define i32 @wide(
; CHECK-NEXT: call i32 @work
; CHECK-LABEL: define i64 @narrow(
; CHECK-NEXT: trunc
; CHECK-NEXT: call i32 @work
; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: tail call i32 @f.ltofold.similar(i32 %x, i1 false)
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: tail call i32 @f.ltofold.similar(i32 %x, i1 true)
; CHECK-LABEL: define i32 @main(
; CHECK: icmp eq ptr @f, @g

; BROKEN: similar shapes: 2 pairs aligned, 2 built, 0 merged (unprofitable 1, uncertified 1)
; BROKEN: similar skipped: uncertified 2
; BROKEN-NOT: ltofold.similar(
; BROKEN-LABEL: define i32 @main(

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@counter = global i32 0
@format = private constant [7 x i8] c"%d %d\0A\00"

declare i32 @printf(ptr, ...)

define internal i32 @work(i32 %a, i32 %b) noinline {
  %m = mul i32 %a, 3
  %s = sub i32 %m, %b
  ret i32 %s
}

define i32 @small_a(i32 %x) {
  %a = add i32 %x, 1
  %b = call i32 @work(i32 %a, i32 %x)
  ret i32 %b
}

define i32 @small_b(i32 %x) {
  %a = mul i32 %x, 5
  %c = icmp sgt i32 %a, 10
  br i1 %c, label %big, label %done
big:
  store i32 %a, ptr @counter
  br label %done
done:
  ret i32 %a
}

define i32 @wide(i32 %x) {
  %a = call i32 @work(i32 %x, i32 1)
  %b = call i32 @work(i32 %a, i32 2)
  %c = call i32 @work(i32 %b, i32 %a)
  %d = call i32 @work(i32 %c, i32 %b)
  %e = call i32 @work(i32 %d, i32 %c)
  ret i32 %e
}

define i64 @narrow(i64 %y) {
  %x = trunc i64 %y to i32
  %a = call i32 @work(i32 %x, i32 1)
  %b = call i32 @work(i32 %a, i32 2)
  %c = call i32 @work(i32 %b, i32 %a)
  %d = call i32 @work(i32 %c, i32 %b)
  %e = call i32 @work(i32 %d, i32 %c)
  %r = sext i32 %e to i64
  ret i64 %r
}

define i32 @f(i32 %x) {
  %a = call i32 @work(i32 %x, i32 1)
  %b = call i32 @work(i32 %a, i32 2)
  %c = add i32 %a, %b
  %d = call i32 @work(i32 %c, i32 %x)
  %e = call i32 @work(i32 %d, i32 %c)
  %f = mul i32 %e, %d
  %g = call i32 @work(i32 %f, i32 %e)
  ret i32 %g
}

define i32 @g(i32 %x) {
  %a = call i32 @work(i32 %x, i32 1)
  %b = call i32 @work(i32 %a, i32 2)
  %c = add i32 %a, %b
  %n = load i32, ptr @counter
  %n1 = add i32 %n, %c
  store i32 %n1, ptr @counter
  %d = call i32 @work(i32 %c, i32 %x)
  %e = call i32 @work(i32 %d, i32 %c)
  %f = mul i32 %e, %d
  %g = call i32 @work(i32 %f, i32 %e)
  ret i32 %g
}

define i32 @main() {
  %same = icmp eq ptr @f, @g
  %s = zext i1 %same to i32
  %1 = call i32 @small_a(i32 3)
  %2 = call i32 @small_b(i32 4)
  %3 = call i32 @wide(i32 5)
  %4 = call i64 @narrow(i64 6)
  %5 = trunc i64 %4 to i32
  %6 = call i32 @f(i32 7)
  %7 = call i32 @g(i32 8)
  %8 = load i32, ptr @counter
  %9 = add i32 %1, %2
  %10 = add i32 %3, %5
  %11 = add i32 %6, %7
  call i32 (ptr, ...) @printf(ptr @format, i32 %s, i32 %9)
  call i32 (ptr, ...) @printf(ptr @format, i32 %10, i32 %11)
  call i32 (ptr, ...) @printf(ptr @format, i32 %8, i32 %8)
  ret i32 0
}
