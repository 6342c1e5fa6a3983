; Stores with different alignment (align 4 vs align 2): no merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @aligned(
; CHECK-NEXT: store i32 %x, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @aligned(ptr %p, i32 %x) unnamed_addr {
  store i32 %x, ptr %p, align 4
  %a = add i32 %x, 1
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @unaligned(
; CHECK-NEXT: store i32 %x, ptr %p, align 2
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @unaligned(ptr %p, i32 %x) unnamed_addr {
  store i32 %x, ptr %p, align 2
  %a = add i32 %x, 1
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @aligned(
; CHECK: call i32 @unaligned(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @aligned(ptr %p, i32 %x)
  %r1 = call i32 @unaligned(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  ret i32 %s0
}
