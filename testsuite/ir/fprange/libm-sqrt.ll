; C's sqrt sets errno below -0, so clang calls the library (behind a
; branch on the operand) where errno is on. Where the operand is never
; below -0 (NaN and -0 set no errno), fprange makes the call the llvm.sqrt
; intrinsic, one instruction after code generation, with the call's
; fast-math flags; elsewhere the call stays.
; RUN: rm -rf %t && mkdir %t
; RUN: %ltofold fprange %s -S -o - --stats 2> %t/stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t/stats
; RUN: %ltofold fprange %s -o %t/out.bc --report %t/r.json
; RUN: %validate-report %t/r.json
; RUN: FileCheck %s --check-prefix=REPORT < %t/r.json
; RUN: %ltofold fprange %s -o - | opt -passes='default<O2>' -S | FileCheck %s --check-prefix=O2

declare double @sqrt(double)
declare float @sqrtf(float)

; CHECK-LABEL: define double @of_a_square(
; CHECK: %r = call nnan double @llvm.sqrt.f64(double %s)
; O2-LABEL: define double @of_a_square(
; O2-NOT: call double @sqrt
; O2: ret double
define double @of_a_square(double %x) {
  %s = fmul double %x, %x
  %r = call nnan double @sqrt(double %s)
  ret double %r
}

; A NaN operand sets no errno either.
; CHECK-LABEL: define float @of_a_byte_or_nan(
; CHECK: %r = call float @llvm.sqrt.f32(float %f)
define float @of_a_byte_or_nan(i8 %b, i1 %c) {
  %u = uitofp i8 %b to float
  %f = select i1 %c, float %u, float 0x7FF8000000000000
  %r = call float @sqrtf(float %f)
  ret float %r
}

; Possibly negative: the call stays.
; CHECK-LABEL: define double @of_a_difference(
; CHECK: %r = call {{.*}}double @sqrt(double %d)
define double @of_a_difference(i8 %a, i8 %b) {
  %x = uitofp i8 %a to double
  %y = uitofp i8 %b to double
  %d = fsub double %x, %y
  %r = call double @sqrt(double %d)
  ret double %r
}

; STATS: sqrt 2
; REPORT: "sqrt": 2

; Where the call is asked for (-fno-builtin, or a nobuiltin call), it stays
; a call, as LLVM itself would leave it.
; CHECK-LABEL: define double @no_builtins(
; CHECK: %r = call {{.*}}double @sqrt(double %s)
define double @no_builtins(double %x) "no-builtins" {
  %s = fmul double %x, %x
  %r = call double @sqrt(double %s)
  ret double %r
}

; CHECK-LABEL: define double @nobuiltin_call(
; CHECK: %r = call {{.*}}double @sqrt(double %s) #[[NOBUILTIN:[0-9]+]]
define double @nobuiltin_call(double %x) {
  %s = fmul double %x, %x
  %r = call double @sqrt(double %s) nobuiltin
  ret double %r
}
; CHECK: attributes #[[NOBUILTIN]] = { nobuiltin }
