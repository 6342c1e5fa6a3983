; A module that makes a pointer of an integer somewhere: an address that is
; only compared may still be guessed by it (a compare that finds it equal
; to another integer, which then becomes a pointer), so an array whose
; address becomes an integer is open here, though the same function is
; bounded in closed-pointers.ll, where no inttoptr is.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s

declare void @use(i1)

; CHECK-LABEL: define i1 @compared(
; CHECK: %c = fcmp ole float %v, 1.000000e+00
; CHECK-NEXT: ret i1 %c
define i1 @compared(i8 %level, i64 %i) {
  %a = alloca [4 x float]
  %level.f = uitofp i8 %level to float
  %unit = fdiv float %level.f, 2.550000e+02
  store float %unit, ptr %a
  %ia = ptrtoint ptr %a to i64
  %near = icmp ult i64 %ia, 4096
  call void @use(i1 %near)
  %p = getelementptr inbounds [4 x float], ptr %a, i64 0, i64 %i
  %v = load float, ptr %p
  %c = fcmp ole float %v, 1.000000e+00
  ret i1 %c
}

define void @guess(i64 %address) {
  %p = inttoptr i64 %address to ptr
  store float 2.000000e+00, ptr %p
  ret void
}
