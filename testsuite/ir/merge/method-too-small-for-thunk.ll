; One-instruction functions whose addresses are significant: a thunk (a call
; and a return) would be no smaller, so @tiny_b keeps its body; its direct
; calls still go to @tiny_a. Counted as "callers" and as a too-small skip.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded
; STATS-NEXT: callers 1
; STATS-NEXT: skipped: too-small-for-thunk 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define i32 @tiny_a() {
; CHECK-NEXT: ret i32 42
define i32 @tiny_a() {
  ret i32 42
}

; CHECK-LABEL: define i32 @tiny_b() {
; CHECK-NEXT: ret i32 42
define i32 @tiny_b() {
  ret i32 42
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @tiny_a()
; CHECK-NEXT: call i32 @tiny_a()
define i32 @caller() {
  %1 = call i32 @tiny_a()
  %2 = call i32 @tiny_b()
  %s = add i32 %1, %2
  ret i32 %s
}
