; A string attribute's value differs ("target-cpu"): no merge. The second
; pair differs by a string attribute present on one side only.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @left(ptr %p, i32 %x) unnamed_addr #0 {
define internal i32 @left(ptr %p, i32 %x) unnamed_addr #0 {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @right(ptr %p, i32 %x) unnamed_addr #1 {
define internal i32 @right(ptr %p, i32 %x) unnamed_addr #1 {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @with_key(ptr %p, i32 %x) unnamed_addr #2 {
define internal i32 @with_key(ptr %p, i32 %x) unnamed_addr #2 {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define internal i32 @without_key(ptr %p, i32 %x) unnamed_addr {
define internal i32 @without_key(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @left(
; CHECK: call i32 @right(
; CHECK: call i32 @with_key(
; CHECK: call i32 @without_key(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @left(ptr %p, i32 %x)
  %2 = call i32 @right(ptr %p, i32 %x)
  %3 = call i32 @with_key(ptr %p, i32 %x)
  %4 = call i32 @without_key(ptr %p, i32 %x)
  %s = add i32 %1, %2
  %t = add i32 %3, %4
  %u = add i32 %s, %t
  ret i32 %u
}

; CHECK: attributes #0 = { "target-cpu"="x86-64" }
; CHECK: attributes #1 = { "target-cpu"="skylake" }
; CHECK: attributes #2 = { "ltofold-test"="1" }
attributes #0 = { "target-cpu"="x86-64" }
attributes #1 = { "target-cpu"="skylake" }
attributes #2 = { "ltofold-test"="1" }
