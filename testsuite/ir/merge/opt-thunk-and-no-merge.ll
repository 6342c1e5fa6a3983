; Through opt and the pass plugin: an external function without unnamed_addr
; becomes a thunk and its direct calls move; a pair differing only in a
; volatile load stays apart.
; REQUIRES: plugin
; RUN: %opt -passes=ltofold-merge %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define i32 @f(ptr %p, i32 %x) {
; CHECK-NEXT: %v = load i32, ptr %p, align 4
define i32 @f(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @g(ptr %p, i32 %x) #{{[0-9]+}} {
; CHECK-NEXT: %1 = tail call i32 @f(ptr %p, i32 %x)
; CHECK-NEXT: ret i32 %1
define i32 @g(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @plain(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
define internal i32 @plain(ptr %p, i32 %x) unnamed_addr nounwind {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 5
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @volatile(
; CHECK-NEXT: %v = load volatile i32, ptr %p, align 4
define internal i32 @volatile(ptr %p, i32 %x) unnamed_addr nounwind {
  %v = load volatile i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 5
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @f(
; CHECK-NEXT: call i32 @f(
; CHECK-NEXT: call i32 @plain(
; CHECK-NEXT: call i32 @volatile(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @f(ptr %p, i32 %x)
  %2 = call i32 @g(ptr %p, i32 %x)
  %3 = call i32 @plain(ptr %p, i32 %x)
  %4 = call i32 @volatile(ptr %p, i32 %x)
  %s = add i32 %1, %2
  %t = add i32 %3, %4
  %u = add i32 %s, %t
  ret i32 %u
}
