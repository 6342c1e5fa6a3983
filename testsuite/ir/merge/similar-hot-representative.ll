; The hot rule skips a hot function alone, even where it would be its
; group's representative (first by name): the cold members still merge,
; without it.
; RUN: %ltofold merge %s -o %t.ll -S --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: FileCheck %s < %t.ll

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; STATS: similar: 2 functions into 1 merged body, 1 parameter
; STATS: similar skipped: hot 1

; CHECK: define internal i32 @a_hot(i32 %x, i32 %y) unnamed_addr !prof
; CHECK-NEXT: %a = mul i32 %x, %y
; CHECK-NOT: define internal i32 @b_cold(
; CHECK-NOT: define internal i32 @c_cold(

define internal i32 @a_hot(i32 %x, i32 %y) unnamed_addr !prof !1 {
  %a = mul i32 %x, %y
  %b = add i32 %a, 7
  %c = mul i32 %b, %x
  %d = xor i32 %c, %y
  %e = mul i32 %d, %d
  %f = add i32 %e, %x
  %g = mul i32 %f, %y
  %h = xor i32 %g, %a
  ret i32 %h
}

define internal i32 @b_cold(i32 %x, i32 %y) unnamed_addr !prof !2 {
  %a = mul i32 %x, %y
  %b = add i32 %a, 8
  %c = mul i32 %b, %x
  %d = xor i32 %c, %y
  %e = mul i32 %d, %d
  %f = add i32 %e, %x
  %g = mul i32 %f, %y
  %h = xor i32 %g, %a
  ret i32 %h
}

define internal i32 @c_cold(i32 %x, i32 %y) unnamed_addr !prof !3 {
  %a = mul i32 %x, %y
  %b = add i32 %a, 9
  %c = mul i32 %b, %x
  %d = xor i32 %c, %y
  %e = mul i32 %d, %d
  %f = add i32 %e, %x
  %g = mul i32 %f, %y
  %h = xor i32 %g, %a
  ret i32 %h
}

define i32 @main(i32 %n) !prof !4 {
  %r = call i32 @a_hot(i32 %n, i32 1)
  %s = call i32 @b_cold(i32 %n, i32 %r)
  %t = call i32 @c_cold(i32 %n, i32 %s)
  ret i32 %t
}

!1 = !{!"function_entry_count", i64 5000}
!2 = !{!"function_entry_count", i64 10}
!3 = !{!"function_entry_count", i64 3}
!4 = !{!"function_entry_count", i64 1}
