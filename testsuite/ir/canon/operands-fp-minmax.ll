; The FP minimum and maximum intrinsics keep their operand order: for two
; zeros of different signs (and for NaNs) the code generator returns one
; particular operand (x86 maxsd/minsd: the second), so a swap would change
; the sign of a zero the program prints or divides by. An integer max next
; to them is still sorted (the constant goes right).
; RUN: %ltofold canon %s -S -o - | FileCheck %s
; And run: +0.0 and -0.0 through fmax and fmin, 1/result printed, the same
; before and after canon.
; RUN: %ltofold canon %s -o %t.bc
; RUN: %clang -O0 -w %s -o %t.before -lm
; RUN: %clang -O0 -w %t.bc -o %t.after -lm
; RUN: %t.before > %t.before.out
; RUN: %t.after > %t.after.out
; RUN: diff %t.before.out %t.after.out

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@format = private constant [13 x i8] c"%g %g %g %d\0A\00"

declare double @llvm.maxnum.f64(double, double)
declare double @llvm.minnum.f64(double, double)
declare double @llvm.maximum.f64(double, double)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @printf(ptr, ...)

; CHECK-LABEL: define i32 @main(
; CHECK: call double @llvm.maxnum.f64(double 0.000000e+00, double %
; CHECK: call double @llvm.minnum.f64(double -0.000000e+00, double %
; CHECK: call double @llvm.maximum.f64(double 1.000000e+00, double %
; CHECK: call i32 @llvm.smax.i32(i32 %{{.*}}, i32 3)
define i32 @main(i32 %argc, ptr %argv) {
  %z = fsub double 0.0, 0.0
  %nz = fneg double %z
  %big = call double @llvm.maxnum.f64(double 0.0, double %nz)
  %small = call double @llvm.minnum.f64(double -0.0, double %z)
  %m = call double @llvm.maximum.f64(double 1.0, double %z)
  %rb = fdiv double 1.0, %big
  %rs = fdiv double 1.0, %small
  %i = call i32 @llvm.smax.i32(i32 3, i32 %argc)
  %p = call i32 (ptr, ...) @printf(ptr @format, double %rb, double %rs, double %m, i32 %i)
  ret i32 0
}
