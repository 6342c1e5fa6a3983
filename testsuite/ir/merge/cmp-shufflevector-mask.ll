; shufflevectors that differ only in their mask (a poison lane included): no
; two merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 4 functions, 3 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @mask_swap(
; CHECK-NEXT: %v = load <4 x i32>, ptr %p, align 16
; CHECK-NEXT: %s = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 1, i32 0, i32 3, i32 2>
; CHECK-NEXT: %e = extractelement <4 x i32> %s, i64 0
; CHECK-NEXT: %a = add i32 %e, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @mask_swap(ptr %p, i32 %x) unnamed_addr {
  %v = load <4 x i32>, ptr %p, align 16
  %s = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 1, i32 0, i32 3, i32 2>
  %e = extractelement <4 x i32> %s, i64 0
  %a = add i32 %e, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @mask_identity(
; CHECK-NEXT: %v = load <4 x i32>, ptr %p, align 16
; CHECK-NEXT: %s = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK-NEXT: %e = extractelement <4 x i32> %s, i64 0
; CHECK-NEXT: %a = add i32 %e, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @mask_identity(ptr %p, i32 %x) unnamed_addr {
  %v = load <4 x i32>, ptr %p, align 16
  %s = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %e = extractelement <4 x i32> %s, i64 0
  %a = add i32 %e, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @mask_poison_lane(
; CHECK-NEXT: %v = load <4 x i32>, ptr %p, align 16
; CHECK-NEXT: %s = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 1, i32 poison, i32 3, i32 2>
; CHECK-NEXT: %e = extractelement <4 x i32> %s, i64 0
; CHECK-NEXT: %a = add i32 %e, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @mask_poison_lane(ptr %p, i32 %x) unnamed_addr {
  %v = load <4 x i32>, ptr %p, align 16
  %s = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 1, i32 poison, i32 3, i32 2>
  %e = extractelement <4 x i32> %s, i64 0
  %a = add i32 %e, %x
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @mask_swap(
; CHECK: call i32 @mask_identity(
; CHECK: call i32 @mask_poison_lane(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @mask_swap(ptr %p, i32 %x)
  %r1 = call i32 @mask_identity(ptr %p, i32 %x)
  %r2 = call i32 @mask_poison_lane(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  ret i32 %s1
}
