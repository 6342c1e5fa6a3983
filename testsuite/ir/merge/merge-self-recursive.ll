; Self-recursive functions: a call of @fact0 inside @fact0 and of @fact1
; inside @fact1 are the same thing, so the two merge in the main pass, and
; the kept one calls itself.
; RUN: %ltofold merge %s -o - -S | FileCheck %s --implicit-check-not=@fact1
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded (0 in recursive groups)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @fact0(
; CHECK: call i32 @fact0(
define internal i32 @fact0(i32 %n) unnamed_addr {
entry:
  %c = icmp ugt i32 %n, 1
  br i1 %c, label %rec, label %done
rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact0(i32 %m)
  %p = mul i32 %n, %r
  ret i32 %p
done:
  ret i32 1
}

define internal i32 @fact1(i32 %n) unnamed_addr {
entry:
  %c = icmp ugt i32 %n, 1
  br i1 %c, label %rec, label %done
rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact1(i32 %m)
  %p = mul i32 %n, %r
  ret i32 %p
done:
  ret i32 1
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @fact0(
; CHECK-NEXT: call i32 @fact0(
define i32 @caller(i32 %n) {
  %1 = call i32 @fact0(i32 %n)
  %2 = call i32 @fact1(i32 %n)
  %s = add i32 %1, %2
  ret i32 %s
}
