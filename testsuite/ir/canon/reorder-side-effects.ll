; Pinned instructions (loads, stores, calls that may touch memory) keep
; their order; a pure instruction only moves down, to right before its
; first user: the sdiv, which may trap, moves below the load and the call,
; never above them, and the add stays below the call it uses.
; RUN: %ltofold canon %s -S -o - | FileCheck %s

declare void @g(i32)
declare i32 @h()

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[L:%"[^"]+"]] = load i32, ptr %a2
; CHECK-NEXT:    call void @g(i32 [[L]])
; CHECK-NEXT:    [[D:%"[^"]+"]] = sdiv i32 %a0, %a1
; CHECK-NEXT:    store i32 [[D]], ptr %a2
; CHECK-NEXT:    [[C:%"[^"]+"]] = call i32 @h()
; CHECK-NEXT:    [[S:%"[^"]+"]] = add i32 {{.*}}
; CHECK-NEXT:    ret i32 [[S]]
define i32 @f(i32 %x, i32 %y, ptr %p) {
  %d = sdiv i32 %x, %y
  %l = load i32, ptr %p
  call void @g(i32 %l)
  store i32 %d, ptr %p
  %c = call i32 @h()
  %s = add i32 %c, %d
  ret i32 %s
}

; A call that may write memory is not moved down to its user even when
; nothing in between depends on it.
; CHECK-LABEL: define i32 @g_calls(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[A:%"[^"]+"]] = call i32 @h()
; CHECK-NEXT:    store i32 1, ptr %a0
; CHECK-NEXT:    [[B:%"[^"]+"]] = call i32 @h()
; CHECK-NEXT:    [[S:%"[^"]+"]] = sub i32 [[A]], [[B]]
; CHECK-NEXT:    ret i32 [[S]]
define i32 @g_calls(ptr %p) {
  %a = call i32 @h()
  store i32 1, ptr %p
  %b = call i32 @h()
  %s = sub i32 %a, %b
  ret i32 %s
}
