; Allocas of different types ([4 x i32] vs [8 x i32]) and of different
; alignment (align 4 vs align 16): no two merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 4 functions, 3 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @consume(ptr)

; CHECK-LABEL: define internal i32 @small(
; CHECK-NEXT: %s = alloca [4 x i32], align 4
; CHECK-NEXT: store i32 %x, ptr %s, align 4
; CHECK-NEXT: %v = call i32 @consume(ptr %s)
; CHECK-NEXT: ret i32 %v
define internal i32 @small(ptr %p, i32 %x) unnamed_addr {
  %s = alloca [4 x i32], align 4
  store i32 %x, ptr %s, align 4
  %v = call i32 @consume(ptr %s)
  ret i32 %v
}

; CHECK-LABEL: define internal i32 @large(
; CHECK-NEXT: %s = alloca [8 x i32], align 4
; CHECK-NEXT: store i32 %x, ptr %s, align 4
; CHECK-NEXT: %v = call i32 @consume(ptr %s)
; CHECK-NEXT: ret i32 %v
define internal i32 @large(ptr %p, i32 %x) unnamed_addr {
  %s = alloca [8 x i32], align 4
  store i32 %x, ptr %s, align 4
  %v = call i32 @consume(ptr %s)
  ret i32 %v
}

; CHECK-LABEL: define internal i32 @overaligned(
; CHECK-NEXT: %s = alloca [4 x i32], align 16
; CHECK-NEXT: store i32 %x, ptr %s, align 4
; CHECK-NEXT: %v = call i32 @consume(ptr %s)
; CHECK-NEXT: ret i32 %v
define internal i32 @overaligned(ptr %p, i32 %x) unnamed_addr {
  %s = alloca [4 x i32], align 16
  store i32 %x, ptr %s, align 4
  %v = call i32 @consume(ptr %s)
  ret i32 %v
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @small(
; CHECK: call i32 @large(
; CHECK: call i32 @overaligned(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @small(ptr %p, i32 %x)
  %r1 = call i32 @large(ptr %p, i32 %x)
  %r2 = call i32 @overaligned(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  ret i32 %s1
}
