; llvm.is.fpclass decided by ranges, and icmps decided by fptosi/fptoui.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s
; RUN: %ltofold fprange %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS
; STATS-DAG: is_fpclass{{ +}}4
; STATS-DAG: icmp{{ +}}2

; x in [0, 255]: no NaN (3), no inf (516), not subnormal (144), may be +0.
; CHECK-LABEL: @fpclass(
; CHECK: store volatile i1 false, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
; CHECK-NEXT: %zero = call i1 @llvm.is.fpclass.f32(float %x, i32 64)
; CHECK-NEXT: store volatile i1 %zero
; CHECK-NEXT: store volatile i1 true, ptr %out
define void @fpclass(i8 %i, ptr %out) {
  %x = uitofp i8 %i to float
  %nan = call i1 @llvm.is.fpclass.f32(float %x, i32 3)
  store volatile i1 %nan, ptr %out
  %inf = call i1 @llvm.is.fpclass.f32(float %x, i32 516)
  store volatile i1 %inf, ptr %out
  %sub = call i1 @llvm.is.fpclass.f32(float %x, i32 144)
  store volatile i1 %sub, ptr %out
  %zero = call i1 @llvm.is.fpclass.f32(float %x, i32 64)
  store volatile i1 %zero, ptr %out
  %finite = call i1 @llvm.is.fpclass.f32(float %x, i32 504)
  store volatile i1 %finite, ptr %out
  ret void
}

; (int)(x * 0.5) for x in [0, 255] is in [0, 127].
; CHECK-LABEL: @fptosi(
; CHECK: store volatile i1 true, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
; CHECK-NEXT: %c3 = icmp slt i32 %n, 100
define void @fptosi(i8 %i, ptr %out) {
  %x = uitofp i8 %i to float
  %h = fmul float %x, 0.5
  %n = fptosi float %h to i32
  %c1 = icmp sle i32 %n, 127
  store volatile i1 %c1, ptr %out
  %c2 = icmp slt i32 %n, 0
  store volatile i1 %c2, ptr %out
  %c3 = icmp slt i32 %n, 100
  store volatile i1 %c3, ptr %out
  ret void
}

declare i1 @llvm.is.fpclass.f32(float, i32)
