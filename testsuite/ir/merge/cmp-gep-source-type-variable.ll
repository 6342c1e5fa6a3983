; GEPs with a variable index scale it by the source type's size (4 vs 8):
; no merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @scale_4(
; CHECK-NEXT: %q = getelementptr inbounds i32, ptr %p, i64 %i
; CHECK-NEXT: %v = load i32, ptr %q, align 4
; CHECK-NEXT: %a = add i32 %v, 1
; CHECK-NEXT: ret i32 %a
define internal i32 @scale_4(ptr %p, i64 %i) unnamed_addr {
  %q = getelementptr inbounds i32, ptr %p, i64 %i
  %v = load i32, ptr %q, align 4
  %a = add i32 %v, 1
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @scale_8(
; CHECK-NEXT: %q = getelementptr inbounds i64, ptr %p, i64 %i
; CHECK-NEXT: %v = load i32, ptr %q, align 4
; CHECK-NEXT: %a = add i32 %v, 1
; CHECK-NEXT: ret i32 %a
define internal i32 @scale_8(ptr %p, i64 %i) unnamed_addr {
  %q = getelementptr inbounds i64, ptr %p, i64 %i
  %v = load i32, ptr %q, align 4
  %a = add i32 %v, 1
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @scale_4(
; CHECK: call i32 @scale_8(
define i32 @caller(ptr %p, i64 %i) {
  %r0 = call i32 @scale_4(ptr %p, i64 %i)
  %r1 = call i32 @scale_8(ptr %p, i64 %i)
  %s0 = add i32 %r0, %r1
  ret i32 %s0
}
