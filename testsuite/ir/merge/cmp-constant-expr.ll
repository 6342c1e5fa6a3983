; Constant expressions that differ in offset, flags, source type (with a
; different offset) or base: no two merge.
; (Equal functions only: merge-similar folds these, see similar-*.ll.)
; RUN: %ltofold merge --merge-similar=false %s -o - -S | FileCheck %s
; RUN: %ltofold merge --merge-similar=false %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 6 functions, 5 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@table = global [4 x i64] zeroinitializer
@other = global [4 x i64] zeroinitializer

; CHECK-LABEL: define internal i32 @gep_4(
; CHECK-NEXT: store ptr getelementptr (i8, ptr @table, i64 4), ptr %p, align 8
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @gep_4(ptr %p, i32 %x) unnamed_addr {
  store ptr getelementptr (i8, ptr @table, i64 4), ptr %p, align 8
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @gep_8(
; CHECK-NEXT: store ptr getelementptr (i8, ptr @table, i64 8), ptr %p, align 8
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @gep_8(ptr %p, i32 %x) unnamed_addr {
  store ptr getelementptr (i8, ptr @table, i64 8), ptr %p, align 8
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @gep_inbounds_4(
; CHECK-NEXT: store ptr getelementptr inbounds (i8, ptr @table, i64 4), ptr %p, align 8
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @gep_inbounds_4(ptr %p, i32 %x) unnamed_addr {
  store ptr getelementptr inbounds (i8, ptr @table, i64 4), ptr %p, align 8
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @gep_i64_1(
; CHECK-NEXT: store ptr getelementptr (i64, ptr @table, i64 1), ptr %p, align 8
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @gep_i64_1(ptr %p, i32 %x) unnamed_addr {
  store ptr getelementptr (i64, ptr @table, i64 1), ptr %p, align 8
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @gep_other_4(
; CHECK-NEXT: store ptr getelementptr (i8, ptr @other, i64 4), ptr %p, align 8
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @gep_other_4(ptr %p, i32 %x) unnamed_addr {
  store ptr getelementptr (i8, ptr @other, i64 4), ptr %p, align 8
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @gep_4(
; CHECK: call i32 @gep_8(
; CHECK: call i32 @gep_inbounds_4(
; CHECK: call i32 @gep_i64_1(
; CHECK: call i32 @gep_other_4(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @gep_4(ptr %p, i32 %x)
  %r1 = call i32 @gep_8(ptr %p, i32 %x)
  %r2 = call i32 @gep_inbounds_4(ptr %p, i32 %x)
  %r3 = call i32 @gep_i64_1(ptr %p, i32 %x)
  %r4 = call i32 @gep_other_4(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  %s3 = add i32 %s2, %r4
  ret i32 %s3
}
