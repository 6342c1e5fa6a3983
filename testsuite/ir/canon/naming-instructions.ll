; The three kinds of instruction names (llvm-canon):
;  - initial ("vl" + hash + callee + immediates): only constant or argument
;    operands;
;  - regular ("op" + hash + short names of instruction/argument operands,
;    no constants): the constant 7 does not appear in its name;
;  - output (used by a store, call or return; or itself a load or call with
;    instruction operands): the operand list is expanded recursively.
; PHIs are "ph" + hash + incoming short names.
; RUN: %ltofold canon %s -S -o - | FileCheck %s

declare i32 @source(i32, i32)

; CHECK-LABEL: define i32 @kinds(
; CHECK:      %"[[INIT:vl[0-9]+]]source(3, a0)" = call i32 @source(i32 3, i32 %a0)
; CHECK-NEXT: %"[[REG:op[0-9]+]]([[INIT]])" = add i32 %"[[INIT]]source(3, a0)", 7
; CHECK-NEXT: %"op{{[0-9]+}}([[REG]]([[INIT]]), a1)" = mul i32 %"[[REG]]([[INIT]])", %a1
; CHECK-NEXT: store i32
define i32 @kinds(i32 %x, i32 %y, ptr %p) {
  %c = call i32 @source(i32 3, i32 %x)
  %r = add i32 %c, 7
  %o = mul i32 %r, %y
  store i32 %o, ptr %p
  ret i32 %o
}

; CHECK-LABEL: define i32 @phi(
; CHECK: %"[[P:ph[0-9]+]](vl{{[0-9]+}}, vl{{[0-9]+}})" = phi i32
define i32 @phi(i1 %c, i32 %x) {
entry:
  br i1 %c, label %a, label %b
a:
  %u = add i32 %x, 1
  br label %j
b:
  %v = sub i32 %x, 1
  br label %j
j:
  %p = phi i32 [ %u, %a ], [ %v, %b ]
  ret i32 %p
}

; Equal names get ".1", ".2" in canonical order.
; CHECK-LABEL: define void @twins(
; CHECK:      %"[[T:vl[0-9]+]](a0, 1)" = add i32 %a0, 1
; CHECK:      %"[[T]](a0, 1).1" = add i32 %a0, 1
define void @twins(i32 %x, ptr %p) {
  %a = add i32 %x, 1
  store volatile i32 %a, ptr %p
  %b = add i32 %x, 1
  store volatile i32 %b, ptr %p
  ret void
}
