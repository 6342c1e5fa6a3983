; Copies of an inline function (linkonce_odr) disappear when folded, rather
; than staying behind as thunks: the first two folded need a new local body
; (both are ODR), and that body then keeps the third; a strong function equal
; to ODR copies keeps the body itself, since it has to stay anyway, and the
; copies vanish. Nothing but the two bodies is left.
; RUN: %ltofold merge %s -o - -S --verify --stats 2>%t.stats | FileCheck %s \
; RUN:   --implicit-check-not=@inline_copy_2 --implicit-check-not=@inline_copy_3 \
; RUN:   --implicit-check-not=@odr_twin --implicit-check-not=linkonce_odr
; RUN: FileCheck %s --check-prefix=STATS --input-file %t.stats

; STATS: ltofold merge: 6 functions, 5 candidates, 3 folded
; STATS-NEXT: replaced 3

target triple = "x86_64-pc-linux-gnu"

declare void @sink(ptr)
declare void @other(ptr)

; CHECK-LABEL: define void @driver(
; CHECK-NEXT: call void @inline_copy_1.ltofold.body(ptr %p)
; CHECK-NEXT: call void @inline_copy_1.ltofold.body(ptr %p)
; CHECK-NEXT: call void @inline_copy_1.ltofold.body(ptr %p)
; CHECK-NEXT: call void @strong(ptr %p)
; CHECK-NEXT: call void @strong(ptr %p)
define void @driver(ptr %p) {
  call void @inline_copy_1(ptr %p)
  call void @inline_copy_2(ptr %p)
  call void @inline_copy_3(ptr %p)
  call void @strong(ptr %p)
  call void @odr_twin(ptr %p)
  ret void
}

define linkonce_odr hidden void @inline_copy_1(ptr %p) {
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  ret void
}

define linkonce_odr hidden void @inline_copy_2(ptr %p) {
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  ret void
}

define linkonce_odr hidden void @inline_copy_3(ptr %p) {
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  ret void
}

define void @strong(ptr %p) {
  call void @other(ptr %p)
  call void @other(ptr %p)
  call void @other(ptr %p)
  ret void
}

define linkonce_odr hidden void @odr_twin(ptr %p) {
  call void @other(ptr %p)
  call void @other(ptr %p)
  call void @other(ptr %p)
  ret void
}

; CHECK: define internal void @inline_copy_1.ltofold.body(
; CHECK: define void @strong(
