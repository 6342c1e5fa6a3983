; --fprange-flush-denormals: the program runs with float and double
; subnormals flushed to zero (FTZ) and read as zero (DAZ), as crtfastmath.o
; sets them at start-up in a program linked with -ffast-math; the linker
; plugins set it themselves where the link has that object
; (testsuite/link/flush-to-zero.test). Nothing in this module says so.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s --check-prefix=IEEE
; RUN: %ltofold fprange %s -S -o - --fprange-flush-denormals | FileCheck %s --check-prefix=FTZ
; RUN: %ltofold fprange %s -S -o - --fprange-flush-denormals=false | FileCheck %s --check-prefix=IEEE
; RUN: env LTOFOLD_OPTIONS=verify,fprange-flush-denormals %ltofold fprange %s -S -o - | FileCheck %s --check-prefix=FTZ
; RUN: %ltofold fprange --print --fprange-flush-denormals %s | FileCheck %s --check-prefix=PRINT

; x * 2^-140 for x in [1, 256] is a float subnormal: above zero, or +0.
; IEEE-LABEL: @float_product(
; IEEE: ret i1 true
; FTZ-LABEL: @float_product(
; FTZ: %c = fcmp ogt float %y, 0.000000e+00
; PRINT-LABEL: function @float_product
; PRINT: %y = fmul float %x, 0x3730000000000000
; PRINT-NEXT: min: 0 max: {{.*}} +0: 1 -0: 0
define i1 @float_product(i8 %i) {
  %z = zext i8 %i to i16
  %u = add i16 %z, 1
  %x = uitofp i16 %u to float
  %y = fmul float %x, 0x3730000000000000
  %c = fcmp ogt float %y, 0.0
  ret i1 %c
}

; The same in double (x * -2^-1040); negative, it flushes to -0 (the sign
; is kept, as x86's FTZ keeps it).
; IEEE-LABEL: @double_product(
; IEEE: ret i1 true
; FTZ-LABEL: @double_product(
; FTZ: %c = fcmp olt double %y, 0.000000e+00
; PRINT-LABEL: function @double_product
; PRINT: %y = fmul double %x, 0x8000000400000000
; PRINT-NEXT: min: {{.*}} max: -0 {{.*}} +0: 0 -0: 1
define i1 @double_product(i8 %i) {
  %z = zext i8 %i to i16
  %u = add i16 %z, 1
  %x = uitofp i16 %u to double
  %y = fmul double %x, 0x8000000400000000
  %c = fcmp olt double %y, 0.0
  ret i1 %c
}

; A normal product is no zero either way.
; IEEE-LABEL: @normal_product(
; IEEE: ret i1 true
; FTZ-LABEL: @normal_product(
; FTZ: ret i1 true
define i1 @normal_product(i8 %i) {
  %z = zext i8 %i to i16
  %u = add i16 %z, 1
  %x = uitofp i16 %u to float
  %y = fmul float %x, 0x3810000000000000
  %c = fcmp ogt float %y, 0.0
  ret i1 %c
}

; A subnormal constant operand is read as zero too (DAZ): an integer is
; never 2^-149, but 0 is 0.
; IEEE-LABEL: @subnormal_operand(
; IEEE: ret i1 true
; FTZ-LABEL: @subnormal_operand(
; FTZ: %c = fcmp one float %x, 0x36A0000000000000
define i1 @subnormal_operand(i8 %i) {
  %x = uitofp i8 %i to float
  %c = fcmp one float %x, 0x36A0000000000000
  ret i1 %c
}
