; Loads that differ only in !range (none, [0, 10), [0, 20)): no two merge;
; !range makes values outside the range poison.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 4 functions, 3 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @use_i32(i32)

; CHECK-LABEL: define internal i32 @no_range(
; CHECK-NEXT: %v = load i32, ptr %p, align 8
define internal i32 @no_range(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 8
  %c = call i32 @use_i32(i32 %v)
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @range_10(
; CHECK-NEXT: %v = load i32, ptr %p, align 8, !range ![[MD0:[0-9]+]]
define internal i32 @range_10(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 8, !range !0
  %c = call i32 @use_i32(i32 %v)
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @range_20(
; CHECK-NEXT: %v = load i32, ptr %p, align 8, !range ![[MD1:[0-9]+]]
define internal i32 @range_20(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 8, !range !1
  %c = call i32 @use_i32(i32 %v)
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @no_range(
; CHECK: call i32 @range_10(
; CHECK: call i32 @range_20(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @no_range(ptr %p, i32 %x)
  %r1 = call i32 @range_10(ptr %p, i32 %x)
  %r2 = call i32 @range_20(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  ret i32 %s1
}

; CHECK-DAG: ![[MD0]] = !{i32 0, i32 10}
; CHECK-DAG: ![[MD1]] = !{i32 0, i32 20}
!0 = !{i32 0, i32 10}
!1 = !{i32 0, i32 20}
