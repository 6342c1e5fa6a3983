; Instructions simplified by ranges: rounding of integers, fabs with a
; known sign, copysign with a known sign, min/max of disjoint ranges.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s
; RUN: %ltofold fprange %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS
; STATS-DAG: rounding{{ +}}3
; STATS-DAG: fabs{{ +}}2
; STATS-DAG: copysign{{ +}}4
; STATS-DAG: minmax{{ +}}3

; CHECK-LABEL: @rounding(
; CHECK-NEXT: %x = sitofp i32 %i to double
; CHECK-NEXT: %s = fadd double %x, %x
; CHECK-NEXT: ret double %s
define double @rounding(i32 %i) {
  %x = sitofp i32 %i to double
  %f = call double @llvm.floor.f64(double %x)
  %c = call double @llvm.ceil.f64(double %f)
  %r = call double @llvm.rint.f64(double %x)
  %s = fadd double %c, %r
  ret double %s
}

; Not an integer (x / 2), or NaN possible: stays.
; CHECK-LABEL: @rounding_kept(
; CHECK: call {{.*}}double @llvm.trunc.f64(double %h)
; CHECK: call {{.*}}double @llvm.round.f64(double %q)
define double @rounding_kept(i32 %i, double %y) {
  %x = sitofp i32 %i to double
  %h = fmul double %x, 0.5
  %t = call double @llvm.trunc.f64(double %h)
  %q = fadd double %x, %y
  %r = call double @llvm.round.f64(double %q)
  %s = fadd double %t, %r
  ret double %s
}

; CHECK-LABEL: @fabs(
; CHECK-NEXT: %x = uitofp i8 %i to float
; CHECK-NEXT: %n = fsub float -1.000000e+00, %x
; CHECK-NEXT: %b = fneg float %n
; CHECK-NEXT: %s = fadd float %x, %b
define float @fabs(i8 %i) {
  %x = uitofp i8 %i to float
  %a = call float @llvm.fabs.f32(float %x)
  %n = fsub float -1.0, %x
  %b = call float @llvm.fabs.f32(float %n)
  %s = fadd float %a, %b
  ret float %s
}

; CHECK-LABEL: @copysign(
; CHECK-NEXT: %x = uitofp i8 %i to float
; CHECK-NEXT: %m = fsub float -1.000000e+00, %x
; CHECK-NEXT: %s1 = fadd float %x, %m
; CHECK-NEXT: %c = call {{.*}}float @llvm.fabs.f32(float %y)
; CHECK-NEXT: %1 = call {{.*}}float @llvm.fabs.f32(float %y)
; CHECK-NEXT: %d = fneg float %1
; CHECK-NEXT: %s2 = fadd float %c, %d
define float @copysign(i8 %i, float %y) {
  %x = uitofp i8 %i to float
  %a = call float @llvm.copysign.f32(float %x, float 2.0)
  %m = fsub float -1.0, %x
  %b = call float @llvm.copysign.f32(float %m, float -0.0)
  %s1 = fadd float %a, %b
  %c = call float @llvm.copysign.f32(float %y, float %x)
  %d = call float @llvm.copysign.f32(float %y, float %m)
  %s2 = fadd float %c, %d
  %s = fadd float %s1, %s2
  ret float %s
}

; y may be NaN (its sign is unknown): stays.
; CHECK-LABEL: @copysign_nan_sign(
; CHECK: call {{.*}}float @llvm.copysign.f32(float 1.000000e+00, float %y)
define float @copysign_nan_sign(float %y) {
  %r = call float @llvm.copysign.f32(float 1.0, float %y)
  ret float %r
}

; CHECK-LABEL: @minmax(
; CHECK-NEXT: %x = uitofp i8 %i to double
; CHECK-NEXT: %y = fadd double %x, 2.560000e+02
; CHECK-NEXT: %s = fadd double %x, %y
; CHECK-NEXT: %t = fadd double %s, %x
define double @minmax(i8 %i) {
  %x = uitofp i8 %i to double
  %y = fadd double %x, 256.0
  %lo = call double @llvm.minnum.f64(double %x, double %y)
  %hi = call double @llvm.maximum.f64(double %x, double %y)
  %s = fadd double %lo, %hi
  %m = call double @llvm.minimumnum.f64(double %y, double %x)
  %t = fadd double %s, %m
  ret double %t
}

; Overlapping ranges: stays.
; CHECK-LABEL: @minmax_overlap(
; CHECK: call {{.*}}double @llvm.maxnum.f64
define double @minmax_overlap(i8 %i, i8 %j) {
  %x = uitofp i8 %i to double
  %y = uitofp i8 %j to double
  %m = call double @llvm.maxnum.f64(double %x, double %y)
  ret double %m
}

declare double @llvm.floor.f64(double)
declare double @llvm.ceil.f64(double)
declare double @llvm.rint.f64(double)
declare double @llvm.trunc.f64(double)
declare double @llvm.round.f64(double)
declare float @llvm.fabs.f32(float)
declare float @llvm.copysign.f32(float, float)
declare double @llvm.minnum.f64(double, double)
declare double @llvm.maxnum.f64(double, double)
declare double @llvm.maximum.f64(double, double)
declare double @llvm.minimumnum.f64(double, double)
