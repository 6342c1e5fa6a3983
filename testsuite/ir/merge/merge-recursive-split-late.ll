; Two 3-cycles a0 -> b0 -> c0 -> a0 and a1 -> b1 -> c1 -> a1 that differ only
; in c (it subtracts 5 in one, 7 in the other). The recursive-group pass
; first holds each pair alike; c0 and c1 part in the first round, then b0
; and b1, then a0 and a1. A pass that stopped early, or forgot the classes
; of the functions that parted first, would fold a pair that differs.
; RUN: %ltofold merge %s -o - -S --merge-similar=false | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats --merge-similar=false 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 7 functions, 6 candidates, 0 folded

; CHECK: define internal i32 @a0(
; CHECK: define internal i32 @a1(
; CHECK: define internal i32 @b0(
; CHECK: define internal i32 @b1(
; CHECK: define internal i32 @c0(
; CHECK: define internal i32 @c1(
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define internal i32 @a0(i32 %n) unnamed_addr {
  %m = sub i32 %n, 2
  %r = call i32 @b0(i32 %m)
  ret i32 %r
}
define internal i32 @a1(i32 %n) unnamed_addr {
  %m = sub i32 %n, 2
  %r = call i32 @b1(i32 %m)
  ret i32 %r
}
define internal i32 @b0(i32 %n) unnamed_addr {
  %m = mul i32 %n, 3
  %r = call i32 @c0(i32 %m)
  ret i32 %r
}
define internal i32 @b1(i32 %n) unnamed_addr {
  %m = mul i32 %n, 3
  %r = call i32 @c1(i32 %m)
  ret i32 %r
}
define internal i32 @c0(i32 %n) unnamed_addr {
  %c = icmp ult i32 %n, 2
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 5
  %r = call i32 @a0(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @c1(i32 %n) unnamed_addr {
  %c = icmp ult i32 %n, 2
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 7
  %r = call i32 @a1(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define i32 @main(i32 %n) {
  %x = call i32 @a0(i32 %n)
  %y = call i32 @a1(i32 %n)
  %s = add i32 %x, %y
  ret i32 %s
}
