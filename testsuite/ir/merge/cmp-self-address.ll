; A function that uses its own address (stores it, returns it) is not equal to
; another that uses *its* own address when the addresses are significant:
; folding @self_b into a thunk of @self_a would make @self_b() return @self_a.
; Only a call of itself counts as the same on both sides.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define ptr @self_a(ptr %p) {
; CHECK-NEXT: store ptr @self_a, ptr %p, align 8
; CHECK: ret ptr @self_a
define ptr @self_a(ptr %p) {
  store ptr @self_a, ptr %p, align 8
  %q = getelementptr inbounds i8, ptr %p, i64 8
  store ptr %p, ptr %q, align 8
  ret ptr @self_a
}

; CHECK-LABEL: define ptr @self_b(ptr %p) {
; CHECK-NEXT: store ptr @self_b, ptr %p, align 8
; CHECK: ret ptr @self_b
define ptr @self_b(ptr %p) {
  store ptr @self_b, ptr %p, align 8
  %q = getelementptr inbounds i8, ptr %p, i64 8
  store ptr %p, ptr %q, align 8
  ret ptr @self_b
}

; CHECK-LABEL: define ptr @caller(
; CHECK-NEXT: call ptr @self_a(
; CHECK-NEXT: call ptr @self_b(
define ptr @caller(ptr %p) {
  %1 = call ptr @self_a(ptr %p)
  %2 = call ptr @self_b(ptr %p)
  ret ptr %2
}
