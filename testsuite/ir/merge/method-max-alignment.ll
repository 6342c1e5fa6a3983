; The kept function takes the larger alignment of the two (align 16 kept,
; align 64 folded: the result is align 64), whichever way the fold goes.
; (nounwind: no unwind entry at stake, so that @h and @f, which differ in
; an operation, do not pay as a similar merge.)
; RUN: %ltofold merge %s -o - -S | FileCheck %s --implicit-check-not=@g
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 2 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: @h_alias = unnamed_addr alias i32 (ptr, i32), ptr @h
; CHECK-LABEL: define internal i32 @f(ptr %p, i32 %x) unnamed_addr #{{[0-9]+}} align 64 {
define internal i32 @f(ptr %p, i32 %x) unnamed_addr nounwind align 16 {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define internal i32 @g(ptr %p, i32 %x) unnamed_addr nounwind align 64 {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; Through an alias too.
; CHECK-LABEL: define i32 @h(ptr %p, i32 %x) unnamed_addr #{{[0-9]+}} align 32 {
define i32 @h(ptr %p, i32 %x) unnamed_addr nounwind align 4 {
  %v = load i32, ptr %p, align 4
  %a = sub i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define i32 @h_alias(ptr %p, i32 %x) unnamed_addr nounwind align 32 {
  %v = load i32, ptr %p, align 4
  %a = sub i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @f(
; CHECK-NEXT: call i32 @f(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @f(ptr %p, i32 %x)
  %2 = call i32 @g(ptr %p, i32 %x)
  %s = add i32 %1, %2
  ret i32 %s
}
