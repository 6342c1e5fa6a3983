; A merged body of similar functions runs for each of its members, so its
; entry count is theirs summed (3 + 5 + 7), as an equal fold's kept body
; gets both counts (merge-profile-entry-counts.ll); without one it would
; read as a function the profile never saw.
; RUN: %ltofold merge %s -o - -S | FileCheck %s

; CHECK: define internal i32 @a.ltofold.similar(i32 %x, i32 %0) unnamed_addr !prof [[SUM:![0-9]+]]
; CHECK: [[SUM]] = !{!"function_entry_count", i64 15}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"
define internal i32 @a(i32 %x) unnamed_addr !prof !1 {
  %1 = mul i32 %x, 3
  %2 = add i32 %1, 11
  %3 = mul i32 %2, %x
  %4 = xor i32 %3, 7
  %5 = mul i32 %4, %4
  %6 = add i32 %5, %x
  ret i32 %6
}
define internal i32 @b(i32 %x) unnamed_addr !prof !2 {
  %1 = mul i32 %x, 3
  %2 = add i32 %1, 12
  %3 = mul i32 %2, %x
  %4 = xor i32 %3, 7
  %5 = mul i32 %4, %4
  %6 = add i32 %5, %x
  ret i32 %6
}
define internal i32 @c(i32 %x) unnamed_addr !prof !3 {
  %1 = mul i32 %x, 3
  %2 = add i32 %1, 13
  %3 = mul i32 %2, %x
  %4 = xor i32 %3, 7
  %5 = mul i32 %4, %4
  %6 = add i32 %5, %x
  ret i32 %6
}
define i32 @main(i32 %n) !prof !4 {
  %1 = call i32 @a(i32 %n)
  %2 = call i32 @b(i32 %1)
  %3 = call i32 @c(i32 %2)
  ret i32 %3
}
!1 = !{!"function_entry_count", i64 3}
!2 = !{!"function_entry_count", i64 5}
!3 = !{!"function_entry_count", i64 7}
!4 = !{!"function_entry_count", i64 1000}
