; Cross-recursive groups: @ping0 calls @pong0 and back, @ping1 calls @pong1
; and back; ping* return 0 at the bottom and pong* return 1. The main pass
; cannot merge them (@ping0 == @ping1 only if @pong0 == @pong1, and the other
; way round); the recursive-group pass does: @ping1 folds into @ping0 and
; @pong1 into @pong0. With --merge-recursive=false nothing merges.
; RUN: %ltofold merge %s -o - -S | FileCheck %s --implicit-check-not=@ping1 --implicit-check-not=@pong1
; RUN: %ltofold merge %s -o - -S --merge-recursive=false | FileCheck %s --check-prefix=OFF
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %ltofold merge %s -o %t.unused.bc --stats --merge-recursive=false 2>&1 | FileCheck %s --check-prefix=STATS-OFF

; STATS: ltofold merge: 5 functions, 4 candidates, 2 folded (2 in recursive groups)
; STATS-OFF: ltofold merge: 5 functions, 4 candidates, 0 folded (0 in recursive groups)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @ping0(
; CHECK: call i32 @pong0(
define internal i32 @ping0(i32 %n) unnamed_addr nounwind {
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

; CHECK-LABEL: define internal i32 @pong0(
; CHECK: call i32 @ping0(
define internal i32 @pong0(i32 %n) unnamed_addr nounwind {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping0(i32 %m)
  ret i32 %r
done:
  ret i32 1
}

; OFF-LABEL: define internal i32 @ping1(
; OFF: call i32 @pong1(
define internal i32 @ping1(i32 %n) unnamed_addr nounwind {
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

; OFF-LABEL: define internal i32 @pong1(
; OFF: call i32 @ping1(
define internal i32 @pong1(i32 %n) unnamed_addr nounwind {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping1(i32 %m)
  ret i32 %r
done:
  ret i32 1
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @ping0(
; CHECK-NEXT: call i32 @ping0(
; CHECK-NEXT: call i32 @pong0(
; CHECK-NEXT: call i32 @pong0(
; OFF-LABEL: define i32 @caller(
; OFF-NEXT: call i32 @ping0(
; OFF-NEXT: call i32 @ping1(
; OFF-NEXT: call i32 @pong0(
; OFF-NEXT: call i32 @pong1(
define i32 @caller(i32 %n) nounwind {
  %1 = call i32 @ping0(i32 %n)
  %2 = call i32 @ping1(i32 %n)
  %3 = call i32 @pong0(i32 %n)
  %4 = call i32 @pong1(i32 %n)
  %s = add i32 %1, %2
  %t = add i32 %3, %4
  %u = add i32 %s, %t
  ret i32 %u
}
