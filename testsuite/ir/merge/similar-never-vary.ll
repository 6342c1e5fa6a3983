; Constants that must stay constants: each pair differs in one of them, so
; no pair merges: an intrinsic's argument (memcpy's length; llvm.ctlz's
; immarg flag), a divisor, a remainder's divisor, a shift amount, a switch
; case, a struct field index, an index past a GEP's first, an alloca's size.
; A control pair differs in a dividend, which may vary: it is the only group
; found (too small to pay: "unprofitable").
; RUN: %ltofold merge %s -o %t.bc --verify --stats 2>&1 | FileCheck %s
; CHECK: ltofold merge: 20 functions
; CHECK-NOT: similar:
; CHECK-NOT: replaced
; CHECK-NOT: thunk
; CHECK: similar skipped: unprofitable 2
; CHECK-NOT: similar skipped

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%pair = type { i32, i32, i32 }
@g = global [8 x [8 x i32]] zeroinitializer

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)
declare i32 @llvm.ctlz.i32(i32, i1 immarg)
declare void @use(ptr)

define i32 @copy_a(ptr %d, ptr %s, i32 %x) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 16, i1 false)
  %v = load i32, ptr %d
  %w = mul i32 %v, %x
  ret i32 %w
}
define i32 @copy_b(ptr %d, ptr %s, i32 %x) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 24, i1 false)
  %v = load i32, ptr %d
  %w = mul i32 %v, %x
  ret i32 %w
}

define i32 @ctlz_a(i32 %x, i32 %y) {
  %c = call i32 @llvm.ctlz.i32(i32 %x, i1 false)
  %m = mul i32 %c, %y
  %n = xor i32 %m, %x
  ret i32 %n
}
define i32 @ctlz_b(i32 %x, i32 %y) {
  %c = call i32 @llvm.ctlz.i32(i32 %x, i1 true)
  %m = mul i32 %c, %y
  %n = xor i32 %m, %x
  ret i32 %n
}

define i32 @div_a(i32 %x, i32 %y) {
  %q = udiv i32 %x, 7
  %m = mul i32 %q, %y
  %n = xor i32 %m, %x
  ret i32 %n
}
define i32 @div_b(i32 %x, i32 %y) {
  %q = udiv i32 %x, 9
  %m = mul i32 %q, %y
  %n = xor i32 %m, %x
  ret i32 %n
}

define i32 @dividend_a(i32 %x, i32 %y) {
  %q = udiv i32 7, %x
  %m = mul i32 %q, %y
  %n = xor i32 %m, %x
  ret i32 %n
}
define i32 @dividend_b(i32 %x, i32 %y) {
  %q = udiv i32 9, %x
  %m = mul i32 %q, %y
  %n = xor i32 %m, %x
  ret i32 %n
}

define i32 @rem_a(i32 %x, i32 %y) {
  %q = srem i32 %x, 7
  %m = mul i32 %q, %y
  %n = xor i32 %m, %x
  ret i32 %n
}
define i32 @rem_b(i32 %x, i32 %y) {
  %q = srem i32 %x, 9
  %m = mul i32 %q, %y
  %n = xor i32 %m, %x
  ret i32 %n
}

define i32 @shift_a(i32 %x, i32 %y) {
  %q = shl i32 %x, 3
  %m = mul i32 %q, %y
  %n = xor i32 %m, %x
  ret i32 %n
}
define i32 @shift_b(i32 %x, i32 %y) {
  %q = shl i32 %x, 5
  %m = mul i32 %q, %y
  %n = xor i32 %m, %x
  ret i32 %n
}

define i32 @case_a(i32 %x, i32 %y) {
  switch i32 %x, label %other [ i32 4, label %four ]
four:
  %m = mul i32 %x, %y
  ret i32 %m
other:
  %n = xor i32 %x, %y
  ret i32 %n
}
define i32 @case_b(i32 %x, i32 %y) {
  switch i32 %x, label %other [ i32 5, label %four ]
four:
  %m = mul i32 %x, %y
  ret i32 %m
other:
  %n = xor i32 %x, %y
  ret i32 %n
}

define i32 @field_a(ptr %p, i32 %y) {
  %f = getelementptr %pair, ptr %p, i64 7, i32 1
  %v = load i32, ptr %f
  %m = mul i32 %v, %y
  ret i32 %m
}
define i32 @field_b(ptr %p, i32 %y) {
  %f = getelementptr %pair, ptr %p, i64 7, i32 2
  %v = load i32, ptr %f
  %m = mul i32 %v, %y
  ret i32 %m
}

define i32 @row_a(i64 %i, i32 %y) {
  %f = getelementptr [8 x [8 x i32]], ptr @g, i64 0, i64 %i, i64 3
  %v = load i32, ptr %f
  %m = mul i32 %v, %y
  ret i32 %m
}
define i32 @row_b(i64 %i, i32 %y) {
  %f = getelementptr [8 x [8 x i32]], ptr @g, i64 0, i64 %i, i64 4
  %v = load i32, ptr %f
  %m = mul i32 %v, %y
  ret i32 %m
}

define void @stack_a(i32 %y) {
  %buf = alloca i32, i32 4
  store i32 %y, ptr %buf
  call void @use(ptr %buf)
  call void @use(ptr %buf)
  ret void
}
define void @stack_b(i32 %y) {
  %buf = alloca i32, i32 8
  store i32 %y, ptr %buf
  call void @use(ptr %buf)
  call void @use(ptr %buf)
  ret void
}
