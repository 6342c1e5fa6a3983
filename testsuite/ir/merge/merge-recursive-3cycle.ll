; Two 3-cycles a0 -> b0 -> c0 -> a0 and a1 -> b1 -> c1 -> a1, where a, b and c
; differ (they subtract 2, 3, 5): the recursive-group pass folds a1, b1, c1
; into a0, b0, c0.
; RUN: %ltofold merge %s -o - -S | FileCheck %s --implicit-check-not=@a1 --implicit-check-not=@b1 --implicit-check-not=@c1
; RUN: %ltofold merge %s -o - -S --merge-recursive=false | FileCheck %s --check-prefix=OFF
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 7 functions, 6 candidates, 3 folded (3 in recursive groups)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @a0(
; CHECK: sub i32 %n, 2
; CHECK: call i32 @b0(
define internal i32 @a0(i32 %n) unnamed_addr {
entry:
  %c = icmp ult i32 %n, 2
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 2
  %r = call i32 @b0(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}

; CHECK-LABEL: define internal i32 @b0(
; CHECK: sub i32 %n, 3
; CHECK: call i32 @c0(
define internal i32 @b0(i32 %n) unnamed_addr {
entry:
  %c = icmp ult i32 %n, 3
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 3
  %r = call i32 @c0(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}

; CHECK-LABEL: define internal i32 @c0(
; CHECK: sub i32 %n, 5
; CHECK: call i32 @a0(
define internal i32 @c0(i32 %n) unnamed_addr {
entry:
  %c = icmp ult i32 %n, 5
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 5
  %r = call i32 @a0(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}

; OFF: define internal i32 @a1(
define internal i32 @a1(i32 %n) unnamed_addr {
entry:
  %c = icmp ult i32 %n, 2
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 2
  %r = call i32 @b1(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}

; OFF: define internal i32 @b1(
define internal i32 @b1(i32 %n) unnamed_addr {
entry:
  %c = icmp ult i32 %n, 3
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 3
  %r = call i32 @c1(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}

; OFF: define internal i32 @c1(
define internal i32 @c1(i32 %n) unnamed_addr {
entry:
  %c = icmp ult i32 %n, 5
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 5
  %r = call i32 @a1(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @a0(
; CHECK-NEXT: call i32 @a0(
; CHECK-NEXT: call i32 @b0(
; CHECK-NEXT: call i32 @c0(
define i32 @caller(i32 %n) {
  %1 = call i32 @a0(i32 %n)
  %2 = call i32 @a1(i32 %n)
  %3 = call i32 @b1(i32 %n)
  %4 = call i32 @c1(i32 %n)
  %s = add i32 %1, %2
  %t = add i32 %3, %4
  %u = add i32 %s, %t
  ret i32 %u
}
