; Naked functions are never merged: their body is raw asm that expects the
; caller's frame, and a thunk would put a frame in between. They are not
; even candidates.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 0 candidates, 0 folded
; STATS-NEXT: skipped: naked 2

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal void @naked_a() unnamed_addr #0 {
; CHECK-NEXT: call void asm sideeffect "movl $$1, %eax", ""()
define internal void @naked_a() unnamed_addr #0 {
  call void asm sideeffect "movl $$1, %eax", ""()
  call void asm sideeffect "ret", ""()
  unreachable
}

; CHECK-LABEL: define internal void @naked_b() unnamed_addr #0 {
; CHECK-NEXT: call void asm sideeffect "movl $$1, %eax", ""()
define internal void @naked_b() unnamed_addr #0 {
  call void asm sideeffect "movl $$1, %eax", ""()
  call void asm sideeffect "ret", ""()
  unreachable
}

; CHECK-LABEL: define void @caller(
; CHECK-NEXT: call void @naked_a()
; CHECK-NEXT: call void @naked_b()
define void @caller() {
  call void @naked_a()
  call void @naked_b()
  ret void
}

attributes #0 = { naked noinline }
