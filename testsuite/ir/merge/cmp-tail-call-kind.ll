; Calls that differ only in their tail-call kind (none, tail, musttail,
; notail): no two merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @ext(i32)

; CHECK-LABEL: define internal i32 @call_none(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-NEXT: %b = mul i32 %a, 3
; CHECK-NEXT: %c = call i32 @ext(i32 %b)
; CHECK-NEXT: ret i32 %c
define internal i32 @call_none(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, 3
  %c = call i32 @ext(i32 %b)
  ret i32 %c
}

; CHECK-LABEL: define internal i32 @call_tail(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-NEXT: %b = mul i32 %a, 3
; CHECK-NEXT: %c = tail call i32 @ext(i32 %b)
; CHECK-NEXT: ret i32 %c
define internal i32 @call_tail(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, 3
  %c = tail call i32 @ext(i32 %b)
  ret i32 %c
}

; CHECK-LABEL: define internal i32 @call_musttail(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-NEXT: %b = mul i32 %a, 3
; CHECK-NEXT: %c = musttail call i32 @ext(i32 %b)
; CHECK-NEXT: ret i32 %c
define internal i32 @call_musttail(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, 3
  %c = musttail call i32 @ext(i32 %b)
  ret i32 %c
}

; CHECK-LABEL: define internal i32 @call_notail(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-NEXT: %b = mul i32 %a, 3
; CHECK-NEXT: %c = notail call i32 @ext(i32 %b)
; CHECK-NEXT: ret i32 %c
define internal i32 @call_notail(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, 3
  %c = notail call i32 @ext(i32 %b)
  ret i32 %c
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @call_none(
; CHECK: call i32 @call_tail(
; CHECK: call i32 @call_musttail(
; CHECK: call i32 @call_notail(
define i32 @caller(i32 %x) {
  %r0 = call i32 @call_none(i32 %x)
  %r1 = call i32 @call_tail(i32 %x)
  %r2 = call i32 @call_musttail(i32 %x)
  %r3 = call i32 @call_notail(i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  ret i32 %s2
}
