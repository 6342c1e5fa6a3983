; Aggregate constants that differ in one element (struct, array, vector),
; and zeroinitializer vs a non-null struct: no two merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 11 functions, 10 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @struct_1_2(
; CHECK-NEXT: store { i32, i32 } { i32 1, i32 2 }, ptr %p, align 4
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @struct_1_2(ptr %p, i32 %x) unnamed_addr {
  store { i32, i32 } { i32 1, i32 2 }, ptr %p, align 4
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @struct_1_3(
; CHECK-NEXT: store { i32, i32 } { i32 1, i32 3 }, ptr %p, align 4
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @struct_1_3(ptr %p, i32 %x) unnamed_addr {
  store { i32, i32 } { i32 1, i32 3 }, ptr %p, align 4
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @struct_zero(
; CHECK-NEXT: store { i32, i32 } zeroinitializer, ptr %p, align 4
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @struct_zero(ptr %p, i32 %x) unnamed_addr {
  store { i32, i32 } zeroinitializer, ptr %p, align 4
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @struct_0_1(
; CHECK-NEXT: store { i32, i32 } { i32 0, i32 1 }, ptr %p, align 4
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @struct_0_1(ptr %p, i32 %x) unnamed_addr {
  store { i32, i32 } { i32 0, i32 1 }, ptr %p, align 4
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @array_1_2(
; CHECK-NEXT: store [2 x i32] [i32 1, i32 2], ptr %p, align 4
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @array_1_2(ptr %p, i32 %x) unnamed_addr {
  store [2 x i32] [i32 1, i32 2], ptr %p, align 4
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @array_2_1(
; CHECK-NEXT: store [2 x i32] [i32 2, i32 1], ptr %p, align 4
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @array_2_1(ptr %p, i32 %x) unnamed_addr {
  store [2 x i32] [i32 2, i32 1], ptr %p, align 4
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @vector_1_2(
; CHECK-NEXT: store <2 x i32> <i32 1, i32 2>, ptr %p, align 4
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @vector_1_2(ptr %p, i32 %x) unnamed_addr {
  store <2 x i32> <i32 1, i32 2>, ptr %p, align 4
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @vector_2_1(
; CHECK-NEXT: store <2 x i32> <i32 2, i32 1>, ptr %p, align 4
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @vector_2_1(ptr %p, i32 %x) unnamed_addr {
  store <2 x i32> <i32 2, i32 1>, ptr %p, align 4
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @nested_a(
; CHECK-NEXT: store { i32, [2 x i16] } { i32 7, [2 x i16] [i16 1, i16 2] }, ptr %p, align 4
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @nested_a(ptr %p, i32 %x) unnamed_addr {
  store { i32, [2 x i16] } { i32 7, [2 x i16] [i16 1, i16 2] }, ptr %p, align 4
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @nested_b(
; CHECK-NEXT: store { i32, [2 x i16] } { i32 7, [2 x i16] [i16 1, i16 3] }, ptr %p, align 4
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @nested_b(ptr %p, i32 %x) unnamed_addr {
  store { i32, [2 x i16] } { i32 7, [2 x i16] [i16 1, i16 3] }, ptr %p, align 4
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @struct_1_2(
; CHECK: call i32 @struct_1_3(
; CHECK: call i32 @struct_zero(
; CHECK: call i32 @struct_0_1(
; CHECK: call i32 @array_1_2(
; CHECK: call i32 @array_2_1(
; CHECK: call i32 @vector_1_2(
; CHECK: call i32 @vector_2_1(
; CHECK: call i32 @nested_a(
; CHECK: call i32 @nested_b(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @struct_1_2(ptr %p, i32 %x)
  %r1 = call i32 @struct_1_3(ptr %p, i32 %x)
  %r2 = call i32 @struct_zero(ptr %p, i32 %x)
  %r3 = call i32 @struct_0_1(ptr %p, i32 %x)
  %r4 = call i32 @array_1_2(ptr %p, i32 %x)
  %r5 = call i32 @array_2_1(ptr %p, i32 %x)
  %r6 = call i32 @vector_1_2(ptr %p, i32 %x)
  %r7 = call i32 @vector_2_1(ptr %p, i32 %x)
  %r8 = call i32 @nested_a(ptr %p, i32 %x)
  %r9 = call i32 @nested_b(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  %s3 = add i32 %s2, %r4
  %s4 = add i32 %s3, %r5
  %s5 = add i32 %s4, %r6
  %s6 = add i32 %s5, %r7
  %s7 = add i32 %s6, %r8
  %s8 = add i32 %s7, %r9
  ret i32 %s8
}
