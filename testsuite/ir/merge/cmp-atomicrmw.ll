; atomicrmw differing in operation (add, sub, xchg, umax) or ordering:
; no two merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 6 functions, 5 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @rmw_add(
; CHECK-NEXT: %v = atomicrmw add ptr %p, i32 %x seq_cst, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @rmw_add(ptr %p, i32 %x) unnamed_addr {
  %v = atomicrmw add ptr %p, i32 %x seq_cst, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @rmw_sub(
; CHECK-NEXT: %v = atomicrmw sub ptr %p, i32 %x seq_cst, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @rmw_sub(ptr %p, i32 %x) unnamed_addr {
  %v = atomicrmw sub ptr %p, i32 %x seq_cst, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @rmw_xchg(
; CHECK-NEXT: %v = atomicrmw xchg ptr %p, i32 %x seq_cst, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @rmw_xchg(ptr %p, i32 %x) unnamed_addr {
  %v = atomicrmw xchg ptr %p, i32 %x seq_cst, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @rmw_umax(
; CHECK-NEXT: %v = atomicrmw umax ptr %p, i32 %x seq_cst, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @rmw_umax(ptr %p, i32 %x) unnamed_addr {
  %v = atomicrmw umax ptr %p, i32 %x seq_cst, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @rmw_add_monotonic(
; CHECK-NEXT: %v = atomicrmw add ptr %p, i32 %x monotonic, align 4
; CHECK-NEXT: %a = add i32 %v, %x
; CHECK-NEXT: %m = mul i32 %a, 3
; CHECK-NEXT: ret i32 %m
define internal i32 @rmw_add_monotonic(ptr %p, i32 %x) unnamed_addr {
  %v = atomicrmw add ptr %p, i32 %x monotonic, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @rmw_add(
; CHECK: call i32 @rmw_sub(
; CHECK: call i32 @rmw_xchg(
; CHECK: call i32 @rmw_umax(
; CHECK: call i32 @rmw_add_monotonic(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @rmw_add(ptr %p, i32 %x)
  %r1 = call i32 @rmw_sub(ptr %p, i32 %x)
  %r2 = call i32 @rmw_xchg(ptr %p, i32 %x)
  %r3 = call i32 @rmw_umax(ptr %p, i32 %x)
  %r4 = call i32 @rmw_add_monotonic(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  %s3 = add i32 %s2, %r4
  ret i32 %s3
}
