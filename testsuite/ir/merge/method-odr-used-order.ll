; Three equal weak_odr functions that must all keep their symbols
; (llvm.used): one new local body holds the code and all three become
; thunks of it, whichever order the module lists them in (the same module
; with its functions reversed is in Inputs/). Which body is kept must not
; depend on that order.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s
; RUN: %ltofold merge %S/Inputs/odr-used-order-reversed.ll -o - -S --verify | FileCheck %s

; CHECK-DAG: define internal void @used_a.ltofold.body(ptr %p) unnamed_addr {
; CHECK-DAG: define weak_odr void @used_a(ptr [[A:%.*]]) #{{[0-9]+}} {
; CHECK-DAG: tail call void @used_a.ltofold.body(ptr [[A]])
; CHECK-DAG: define weak_odr void @used_b(ptr %p) #{{[0-9]+}} {
; CHECK-DAG: tail call void @used_a.ltofold.body(ptr %p)
; CHECK-DAG: define weak_odr void @used_c(ptr %p) #{{[0-9]+}} {
; CHECK-DAG: tail call void @used_a.ltofold.body(ptr %p)

target triple = "x86_64-pc-linux-gnu"

@llvm.used = appending global [3 x ptr] [ptr @used_a, ptr @used_b, ptr @used_c], section "llvm.metadata"

declare void @sink(ptr)

define weak_odr void @used_a(ptr %p) {
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  ret void
}

define weak_odr void @used_b(ptr %p) {
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  ret void
}

define weak_odr void @used_c(ptr %p) {
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  ret void
}
