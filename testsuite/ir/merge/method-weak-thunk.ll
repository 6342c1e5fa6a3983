; G weak (interposable): the linker may replace it, so its callers must keep
; calling G. G becomes a thunk to the strong F and keeps its weak linkage; a
; weak G with unnamed_addr becomes a weak alias instead.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 4 functions, 3 candidates, 2 folded
; STATS-DAG: alias 1
; STATS-DAG: thunk 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: @g_weak_unnamed = weak unnamed_addr alias i32 (ptr, i32), ptr @f

; CHECK-LABEL: define i32 @f(ptr %p, i32 %x) {
; CHECK-NEXT: %v = load i32, ptr %p, align 4
define i32 @f(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define weak i32 @g_weak(ptr %p, i32 %x) #{{[0-9]+}} {
; CHECK-NEXT: %1 = tail call i32 @f(ptr %p, i32 %x)
; CHECK-NEXT: ret i32 %1
; CHECK-NEXT: }
define weak i32 @g_weak(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define weak i32 @g_weak_unnamed(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; Calls of the weak functions are left alone.
; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @f(
; CHECK-NEXT: call i32 @g_weak(
; CHECK-NEXT: call i32 @g_weak_unnamed(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @f(ptr %p, i32 %x)
  %2 = call i32 @g_weak(ptr %p, i32 %x)
  %3 = call i32 @g_weak_unnamed(ptr %p, i32 %x)
  %s = add i32 %1, %2
  %t = add i32 %s, %3
  ret i32 %t
}
