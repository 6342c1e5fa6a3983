; What LLVM does with the nofpclass attributes fprange writes: -O2 after
; fprange folds x * 0.0 to +0.0 where x cannot be NaN, infinite or
; negative; without the attributes (fprange-attributes=false) the product
; stays. The libm sqrt of an operand that cannot be below -0.0 becomes the
; sqrt instruction either way: fprange makes it the intrinsic itself
; (libm-sqrt.ll), and with the attributes LLVM would too. Last, the fmod
; guard at work.
; RUN: %ltofold fprange %s -S -o - | opt -passes='default<O2>' -S | FileCheck %s
; RUN: %ltofold fprange %s -S -o - --fprange-attributes=false | opt -passes='default<O2>' -S | FileCheck %s --check-prefix=OFF

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal {{.*}}double @root(
; CHECK-NOT: @sqrt(
; CHECK: call double @llvm.sqrt.f64(double %x)
; OFF-LABEL: define internal {{.*}}double @root(
; OFF: call double @llvm.sqrt.f64(double %x)
define internal double @root(double %x) noinline {
  %r = call double @sqrt(double %x)
  ret double %r
}

; With the attributes, times_zero returns +0.0 and is gone, with the sum
; of its result.
; CHECK-LABEL: define {{.*}}double @squares(
; CHECK-NOT: @sqrt(
; CHECK-NOT: @times_zero(
; CHECK: call double @llvm.sqrt.f64(double %e)
; CHECK-NOT: @sqrt(
; CHECK-NOT: @times_zero(
; CHECK: ret double
; CHECK-NOT: @times_zero(
; OFF-LABEL: define {{.*}}double @squares(
; OFF: call fastcc double @times_zero(
; OFF: call double @llvm.sqrt.f64(double %e)
; OFF-LABEL: define internal {{.*}}double @times_zero(
; OFF: fmul double %x, 0.000000e+00
define double @squares(i32 %i) {
  %f = sitofp i32 %i to double
  %square = fmul double %f, %f
  %r = call double @root(double %square)
  %z = call double @times_zero(double %square)
  %e = call double @exp(double %f)
  %s = call double @sqrt(double %e)
  %t = fadd double %r, %z
  %u = fadd double %t, %s
  ret double %u
}

define internal double @times_zero(double %x) noinline {
  %r = fmul double %x, 0.0
  ret double %r
}

; The fmod guard: @remainder's argument is never infinite (a square root
; of an integer) but NaN for a negative one. With that attribute, LLVM 22
; would turn fmod into `frem nnan`, poison for a NaN, where fmod returns
; NaN; the call fprange marks nobuiltin stays a call.
; CHECK-LABEL: define internal {{.*}}double @remainder(
; CHECK-NOT: frem
; CHECK: call {{(nofpclass\([a-z ]+\) )?}}double @fmod(double %x, double 3.000000e+00)
; CHECK-NOT: frem
; CHECK: ret double
; OFF-LABEL: define internal {{.*}}double @remainder(
; OFF: call double @fmod(double %x, double 3.000000e+00)
define internal double @remainder(double %x) noinline {
  %r = call double @fmod(double %x, double 3.0)
  ret double %r
}

define double @roots(i32 %i) {
  %d = sitofp i32 %i to double
  %root = call double @llvm.sqrt.f64(double %d)
  %r = call double @remainder(double %root)
  ret double %r
}

declare double @sqrt(double)
declare double @exp(double)
declare double @fmod(double, double)
declare double @llvm.sqrt.f64(double)
