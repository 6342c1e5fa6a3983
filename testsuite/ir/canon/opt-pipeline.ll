; The pass plugin registers `ltofold-canon` for opt: the same result as
; `ltofold canon`.
; REQUIRES: plugin
; RUN: %opt -passes=ltofold-canon %s -S -o - | FileCheck %s
; RUN: %opt -passes=ltofold-canon %s -S -o - | tail -n +3 > %t.opt.ll
; RUN: %ltofold canon %s -S -o - | tail -n +3 > %t.cli.ll
; RUN: diff %t.opt.ll %t.cli.ll

; CHECK: define i32 @f(i32 %a0, i32 %a1)
; CHECK: add i32 %a0, %a1
define i32 @f(i32 %x, i32 %y) {
  %s = add i32 %y, %x
  ret i32 %s
}
