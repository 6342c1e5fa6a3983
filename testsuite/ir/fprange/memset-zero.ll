; A plain memset of zero bytes over whole elements of a stack array or of a
; closed global of FP values is a store of +0.0 into each: the array stays
; in view, and its loads read +0.0 or what the stores store. The length
; must be a multiple of the element's size (a constant, or a product or
; shift by one); a memset of other bytes, a volatile one, or one that may
; end inside an element leaves the array out of view.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s

; Zeroed for n elements, then some stored as bytes / 2: [0, 127.5].
; CHECK-LABEL: @stack_zeroed(
; CHECK: ret i1 false
define i1 @stack_zeroed(ptr %p, i64 %n, i64 %k) {
entry:
  %buf = alloca [16 x float], align 16
  %bytes = shl nuw nsw i64 %n, 2
  call void @llvm.memset.p0.i64(ptr %buf, i8 0, i64 %bytes, i1 false)
  %a = getelementptr inbounds i8, ptr %p, i64 %k
  %b = load i8, ptr %a
  %x = uitofp i8 %b to float
  %h = fmul float %x, 0.5
  %slot = getelementptr inbounds [16 x float], ptr %buf, i64 0, i64 %k
  store float %h, ptr %slot
  %j = and i64 %k, 15
  %at = getelementptr inbounds float, ptr %buf, i64 %j
  %v = load float, ptr %at
  %c = fcmp olt float %v, 0.0
  ret i1 %c
}

; The zeros are +0.0: copysign of them is never negative.
; CHECK-LABEL: @stack_positive_zero(
; CHECK: ret i1 false
define i1 @stack_positive_zero(i64 %k) {
  %buf = alloca [4 x double], align 16
  call void @llvm.memset.p0.i64(ptr %buf, i8 0, i64 32, i1 false)
  %j = and i64 %k, 3
  %at = getelementptr inbounds double, ptr %buf, i64 %j
  %v = load double, ptr %at
  %s = call double @llvm.copysign.f64(double 1.0, double %v)
  %c = fcmp olt double %s, 0.0
  ret i1 %c
}

; Negative: 6 bytes end inside the second float, whose other bytes may be
; a stored value's: any bits.
; CHECK-LABEL: @stack_partial(
; CHECK: %c = fcmp ogt float %v, 2.550000e+02
define i1 @stack_partial(i8 %a, i64 %k) {
  %buf = alloca [2 x float], align 4
  %x = uitofp i8 %a to float
  %second = getelementptr inbounds float, ptr %buf, i64 1
  store float %x, ptr %second
  call void @llvm.memset.p0.i64(ptr %buf, i8 0, i64 6, i1 false)
  %v = load float, ptr %second
  %c = fcmp ogt float %v, 255.0
  ret i1 %c
}

; Negative: a length that is not known to be whole floats (n * 2 bytes).
; CHECK-LABEL: @stack_odd_length(
; CHECK: %c = fcmp ogt float %v, 2.550000e+02
define i1 @stack_odd_length(i8 %a, i64 %n) {
  %buf = alloca [2 x float], align 4
  %x = uitofp i8 %a to float
  store float %x, ptr %buf
  %bytes = mul i64 %n, 2
  call void @llvm.memset.p0.i64(ptr %buf, i8 0, i64 %bytes, i1 false)
  %v = load float, ptr %buf
  %c = fcmp ogt float %v, 255.0
  ret i1 %c
}

; Negative: bytes of 1 make floats of 0x01010101, not zeros; a volatile
; memset is not a plain store.
; CHECK-LABEL: @stack_other_bytes(
; CHECK: %c = fcmp ogt float %v, 2.550000e+02
; CHECK-LABEL: @stack_volatile(
; CHECK: %c = fcmp ogt float %v, 2.550000e+02
define i1 @stack_other_bytes(i8 %a) {
  %buf = alloca [2 x float], align 4
  %x = uitofp i8 %a to float
  store float %x, ptr %buf
  call void @llvm.memset.p0.i64(ptr %buf, i8 1, i64 8, i1 false)
  %v = load float, ptr %buf
  %c = fcmp ogt float %v, 255.0
  ret i1 %c
}
define i1 @stack_volatile(i8 %a) {
  %buf = alloca [2 x float], align 4
  %x = uitofp i8 %a to float
  store float %x, ptr %buf
  call void @llvm.memset.p0.i64(ptr %buf, i8 0, i64 8, i1 true)
  %v = load float, ptr %buf
  %c = fcmp ogt float %v, 255.0
  ret i1 %c
}

; A closed global, reset with memset and filled with bytes / 4: its loads
; read [0, 63.75] in any function.
@levels = internal global [8 x float] zeroinitializer, align 16

define void @reset() {
  call void @llvm.memset.p0.i64(ptr @levels, i8 0, i64 32, i1 false)
  ret void
}

define void @set(i64 %k, i8 %b) {
  %x = uitofp i8 %b to float
  %q = fmul float %x, 0.25
  %j = and i64 %k, 7
  %at = getelementptr inbounds [8 x float], ptr @levels, i64 0, i64 %j
  store float %q, ptr %at
  ret void
}

; CHECK-LABEL: @global_read(
; CHECK: ret i1 false
define i1 @global_read(i64 %k) {
  %j = and i64 %k, 7
  %at = getelementptr inbounds [8 x float], ptr @levels, i64 0, i64 %j
  %v = load float, ptr %at
  %c = fcmp ogt float %v, 64.0
  ret i1 %c
}

; Negative: a second global memset with a byte of 0x80 (floats of
; -2.4e-38 and so on) keeps it out of view.
@other = internal global [4 x float] zeroinitializer, align 16

define void @fill_other() {
  call void @llvm.memset.p0.i64(ptr @other, i8 128, i64 16, i1 false)
  ret void
}

; CHECK-LABEL: @other_read(
; CHECK: %c = fcmp olt float %v, 0.000000e+00
define i1 @other_read(i64 %k) {
  %j = and i64 %k, 3
  %at = getelementptr inbounds [4 x float], ptr @other, i64 0, i64 %j
  %v = load float, ptr %at
  %c = fcmp olt float %v, 0.0
  ret i1 %c
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare double @llvm.copysign.f64(double, double)
