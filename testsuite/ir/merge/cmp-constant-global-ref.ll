; Functions that read two different globals (with equal initializers) or call
; two different external functions: no two merge; a global is its address.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@global_a = global i32 1
@global_b = global i32 1

declare i32 @ext_a(i32)
declare i32 @ext_b(i32)

; CHECK-LABEL: define internal i32 @read_a(
; CHECK-NEXT: %v = load i32, ptr @global_a, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: store i32 %a, ptr %p, align 4
; CHECK-NEXT: ret i32 %a
define internal i32 @read_a(ptr %p, i32 %x) unnamed_addr nounwind {
  %v = load i32, ptr @global_a, align 4
  %a = add i32 %v, %x
  store i32 %a, ptr %p, align 4
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @read_b(
; CHECK-NEXT: %v = load i32, ptr @global_b, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: store i32 %a, ptr %p, align 4
; CHECK-NEXT: ret i32 %a
define internal i32 @read_b(ptr %p, i32 %x) unnamed_addr nounwind {
  %v = load i32, ptr @global_b, align 4
  %a = add i32 %v, %x
  store i32 %a, ptr %p, align 4
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @call_a(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %c = call i32 @ext_a(i32 %v)
; CHECK-NEXT: %a = add i32 %c, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @call_a(ptr %p, i32 %x) unnamed_addr nounwind {
  %v = load i32, ptr %p, align 4
  %c = call i32 @ext_a(i32 %v)
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @call_b(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %c = call i32 @ext_b(i32 %v)
; CHECK-NEXT: %a = add i32 %c, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @call_b(ptr %p, i32 %x) unnamed_addr nounwind {
  %v = load i32, ptr %p, align 4
  %c = call i32 @ext_b(i32 %v)
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @read_a(
; CHECK: call i32 @read_b(
; CHECK: call i32 @call_a(
; CHECK: call i32 @call_b(
define i32 @caller(ptr %p, i32 %x) nounwind {
  %r0 = call i32 @read_a(ptr %p, i32 %x)
  %r1 = call i32 @read_b(ptr %p, i32 %x)
  %r2 = call i32 @call_a(ptr %p, i32 %x)
  %r3 = call i32 @call_b(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  ret i32 %s2
}
