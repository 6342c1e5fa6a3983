; Calling conventions differ (fastcc vs coldcc): no merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal fastcc i32 @left(
define internal fastcc i32 @left(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal coldcc i32 @right(
define internal coldcc i32 @right(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call fastcc i32 @left(
; CHECK: call coldcc i32 @right(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call fastcc i32 @left(ptr %p, i32 %x)
  %2 = call coldcc i32 @right(ptr %p, i32 %x)
  %s = add i32 %1, %2
  ret i32 %s
}
