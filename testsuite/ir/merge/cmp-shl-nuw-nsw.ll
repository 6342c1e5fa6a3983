; shl with and without nuw or nsw: no two merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 4 functions, 3 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @shl_plain(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = shl i32 %v, %x
; CHECK-NEXT: %m = xor i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @shl_plain(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = shl i32 %v, %x
  %m = xor i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @shl_nuw(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = shl nuw i32 %v, %x
; CHECK-NEXT: %m = xor i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @shl_nuw(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = shl nuw i32 %v, %x
  %m = xor i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @shl_nsw(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = shl nsw i32 %v, %x
; CHECK-NEXT: %m = xor i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @shl_nsw(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = shl nsw i32 %v, %x
  %m = xor i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @shl_plain(
; CHECK: call i32 @shl_nuw(
; CHECK: call i32 @shl_nsw(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @shl_plain(ptr %p, i32 %x)
  %r1 = call i32 @shl_nuw(ptr %p, i32 %x)
  %r2 = call i32 @shl_nsw(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  ret i32 %s1
}
