; A C++ personality on a function without any invoke or EH pad does nothing
; (no landing pad, no LSDA): such a function folds with the same body
; without one, as LLVM's pass does. A function that does have a landing pad
; keeps its personality and is compared with it (cmp-personality.ll).
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s --implicit-check-not=@with_personality
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 3 candidates, 1 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @__gxx_personality_v0(...)
declare void @release(ptr)

; CHECK-LABEL: define internal void @plain(
define internal void @plain(ptr %p) unnamed_addr {
  call void @release(ptr %p)
  call void @release(ptr %p)
  ret void
}

define internal void @with_personality(ptr %p) unnamed_addr personality ptr @__gxx_personality_v0 {
  call void @release(ptr %p)
  call void @release(ptr %p)
  ret void
}

; CHECK-LABEL: define void @use(
; CHECK-NEXT: call void @plain(
; CHECK-NEXT: call void @plain(
define void @use(ptr %p) {
  call void @plain(ptr %p)
  call void @with_personality(ptr %p)
  ret void
}
