; Single operations (issue 38, item 3): powi with a constant exponent over
; any base, minnum/maxnum with an operand that may be a quiet NaN, frem and
; C's fmod against their divisor, and half and bfloat products that are
; subnormal. Each decided compare has a neighbour at the boundary that must
; stay. The second run flushes subnormals (a "denormal-fp-math" of
; preserve-sign in the module: the whole program's mode, so a copy of the
; module with the attribute changed).
; RUN: %ltofold fprange %s -S -o - | FileCheck %s --check-prefixes=CHECK,IEEE
; RUN: sed -e 's/"denormal-fp-math"="ieee,ieee"/"denormal-fp-math"="preserve-sign,preserve-sign"/' %s > %t.ll
; RUN: %ltofold fprange %t.ll -S -o - | FileCheck %s --check-prefixes=CHECK,FLUSH

; ---- powi -------------------------------------------------------------

; x^3 over x in [-128, 127]: the sign of x is kept, the magnitude is
; |x|^3 within its roundings, so [-2097152, 2048383].
; CHECK-LABEL: @powi_odd_both_signs(
; CHECK: ret i1 false
define i1 @powi_odd_both_signs(i8 %i) {
  %x = sitofp i8 %i to double
  %p = call double @llvm.powi.f64.i32(double %x, i32 3)
  %above = fcmp ogt double %p, 2048383.5
  %below = fcmp olt double %p, -2097152.5
  %c = or i1 %above, %below
  ret i1 %c
}

; -128^3 = -2097152 is reached: kept.
; CHECK-LABEL: @powi_odd_reached(
; CHECK: %c = fcmp olt double %p, 0xC13FFFFF00000000
define i1 @powi_odd_reached(i8 %i) {
  %x = sitofp i8 %i to double
  %p = call double @llvm.powi.f64.i32(double %x, i32 3)
  %c = fcmp olt double %p, -2097151.0
  ret i1 %c
}

; An even power of anything, NaN and infinities included, is never below
; zero (NaN fails olt).
; CHECK-LABEL: @powi_even_any(
; CHECK: ret i1 false
define i1 @powi_even_any(double %x) {
  %p = call double @llvm.powi.f64.i32(double %x, i32 4)
  %c = fcmp olt double %p, 0.0
  ret i1 %c
}

; An odd power of anything may be.
; CHECK-LABEL: @powi_odd_any(
; CHECK: %c = fcmp olt double %p, 0.000000e+00
define i1 @powi_odd_any(double %x) {
  %p = call double @llvm.powi.f64.i32(double %x, i32 5)
  %c = fcmp olt double %p, 0.0
  ret i1 %c
}

; x^0 is 1 for every x (0^0 too); a NaN x may give NaN as well, so only
; the unordered compare is decided.
; CHECK-LABEL: @powi_zero_exponent(
; CHECK: ret i1 true
define i1 @powi_zero_exponent(double %x) {
  %p = call double @llvm.powi.f64.i32(double %x, i32 0)
  %c = fcmp ueq double %p, 1.0
  ret i1 %c
}

; CHECK-LABEL: @powi_zero_exponent_nan(
; CHECK: %c = fcmp oeq double %p, 1.000000e+00
define i1 @powi_zero_exponent_nan(double %x) {
  %p = call double @llvm.powi.f64.i32(double %x, i32 0)
  %c = fcmp oeq double %p, 1.0
  ret i1 %c
}

; x^-3 = 1 / x^3 for x in [1e12, 2e12] (float): x^3 stays finite, so the
; result is a positive normal.
; CHECK-LABEL: @powi_negative_exponent(
; CHECK: ret i1 true
define i1 @powi_negative_exponent(i1 %b) {
  %x = select i1 %b, float 0x426D1A94A0000000, float 0x427D1A94A0000000
  %p = call float @llvm.powi.f32.i32(float %x, i32 -3)
  %c = fcmp ogt float %p, 0.0
  ret i1 %c
}

; For x in [1e13, 2e13], x^3 overflows float, and 1 / inf is 0: kept.
; CHECK-LABEL: @powi_negative_exponent_overflow(
; CHECK: %c = fcmp ogt float %p, 0.000000e+00
define i1 @powi_negative_exponent_overflow(i1 %b) {
  %x = select i1 %b, float 0x42A2309CE0000000, float 0x42B2309CE0000000
  %p = call float @llvm.powi.f32.i32(float %x, i32 -3)
  %c = fcmp ogt float %p, 0.0
  ret i1 %c
}

; x^-2 for x in [0, 7]: 0^-2 is +inf, above any bound. Kept.
; CHECK-LABEL: @powi_negative_exponent_zero(
; CHECK: %c = fcmp ogt double %p, 1.000000e+00
define i1 @powi_negative_exponent_zero(i8 %i) {
  %m = and i8 %i, 7
  %x = uitofp i8 %m to double
  %p = call double @llvm.powi.f64.i32(double %x, i32 -2)
  %c = fcmp ogt double %p, 1.0
  ret i1 %c
}

; ---- minnum / maxnum with a NaN operand ----------------------------------

; sqrt of [-128, 127] may be NaN, a quiet one (its operand is never NaN):
; minnum then returns 5, so the result is at most 5 and never NaN.
; CHECK-LABEL: @minnum_quiet_nan(
; CHECK: ret i1 true
define i1 @minnum_quiet_nan(i8 %i) {
  %x = sitofp i8 %i to double
  %s = call double @llvm.sqrt.f64(double %x)
  %m = call double @llvm.minnum.f64(double %s, double 5.0)
  %c = fcmp ole double %m, 5.0
  ret i1 %c
}

; The same through arithmetic (a NaN operand gives a quiet NaN or itself)
; and maxnum, with the libm name.
; CHECK-LABEL: @maxnum_quiet_nan(
; CHECK: ret i1 true
define i1 @maxnum_quiet_nan(i8 %i) {
  %x = sitofp i8 %i to double
  %s = call double @llvm.sqrt.f64(double %x)
  %t = fadd double %s, 1.0
  %m = call double @fmax(double %t, double -1.0)
  %c = fcmp oge double %m, -1.0
  ret i1 %c
}

; Through a phi of two quiet NaNs' sources.
; CHECK-LABEL: @minnum_quiet_phi(
; CHECK: ret i1 true
define i1 @minnum_quiet_phi(i8 %i, i1 %b) {
entry:
  %x = sitofp i8 %i to double
  br i1 %b, label %root, label %logarithm
root:
  %s = call double @llvm.sqrt.f64(double %x)
  br label %join
logarithm:
  %l = call double @llvm.log.f64(double %x)
  br label %join
join:
  %v = phi double [ %s, %root ], [ %l, %logarithm ]
  %m = call double @llvm.minnum.f64(double %v, double 5.0)
  %c = fcmp ole double %m, 5.0
  ret i1 %c
}

; One incoming value is an argument, maybe signaling: kept.
; CHECK-LABEL: @minnum_phi_argument(
; CHECK: %c = fcmp ole double %m, 5.000000e+00
define i1 @minnum_phi_argument(i8 %i, i1 %b, double %a) {
entry:
  %x = sitofp i8 %i to double
  br i1 %b, label %root, label %join
root:
  %s = call double @llvm.sqrt.f64(double %x)
  br label %join
join:
  %v = phi double [ %s, %root ], [ %a, %entry ]
  %m = call double @llvm.minnum.f64(double %v, double 5.0)
  %c = fcmp ole double %m, 5.0
  ret i1 %c
}

; An argument may be a signaling NaN, for which minnum may return NaN
; (LLVM 22's LangRef, glibc's fmin): kept.
; CHECK-LABEL: @minnum_signaling(
; CHECK: %c = fcmp ole double %m, 5.000000e+00
define i1 @minnum_signaling(double %x) {
  %m = call double @llvm.minnum.f64(double %x, double 5.0)
  %c = fcmp ole double %m, 5.0
  ret i1 %c
}

; Both operands may be NaN: kept.
; CHECK-LABEL: @minnum_both_nan(
; CHECK: %c = fcmp ord double %m, 0.000000e+00
define i1 @minnum_both_nan(i8 %i, i8 %j) {
  %x = sitofp i8 %i to double
  %y = sitofp i8 %j to double
  %s = call double @llvm.sqrt.f64(double %x)
  %t = call double @llvm.sqrt.f64(double %y)
  %m = call double @llvm.minnum.f64(double %s, double %t)
  %c = fcmp ord double %m, 0.0
  ret i1 %c
}

; minimum propagates NaN: kept.
; CHECK-LABEL: @minimum_propagates(
; CHECK: %c = fcmp ole double %m, 5.000000e+00
define i1 @minimum_propagates(i8 %i) {
  %x = sitofp i8 %i to double
  %s = call double @llvm.sqrt.f64(double %x)
  %m = call double @llvm.minimum.f64(double %s, double 5.0)
  %c = fcmp ole double %m, 5.0
  ret i1 %c
}

; ---- frem and fmod --------------------------------------------------------

; C's fmod (a libm call when errno is on) is frem: below 16 for a divisor
; in [1, 16].
; CHECK-LABEL: @fmod_libm(
; CHECK: ret i1 false
define i1 @fmod_libm(i16 %i, i8 %j) {
  %x = uitofp i16 %i to double
  %m = and i8 %j, 15
  %k = add i8 %m, 1
  %y = uitofp i8 %k to double
  %r = call double @fmod(double %x, double %y)
  %c = fcmp oge double %r, 16.0
  ret i1 %c
}

; 15 is reached (fmod(15, 16)): kept.
; CHECK-LABEL: @fmod_libm_reached(
; CHECK: %c = fcmp oge double %r, 1.500000e+01
define i1 @fmod_libm_reached(i16 %i, i8 %j) {
  %x = uitofp i16 %i to double
  %m = and i8 %j, 15
  %k = add i8 %m, 1
  %y = uitofp i8 %k to double
  %r = call double @fmod(double %x, double %y)
  %c = fcmp oge double %r, 15.0
  ret i1 %c
}

; The remainder against its own divisor: |frem(x, y)| < |y|, so below a
; positive y and above a negative one, whatever their ranges.
; CHECK-LABEL: @frem_below_divisor(
; CHECK: ret i1 false
define i1 @frem_below_divisor(i8 %i, i8 %j) {
  %x = sitofp i8 %i to float
  %m = and i8 %j, 15
  %k = add i8 %m, 1
  %y = uitofp i8 %k to float
  %r = frem float %x, %y
  %c = fcmp oge float %r, %y
  ret i1 %c
}

; CHECK-LABEL: @fmod_above_negative_divisor(
; CHECK: ret i1 true
define i1 @fmod_above_negative_divisor(i8 %i, i8 %j) {
  %x = sitofp i8 %i to double
  %m = and i8 %j, 15
  %k = add i8 %m, 1
  %u = uitofp i8 %k to double
  %y = fneg double %u
  %r = call double @fmod(double %x, double %y)
  %c = fcmp ole double %y, %r
  ret i1 %c
}

; A divisor of either sign: r may be above y. Kept.
; CHECK-LABEL: @frem_divisor_either_sign(
; CHECK: %c = fcmp oge float %r, %y
define i1 @frem_divisor_either_sign(i8 %i, i1 %b) {
  %x = sitofp i8 %i to float
  %y = select i1 %b, float -3.0, float 5.0
  %r = frem float %x, %y
  %c = fcmp oge float %r, %y
  ret i1 %c
}

; A divisor that may be 0 gives NaN: the unordered compare is kept.
; CHECK-LABEL: @frem_divisor_zero(
; CHECK: %c = fcmp uge float %r, %y
define i1 @frem_divisor_zero(i8 %i, i8 %j) {
  %x = sitofp i8 %i to float
  %m = and i8 %j, 15
  %y = uitofp i8 %m to float
  %r = frem float %x, %y
  %c = fcmp uge float %r, %y
  ret i1 %c
}

; ---- half and bfloat products in the subnormal range ----------------------

; x * 2^-20 for x in [1, 16]: half subnormals from 2^-20 to 2^-16, exact,
; so above zero (unless subnormals are flushed) and below 2^-14.
; CHECK-LABEL: @half_subnormal_product(
; IEEE: ret i1 true
; FLUSH: %above = fcmp ogt half %y, 0xH0000
define i1 @half_subnormal_product(i8 %i) #0 {
  %m = and i8 %i, 15
  %k = add i8 %m, 1
  %x = uitofp i8 %k to half
  %y = fmul half %x, 0xH0010
  %above = fcmp ogt half %y, 0xH0000
  %below = fcmp olt half %y, 0xH0400
  %c = and i1 %above, %below
  ret i1 %c
}

; x * 2^-25: 1 * 2^-25 is half of half's smallest subnormal, a tie that
; rounds to 0: kept.
; CHECK-LABEL: @half_subnormal_tie(
; CHECK: %c = fcmp ogt half %z, 0xH0000
define i1 @half_subnormal_tie(i8 %i) #0 {
  %m = and i8 %i, 15
  %k = add i8 %m, 1
  %x = uitofp i8 %k to half
  %y = fmul half %x, 0xH0001
  %z = fmul half %y, 0xH3800
  %c = fcmp ogt half %z, 0xH0000
  ret i1 %c
}

; C's half arithmetic in float, then rounded into half's subnormals:
; 1e-3 * [1, 16] * 1e-3 is at most 1.6e-5, so subnormal (below 2^-14)
; whether or not it is flushed.
; CHECK-LABEL: @half_excess_precision_subnormal(
; CHECK: ret i1 false
define i1 @half_excess_precision_subnormal(i8 %i) #0 {
  %m = and i8 %i, 15
  %k = add i8 %m, 1
  %x = uitofp i8 %k to float
  %a = fmul float %x, 0x3F50624DE0000000
  %h = fptrunc float %a to half
  %w = fpext half %h to float
  %p = fmul float %w, 0x3F50624DE0000000
  %y = fptrunc float %p to half
  %c = fcmp ogt half %y, 0xH0400
  ret i1 %c
}

; bfloat: x * 2^-131 for x in [1, 16] is subnormal (bfloat's smallest
; normal is 2^-126), above zero unless flushed.
; CHECK-LABEL: @bfloat_subnormal_product(
; IEEE: ret i1 true
; FLUSH: %c = fcmp ogt bfloat %y, 0xR0000
define i1 @bfloat_subnormal_product(i8 %i) #0 {
  %m = and i8 %i, 15
  %k = add i8 %m, 1
  %x = uitofp i8 %k to bfloat
  %y = fmul bfloat %x, 0xR0004
  %c = fcmp ogt bfloat %y, 0xR0000
  ret i1 %c
}

; x * 2^-134: a tie at half of bfloat's smallest subnormal, rounded to 0.
; CHECK-LABEL: @bfloat_subnormal_tie(
; CHECK: %c = fcmp ogt bfloat %z, 0xR0000
define i1 @bfloat_subnormal_tie(i8 %i) #0 {
  %m = and i8 %i, 15
  %k = add i8 %m, 1
  %x = uitofp i8 %k to bfloat
  %y = fmul bfloat %x, 0xR0001
  %z = fmul bfloat %y, 0xR3F00
  %c = fcmp ogt bfloat %z, 0xR0000
  ret i1 %c
}

declare double @llvm.powi.f64.i32(double, i32)
declare float @llvm.powi.f32.i32(float, i32)
declare double @llvm.sqrt.f64(double)
declare double @llvm.log.f64(double)
declare double @llvm.minnum.f64(double, double)
declare double @llvm.minimum.f64(double, double)
declare double @fmax(double, double)
declare double @fmod(double, double)

attributes #0 = { "denormal-fp-math"="ieee,ieee" }
