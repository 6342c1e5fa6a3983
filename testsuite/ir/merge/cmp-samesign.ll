; icmp samesign vs plain icmp: samesign makes mixed signs poison. No merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @plain(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %c = icmp ult i32 %v, %x
; CHECK-NEXT: %z = zext i1 %c to i32
; CHECK-NEXT: ret i32 %z
define internal i32 @plain(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %c = icmp ult i32 %v, %x
  %z = zext i1 %c to i32
  ret i32 %z
}

; CHECK-LABEL: define internal i32 @samesign(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %c = icmp samesign ult i32 %v, %x
; CHECK-NEXT: %z = zext i1 %c to i32
; CHECK-NEXT: ret i32 %z
define internal i32 @samesign(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %c = icmp samesign ult i32 %v, %x
  %z = zext i1 %c to i32
  ret i32 %z
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @plain(
; CHECK: call i32 @samesign(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @plain(ptr %p, i32 %x)
  %r1 = call i32 @samesign(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  ret i32 %s0
}
