; The seed's ping/pong: ping and pong have the same body, each calling the
; other. All four functions of the two groups are one class: they collapse
; into a single function that calls itself.
; RUN: %ltofold merge %s -o - -S | FileCheck %s --implicit-check-not=@ping1 --implicit-check-not=@pong0 --implicit-check-not=@pong1
; RUN: %ltofold merge %s -o %t.unused.bc --stats --verify 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 3 folded (3 in recursive groups)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @ping0(
; CHECK: call i32 @ping0(
define internal i32 @ping0(i32 %n) unnamed_addr {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @pong0(i32 %m)
  ret i32 %r
done:
  ret i32 0
}

define internal i32 @pong0(i32 %n) unnamed_addr {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping0(i32 %m)
  ret i32 %r
done:
  ret i32 0
}

define internal i32 @ping1(i32 %n) unnamed_addr {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @pong1(i32 %m)
  ret i32 %r
done:
  ret i32 0
}

define internal i32 @pong1(i32 %n) unnamed_addr {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping1(i32 %m)
  ret i32 %r
done:
  ret i32 0
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @ping0(
; CHECK-NEXT: call i32 @ping0(
; CHECK-NEXT: call i32 @ping0(
; CHECK-NEXT: call i32 @ping0(
define i32 @caller(i32 %n) {
  %1 = call i32 @ping0(i32 %n)
  %2 = call i32 @ping1(i32 %n)
  %3 = call i32 @pong0(i32 %n)
  %4 = call i32 @pong1(i32 %n)
  %s = add i32 %1, %2
  %t = add i32 %3, %4
  %u = add i32 %s, %t
  ret i32 %u
}
