; The same fold through opt and the pass plugin: an internal unnamed_addr
; function is replaced by its equal and deleted.
; REQUIRES: plugin
; RUN: %opt -passes=ltofold-merge %s -S | FileCheck %s --implicit-check-not=@g

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: @table = global ptr @f
@table = global ptr @g

; CHECK-LABEL: define internal i32 @f(
define internal i32 @f(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define internal i32 @g(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @f(
; CHECK-NEXT: call i32 @f(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @f(ptr %p, i32 %x)
  %2 = call i32 @g(ptr %p, i32 %x)
  %s = add i32 %1, %2
  ret i32 %s
}
