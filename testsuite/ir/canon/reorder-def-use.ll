; Def-use distance reduction, the walkthrough of the llvm-canon slides: the
; stores stay in order, and each pure instruction (the readnone call too)
; moves down to right before its first user, operands first, left to right;
; a dead instruction goes right before the terminator. (The operands of
; the commutative fmul and fadd are sorted by their hashes.)
; RUN: %ltofold canon %s -S -o - | FileCheck %s

declare float @inputV.f32(i32, i32) memory(none) nounwind willreturn

; CHECK-LABEL: define void @walkthrough(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[T1:%"[^"]+"]] = call float @inputV.f32(i32 15, i32 2)
; CHECK-NEXT:    [[A:%"[^"]+"]] = fsub float [[T1]], [[T1]]
; CHECK-NEXT:    [[B:%"[^"]+"]] = fmul float {{.*}}
; CHECK-NEXT:    [[C:%"[^"]+"]] = fsub float [[T1]], [[B]]
; CHECK-NEXT:    store float [[C]], ptr %a0
; CHECK-NEXT:    [[X:%"[^"]+"]] = fadd float {{.*}}
; CHECK-NEXT:    store float [[X]], ptr %a1
; CHECK-NEXT:    {{%"[^"]+"}} = fadd float {{.*}}e+00, {{.*}}e+00
; CHECK-NEXT:    ret void
define void @walkthrough(ptr %p1, ptr %p2) {
  %X0 = fadd float 1.0, 2.0
  %T1 = call float @inputV.f32(i32 15, i32 2)
  %A = fsub float %T1, %T1
  %B = fmul float %A, %T1
  %C = fsub float %T1, %B
  %X = fadd float %C, %A
  store float %C, ptr %p1
  store float %X, ptr %p2
  ret void
}
