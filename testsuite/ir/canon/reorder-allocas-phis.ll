; PHIs stay first in their block and entry-block allocas stay at the top of
; the entry block, above the pure instructions that were between them; the
; result verifies (ltofold canon verifies its output).
; RUN: %ltofold canon %s -S -o - | FileCheck %s

declare void @use(ptr)

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    {{%"[^"]+"}} = alloca i32
; CHECK-NEXT:    {{%"[^"]+"}} = alloca i64
; CHECK-NEXT:    call void @use(
; CHECK:       bb{{[0-9]+}}:
; CHECK-NEXT:    {{%"[^"]+"}} = phi i32
; CHECK-NEXT:    {{%"[^"]+"}} = phi i32
; CHECK-NEXT:    {{%"[^"]+"}} = add
define i32 @f(i32 %n) {
entry:
  %a = alloca i32
  %m = mul i32 %n, 2
  %b = alloca i64
  call void @use(ptr %a)
  call void @use(ptr %b)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ %m, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, %i
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %s.next
}
