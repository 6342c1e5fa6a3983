; G internal and unnamed_addr: nobody can tell its address from F's, so every
; use of G, calls and stored addresses alike, becomes a use of F, and G is
; deleted.
; RUN: %ltofold merge %s -o - -S | FileCheck %s --implicit-check-not=@g
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded
; STATS-NEXT: replaced 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: @table = global ptr @f
@table = global ptr @g

; CHECK-LABEL: define internal i32 @f(
define internal i32 @f(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define internal i32 @g(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @f(
; CHECK-NEXT: call i32 @f(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @f(ptr %p, i32 %x)
  %2 = call i32 @g(ptr %p, i32 %x)
  %s = add i32 %1, %2
  ret i32 %s
}
