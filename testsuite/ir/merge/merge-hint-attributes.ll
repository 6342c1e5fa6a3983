; Hints are not what a function does: twins one of which IR-level PGO marked
; inlinehint (or hot, or cold) fold, and the kept body keeps only the hints
; both had.
; RUN: %ltofold merge %s -o - -S | FileCheck %s --implicit-check-not=@twin_b --implicit-check-not=@cold_b

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: define internal i32 @twin_a(i32 %x) unnamed_addr [[PLAIN:#[0-9]+]]
define internal i32 @twin_a(i32 %x) unnamed_addr #0 {
  %a = mul i32 %x, 7
  %b = add i32 %a, 3
  ret i32 %b
}

define internal i32 @twin_b(i32 %x) unnamed_addr #1 {
  %a = mul i32 %x, 7
  %b = add i32 %a, 3
  ret i32 %b
}

; CHECK: define internal i32 @cold_a(i32 %x) unnamed_addr [[COLD:#[0-9]+]]
define internal i32 @cold_a(i32 %x) unnamed_addr #2 {
  %a = mul i32 %x, 9
  %b = add i32 %a, 3
  ret i32 %b
}

define internal i32 @cold_b(i32 %x) unnamed_addr #3 {
  %a = mul i32 %x, 9
  %b = add i32 %a, 3
  ret i32 %b
}

define i32 @main(i32 %n) {
  %1 = call i32 @twin_a(i32 %n)
  %2 = call i32 @twin_b(i32 %1)
  %3 = call i32 @cold_a(i32 %2)
  %4 = call i32 @cold_b(i32 %3)
  ret i32 %4
}

attributes #0 = { nounwind }
attributes #1 = { inlinehint nounwind hot }
attributes #2 = { cold nounwind }
attributes #3 = { cold inlinehint nounwind }

; CHECK-DAG: attributes [[PLAIN]] = { nounwind }
; CHECK-DAG: attributes [[COLD]] = { cold nounwind }
