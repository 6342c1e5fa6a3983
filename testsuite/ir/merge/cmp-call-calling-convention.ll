; Indirect calls that differ only in the call's calling convention: no two
; merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 4 functions, 3 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @call_c(
; CHECK-NEXT: %c = call i32 %fp(i32 %x)
; CHECK-NEXT: %a = add i32 %c, 1
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @call_c(ptr %fp, i32 %x) unnamed_addr {
  %c = call i32 %fp(i32 %x)
  %a = add i32 %c, 1
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @call_fast(
; CHECK-NEXT: %c = call fastcc i32 %fp(i32 %x)
; CHECK-NEXT: %a = add i32 %c, 1
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @call_fast(ptr %fp, i32 %x) unnamed_addr {
  %c = call fastcc i32 %fp(i32 %x)
  %a = add i32 %c, 1
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @call_cold(
; CHECK-NEXT: %c = call coldcc i32 %fp(i32 %x)
; CHECK-NEXT: %a = add i32 %c, 1
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @call_cold(ptr %fp, i32 %x) unnamed_addr {
  %c = call coldcc i32 %fp(i32 %x)
  %a = add i32 %c, 1
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @call_c(
; CHECK: call i32 @call_fast(
; CHECK: call i32 @call_cold(
define i32 @caller(ptr %fp, i32 %x) {
  %r0 = call i32 @call_c(ptr %fp, i32 %x)
  %r1 = call i32 @call_fast(ptr %fp, i32 %x)
  %r2 = call i32 @call_cold(ptr %fp, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  ret i32 %s1
}
