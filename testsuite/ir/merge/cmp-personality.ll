; Different personality functions, and a personality on one side only: no
; merge (the personality decides how exceptions unwind through the frame).
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 4 functions, 3 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @personality_a(...)
declare i32 @personality_b(...)

; CHECK-LABEL: define internal i32 @with_a({{.*}}) unnamed_addr personality ptr @personality_a {
define internal i32 @with_a(ptr %p, i32 %x) unnamed_addr personality ptr @personality_a {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @with_b({{.*}}) unnamed_addr personality ptr @personality_b {
define internal i32 @with_b(ptr %p, i32 %x) unnamed_addr personality ptr @personality_b {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @without({{.*}}) unnamed_addr {
define internal i32 @without(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @with_a(
; CHECK: call i32 @with_b(
; CHECK: call i32 @without(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @with_a(ptr %p, i32 %x)
  %2 = call i32 @with_b(ptr %p, i32 %x)
  %3 = call i32 @without(ptr %p, i32 %x)
  %s = add i32 %1, %2
  %t = add i32 %s, %3
  ret i32 %t
}
