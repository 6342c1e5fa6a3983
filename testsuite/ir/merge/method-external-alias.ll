; G external and unnamed_addr: its uses become uses of F, and its symbol must
; stay, so it becomes an alias of F. With --aliases=false it becomes a thunk
; (a tail call to F) instead.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o - -S --aliases=false | FileCheck %s --check-prefix=THUNK
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %ltofold merge %s -o %t.unused.bc --stats --aliases=false 2>&1 | FileCheck %s --check-prefix=STATS-THUNK

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded
; STATS-NEXT: alias 1
; STATS-THUNK: ltofold merge: 3 functions, 2 candidates, 1 folded
; STATS-THUNK-NEXT: thunk 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: @g = unnamed_addr alias i32 (ptr, i32), ptr @f
; CHECK-NOT: define {{.*}} @g(
; THUNK-NOT: alias i32

; CHECK-LABEL: define i32 @f(
; THUNK-LABEL: define i32 @f(
define i32 @f(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; THUNK-LABEL: define i32 @g(ptr %p, i32 %x) unnamed_addr #{{[0-9]+}} {
; THUNK-NEXT: %1 = tail call i32 @f(ptr %p, i32 %x)
; THUNK-NEXT: ret i32 %1
; THUNK-NEXT: }
define i32 @g(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; Either way, direct calls of G now go to F.
; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @f(
; CHECK-NEXT: call i32 @f(
; THUNK-LABEL: define i32 @caller(
; THUNK-NEXT: call i32 @f(
; THUNK-NEXT: call i32 @f(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @f(ptr %p, i32 %x)
  %2 = call i32 @g(ptr %p, i32 %x)
  %s = add i32 %1, %2
  ret i32 %s
}
