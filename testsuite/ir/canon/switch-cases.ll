; The cases of a switch are sorted by value (as unsigned numbers), and its
; branch weights follow them; the blocks are then laid out in that order.
; RUN: %ltofold canon %s -S -o - | FileCheck %s

; CHECK-LABEL: define i32 @pick(
; CHECK: switch i32 %a0, label %[[DEFAULT:[^ ]+]] [
; CHECK-NEXT: i32 2, label %[[TWO:[^ ]+]]
; CHECK-NEXT: i32 9, label %[[NINE:[^ ]+]]
; CHECK-NEXT: i32 -4, label %[[MINUS:[^ ]+]]
; CHECK-NEXT: ], !prof ![[PROF:[0-9]+]]
; CHECK: [[TWO]]:
; CHECK-NEXT: ret i32 20
; CHECK: [[NINE]]:
; CHECK-NEXT: ret i32 90
; CHECK: [[MINUS]]:
; CHECK-NEXT: ret i32 -40
; CHECK: ![[PROF]] = !{!"branch_weights", i32 1, i32 200, i32 900, i32 400}
define i32 @pick(i32 %x) {
  switch i32 %x, label %other [ i32 -4, label %minus
                                i32 9, label %nine
                                i32 2, label %two ], !prof !0
minus:
  ret i32 -40
nine:
  ret i32 90
two:
  ret i32 20
other:
  ret i32 0
}

!0 = !{!"branch_weights", i32 1, i32 400, i32 900, i32 200}

; Any order of the cases in the input gives the same output.
; RUN: sed -e 's/i32 -4, label %%minus/i32 2, label %%two/' -e '0,/i32 2, label %%two ]/s//i32 -4, label %%minus ]/' -e 's/i32 1, i32 400, i32 900, i32 200/i32 1, i32 200, i32 900, i32 400/' %s > %t.reordered.ll
; RUN: not diff %s %t.reordered.ll > /dev/null
; RUN: %ltofold canon %s -S -o %t.a.ll
; RUN: %ltofold canon %t.reordered.ll -S -o %t.b.ll
; RUN: tail -n +3 %t.a.ll > %t.a.body
; RUN: tail -n +3 %t.b.ll > %t.b.body
; RUN: cmp %t.a.body %t.b.body
