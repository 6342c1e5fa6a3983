; zext and uitofp with and without nneg: no merge within each pair.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @zext_plain(
; CHECK-NEXT: %v = load i8, ptr %p, align 1
; CHECK-NEXT: %z = zext i8 %v to i32
; CHECK-NEXT: %a = add i32 %z, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @zext_plain(ptr %p, i32 %x) unnamed_addr {
  %v = load i8, ptr %p, align 1
  %z = zext i8 %v to i32
  %a = add i32 %z, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @zext_nneg(
; CHECK-NEXT: %v = load i8, ptr %p, align 1
; CHECK-NEXT: %z = zext nneg i8 %v to i32
; CHECK-NEXT: %a = add i32 %z, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @zext_nneg(ptr %p, i32 %x) unnamed_addr {
  %v = load i8, ptr %p, align 1
  %z = zext nneg i8 %v to i32
  %a = add i32 %z, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @uitofp_plain(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %f = uitofp i32 %v to float
; CHECK-NEXT: %i = fptosi float %f to i32
; CHECK-NEXT: ret i32 %i
define internal i32 @uitofp_plain(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %f = uitofp i32 %v to float
  %i = fptosi float %f to i32
  ret i32 %i
}

; CHECK-LABEL: define internal i32 @uitofp_nneg(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %f = uitofp nneg i32 %v to float
; CHECK-NEXT: %i = fptosi float %f to i32
; CHECK-NEXT: ret i32 %i
define internal i32 @uitofp_nneg(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %f = uitofp nneg i32 %v to float
  %i = fptosi float %f to i32
  ret i32 %i
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @zext_plain(
; CHECK: call i32 @zext_nneg(
; CHECK: call i32 @uitofp_plain(
; CHECK: call i32 @uitofp_nneg(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @zext_plain(ptr %p, i32 %x)
  %r1 = call i32 @zext_nneg(ptr %p, i32 %x)
  %r2 = call i32 @uitofp_plain(ptr %p, i32 %x)
  %r3 = call i32 @uitofp_nneg(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  ret i32 %s2
}
