; A musttail call must stay right before the return: pure instructions
; nothing in the block needs (here a dead one) are not put between them.
; RUN: %ltofold canon %s -S -o - | FileCheck %s

declare i32 @callee(i32)

; CHECK-LABEL: define i32 @f(
; CHECK:         add i32 %a0, 1
; CHECK-NEXT:    [[R:%"[^"]+"]] = musttail call i32 @callee(
; CHECK-NEXT:    ret i32 [[R]]
define i32 @f(i32 %x) {
  %dead = add i32 %x, 1
  %y = mul i32 %x, 3
  %r = musttail call i32 @callee(i32 %y)
  ret i32 %r
}
