; Flushing subnormals is the process's state (x86's MXCSR), not one
; function's: a non-IEEE denormal mode in any function of the program, or
; code compiled with fast-math (whose link likely adds crtfastmath.o),
; makes subnormals possibly zero in every function (fprange/program.c).
; Each module below is products.ll, whose @float_product and
; @double_product have no attribute of their own, with another function.
; RUN: rm -rf %t && split-file %s %t
; RUN: cat %t/products.ll %t/ieee.ll > %t/with-ieee.ll
; RUN: cat %t/products.ll %t/all-formats.ll > %t/with-all-formats.ll
; RUN: cat %t/products.ll %t/declaration.ll > %t/with-declaration.ll
; RUN: cat %t/products.ll %t/float-only.ll > %t/with-float-only.ll
; RUN: cat %t/products.ll %t/dynamic.ll > %t/with-dynamic.ll
; RUN: cat %t/products.ll %t/fast-math.ll > %t/with-fast-math.ll
; RUN: cat %t/products.ll %t/strictfp.ll > %t/with-strictfp.ll
; RUN: cat %t/products.ll %t/two-modes.ll > %t/with-two-modes.ll
; RUN: %ltofold fprange %t/with-ieee.ll -S -o - | FileCheck %s --check-prefixes=FLOAT-FOLDED,DOUBLE-FOLDED
; RUN: %ltofold fprange %t/with-all-formats.ll -S -o - | FileCheck %s --check-prefixes=FLOAT-KEPT,DOUBLE-KEPT
; RUN: %ltofold fprange %t/with-declaration.ll -S -o - | FileCheck %s --check-prefixes=FLOAT-KEPT,DOUBLE-KEPT
; RUN: %ltofold fprange %t/with-float-only.ll -S -o - | FileCheck %s --check-prefixes=FLOAT-KEPT,DOUBLE-FOLDED
; RUN: %ltofold fprange %t/with-dynamic.ll -S -o - | FileCheck %s --check-prefixes=FLOAT-KEPT,DOUBLE-KEPT
; RUN: %ltofold fprange %t/with-fast-math.ll -S -o - | FileCheck %s --check-prefixes=FLOAT-KEPT,DOUBLE-KEPT
; RUN: %ltofold fprange %t/with-strictfp.ll -S -o - | FileCheck %s --check-prefixes=FLOAT-KEPT,DOUBLE-KEPT

; Two modes in the program join: a negative subnormal may become -0
; (preserve-sign) or +0 (positive-zero) anywhere.
; RUN: %ltofold fprange --print %t/with-two-modes.ll | FileCheck %s --check-prefix=JOINED
; JOINED-LABEL: function @double_product
; JOINED: %y = fmul double %x, 0x8000000400000000
; JOINED-NEXT: max: {{-?}}0 {{.*}} +0: 1 -0: 1

; FLOAT-FOLDED-LABEL: @float_product(
; FLOAT-FOLDED: ret i1 true
; FLOAT-KEPT-LABEL: @float_product(
; FLOAT-KEPT: %c = fcmp ogt float %y, 0.000000e+00
; DOUBLE-FOLDED-LABEL: @double_product(
; DOUBLE-FOLDED: ret i1 true
; DOUBLE-KEPT-LABEL: @double_product(
; DOUBLE-KEPT: %c = fcmp olt double %y, 0.000000e+00

;--- products.ll
define i1 @float_product(i8 %i) {
  %z = zext i8 %i to i16
  %u = add i16 %z, 1
  %x = uitofp i16 %u to float
  %y = fmul float %x, 0x3730000000000000
  %c = fcmp ogt float %y, 0.0
  ret i1 %c
}

define i1 @double_product(i8 %i) {
  %z = zext i8 %i to i16
  %u = add i16 %z, 1
  %x = uitofp i16 %u to double
  %y = fmul double %x, 0x8000000400000000
  %c = fcmp olt double %y, 0.0
  ret i1 %c
}

;--- ieee.ll
; IEEE said explicitly: nothing flushes.
define void @elsewhere() #0 {
  ret void
}
attributes #0 = { "denormal-fp-math"="ieee,ieee" }

;--- all-formats.ll
; One function of the program flushes every format.
define float @elsewhere(float %x) #0 {
  %y = fmul float %x, 2.0
  ret float %y
}
attributes #0 = { "denormal-fp-math"="preserve-sign,preserve-sign" }

;--- declaration.ll
; A declaration carries the mode of the unit that declared it.
declare void @elsewhere() #0
attributes #0 = { "denormal-fp-math"="preserve-sign,preserve-sign" }

;--- float-only.ll
; Only float flushes (inputs only, DAZ): double products stay nonzero.
define void @elsewhere() #0 {
  ret void
}
attributes #0 = { "denormal-fp-math-f32"="ieee,preserve-sign" }

;--- dynamic.ll
; The mode is the one at run time: any.
define void @elsewhere() #0 {
  ret void
}
attributes #0 = { "denormal-fp-math"="dynamic,dynamic" }

;--- fast-math.ll
; Fast-math code: its link likely adds crtfastmath.o (float and double).
define void @elsewhere() #0 {
  ret void
}
attributes #0 = { "no-nans-fp-math"="true" }

;--- strictfp.ll
; A function fprange does not analyze still runs in its mode.
define void @elsewhere() #0 {
  ret void
}
attributes #0 = { strictfp "denormal-fp-math"="preserve-sign,preserve-sign" }

;--- two-modes.ll
define void @elsewhere() #0 {
  ret void
}
define void @and_elsewhere() #1 {
  ret void
}
attributes #0 = { "denormal-fp-math"="preserve-sign,preserve-sign" }
attributes #1 = { "denormal-fp-math"="positive-zero,positive-zero" }
