; Fast-math flags: nnan/ninf constrain inputs and results; nsz makes both
; zeros possible; reassoc arithmetic and afn functions get no bound;
; arcp division is bounded both ways; contract that may overflow loses
; its finite bound.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s
; RUN: %ltofold fprange --print %s | FileCheck %s --check-prefix=PRINT

; CHECK-LABEL: @nnan_call(
; CHECK: ret i1 false
define i1 @nnan_call(ptr %p) {
  %x = call nnan float @unknown()
  %c = fcmp uno float %x, 0.0
  ret i1 %c
}

; CHECK-LABEL: @ninf_input(
; CHECK: ret i1 true
define i1 @ninf_input(float %x) {
  %y = fadd ninf nnan float %x, 1.0
  %c = fcmp one float %y, 0x7FF0000000000000
  ret i1 %c
}

; nsz: x * 0 for x >= 0 is +0, but with nsz it may be -0.
; CHECK-LABEL: @nsz(
; CHECK: call {{.*}}float @llvm.fabs.f32(float %z)
define float @nsz(i8 %i) {
  %x = uitofp i8 %i to float
  %z = fmul nsz float %x, 0.0
  %a = call float @llvm.fabs.f32(float %z)
  ret float %a
}

; reassoc: (x + 1) - x may be rewritten; no bound.
; CHECK-LABEL: @reassoc(
; CHECK: %c = fcmp ole float %d, 2.560000e+02
define i1 @reassoc(i8 %i) {
  %x = uitofp i8 %i to float
  %y = fadd reassoc float %x, 1.0
  %d = fsub reassoc float %y, %x
  %c = fcmp ole float %d, 256.0
  ret i1 %c
}

; arcp: x / 3 may be x * (1/3); both are within [0, 86].
; CHECK-LABEL: @arcp(
; CHECK: ret i1 true
define i1 @arcp(i8 %i) {
  %x = uitofp i8 %i to float
  %q = fdiv arcp float %x, 3.0
  %c = fcmp ole float %q, 86.0
  ret i1 %c
}

; contract: x * 2^127 - max overflows unfused (inf - max = inf; finite
; results <= 0) but fused it is finite and up to 2^104: the finite part
; must cover it. Without contract it is [-max, 0].
; PRINT-LABEL: function @contract
; PRINT: %s = fadd contract float %m
; PRINT-NEXT: min: -3.40282347e+38 max: 3.40282347e+38
; PRINT-LABEL: function @no_contract
; PRINT: %s = fadd float %m
; PRINT-NEXT: min: -3.40282347e+38 max: 0 {{.*}} +inf: 1
define float @contract(i8 %i) {
  %x = uitofp i8 %i to float
  %m = fmul contract float %x, 0x47E0000000000000
  %s = fadd contract float %m, 0xC7EFFFFFE0000000
  ret float %s
}

define float @no_contract(i8 %i) {
  %x = uitofp i8 %i to float
  %m = fmul float %x, 0x47E0000000000000
  %s = fadd float %m, 0xC7EFFFFFE0000000
  ret float %s
}

; nofpclass on arguments.
; CHECK-LABEL: @nofpclass(
; CHECK: ret i1 false
define i1 @nofpclass(float nofpclass(nan inf) %x) {
  %c = fcmp uno float %x, %x
  ret i1 %c
}

declare float @unknown()
declare float @llvm.fabs.f32(float)
