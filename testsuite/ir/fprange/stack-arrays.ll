; Stack arrays of FP values every access of which is in view (loads, plain
; stores of such values, GEPs that keep to whole elements, lifetime
; markers): a load reads one of the values stored. GEPs keep to whole
; elements over the element type, or over i8 by a constant multiple of
; its size (as LLVM writes constant offsets).
; RUN: %ltofold fprange %s -S -o - | FileCheck %s
; RUN: %ltofold fprange --print %s | FileCheck %s --check-prefix=PRINT

; Filled with bytes / 2 in a loop, read at a variable index: [0, 127.5].
; CHECK-LABEL: @filled(
; CHECK: ret i1 false
define i1 @filled(ptr %p, i64 %k) {
entry:
  %buf = alloca [16 x float], align 16
  call void @llvm.lifetime.start.p0(ptr %buf)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = getelementptr inbounds i8, ptr %p, i64 %i
  %b = load i8, ptr %a
  %x = uitofp i8 %b to float
  %h = fmul float %x, 0.5
  %slot = getelementptr inbounds [16 x float], ptr %buf, i64 0, i64 %i
  store float %h, ptr %slot
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 16
  br i1 %done, label %read, label %loop
read:
  %j = and i64 %k, 15
  %at = getelementptr inbounds float, ptr %buf, i64 %j
  %v = load float, ptr %at
  call void @llvm.lifetime.end.p0(ptr %buf)
  %c = fcmp ogt float %v, 200.0
  ret i1 %c
}

; Constant offsets over i8 (whole floats) are in view too.
; CHECK-LABEL: @byte_offsets(
; CHECK: ret i1 false
define i1 @byte_offsets(i8 %a, i8 %b) {
  %buf = alloca [2 x float], align 4
  %x = uitofp i8 %a to float
  %y = uitofp i8 %b to float
  store float %x, ptr %buf
  %second = getelementptr inbounds i8, ptr %buf, i64 4
  store float %y, ptr %second
  %v = load float, ptr %second
  %c = fcmp ogt float %v, 255.0
  ret i1 %c
}

; Negative: an i8 offset of 2 reads half of one float and half of the
; next: no value stored.
; CHECK-LABEL: @split_element(
; CHECK: %c = fcmp ogt float %v, 2.550000e+02
define i1 @split_element(i8 %a, i8 %b) {
  %buf = alloca [2 x float], align 4
  %x = uitofp i8 %a to float
  %y = uitofp i8 %b to float
  store float %x, ptr %buf
  %second = getelementptr inbounds float, ptr %buf, i64 1
  store float %y, ptr %second
  %mid = getelementptr inbounds i8, ptr %buf, i64 2
  %v = load float, ptr %mid
  %c = fcmp ogt float %v, 255.0
  ret i1 %c
}

; Negative: the array escapes to a call, which may write anything.
; CHECK-LABEL: @escapes(
; CHECK: %c = fcmp ogt float %v, 2.550000e+02
define i1 @escapes(i8 %a) {
  %buf = alloca [2 x float], align 4
  %x = uitofp i8 %a to float
  store float %x, ptr %buf
  call void @fill(ptr %buf)
  %v = load float, ptr %buf
  %c = fcmp ogt float %v, 255.0
  ret i1 %c
}

; Negative: an integer stored into it is other bits read as a float.
; CHECK-LABEL: @integer_store(
; CHECK: %c = fcmp ogt float %v, 2.550000e+02
define i1 @integer_store(i8 %a, i32 %bits) {
  %buf = alloca [2 x float], align 4
  %x = uitofp i8 %a to float
  store float %x, ptr %buf
  %second = getelementptr inbounds float, ptr %buf, i64 1
  store i32 %bits, ptr %second
  %v = load float, ptr %second
  %c = fcmp ogt float %v, 255.0
  ret i1 %c
}

; Negative: a memset writes bytes the analysis does not read.
; CHECK-LABEL: @memset(
; CHECK: %c = fcmp ogt float %v, 2.550000e+02
define i1 @memset(i8 %a, i8 %fill) {
  %buf = alloca [2 x float], align 4
  call void @llvm.memset.p0.i64(ptr %buf, i8 %fill, i64 8, i1 false)
  %x = uitofp i8 %a to float
  store float %x, ptr %buf
  %second = getelementptr inbounds float, ptr %buf, i64 1
  %v = load float, ptr %second
  %c = fcmp ogt float %v, 255.0
  ret i1 %c
}

; A loop storing what it loaded, plus one, grows without bound (the load
; widens): nothing is decided, and the analysis still settles.
; PRINT-LABEL: function @growing
; PRINT: %v = load float
; PRINT-NEXT: min: 0 max: 3.40282347e+38 isInteger: 1 nan: 0 +inf: 1 -inf: 0
; CHECK-LABEL: @growing(
; CHECK: %c = fcmp ogt float %v, 1.000000e+03
define i1 @growing(i64 %n) {
entry:
  %buf = alloca [1 x float], align 4
  store float 0.0, ptr %buf
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %old = load float, ptr %buf
  %new = fadd float %old, 1.0
  store float %new, ptr %buf
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %v = load float, ptr %buf
  %c = fcmp ogt float %v, 1000.0
  ret i1 %c
}

declare void @fill(ptr)
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
