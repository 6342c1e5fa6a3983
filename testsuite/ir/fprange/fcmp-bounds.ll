; A compare one ulp beyond the reachable bound folds; at the bound it stays.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s

; y = x + 0.5 for x in [0, 255]: y <= 255.5 exactly.
; CHECK-LABEL: @float_bound(
; CHECK: ret i1 true
define i1 @float_bound(i8 %i) {
  %x = uitofp i8 %i to float
  %y = fadd float %x, 0.5
  %c = fcmp olt float %y, 0x406FF00020000000
  ret i1 %c
}

; CHECK-LABEL: @float_at_bound(
; CHECK: %c = fcmp olt float %y, 2.555000e+02
define i1 @float_at_bound(i8 %i) {
  %x = uitofp i8 %i to float
  %y = fadd float %x, 0.5
  %c = fcmp olt float %y, 255.5
  ret i1 %c
}

; Division that shrinks: [0, 511] / 4e8 (the seed's example). Rounded
; upward, 511 / 4e8 is the float above 0x3EB56E7860000000 (its nearest),
; so ole against the nearest must stay; < 1 and >= 0 fold.
; CHECK-LABEL: @division(
; CHECK: %c = fcmp ole float %q, 0x3EB56E7860000000
; CHECK-NOT: fcmp
; CHECK: and i1 %c, true
; CHECK: ret
define i1 @division(i16 %i) {
  %m = and i16 %i, 511
  %x = uitofp i16 %m to float
  %q = fdiv float %x, 4.0e8
  %c = fcmp ole float %q, 0x3EB56E7860000000
  %d = fcmp olt float %q, 1.0
  %e = fcmp oge float %q, 0.0
  %r1 = and i1 %c, %d
  %r = and i1 %r1, %e
  ret i1 %r
}
