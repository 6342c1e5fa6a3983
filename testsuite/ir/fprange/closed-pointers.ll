; Memory reached through pointers passed between functions. A closed global
; or stack array of FP values, the pointer arguments of closed functions
; that receive it, and the GEPs, phis and selects made from them form one
; class when every pointer in it comes from such a root and every use of
; one is a load, a plain store of the class's FP type, a memset of zeros, a
; memcpy from or between members, or a call of a closed function: then
; every write to the class is in view, and its loads read the join of its
; stores (and of its globals' initializers). Any other pointer reaching a
; member, or any other use, leaves the class unbounded.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s
; RUN: %ltofold fprange --print %s | FileCheck %s --check-prefix=PRINT

; A closed function fills its caller's array with bytes scaled to [0, 1]
; and a zero; the caller reads any element back.
define internal void @fill(ptr %out, i8 %level) {
  %x = uitofp i8 %level to float
  %g = fdiv float %x, 2.550000e+02
  %second = getelementptr inbounds float, ptr %out, i64 1
  store float %g, ptr %second
  store float 0.000000e+00, ptr %out
  ret void
}

; CHECK-LABEL: define i1 @filled_at_most_one(
; CHECK: ret i1 true
; PRINT-LABEL: function @filled_at_most_one
; PRINT: %v = load float, ptr %p
; PRINT-NEXT: min: 0 max: 1
define i1 @filled_at_most_one(i8 %level, i64 %i) {
  %buf = alloca [4 x float]
  call void @fill(ptr %buf, i8 %level)
  %p = getelementptr inbounds [4 x float], ptr %buf, i64 0, i64 %i
  %v = load float, ptr %p
  %c = fcmp ole float %v, 1.000000e+00
  ret i1 %c
}

; A closed function reads what two callers pass: a stack array of samples
; scaled to [-1, 1) and a closed global of bytes scaled to [0, 1] (zeros
; at first). No element is above 1.
@history = internal global [8 x double] zeroinitializer

define internal i1 @above_one(ptr %in, i64 %i) {
  %p = getelementptr inbounds double, ptr %in, i64 %i
  %v = load double, ptr %p
  %c = fcmp ogt double %v, 1.000000e+00
  ret i1 %c
}

; CHECK-LABEL: define internal i1 @above_one(
; CHECK: ret i1 false
define i1 @samples(i16 %a, i64 %i) {
  %buf = alloca [2 x double]
  %x = sitofp i16 %a to double
  %f = fdiv double %x, 3.276800e+04
  store double %f, ptr %buf
  %q = getelementptr inbounds i8, ptr %buf, i64 8
  store double 5.000000e-01, ptr %q
  %r = call i1 @above_one(ptr %buf, i64 %i)
  ret i1 %r
}

define void @record(i8 %level, i64 %i) {
  %x = uitofp i8 %level to double
  %g = fdiv double %x, 2.550000e+02
  %p = getelementptr inbounds [8 x double], ptr @history, i64 0, i64 %i
  store double %g, ptr %p
  ret void
}

define i1 @history_above_one(i64 %i) {
  %r = call i1 @above_one(ptr @history, i64 %i)
  ret i1 %r
}

; A constant table is a root too (nothing writes it): here a window in
; [0, 1], or the caller's own array of halves, chosen by a select.
@window = internal constant [4 x float] [float 0.000000e+00, float 2.500000e-01, float 7.500000e-01, float 1.000000e+00]

; CHECK-LABEL: define internal i1 @above_window(
; CHECK: ret i1 false
define internal i1 @above_window(ptr %w, i64 %i) {
  %p = getelementptr inbounds float, ptr %w, i64 %i
  %v = load float, ptr %p
  %c = fcmp ogt float %v, 1.000000e+00
  ret i1 %c
}

define i1 @windowed(i1 %own, i64 %i) {
  %a = alloca [4 x float]
  store float 5.000000e-01, ptr %a
  %w = select i1 %own, ptr %a, ptr @window
  %r = call i1 @above_window(ptr %w, i64 %i)
  ret i1 %r
}

; A copy of whole elements from a class into another array joins the two:
; the copy holds what the first holds.
; CHECK-LABEL: define i1 @copy_at_most_one(
; CHECK: ret i1 true
define i1 @copy_at_most_one(i8 %level, i64 %i) {
  %a = alloca [4 x float]
  %b = alloca [4 x float]
  call void @fill(ptr %a, i8 %level)
  call void @llvm.memcpy.p0.p0.i64(ptr %b, ptr %a, i64 16, i1 false)
  %p = getelementptr inbounds [4 x float], ptr %b, i64 0, i64 %i
  %v = load float, ptr %p
  %c = fcmp ole float %v, 1.000000e+00
  ret i1 %c
}

; Not bounded: the array also goes to a function out of view, which may
; write anything into it.
declare void @external(ptr)

; CHECK-LABEL: define i1 @escapes(
; CHECK: %c = fcmp olt float %v, 1.000000e+00
; CHECK-NEXT: ret i1 %c
define i1 @escapes(i64 %i) {
  %a = alloca [4 x float]
  store float 5.000000e-01, ptr %a
  call void @external(ptr %a)
  %p = getelementptr inbounds [4 x float], ptr %a, i64 0, i64 %i
  %v = load float, ptr %p
  %c = fcmp olt float %v, 1.000000e+00
  ret i1 %c
}

; Not bounded: one caller of @read_first passes a pointer loaded from
; memory, which may point anywhere.
define internal i1 @read_first(ptr %p) {
  %v = load float, ptr %p
  %c = fcmp olt float %v, 1.000000e+00
  ret i1 %c
}

; CHECK-LABEL: define internal i1 @read_first(
; CHECK: %c = fcmp olt float %v, 1.000000e+00
; CHECK-NEXT: ret i1 %c
define i1 @half_read(i64 %i) {
  %a = alloca float
  store float 5.000000e-01, ptr %a
  %r = call i1 @read_first(ptr %a)
  ret i1 %r
}

define i1 @foreign_read(ptr %pp) {
  %p = load ptr, ptr %pp
  %r = call i1 @read_first(ptr %p)
  ret i1 %r
}

; Not bounded: a closed function stores a double (0.5) over two floats of
; its caller's array; the second float then reads its upper half, 1.75.
define internal void @poke(ptr %p) {
  store double 5.000000e-01, ptr %p
  ret void
}

; CHECK-LABEL: define i1 @poked(
; CHECK: %c = fcmp olt float %v, 1.000000e+00
; CHECK-NEXT: ret i1 %c
define i1 @poked() {
  %a = alloca [2 x float]
  store float 5.000000e-01, ptr %a
  %second = getelementptr inbounds i8, ptr %a, i64 4
  store float 5.000000e-01, ptr %second
  call void @poke(ptr %a)
  %v = load float, ptr %second
  %c = fcmp olt float %v, 1.000000e+00
  ret i1 %c
}

; Not bounded: a copy of 6 bytes ends inside an element, and a copy from a
; pointer out of view brings anything.
; CHECK-LABEL: define i1 @copies(
; CHECK: %c = fcmp olt float %v, 1.000000e+00
; CHECK: %d = fcmp olt float %w, 1.000000e+00
; CHECK: ret i1 %both
define i1 @copies(ptr %from, i64 %i) {
  %a = alloca [4 x float]
  %b = alloca [4 x float]
  %c2 = alloca [4 x float]
  store float 5.000000e-01, ptr %a
  call void @llvm.memcpy.p0.p0.i64(ptr %b, ptr %a, i64 6, i1 false)
  %p = getelementptr inbounds [4 x float], ptr %b, i64 0, i64 %i
  %v = load float, ptr %p
  %c = fcmp olt float %v, 1.000000e+00
  store float 5.000000e-01, ptr %c2
  call void @llvm.memcpy.p0.p0.i64(ptr %c2, ptr %from, i64 16, i1 false)
  %q = getelementptr inbounds [4 x float], ptr %c2, i64 0, i64 %i
  %w = load float, ptr %q
  %d = fcmp olt float %w, 1.000000e+00
  %both = and i1 %c, %d
  ret i1 %both
}

; Not bounded: @upper receives an array of floats and a double (0.5), so
; its class holds other bytes than those of either type: the float it reads
; from the double is the upper half, 1.75.
@half = internal global double 5.000000e-01

; CHECK-LABEL: define internal i1 @upper(
; CHECK: %c = fcmp olt float %v, 1.000000e+00
; CHECK-NEXT: ret i1 %c
define internal i1 @upper(ptr %p) {
  %q = getelementptr inbounds i8, ptr %p, i64 4
  %v = load float, ptr %q
  %c = fcmp olt float %v, 1.000000e+00
  ret i1 %c
}

define i1 @mixed_types() {
  %f = alloca [2 x float]
  %c = call i1 @upper(ptr @half)
  %unused = call i1 @upper(ptr %f)
  ret i1 %c
}

; Not bounded: a variadic argument is read back with va_arg, a pointer
; out of view, and written through.
define internal void @set_two(i32 %n, ...) {
  %ap = alloca [24 x i8]
  call void @llvm.va_start.p0(ptr %ap)
  %p = va_arg ptr %ap, ptr
  call void @llvm.va_end.p0(ptr %ap)
  store float 2.000000e+00, ptr %p
  ret void
}

; CHECK-LABEL: define i1 @through_varargs(
; CHECK: %c = fcmp olt float %v, 1.000000e+00
; CHECK-NEXT: ret i1 %c
define i1 @through_varargs() {
  %a = alloca float
  store float 5.000000e-01, ptr %a
  call void (i32, ...) @set_two(i32 1, ptr %a)
  %v = load float, ptr %a
  %c = fcmp olt float %v, 1.000000e+00
  ret i1 %c
}

declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

; A helper that also sees memory out of view does not open the class of a
; caller's array: @scale writes 2.0 through a pointer that is the array or
; one loaded from memory, and @reads_own loads through its own array only.
; Its loads read the array's stores, the helper's included; the helper's
; own loads may read anything.
define internal void @scale(ptr %p) {
  store float 2.000000e+00, ptr %p
  ret void
}

; CHECK-LABEL: define i1 @reads_own(
; CHECK: call void @use(i1 true)
; CHECK: %c = fcmp ole float %v, 1.000000e+00
; CHECK-NEXT: ret i1 %c
; PRINT-LABEL: function @reads_own
; PRINT: %v = load float, ptr %p
; PRINT-NEXT: min: 0 max: 2
define i1 @reads_own(i8 %level, i1 %big, i64 %i) {
  %level.f = uitofp i8 %level to float
  %unit = fdiv float %level.f, 2.550000e+02
  %a = alloca [4 x float]
  store float %unit, ptr %a
  br i1 %big, label %scaled, label %read
scaled:
  call void @scale(ptr %a)
  br label %read
read:
  %p = getelementptr inbounds [4 x float], ptr %a, i64 0, i64 %i
  %v = load float, ptr %p
  %at_most_two = fcmp ole float %v, 2.000000e+00
  call void @use(i1 %at_most_two)
  %c = fcmp ole float %v, 1.000000e+00
  ret i1 %c
}

define void @scale_elsewhere(ptr %pp) {
  %p = load ptr, ptr %pp
  call void @scale(ptr %p)
  ret void
}

; CHECK-LABEL: define internal i1 @reads_either(
; CHECK: %c = fcmp ole float %v, 2.000000e+00
; CHECK-NEXT: ret i1 %c
define internal i1 @reads_either(ptr %p) {
  %v = load float, ptr %p
  %c = fcmp ole float %v, 2.000000e+00
  ret i1 %c
}

define i1 @either(ptr %pp, i8 %level) {
  %level.f = uitofp i8 %level to float
  %unit = fdiv float %level.f, 2.550000e+02
  %a = alloca [4 x float]
  store float %unit, ptr %a
  %p = load ptr, ptr %pp
  %x = call i1 @reads_either(ptr %a)
  %y = call i1 @reads_either(ptr %p)
  %r = and i1 %x, %y
  ret i1 %r
}

declare void @use(i1)

; The addresses the vectorizer compares to see whether two arrays overlap
; make no pointer (the module has no inttoptr): the class stays closed.
; The fortified memcpy and memset of the C library (_FORTIFY_SOURCE) are
; copies and zeroing like the intrinsics, when their result goes unused.
declare ptr @__memcpy_chk(ptr, ptr, i64, i64)
declare ptr @__memset_chk(ptr, i32, i64, i64)

; CHECK-LABEL: define i1 @compared_and_copied(
; CHECK: ret i1 true
define i1 @compared_and_copied(i8 %level, i64 %n, i64 %i) {
  %level.f = uitofp i8 %level to float
  %unit = fdiv float %level.f, 2.550000e+02
  %a = alloca [4 x float]
  %b = alloca [4 x float]
  store float %unit, ptr %a
  %ia = ptrtoint ptr %a to i64
  %ib = ptrtoint ptr %b to i64
  %d = sub i64 %ib, %ia
  %far = icmp uge i64 %d, 16
  call void @use(i1 %far)
  %bytes = shl i64 %n, 2
  %unused = call ptr @__memcpy_chk(ptr %b, ptr %a, i64 %bytes, i64 16)
  %unused2 = call ptr @__memset_chk(ptr %a, i32 0, i64 8, i64 16)
  %p = getelementptr inbounds [4 x float], ptr %b, i64 0, i64 %i
  %v = load float, ptr %p
  %c = fcmp ole float %v, 1.000000e+00
  ret i1 %c
}

; Not bounded: an address kept as an integer in memory (it may be made a
; pointer again); a fortified memcpy whose result (the destination) is
; used; a copy into the array from a pointer that may be out of view.
; CHECK-LABEL: define i1 @address_stored(
; CHECK: %c = fcmp ole float %v, 1.000000e+00
; CHECK-NEXT: ret i1 %c
define i1 @address_stored(ptr %slot, i8 %level, i64 %i) {
  %level.f = uitofp i8 %level to float
  %unit = fdiv float %level.f, 2.550000e+02
  %a = alloca [4 x float]
  store float %unit, ptr %a
  %ia = ptrtoint ptr %a to i64
  store i64 %ia, ptr %slot
  %p = getelementptr inbounds [4 x float], ptr %a, i64 0, i64 %i
  %v = load float, ptr %p
  %c = fcmp ole float %v, 1.000000e+00
  ret i1 %c
}

; CHECK-LABEL: define i1 @copy_result_used(
; CHECK: %c = fcmp ole float %v, 1.000000e+00
; CHECK-NEXT: ret i1 %c
define i1 @copy_result_used(i8 %level, i64 %i) {
  %level.f = uitofp i8 %level to float
  %unit = fdiv float %level.f, 2.550000e+02
  %a = alloca [4 x float]
  %b = alloca [4 x float]
  store float %unit, ptr %a
  %d = call ptr @__memcpy_chk(ptr %b, ptr %a, i64 16, i64 16)
  store float 3.000000e+00, ptr %d
  %p = getelementptr inbounds [4 x float], ptr %b, i64 0, i64 %i
  %v = load float, ptr %p
  %c = fcmp ole float %v, 1.000000e+00
  ret i1 %c
}

define internal void @copy_from(ptr %to, ptr %from) {
  call void @llvm.memcpy.p0.p0.i64(ptr %to, ptr %from, i64 16, i1 false)
  ret void
}

; CHECK-LABEL: define i1 @copied_from_either(
; CHECK: %c = fcmp ole float %v, 1.000000e+00
; CHECK-NEXT: ret i1 %c
define i1 @copied_from_either(ptr %pp, i8 %level, i64 %i) {
  %level.f = uitofp i8 %level to float
  %unit = fdiv float %level.f, 2.550000e+02
  %a = alloca [4 x float]
  %b = alloca [4 x float]
  store float %unit, ptr %a
  store float %unit, ptr %b
  %other = load ptr, ptr %pp
  call void @copy_from(ptr %b, ptr %a)
  %c1 = alloca [4 x float]
  call void @copy_from(ptr %c1, ptr %other)
  %p = getelementptr inbounds [4 x float], ptr %b, i64 0, i64 %i
  %v = load float, ptr %p
  %c = fcmp ole float %v, 1.000000e+00
  ret i1 %c
}

; Not bounded: a helper that stores a double (0.5) over two floats, through
; a pointer that is the array or one loaded from memory; the second float
; then reads the double's upper half, 1.75.
define internal void @poke_either(ptr %p) {
  store double 5.000000e-01, ptr %p
  ret void
}

; CHECK-LABEL: define i1 @poked_either(
; CHECK: %c = fcmp olt float %v, 1.000000e+00
; CHECK-NEXT: ret i1 %c
define i1 @poked_either(ptr %pp) {
  %a = alloca [2 x float]
  store float 5.000000e-01, ptr %a
  %second = getelementptr inbounds i8, ptr %a, i64 4
  store float 5.000000e-01, ptr %second
  call void @poke_either(ptr %a)
  %other = load ptr, ptr %pp
  call void @poke_either(ptr %other)
  %v = load float, ptr %second
  %c = fcmp olt float %v, 1.000000e+00
  ret i1 %c
}

; Not bounded: with -fno-builtin ("no-builtins") a call of memset is a call
; of whatever the program links as memset, as for LLVM itself; the same
; on a call marked nobuiltin.
declare ptr @memset(ptr, i32, i64)

; CHECK-LABEL: define i1 @no_builtins(
; CHECK: %c = fcmp ole float %v, 5.000000e-01
; CHECK-NEXT: ret i1 %c
define i1 @no_builtins(i64 %i) #0 {
  %a = alloca [4 x float]
  store float 5.000000e-01, ptr %a
  %unused = call ptr @memset(ptr %a, i32 0, i64 16)
  %p = getelementptr inbounds [4 x float], ptr %a, i64 0, i64 %i
  %v = load float, ptr %p
  %c = fcmp ole float %v, 5.000000e-01
  ret i1 %c
}

; CHECK-LABEL: define i1 @nobuiltin_call(
; CHECK: %c = fcmp ole float %v, 5.000000e-01
; CHECK-NEXT: ret i1 %c
define i1 @nobuiltin_call(i64 %i) {
  %a = alloca [4 x float]
  store float 5.000000e-01, ptr %a
  %unused = call ptr @memset(ptr %a, i32 0, i64 16) nobuiltin
  %p = getelementptr inbounds [4 x float], ptr %a, i64 0, i64 %i
  %v = load float, ptr %p
  %c = fcmp ole float %v, 5.000000e-01
  ret i1 %c
}

; The same memset as a builtin: zeros, so no element is below 0.
; CHECK-LABEL: define i1 @builtin_memset(
; CHECK: ret i1 true
define i1 @builtin_memset(i64 %i) {
  %a = alloca [4 x float]
  store float 5.000000e-01, ptr %a
  %unused = call ptr @memset(ptr %a, i32 0, i64 16)
  %p = getelementptr inbounds [4 x float], ptr %a, i64 0, i64 %i
  %v = load float, ptr %p
  %c = fcmp oge float %v, 0.000000e+00
  ret i1 %c
}

attributes #0 = { "no-builtins" }
