; !fpmath lets an fdiv be less accurate (here 2.5 ulp). A caller of
; @b_precise asked for a correctly rounded division and must still get one:
; either the two stay apart, or they fold and the kept body loses the
; !fpmath on which they disagree (as for !tbaa: fewer permissions, always
; correct).
; RUN: %ltofold merge %s -o - -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define float @caller(
; CHECK-NEXT: call float @{{[a-z_]+}}(
; CHECK-NEXT: call float @[[PRECISE:[a-z_]+]](
; CHECK: define internal float @[[PRECISE]](
; CHECK-NEXT: %d = fdiv float %a, %b{{$}}
define float @caller(float %a, float %b) {
  %1 = call float @a_sloppy(float %a, float %b)
  %2 = call float @b_precise(float %a, float %b)
  %s = fadd float %1, %2
  ret float %s
}

define internal float @a_sloppy(float %a, float %b) unnamed_addr {
  %d = fdiv float %a, %b, !fpmath !0
  %s = fadd float %d, 1.000000e+00
  %m = fmul float %s, %s
  ret float %m
}

define internal float @b_precise(float %a, float %b) unnamed_addr {
  %d = fdiv float %a, %b
  %s = fadd float %d, 1.000000e+00
  %m = fmul float %s, %s
  ret float %m
}

!0 = !{float 2.500000e+00}
