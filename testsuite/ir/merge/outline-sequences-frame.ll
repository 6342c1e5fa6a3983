; merge-outline-sequences and the frame: the sequence of
; outline-sequences.ll writes into a buffer of its function's frame, in
; six functions, between the buffer's lifetime markers. The alloca and the
; markers are tied to the frame and stay; the sequence moves, and takes the
; buffer's address as a value coming in.
; RUN: %ltofold merge %s -S -o %t.ll --merge-similar=false --merge-outline-sequences --verify --stats 2> %t.stats
; RUN: FileCheck %s --input-file %t.ll
; RUN: FileCheck %s --input-file %t.stats --check-prefix=STATS
; STATS: 1 function called from 6 places
; STATS: outline sequences: 6 outlined in 1 group
; STATS: certified
; CHECK-LABEL: define i32 @f1(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %buf = alloca [32 x i8], align 16
; CHECK-NEXT:    call void @first(i32 1)
; CHECK-NEXT:    call void @llvm.lifetime.start.p0(ptr %buf)
; CHECK-NEXT:    %m = call i32 @[[SEQ:ltofold\.outlined\.[0-9]+]](ptr %p, ptr %buf)
; CHECK-NEXT:    call void @llvm.lifetime.end.p0(ptr %buf)
; CHECK:       define internal i32 @[[SEQ]](ptr %0, ptr %1)
; CHECK-NOT:     alloca
; CHECK-NOT:     lifetime
; CHECK:         ret i32 %m
; CHECK-LABEL: define i32 @f2(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %buf = alloca [32 x i8], align 16
; CHECK-NEXT:    call void @first(i32 2)
; CHECK-NEXT:    call void @llvm.lifetime.start.p0(ptr %buf)
; CHECK-NEXT:    %m = call i32 @[[SEQ]](ptr %p, ptr %buf)
; CHECK-NEXT:    call void @llvm.lifetime.end.p0(ptr %buf)
; CHECK-LABEL: define i32 @f3(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %buf = alloca [32 x i8], align 16
; CHECK-NEXT:    call void @first(i32 3)
; CHECK-NEXT:    call void @llvm.lifetime.start.p0(ptr %buf)
; CHECK-NEXT:    %m = call i32 @[[SEQ]](ptr %p, ptr %buf)
; CHECK-NEXT:    call void @llvm.lifetime.end.p0(ptr %buf)
; CHECK-LABEL: define i32 @f4(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %buf = alloca [32 x i8], align 16
; CHECK-NEXT:    call void @first(i32 4)
; CHECK-NEXT:    call void @llvm.lifetime.start.p0(ptr %buf)
; CHECK-NEXT:    %m = call i32 @[[SEQ]](ptr %p, ptr %buf)
; CHECK-NEXT:    call void @llvm.lifetime.end.p0(ptr %buf)
; CHECK-LABEL: define i32 @f5(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %buf = alloca [32 x i8], align 16
; CHECK-NEXT:    call void @first(i32 5)
; CHECK-NEXT:    call void @llvm.lifetime.start.p0(ptr %buf)
; CHECK-NEXT:    %m = call i32 @[[SEQ]](ptr %p, ptr %buf)
; CHECK-NEXT:    call void @llvm.lifetime.end.p0(ptr %buf)
; CHECK-LABEL: define i32 @f6(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %buf = alloca [32 x i8], align 16
; CHECK-NEXT:    call void @first(i32 6)
; CHECK-NEXT:    call void @llvm.lifetime.start.p0(ptr %buf)
; CHECK-NEXT:    %m = call i32 @[[SEQ]](ptr %p, ptr %buf)
; CHECK-NEXT:    call void @llvm.lifetime.end.p0(ptr %buf)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @first(i32)
declare void @use(i32, ptr)

define i32 @f1(ptr %p) #0 {
entry:
  %buf = alloca [32 x i8], align 16
  call void @first(i32 1)
  call void @llvm.lifetime.start.p0(ptr %buf)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %buf)
  %h = getelementptr inbounds i8, ptr %buf, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  call void @llvm.lifetime.end.p0(ptr %buf)
  %r = xor i32 %m, 1
  ret i32 %r
}

define i32 @f2(ptr %p) #0 {
entry:
  %buf = alloca [32 x i8], align 16
  call void @first(i32 2)
  call void @llvm.lifetime.start.p0(ptr %buf)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %buf)
  %h = getelementptr inbounds i8, ptr %buf, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  call void @llvm.lifetime.end.p0(ptr %buf)
  %r = xor i32 %m, 2
  ret i32 %r
}

define i32 @f3(ptr %p) #0 {
entry:
  %buf = alloca [32 x i8], align 16
  call void @first(i32 3)
  call void @llvm.lifetime.start.p0(ptr %buf)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %buf)
  %h = getelementptr inbounds i8, ptr %buf, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  call void @llvm.lifetime.end.p0(ptr %buf)
  %r = xor i32 %m, 3
  ret i32 %r
}

define i32 @f4(ptr %p) #0 {
entry:
  %buf = alloca [32 x i8], align 16
  call void @first(i32 4)
  call void @llvm.lifetime.start.p0(ptr %buf)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %buf)
  %h = getelementptr inbounds i8, ptr %buf, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  call void @llvm.lifetime.end.p0(ptr %buf)
  %r = xor i32 %m, 4
  ret i32 %r
}

define i32 @f5(ptr %p) #0 {
entry:
  %buf = alloca [32 x i8], align 16
  call void @first(i32 5)
  call void @llvm.lifetime.start.p0(ptr %buf)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %buf)
  %h = getelementptr inbounds i8, ptr %buf, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  call void @llvm.lifetime.end.p0(ptr %buf)
  %r = xor i32 %m, 5
  ret i32 %r
}

define i32 @f6(ptr %p) #0 {
entry:
  %buf = alloca [32 x i8], align 16
  call void @first(i32 6)
  call void @llvm.lifetime.start.p0(ptr %buf)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %buf)
  %h = getelementptr inbounds i8, ptr %buf, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  call void @llvm.lifetime.end.p0(ptr %buf)
  %r = xor i32 %m, 6
  ret i32 %r
}

attributes #0 = { nounwind uwtable }
