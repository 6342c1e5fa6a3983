; A merged body does what every member does, so its flags are those all
; members share (the meet): here one member calls with `nnan` and has a
; `fast` fadd, the others have no flags, and the merged body has none.
; Kept from one member, `nnan` would make the others return poison for a
; NaN argument. The member with flags is the representative (first by
; name), whose body the merged one is made of. (LLVM-C's
; LLVMSetFastMathFlags only adds flags: a meet written with it kept them.)
; RUN: %ltofold merge %s -o - -S --verify --stats 2> %t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

; STATS: similar: 5 functions into 1 merged body

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare double @ceil(double)
declare double @fabs(double)
declare double @floor(double)
declare double @round(double)
declare double @trunc(double)

; CHECK-LABEL: define internal i1 @{{.*}}.ltofold.similar(
; CHECK: call double %{{[0-9]+}}(double
; CHECK-NEXT: fadd double
; CHECK-NOT: nnan
; CHECK-NOT: fast
; CHECK: ret i1

define i1 @a_with_flags(float %x, float %y) {
  %a = fpext float %x to double
  %b = call nnan double @fabs(double %a) nounwind readnone
  %c = fadd fast double %b, 1.0
  %d = fpext float %y to double
  %e = fcmp oeq double %c, %d
  ret i1 %e
}

define i1 @plain_ceil(float %x, float %y) {
  %a = fpext float %x to double
  %b = call double @ceil(double %a) nounwind readnone
  %c = fadd double %b, 1.0
  %d = fpext float %y to double
  %e = fcmp oeq double %c, %d
  ret i1 %e
}

define i1 @plain_floor(float %x, float %y) {
  %a = fpext float %x to double
  %b = call double @floor(double %a) nounwind readnone
  %c = fadd double %b, 1.0
  %d = fpext float %y to double
  %e = fcmp oeq double %c, %d
  ret i1 %e
}

define i1 @plain_round(float %x, float %y) {
  %a = fpext float %x to double
  %b = call double @round(double %a) nounwind readnone
  %c = fadd double %b, 1.0
  %d = fpext float %y to double
  %e = fcmp oeq double %c, %d
  ret i1 %e
}

define i1 @plain_trunc(float %x, float %y) {
  %a = fpext float %x to double
  %b = call double @trunc(double %a) nounwind readnone
  %c = fadd double %b, 1.0
  %d = fpext float %y to double
  %e = fcmp oeq double %c, %d
  ret i1 %e
}
