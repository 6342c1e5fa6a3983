; String data that differs in one byte, stored directly; and calls passing
; two private strings with different contents: no two merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str.abc = private unnamed_addr constant [4 x i8] c"abc\00"
@.str.abd = private unnamed_addr constant [4 x i8] c"abd\00"

declare i32 @puts(ptr)

; CHECK-LABEL: define internal i32 @store_abc(
; CHECK-NEXT: store [4 x i8] c"abc\00", ptr %p, align 4
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @store_abc(ptr %p, i32 %x) unnamed_addr nounwind {
  store [4 x i8] c"abc\00", ptr %p, align 4
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @store_abd(
; CHECK-NEXT: store [4 x i8] c"abd\00", ptr %p, align 4
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @store_abd(ptr %p, i32 %x) unnamed_addr nounwind {
  store [4 x i8] c"abd\00", ptr %p, align 4
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @puts_abc(
; CHECK-NEXT: %c = call i32 @puts(ptr @.str.abc)
; CHECK-NEXT: %a = add i32 %c, %x
; CHECK-NEXT: store i32 %a, ptr %p, align 4
; CHECK-NEXT: ret i32 %a
define internal i32 @puts_abc(ptr %p, i32 %x) unnamed_addr nounwind {
  %c = call i32 @puts(ptr @.str.abc)
  %a = add i32 %c, %x
  store i32 %a, ptr %p, align 4
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @puts_abd(
; CHECK-NEXT: %c = call i32 @puts(ptr @.str.abd)
; CHECK-NEXT: %a = add i32 %c, %x
; CHECK-NEXT: store i32 %a, ptr %p, align 4
; CHECK-NEXT: ret i32 %a
define internal i32 @puts_abd(ptr %p, i32 %x) unnamed_addr nounwind {
  %c = call i32 @puts(ptr @.str.abd)
  %a = add i32 %c, %x
  store i32 %a, ptr %p, align 4
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @store_abc(
; CHECK: call i32 @store_abd(
; CHECK: call i32 @puts_abc(
; CHECK: call i32 @puts_abd(
define i32 @caller(ptr %p, i32 %x) nounwind {
  %r0 = call i32 @store_abc(ptr %p, i32 %x)
  %r1 = call i32 @store_abd(ptr %p, i32 %x)
  %r2 = call i32 @puts_abc(ptr %p, i32 %x)
  %r3 = call i32 @puts_abd(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  ret i32 %s2
}
