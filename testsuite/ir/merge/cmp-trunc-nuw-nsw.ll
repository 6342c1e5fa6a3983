; trunc with and without nuw / nsw: no two merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 4 functions, 3 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @trunc_plain(
; CHECK-NEXT: %v = load i64, ptr %p, align 8
; CHECK-NEXT: %t = trunc i64 %v to i32
; CHECK-NEXT: %a = add i32 %t, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @trunc_plain(ptr %p, i32 %x) unnamed_addr {
  %v = load i64, ptr %p, align 8
  %t = trunc i64 %v to i32
  %a = add i32 %t, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @trunc_nuw(
; CHECK-NEXT: %v = load i64, ptr %p, align 8
; CHECK-NEXT: %t = trunc nuw i64 %v to i32
; CHECK-NEXT: %a = add i32 %t, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @trunc_nuw(ptr %p, i32 %x) unnamed_addr {
  %v = load i64, ptr %p, align 8
  %t = trunc nuw i64 %v to i32
  %a = add i32 %t, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @trunc_nsw(
; CHECK-NEXT: %v = load i64, ptr %p, align 8
; CHECK-NEXT: %t = trunc nsw i64 %v to i32
; CHECK-NEXT: %a = add i32 %t, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @trunc_nsw(ptr %p, i32 %x) unnamed_addr {
  %v = load i64, ptr %p, align 8
  %t = trunc nsw i64 %v to i32
  %a = add i32 %t, %x
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @trunc_plain(
; CHECK: call i32 @trunc_nuw(
; CHECK: call i32 @trunc_nsw(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @trunc_plain(ptr %p, i32 %x)
  %r1 = call i32 @trunc_nuw(ptr %p, i32 %x)
  %r2 = call i32 @trunc_nsw(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  ret i32 %s1
}
