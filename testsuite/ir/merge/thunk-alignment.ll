; A thunk is a jump: it takes optsize, so that code generation does not pad
; it to the 16 bytes x86-64 prefers for functions (as much as the thunk
; itself). Alignment a function asks for itself stays (C++ methods' align 2,
; which member function pointers rely on), and an optnone function, which
; may not take optsize, stays as it was.
; RUN: %ltofold merge %s -S -o - --verify | FileCheck %s
; RUN: %ltofold merge %s -o %t.bc
; RUN: llc -O2 %t.bc -o - | FileCheck %s --check-prefix=ASM

; CHECK:       define i32 @g(ptr %p, i32 %x) #[[THUNK:[0-9]+]] {
; CHECK-NEXT:    tail call i32 @f(
; CHECK:       define i32 @m2(ptr %p, i32 %x) #[[THUNK]] align 2 {
; CHECK-NEXT:    tail call i32 @m1(
; CHECK:       define i32 @o2(ptr %p, i32 %x) #[[NONE:[0-9]+]] {
; CHECK-NEXT:    tail call i32 @o1(
; CHECK:       attributes #[[THUNK]] = { optsize }
; CHECK:       attributes #[[NONE]] = { noinline optnone }

; ASM:      .p2align 4
; ASM-NOT:  .p2align
; ASM:      f:
; ASM-NOT:  .p2align
; ASM:      g:
; ASM:      .p2align 4
; ASM-NOT:  .p2align
; ASM:      m1:
; ASM:      .p2align 1
; ASM-NOT:  .p2align
; ASM:      m2:
; ASM:      .p2align 4
; ASM-NOT:  .p2align
; ASM:      o1:
; ASM:      .p2align 4
; ASM-NOT:  .p2align
; ASM:      o2:

target triple = "x86_64-pc-linux-gnu"

@table = global [6 x ptr] [ptr @f, ptr @g, ptr @m1, ptr @m2, ptr @o1, ptr @o2]

define i32 @f(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define i32 @g(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define i32 @m1(ptr %p, i32 %x) align 2 {
  %v = load i32, ptr %p, align 4
  %a = sub i32 %v, %x
  %m = mul i32 %a, 5
  ret i32 %m
}

define i32 @m2(ptr %p, i32 %x) align 2 {
  %v = load i32, ptr %p, align 4
  %a = sub i32 %v, %x
  %m = mul i32 %a, 5
  ret i32 %m
}

define i32 @o1(ptr %p, i32 %x) noinline optnone {
  %v = load i32, ptr %p, align 4
  %a = xor i32 %v, %x
  ret i32 %a
}

define i32 @o2(ptr %p, i32 %x) noinline optnone {
  %v = load i32, ptr %p, align 4
  %a = xor i32 %v, %x
  ret i32 %a
}
