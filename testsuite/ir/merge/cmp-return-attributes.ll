; A return attribute that is a promise (noundef) differs: the functions
; merge and the kept body loses it. An ABI one (zeroext) differs: no merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 1 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @left(
define internal noundef i32 @left(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-NOT: @right(
define internal i32 @right(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal zeroext i8 @abi_left(
define internal zeroext i8 @abi_left(ptr %p) unnamed_addr {
  %v = load i8, ptr %p, align 1
  %a = add i8 %v, 1
  ret i8 %a
}

; CHECK-LABEL: define internal i8 @abi_right(
define internal i8 @abi_right(ptr %p) unnamed_addr {
  %v = load i8, ptr %p, align 1
  %a = add i8 %v, 1
  ret i8 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call noundef i32 @left(
; CHECK: call i32 @left(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call noundef i32 @left(ptr %p, i32 %x)
  %2 = call i32 @right(ptr %p, i32 %x)
  %3 = call zeroext i8 @abi_left(ptr %p)
  %4 = call i8 @abi_right(ptr %p)
  %s = add i32 %1, %2
  %w = zext i8 %3 to i32
  %z = zext i8 %4 to i32
  %t = add i32 %w, %z
  %u = add i32 %s, %t
  ret i32 %u
}
