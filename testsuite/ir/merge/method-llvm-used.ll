; G is named in @llvm.used: uses of its symbol that LLVM cannot see (inline
; asm, the linker) must still find it. G's uses are not replaced wholesale:
; @llvm.used still names @used_g, which becomes an alias of F (or, with
; --aliases=false, a thunk); direct calls go to F.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s
; RUN: %ltofold merge %s -o - -S --verify --aliases=false | FileCheck %s --check-prefix=THUNK
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded
; STATS-NEXT: alias 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: @llvm.used = appending global [1 x ptr] [ptr @used_g], section "llvm.metadata"
; CHECK: @used_g = internal unnamed_addr alias i32 (ptr, i32), ptr @f
; THUNK: @llvm.used = appending global [1 x ptr] [ptr @used_g], section "llvm.metadata"
@llvm.used = appending global [1 x ptr] [ptr @used_g], section "llvm.metadata"

; CHECK-LABEL: define internal i32 @f(
define internal i32 @f(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; THUNK-LABEL: define internal i32 @used_g(ptr %p, i32 %x) unnamed_addr #{{[0-9]+}} {
; THUNK-NEXT: %1 = tail call i32 @f(ptr %p, i32 %x)
define internal i32 @used_g(ptr %p, i32 %x) unnamed_addr {
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
  %2 = call i32 @used_g(ptr %p, i32 %x)
  %s = add i32 %1, %2
  ret i32 %s
}
