; Blocks are laid out in reverse post-order from the entry, a branch's first
; target first, whatever their order in the input; unreachable blocks go
; last.
; RUN: %ltofold canon %s -S -o - | FileCheck %s

; CHECK-LABEL: define i32 @f(
; CHECK:       ret i32 1
; CHECK:       ret i32 2
; CHECK:       unreachable
define i32 @f(i1 %c) {
entry:
  br i1 %c, label %first, label %second
dead:
  unreachable
second:
  ret i32 2
first:
  ret i32 1
}

; A loop: header, then its branch's first target (the exit), then the body.
; CHECK-LABEL: define i32 @loop(
; CHECK:       phi
; CHECK:       ret i32
; CHECK:       add i32 {{.*}}, 1
define i32 @loop(i32 %n) {
entry:
  br label %header
exit:
  ret i32 %i
body:
  %i.next = add i32 %i, 1
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %done = icmp eq i32 %i, %n
  br i1 %done, label %exit, label %body
}
