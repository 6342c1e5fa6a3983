; Three equal functions (a pointer and an i64 compare equal): @load_ptr,
; external and of another type, meets the others first and stays their
; class's representative, but neither can fold into it (no alias: their
; addresses are significant; no thunk: they are as small as one). That must
; not stop @load_int_b folding into @load_int_a, which has its type. The
; attributes of the representative are left as they were, since it folded
; with nothing.
; RUN: %ltofold merge %s -o - -S --verify --stats 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS --input-file %t.stats

; STATS: ltofold merge: 4 functions, 3 candidates, 1 folded
; STATS-NEXT: replaced 1
; STATS-NEXT: skipped: too-small-for-thunk 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: define noundef ptr @load_ptr(ptr nonnull %p)
define noundef ptr @load_ptr(ptr nonnull %p) {
  %v = load ptr, ptr %p, align 8
  ret ptr %v
}

; CHECK: define internal i64 @load_int_a(ptr %p)
define internal i64 @load_int_a(ptr %p) {
  %v = load i64, ptr %p, align 8
  ret i64 %v
}

; CHECK-NOT: define {{.*}} @load_int_b(
define internal i64 @load_int_b(ptr %p) {
  %v = load i64, ptr %p, align 8
  ret i64 %v
}

; CHECK-LABEL: define i64 @use(
; CHECK-NEXT: call i64 @load_int_a(
; CHECK-NEXT: call i64 @load_int_a(
define i64 @use(ptr %p) {
  %a = call i64 @load_int_a(ptr %p)
  %b = call i64 @load_int_b(ptr %p)
  %s = add i64 %a, %b
  ret i64 %s
}
