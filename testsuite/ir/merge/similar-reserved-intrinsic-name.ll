; A name under llvm. is an intrinsic to LLVM even when LLVM 22 knows no
; intrinsic of that name (an older module's llvm.atanh.f32): its address
; cannot be taken, so a call of it is never a callee a merged body takes as
; a parameter. The library calls merge; the call of llvm.unknown.f32 stays
; where it is, and the module verifies (it did not: "Cannot take the
; address of an intrinsic").
; RUN: %ltofold merge %s -o - -S --verify --stats 2> %t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

; STATS: similar: 4 functions into 1 merged body

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define float @with_reserved(
; CHECK: call fast float @llvm.unknown.f32(
; CHECK-NOT: ptr @llvm.unknown.f32

define float @with_reserved(ptr %a) {
  %x = load float, ptr %a, align 4
  %y = fmul fast float %x, 3.0
  %1 = tail call fast float @llvm.unknown.f32(float %y)
  %2 = fadd fast float %1, %x
  %3 = tail call fast float @llvm.unknown.f32(float %2)
  %4 = fmul fast float %3, %1
  %5 = fadd fast float %4, 2.0
  ret float %5
}
declare float @llvm.unknown.f32(float)

define float @lib_asin(ptr %a) {
  %x = load float, ptr %a, align 4
  %y = fmul fast float %x, 3.0
  %1 = tail call fast float @asinf(float %y)
  %2 = fadd fast float %1, %x
  %3 = tail call fast float @asinf(float %2)
  %4 = fmul fast float %3, %1
  %5 = fadd fast float %4, 2.0
  ret float %5
}
declare float @asinf(float)

define float @lib_acos(ptr %a) {
  %x = load float, ptr %a, align 4
  %y = fmul fast float %x, 3.0
  %1 = tail call fast float @acosf(float %y)
  %2 = fadd fast float %1, %x
  %3 = tail call fast float @acosf(float %2)
  %4 = fmul fast float %3, %1
  %5 = fadd fast float %4, 2.0
  ret float %5
}
declare float @acosf(float)

define float @lib_atan(ptr %a) {
  %x = load float, ptr %a, align 4
  %y = fmul fast float %x, 3.0
  %1 = tail call fast float @atanf(float %y)
  %2 = fadd fast float %1, %x
  %3 = tail call fast float @atanf(float %2)
  %4 = fmul fast float %3, %1
  %5 = fadd fast float %4, 2.0
  ret float %5
}
declare float @atanf(float)

define float @lib_sinh(ptr %a) {
  %x = load float, ptr %a, align 4
  %y = fmul fast float %x, 3.0
  %1 = tail call fast float @sinhf(float %y)
  %2 = fadd fast float %1, %x
  %3 = tail call fast float @sinhf(float %2)
  %4 = fmul fast float %3, %1
  %5 = fadd fast float %4, 2.0
  ret float %5
}
declare float @sinhf(float)
