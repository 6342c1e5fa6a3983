; Internal functions without unnamed_addr have significant addresses.
; @g_stored's address is stored: its direct calls go to @f and it stays, as a
; thunk, so the stored address is still distinct from @f's. @g_called is only
; called: once its calls go to @f it has no uses left and is deleted.
; RUN: %ltofold merge %s -o - -S | FileCheck %s --implicit-check-not=@g_called
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 4 functions, 3 candidates, 2 folded
; STATS-DAG: replaced 1
; STATS-DAG: thunk 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: @table = global ptr @g_stored
@table = global ptr @g_stored

; CHECK-LABEL: define internal i32 @f(ptr %p, i32 %x) {
; CHECK-NEXT: %v = load i32, ptr %p, align 4
define internal i32 @f(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define internal i32 @g_called(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @g_stored(ptr %p, i32 %x) #{{[0-9]+}} {
; CHECK-NEXT: %1 = tail call i32 @f(ptr %p, i32 %x)
; CHECK-NEXT: ret i32 %1
; CHECK-NEXT: }
define internal i32 @g_stored(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @f(
; CHECK-NEXT: call i32 @f(
; CHECK-NEXT: call i32 @f(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @f(ptr %p, i32 %x)
  %2 = call i32 @g_called(ptr %p, i32 %x)
  %3 = call i32 @g_stored(ptr %p, i32 %x)
  %s = add i32 %1, %2
  %t = add i32 %s, %3
  ret i32 %t
}
