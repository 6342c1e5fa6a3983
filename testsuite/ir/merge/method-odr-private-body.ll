; Both linkonce_odr, addresses significant (taken in @table): the body moves
; to a private function, both symbols become thunks of it, and direct calls
; (ODR: any copy will do) go straight to the private body. Both weak_odr and
; unnamed_addr: both symbols become aliases of the private body.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 2 folded
; STATS-DAG: alias 1
; STATS-DAG: thunk 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: @table = global [2 x ptr] [ptr @odr_a, ptr @odr_b]
; CHECK-DAG: @wodr_a = weak_odr unnamed_addr alias i32 (ptr, i32), ptr @wodr_a.ltofold.body
; CHECK-DAG: @wodr_b = weak_odr unnamed_addr alias i32 (ptr, i32), ptr @wodr_a.ltofold.body
@table = global [2 x ptr] [ptr @odr_a, ptr @odr_b]

; CHECK-LABEL: define internal i32 @odr_a.ltofold.body(ptr %p, i32 %x)
; CHECK-NEXT: %v = load i32, ptr %p, align 4
define linkonce_odr i32 @odr_a(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define linkonce_odr i32 @odr_b(ptr %p, i32 %x) #{{[0-9]+}} {
; CHECK-NEXT: %1 = tail call i32 @odr_a.ltofold.body(ptr %p, i32 %x)
; CHECK-NEXT: ret i32 %1
define linkonce_odr i32 @odr_b(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @wodr_a.ltofold.body(ptr %p, i32 %x)
; CHECK-NEXT: %v = load i32, ptr %p, align 4
define weak_odr i32 @wodr_a(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 5
  ret i32 %m
}

define weak_odr i32 @wodr_b(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 5
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @odr_a.ltofold.body(
; CHECK-NEXT: call i32 @odr_a.ltofold.body(
; CHECK-NEXT: call i32 @wodr_a.ltofold.body(
; CHECK-NEXT: call i32 @wodr_a.ltofold.body(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @odr_a(ptr %p, i32 %x)
  %2 = call i32 @odr_b(ptr %p, i32 %x)
  %3 = call i32 @wodr_a(ptr %p, i32 %x)
  %4 = call i32 @wodr_b(ptr %p, i32 %x)
  %s = add i32 %1, %2
  %t = add i32 %3, %4
  %u = add i32 %s, %t
  ret i32 %u
}

; The new function that took @odr_a's name and uses.
; CHECK-LABEL: define linkonce_odr i32 @odr_a(
; CHECK-NEXT: %3 = tail call i32 @odr_a.ltofold.body(ptr %0, i32 %1)
; CHECK-NEXT: ret i32 %3
