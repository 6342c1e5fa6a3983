; Arguments are named a0, a1, ... by position, whatever they were called.
; RUN: %ltofold canon %s -S -o - | FileCheck %s

; CHECK: define i32 @f(i32 %a0, i32 %a1, ptr %a2)
; CHECK-NOT: %first
define i32 @f(i32 %first, i32 %second, ptr %0) {
  store i32 %first, ptr %0
  ret i32 %second
}
