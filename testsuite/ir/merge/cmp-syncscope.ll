; Atomic loads in different sync scopes (singlethread vs system), and two
; fences in different scopes: no merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @system(
; CHECK-NEXT: %v = load atomic i32, ptr %p acquire, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @system(ptr %p, i32 %x) unnamed_addr {
  %v = load atomic i32, ptr %p acquire, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @singlethread(
; CHECK-NEXT: %v = load atomic i32, ptr %p syncscope("singlethread") acquire, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @singlethread(ptr %p, i32 %x) unnamed_addr {
  %v = load atomic i32, ptr %p syncscope("singlethread") acquire, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @fence_system(
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @fence_system(ptr %p, i32 %x) unnamed_addr {
  fence seq_cst
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @fence_singlethread(
; CHECK-NEXT: fence syncscope("singlethread") seq_cst
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @fence_singlethread(ptr %p, i32 %x) unnamed_addr {
  fence syncscope("singlethread") seq_cst
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @system(
; CHECK: call i32 @singlethread(
; CHECK: call i32 @fence_system(
; CHECK: call i32 @fence_singlethread(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @system(ptr %p, i32 %x)
  %r1 = call i32 @singlethread(ptr %p, i32 %x)
  %r2 = call i32 @fence_system(ptr %p, i32 %x)
  %r3 = call i32 @fence_singlethread(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  ret i32 %s2
}
