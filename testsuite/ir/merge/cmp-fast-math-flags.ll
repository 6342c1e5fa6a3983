; fadd with different fast-math flags (none, nnan, fast, reassoc nsz): no two
; merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @strict(
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK-NEXT: %a = fadd float %v, 1.000000e+00
; CHECK-NEXT: %i = fptosi float %a to i32
; CHECK-NEXT: ret i32 %i
define internal i32 @strict(ptr %p, i32 %x) unnamed_addr {
  %v = load float, ptr %p, align 4
  %a = fadd float %v, 1.000000e+00
  %i = fptosi float %a to i32
  ret i32 %i
}

; CHECK-LABEL: define internal i32 @nnan(
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK-NEXT: %a = fadd nnan float %v, 1.000000e+00
; CHECK-NEXT: %i = fptosi float %a to i32
; CHECK-NEXT: ret i32 %i
define internal i32 @nnan(ptr %p, i32 %x) unnamed_addr {
  %v = load float, ptr %p, align 4
  %a = fadd nnan float %v, 1.000000e+00
  %i = fptosi float %a to i32
  ret i32 %i
}

; CHECK-LABEL: define internal i32 @fast(
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK-NEXT: %a = fadd fast float %v, 1.000000e+00
; CHECK-NEXT: %i = fptosi float %a to i32
; CHECK-NEXT: ret i32 %i
define internal i32 @fast(ptr %p, i32 %x) unnamed_addr {
  %v = load float, ptr %p, align 4
  %a = fadd fast float %v, 1.000000e+00
  %i = fptosi float %a to i32
  ret i32 %i
}

; CHECK-LABEL: define internal i32 @reassoc_nsz(
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK-NEXT: %a = fadd reassoc nsz float %v, 1.000000e+00
; CHECK-NEXT: %i = fptosi float %a to i32
; CHECK-NEXT: ret i32 %i
define internal i32 @reassoc_nsz(ptr %p, i32 %x) unnamed_addr {
  %v = load float, ptr %p, align 4
  %a = fadd reassoc nsz float %v, 1.000000e+00
  %i = fptosi float %a to i32
  ret i32 %i
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @strict(
; CHECK: call i32 @nnan(
; CHECK: call i32 @fast(
; CHECK: call i32 @reassoc_nsz(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @strict(ptr %p, i32 %x)
  %r1 = call i32 @nnan(ptr %p, i32 %x)
  %r2 = call i32 @fast(ptr %p, i32 %x)
  %r3 = call i32 @reassoc_nsz(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  ret i32 %s2
}
