; cmpxchg differing in weak, success ordering, failure ordering, and
; volatile: no two merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 6 functions, 5 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @strong(
; CHECK-NEXT: %c = cmpxchg ptr %p, i32 0, i32 %x seq_cst seq_cst, align 4
; CHECK-NEXT: %v = extractvalue { i32, i1 } %c, 0
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @strong(ptr %p, i32 %x) unnamed_addr {
  %c = cmpxchg ptr %p, i32 0, i32 %x seq_cst seq_cst, align 4
  %v = extractvalue { i32, i1 } %c, 0
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @weak(
; CHECK-NEXT: %c = cmpxchg weak ptr %p, i32 0, i32 %x seq_cst seq_cst, align 4
; CHECK-NEXT: %v = extractvalue { i32, i1 } %c, 0
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @weak(ptr %p, i32 %x) unnamed_addr {
  %c = cmpxchg weak ptr %p, i32 0, i32 %x seq_cst seq_cst, align 4
  %v = extractvalue { i32, i1 } %c, 0
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @success_acq_rel(
; CHECK-NEXT: %c = cmpxchg ptr %p, i32 0, i32 %x acq_rel seq_cst, align 4
; CHECK-NEXT: %v = extractvalue { i32, i1 } %c, 0
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @success_acq_rel(ptr %p, i32 %x) unnamed_addr {
  %c = cmpxchg ptr %p, i32 0, i32 %x acq_rel seq_cst, align 4
  %v = extractvalue { i32, i1 } %c, 0
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @failure_monotonic(
; CHECK-NEXT: %c = cmpxchg ptr %p, i32 0, i32 %x seq_cst monotonic, align 4
; CHECK-NEXT: %v = extractvalue { i32, i1 } %c, 0
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @failure_monotonic(ptr %p, i32 %x) unnamed_addr {
  %c = cmpxchg ptr %p, i32 0, i32 %x seq_cst monotonic, align 4
  %v = extractvalue { i32, i1 } %c, 0
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @volatile(
; CHECK-NEXT: %c = cmpxchg volatile ptr %p, i32 0, i32 %x seq_cst seq_cst, align 4
; CHECK-NEXT: %v = extractvalue { i32, i1 } %c, 0
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @volatile(ptr %p, i32 %x) unnamed_addr {
  %c = cmpxchg volatile ptr %p, i32 0, i32 %x seq_cst seq_cst, align 4
  %v = extractvalue { i32, i1 } %c, 0
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @strong(
; CHECK: call i32 @weak(
; CHECK: call i32 @success_acq_rel(
; CHECK: call i32 @failure_monotonic(
; CHECK: call i32 @volatile(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @strong(ptr %p, i32 %x)
  %r1 = call i32 @weak(ptr %p, i32 %x)
  %r2 = call i32 @success_acq_rel(ptr %p, i32 %x)
  %r3 = call i32 @failure_monotonic(ptr %p, i32 %x)
  %r4 = call i32 @volatile(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  %s3 = add i32 %s2, %r4
  ret i32 %s3
}
