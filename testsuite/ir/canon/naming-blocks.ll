; Blocks are named "bb" + a hash of their opcodes and successor count, not
; of their old names: blocks with the same content get the same base name
; (with ".1" for the second), and renaming a block changes nothing.
; RUN: %ltofold canon %s -S -o - | FileCheck %s

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT:  [[ENTRY:bb[0-9]+]]:
; CHECK-NEXT:    br i1 %a0, label %[[LEFT:bb[0-9]+]], label %[[LEFT]].1
; CHECK:       [[LEFT]]:
; CHECK:       [[LEFT]].1:
; CHECK-NOT:   {{then|else|start}}
define i32 @f(i1 %c, i32 %x) {
start:
  br i1 %c, label %then, label %else
then:
  %u = add i32 %x, 1
  br label %join
else:
  %v = add i32 %x, 2
  br label %join
join:
  %p = phi i32 [ %u, %then ], [ %v, %else ]
  ret i32 %p
}
