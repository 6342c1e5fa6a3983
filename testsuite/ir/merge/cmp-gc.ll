; Different garbage collectors, and a collector on one side only: no merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 4 functions, 3 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @shadow(ptr %p, i32 %x) unnamed_addr gc "shadow-stack" {
define internal i32 @shadow(ptr %p, i32 %x) unnamed_addr gc "shadow-stack" {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @statepoint(ptr %p, i32 %x) unnamed_addr gc "statepoint-example" {
define internal i32 @statepoint(ptr %p, i32 %x) unnamed_addr gc "statepoint-example" {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @nogc(ptr %p, i32 %x) unnamed_addr {
define internal i32 @nogc(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @shadow(
; CHECK: call i32 @statepoint(
; CHECK: call i32 @nogc(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @shadow(ptr %p, i32 %x)
  %2 = call i32 @statepoint(ptr %p, i32 %x)
  %3 = call i32 @nogc(ptr %p, i32 %x)
  %s = add i32 %1, %2
  %t = add i32 %s, %3
  ret i32 %t
}
