; Two copies of a 3-cycle p1 -> p2 -> p3 -> p1 (and q1 -> q2 -> q3 -> q1)
; in which p1 and p2 read alike but for their callee, and p3 returns
; another base value. The recursive-group pass first holds p1, p2, q1 and
; q2 alike, then parts p3 and q3 from them (a round that leaves no member
; alone), and only the next round parts p1 from p2, which call different
; classes. Stopping after the first split folded p2 into p1: then p2(1)
; returned p1's 4 instead of 7.
; RUN: %ltofold merge %s -o - -S --merge-similar=false | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats --merge-similar=false 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 7 functions, 6 candidates, 3 folded (3 in recursive groups)

; p1, p2 and p3 keep their bodies, each calling the next; q1, q2 and q3
; call them.
; CHECK-LABEL: define internal i32 @p1(
; CHECK: call i32 @p2(
; CHECK-LABEL: define internal i32 @p2(
; CHECK: call i32 @p3(
; CHECK-LABEL: define internal i32 @p3(
; CHECK: call i32 @p1(
; CHECK-LABEL: define i32 @main(
; CHECK-NEXT: %a = call i32 @p1(i32 1)
; CHECK-NEXT: %b = call i32 @p2(i32 1)
; CHECK-NEXT: %c = call i32 @p3(i32 1)
; CHECK-NEXT: %d = call i32 @p1(i32 1)
; CHECK-NEXT: %e = call i32 @p2(i32 1)
; CHECK-NEXT: %f = call i32 @p3(i32 1)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define internal i32 @p1(i32 %n) unnamed_addr noinline {
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %rec, label %base
rec:
  %m = sub i32 %n, 1
  %r = call i32 @p2(i32 %m)
  %t = mul i32 %r, 3
  %s = add i32 %t, 1
  ret i32 %s
base:
  ret i32 1
}

define internal i32 @p2(i32 %n) unnamed_addr noinline {
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %rec, label %base
rec:
  %m = sub i32 %n, 1
  %r = call i32 @p3(i32 %m)
  %t = mul i32 %r, 3
  %s = add i32 %t, 1
  ret i32 %s
base:
  ret i32 1
}

define internal i32 @p3(i32 %n) unnamed_addr noinline {
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %rec, label %base
rec:
  %m = sub i32 %n, 1
  %r = call i32 @p1(i32 %m)
  %t = mul i32 %r, 3
  %s = add i32 %t, 1
  ret i32 %s
base:
  ret i32 2
}

define internal i32 @q1(i32 %n) unnamed_addr noinline {
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %rec, label %base
rec:
  %m = sub i32 %n, 1
  %r = call i32 @q2(i32 %m)
  %t = mul i32 %r, 3
  %s = add i32 %t, 1
  ret i32 %s
base:
  ret i32 1
}

define internal i32 @q2(i32 %n) unnamed_addr noinline {
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %rec, label %base
rec:
  %m = sub i32 %n, 1
  %r = call i32 @q3(i32 %m)
  %t = mul i32 %r, 3
  %s = add i32 %t, 1
  ret i32 %s
base:
  ret i32 1
}

define internal i32 @q3(i32 %n) unnamed_addr noinline {
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %rec, label %base
rec:
  %m = sub i32 %n, 1
  %r = call i32 @q1(i32 %m)
  %t = mul i32 %r, 3
  %s = add i32 %t, 1
  ret i32 %s
base:
  ret i32 2
}

define i32 @main() {
  %a = call i32 @p1(i32 1)
  %b = call i32 @p2(i32 1)
  %c = call i32 @p3(i32 1)
  %d = call i32 @q1(i32 1)
  %e = call i32 @q2(i32 1)
  %f = call i32 @q3(i32 1)
  %ab = add i32 %a, %b
  %cd = add i32 %c, %d
  %ef = add i32 %e, %f
  %x = add i32 %ab, %cd
  %y = add i32 %x, %ef
  ret i32 %y
}
