; G external without unnamed_addr: &g != &f must still hold, so G cannot be an
; alias or disappear. Direct calls of G go to F, and G's body becomes a tail
; call to F; the address taken in @table is still G's.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded
; STATS-NEXT: thunk 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: @table = global [2 x ptr] [ptr @f, ptr @g]
; CHECK-NOT: alias i32
@table = global [2 x ptr] [ptr @f, ptr @g]

; CHECK-LABEL: define i32 @f(ptr %p, i32 %x) {
; CHECK-NEXT: %v = load i32, ptr %p, align 4
define i32 @f(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @g(ptr %p, i32 %x) #{{[0-9]+}} {
; CHECK-NEXT: %1 = tail call i32 @f(ptr %p, i32 %x)
; CHECK-NEXT: ret i32 %1
; CHECK-NEXT: }
define i32 @g(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
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
