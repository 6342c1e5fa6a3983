; Pointers in address space 0 compare as i64 inside vectors and arrays too, so
; <2 x ptr> and <2 x i64> (and [2 x ptr] and [2 x i64]) versions of the same
; function merge. G's address is significant, so G becomes a thunk that must
; convert its arguments and result element by element (ptrtoint / inttoptr on
; the vector; extractvalue, ptrtoint / inttoptr, insertvalue on the array), as
; LLVM's mergefunc does.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define <2 x i64> @vector_int(
; CHECK-NEXT: %q = getelementptr inbounds i8, ptr %p, i64 16
define <2 x i64> @vector_int(ptr %p, <2 x i64> %x) {
  %q = getelementptr inbounds i8, ptr %p, i64 16
  %v = load <2 x i64>, ptr %q, align 16
  store <2 x i64> %x, ptr %q, align 16
  ret <2 x i64> %v
}

; CHECK-LABEL: define <2 x ptr> @vector_ptr(
; CHECK-NOT: bitcast
; CHECK: ptrtoint <2 x ptr> %x to <2 x i64>
; CHECK-NEXT: tail call <2 x i64> @vector_int(
; CHECK-NEXT: inttoptr <2 x i64> {{.*}} to <2 x ptr>
; CHECK-NOT: bitcast
; CHECK: ret <2 x ptr>
define <2 x ptr> @vector_ptr(ptr %p, <2 x ptr> %x) {
  %q = getelementptr inbounds i8, ptr %p, i64 16
  %v = load <2 x ptr>, ptr %q, align 16
  store <2 x ptr> %x, ptr %q, align 16
  ret <2 x ptr> %v
}

; CHECK-LABEL: define [2 x i64] @array_int(
; CHECK-NEXT: %q = getelementptr inbounds i8, ptr %p, i64 32
define [2 x i64] @array_int(ptr %p, [2 x i64] %x) {
  %q = getelementptr inbounds i8, ptr %p, i64 32
  %v = load [2 x i64], ptr %q, align 8
  store [2 x i64] %x, ptr %q, align 8
  ret [2 x i64] %v
}

; CHECK-LABEL: define [2 x ptr] @array_ptr(
; CHECK-NOT: bitcast
; CHECK: tail call [2 x i64] @array_int(
; CHECK-NOT: bitcast
; CHECK: ret [2 x ptr]
define [2 x ptr] @array_ptr(ptr %p, [2 x ptr] %x) {
  %q = getelementptr inbounds i8, ptr %p, i64 32
  %v = load [2 x ptr], ptr %q, align 8
  store [2 x ptr] %x, ptr %q, align 8
  ret [2 x ptr] %v
}
