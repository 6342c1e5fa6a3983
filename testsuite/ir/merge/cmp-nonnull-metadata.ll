; Pointer loads with and without !nonnull: no merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @use_ptr(ptr)

; CHECK-LABEL: define internal i32 @maybe_null(
; CHECK-NEXT: %v = load ptr, ptr %p, align 8
define internal i32 @maybe_null(ptr %p, i32 %x) unnamed_addr {
  %v = load ptr, ptr %p, align 8
  %c = call i32 @use_ptr(ptr %v)
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @nonnull(
; CHECK-NEXT: %v = load ptr, ptr %p, align 8, !nonnull ![[MD0:[0-9]+]]
define internal i32 @nonnull(ptr %p, i32 %x) unnamed_addr {
  %v = load ptr, ptr %p, align 8, !nonnull !0
  %c = call i32 @use_ptr(ptr %v)
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @maybe_null(
; CHECK: call i32 @nonnull(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @maybe_null(ptr %p, i32 %x)
  %r1 = call i32 @nonnull(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  ret i32 %s0
}

; CHECK: ![[MD0]] = !{}
!0 = !{}
