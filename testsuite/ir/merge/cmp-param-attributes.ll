; Parameter attributes that are promises or inferences (noalias, nonnull)
; differ: the functions merge, and the kept body keeps only what both had.
; An ABI attribute (signext) differs: no merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 1 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @left(ptr nonnull %p, i32 %x)
define internal i32 @left(ptr noalias nonnull %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-NOT: @right(
define internal i32 @right(ptr nonnull %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @abi_left(ptr %p, i8 signext %x)
define internal i32 @abi_left(ptr %p, i8 signext %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %w = sext i8 %x to i32
  %a = add i32 %v, %w
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @abi_right(ptr %p, i8 %x)
define internal i32 @abi_right(ptr %p, i8 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %w = sext i8 %x to i32
  %a = add i32 %v, %w
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @left(
; CHECK: call i32 @left(
; CHECK: call i32 @abi_left(
; CHECK: call i32 @abi_right(
define i32 @caller(ptr %p, i32 %x, i8 %y) {
  %1 = call i32 @left(ptr %p, i32 %x)
  %2 = call i32 @right(ptr %p, i32 %x)
  %3 = call i32 @abi_left(ptr %p, i8 signext %y)
  %4 = call i32 @abi_right(ptr %p, i8 %y)
  %s = add i32 %1, %2
  %t = add i32 %3, %4
  %u = add i32 %s, %t
  ret i32 %u
}
