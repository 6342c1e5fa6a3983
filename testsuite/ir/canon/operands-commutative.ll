; Operands of commutative instructions are sorted: instructions first, then
; arguments by number, then constants; compares are oriented by the same
; order, with the mirrored predicate (icmp slt %y, %x -> icmp sgt %x, %y;
; fcmp ogt 1.0, %d -> fcmp olt %d, 1.0); the other non-commutative ones
; (sub) keep their order. A compare of one value with itself gets the
; smaller predicate code (icmp slt %x, %x -> icmp sgt); a compare of two
; constants is oriented too (the builder would fold it: rebuilt on
; placeholders; found by llvm-stress modules in bench-canon.sh).
; RUN: %ltofold canon %s -S -o - | FileCheck %s

; CHECK-LABEL: define i1 @f(
; CHECK: add i32 %a0, 5
; CHECK: mul i32 %a0, %a1
; CHECK: sub i32 5, %a0
; CHECK: icmp eq i32 %a0, %a1
; CHECK: fcmp nnan olt double %a4, 1.0
; CHECK: icmp samesign uge i32 %a0, %a1
; CHECK: icmp {{s[gl]t}} <2 x i32> <i32 {{[13]}}, i32 {{[24]}}>, <i32 {{[13]}}, i32 {{[24]}}>
; CHECK: icmp sgt i32 %a0, %a0
; CHECK: icmp sgt i32 %a0, %a1
; CHECK: and i1 %"{{[^"]+}}", %a2
define i1 @f(i32 %x, i32 %y, i1 %z, ptr %p, double %d) {
  %a = add i32 5, %x
  store volatile i32 %a, ptr %p
  %m = mul i32 %y, %x
  store volatile i32 %m, ptr %p
  %s = sub i32 5, %x
  store volatile i32 %s, ptr %p
  %e = icmp eq i32 %y, %x
  store volatile i1 %e, ptr %p
  %l = icmp slt i32 %y, %x
  %o = fcmp nnan ogt double 1.0, %d
  store volatile i1 %o, ptr %p
  %u = icmp samesign ule i32 %y, %x
  store volatile i1 %u, ptr %p
  %k = icmp sgt <2 x i32> <i32 1, i32 2>, <i32 3, i32 4>
  store volatile <2 x i1> %k, ptr %p
  %same = icmp sgt i32 %x, %x
  store volatile i1 %same, ptr %p
  %r = and i1 %z, %l
  ret i1 %r
}

; Swapping the operands of commutative instructions, or of a compare with
; its predicate mirrored, in the input changes nothing in the output.
; RUN: sed -e 's/add i32 5, %%x/add i32 %%x, 5/' -e 's/mul i32 %%y, %%x/mul i32 %%x, %%y/' -e 's/and i1 %%z, %%l/and i1 %%l, %%z/' -e 's/icmp slt i32 %%y, %%x/icmp sgt i32 %%x, %%y/' -e 's/fcmp nnan ogt double 1.0, %%d/fcmp nnan olt double %%d, 1.0/' -e 's/icmp samesign ule i32 %%y, %%x/icmp samesign uge i32 %%x, %%y/' -e 's/icmp sgt <2 x i32> <i32 1, i32 2>, <i32 3, i32 4>/icmp slt <2 x i32> <i32 3, i32 4>, <i32 1, i32 2>/' -e 's/icmp sgt i32 %%x, %%x/icmp slt i32 %%x, %%x/' %s > %t.swapped.ll
; RUN: not diff %s %t.swapped.ll > /dev/null
; RUN: %ltofold diff %s %t.swapped.ll | tail -n +2 | grep -qx 'no change'
