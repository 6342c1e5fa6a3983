; Two pairs of twins (sign- and zero-extension) and a wrapper calling one of
; each pair. Folding a twin deletes it; the comparator must not then give a
; number it gave before to another global, or the wrappers, which call
; different functions, compare equal and zx_wrap(-1) returns -1 instead of
; 65535. The same module with its functions in reverse order (Inputs/) must
; fold the same way: only the twins.
; RUN: %ltofold merge %s -o - -S --verify --stats 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS --input-file %t.stats
; RUN: %ltofold merge %S/Inputs/callers-of-distinct-folds-reversed.ll -o - -S --verify | FileCheck %s
; RUN: %ltofold merge %s -o - -S --merge-recursive=false | FileCheck %s

; STATS: ltofold merge: 6 functions, 6 candidates, 2 folded
; STATS-NEXT: replaced 2

; CHECK-DAG: define i32 @sx_wrap(i16 %x) unnamed_addr {
; CHECK-DAG: call i32 @sx_b(i16 %x)
; CHECK-DAG: define i32 @zx_wrap(i16 %x) unnamed_addr {
; CHECK-DAG: call i32 @zx_b(i16 %x)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define internal i32 @sx_a(i16 %x) {
  %r = sext i16 %x to i32
  ret i32 %r
}

define i32 @sx_b(i16 %x) {
  %r = sext i16 %x to i32
  ret i32 %r
}

define i32 @sx_wrap(i16 %x) unnamed_addr {
  %r = call i32 @sx_a(i16 %x)
  ret i32 %r
}

define internal i32 @zx_a(i16 %x) {
  %r = zext i16 %x to i32
  ret i32 %r
}

define i32 @zx_b(i16 %x) {
  %r = zext i16 %x to i32
  ret i32 %r
}

define i32 @zx_wrap(i16 %x) unnamed_addr {
  %r = call i32 @zx_a(i16 %x)
  ret i32 %r
}
