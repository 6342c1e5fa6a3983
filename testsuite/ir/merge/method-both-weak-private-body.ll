; Both functions weak: neither may call the other in place of itself (either
; may be replaced at link time). The body moves to a new private function and
; both become thunks of it, keeping their weak linkage; their callers still
; call them.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded
; STATS-NEXT: thunk 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @weak_a.ltofold.body(ptr %p, i32 %x)
; CHECK-NEXT: %v = load i32, ptr %p, align 4
define weak i32 @weak_a(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define weak i32 @weak_b(ptr %p, i32 %x) #{{[0-9]+}} {
; CHECK-NEXT: %1 = tail call i32 @weak_a.ltofold.body(ptr %p, i32 %x)
; CHECK-NEXT: ret i32 %1
define weak i32 @weak_b(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @weak_a(
; CHECK-NEXT: call i32 @weak_b(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @weak_a(ptr %p, i32 %x)
  %2 = call i32 @weak_b(ptr %p, i32 %x)
  %s = add i32 %1, %2
  ret i32 %s
}

; CHECK-LABEL: define weak i32 @weak_a(
; CHECK-NEXT: %3 = tail call i32 @weak_a.ltofold.body(ptr %0, i32 %1)
; CHECK-NEXT: ret i32 %3
