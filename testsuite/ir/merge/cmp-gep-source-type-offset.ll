; GEPs with the same index but different source types step different byte
; offsets (4, 8, 12): no two merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 4 functions, 3 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @step_i32(
; CHECK-NEXT: %q = getelementptr inbounds i32, ptr %p, i64 1
; CHECK-NEXT: %v = load i32, ptr %q, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @step_i32(ptr %p, i32 %x) unnamed_addr {
  %q = getelementptr inbounds i32, ptr %p, i64 1
  %v = load i32, ptr %q, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @step_i64(
; CHECK-NEXT: %q = getelementptr inbounds i64, ptr %p, i64 1
; CHECK-NEXT: %v = load i32, ptr %q, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @step_i64(ptr %p, i32 %x) unnamed_addr {
  %q = getelementptr inbounds i64, ptr %p, i64 1
  %v = load i32, ptr %q, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @step_triple(
; CHECK-NEXT: %q = getelementptr inbounds [3 x i32], ptr %p, i64 1
; CHECK-NEXT: %v = load i32, ptr %q, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @step_triple(ptr %p, i32 %x) unnamed_addr {
  %q = getelementptr inbounds [3 x i32], ptr %p, i64 1
  %v = load i32, ptr %q, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @step_i32(
; CHECK: call i32 @step_i64(
; CHECK: call i32 @step_triple(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @step_i32(ptr %p, i32 %x)
  %r1 = call i32 @step_i64(ptr %p, i32 %x)
  %r2 = call i32 @step_triple(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  ret i32 %s1
}
