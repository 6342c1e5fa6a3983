; Variadic functions with significant addresses: a thunk cannot forward the
; variable arguments, so @va_b keeps its body; its direct calls go to @va_a.
; Counted as "callers" and as a vararg-thunk skip.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded
; STATS-NEXT: callers 1
; STATS-NEXT: skipped: vararg-thunk 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define i32 @va_a(ptr %p, i32 %x, ...) {
; CHECK-NEXT: %v = load i32, ptr %p, align 4
define i32 @va_a(ptr %p, i32 %x, ...) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @va_b(ptr %p, i32 %x, ...) {
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NOT: call
; CHECK: ret i32 %m
define i32 @va_b(ptr %p, i32 %x, ...) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 (ptr, i32, ...) @va_a(ptr %p, i32 %x, i32 1)
; CHECK-NEXT: call i32 (ptr, i32, ...) @va_a(ptr %p, i32 %x, i32 2)
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 (ptr, i32, ...) @va_a(ptr %p, i32 %x, i32 1)
  %2 = call i32 (ptr, i32, ...) @va_b(ptr %p, i32 %x, i32 2)
  %s = add i32 %1, %2
  ret i32 %s
}
