; Operands of commutative instructions are sorted: instructions first, then
; arguments by number, then constants; non-commutative ones (sub, icmp slt)
; keep their order.
; RUN: %ltofold canon %s -S -o - | FileCheck %s

; CHECK-LABEL: define i1 @f(
; CHECK: add i32 %a0, 5
; CHECK: mul i32 %a0, %a1
; CHECK: sub i32 5, %a0
; CHECK: icmp eq i32 %a0, %a1
; CHECK: icmp slt i32 %a1, %a0
; CHECK: and i1 %"{{[^"]+}}", %a2
define i1 @f(i32 %x, i32 %y, i1 %z, ptr %p) {
  %a = add i32 5, %x
  store volatile i32 %a, ptr %p
  %m = mul i32 %y, %x
  store volatile i32 %m, ptr %p
  %s = sub i32 5, %x
  store volatile i32 %s, ptr %p
  %e = icmp eq i32 %y, %x
  store volatile i1 %e, ptr %p
  %l = icmp slt i32 %y, %x
  %r = and i1 %z, %l
  ret i1 %r
}

; Swapping the operands of commutative instructions in the input changes
; nothing in the output.
; RUN: sed -e 's/add i32 5, %%x/add i32 %%x, 5/' -e 's/mul i32 %%y, %%x/mul i32 %%x, %%y/' -e 's/and i1 %%z, %%l/and i1 %%l, %%z/' %s > %t.swapped.ll
; RUN: not diff %s %t.swapped.ll > /dev/null
; RUN: %ltofold diff %s %t.swapped.ll | count 0
