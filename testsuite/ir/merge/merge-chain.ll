; Chains collapse: @g1 == @g2, so once @g2 is folded into @g1, @f2 calls @g1
; and then equals @f1. @f2 is looked at again (the Deferred list) and folded.
; RUN: %ltofold merge %s -o - -S | FileCheck %s --implicit-check-not=@f2 --implicit-check-not=@g2
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 2 folded (0 in recursive groups)
; STATS-NEXT: replaced  2

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @g1(
define internal i32 @g1(i32 %x) unnamed_addr {
  %a = mul i32 %x, 7
  %b = xor i32 %a, 5
  %c = add i32 %b, %x
  ret i32 %c
}

define internal i32 @g2(i32 %x) unnamed_addr {
  %a = mul i32 %x, 7
  %b = xor i32 %a, 5
  %c = add i32 %b, %x
  ret i32 %c
}

; CHECK-LABEL: define internal i32 @f1(
; CHECK: call i32 @g1(
define internal i32 @f1(ptr %p) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %r = call i32 @g1(i32 %v)
  store i32 %r, ptr %p, align 4
  ret i32 %r
}

define internal i32 @f2(ptr %p) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %r = call i32 @g2(i32 %v)
  store i32 %r, ptr %p, align 4
  ret i32 %r
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @f1(
; CHECK-NEXT: call i32 @f1(
define i32 @caller(ptr %p) {
  %1 = call i32 @f1(ptr %p)
  %2 = call i32 @f2(ptr %p)
  %s = add i32 %1, %2
  ret i32 %s
}
