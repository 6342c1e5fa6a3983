; The longest repeated window is not always the one outlined: here each of
; @f1 to @f5 repeats the sequence from %a to %t, but both %m and %t are used
; after it (two values out: no function returns both), so that window does
; not qualify. The same window without %t (one value out, %m) does, and it
; is outlined. merge-outline-sequences keeps a window one instruction
; shorter, whose copies all grow into the longer ones, off its queue until
; the longer group came out; this checks that it then comes back.
; RUN: %ltofold merge %s -S -o %t.ll --merge-similar=false --merge-outline-sequences --verify --stats 2> %t.stats
; RUN: FileCheck %s --input-file %t.ll
; RUN: FileCheck %s --input-file %t.stats --check-prefix=STATS
; RUN: opt -passes=verify %t.ll -disable-output
; STATS: outline sequences: 5 outlined in 1 group
; STATS: certified
; CHECK-LABEL: define i32 @f1(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 1)
; CHECK-NEXT:    %m = call i32 @[[SEQ:ltofold\.outlined\.[0-9]+]](ptr %p, ptr %q)
; CHECK-NEXT:    %t = load i32, ptr %q, align 4
; CHECK:       define internal i32 @[[SEQ]](ptr %0, ptr %1)
; CHECK:         call void @use(i32 %s, ptr %0)
; CHECK-NEXT:    ret i32 %m
; CHECK-LABEL: define i32 @f2(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 2)
; CHECK-NEXT:    %m = call i32 @[[SEQ]](ptr %p, ptr %q)
; CHECK-NEXT:    %t = load i32, ptr %q, align 4
; CHECK-LABEL: define i32 @f3(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 3)
; CHECK-NEXT:    %m = call i32 @[[SEQ]](ptr %p, ptr %q)
; CHECK-NEXT:    %t = load i32, ptr %q, align 4
; CHECK-LABEL: define i32 @f4(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 4)
; CHECK-NEXT:    %m = call i32 @[[SEQ]](ptr %p, ptr %q)
; CHECK-NEXT:    %t = load i32, ptr %q, align 4
; CHECK-LABEL: define i32 @f5(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 5)
; CHECK-NEXT:    %m = call i32 @[[SEQ]](ptr %p, ptr %q)
; CHECK-NEXT:    %t = load i32, ptr %q, align 4

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @first(i32)
declare void @use(i32, ptr)

define i32 @f1(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 1)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %t = load i32, ptr %q, align 4
  %r = xor i32 %m, 1
  %u = add i32 %r, %t
  ret i32 %u
}

define i32 @f2(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 2)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %t = load i32, ptr %q, align 4
  %r = xor i32 %m, 2
  %u = add i32 %r, %t
  ret i32 %u
}

define i32 @f3(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 3)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %t = load i32, ptr %q, align 4
  %r = xor i32 %m, 3
  %u = add i32 %r, %t
  ret i32 %u
}

define i32 @f4(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 4)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %t = load i32, ptr %q, align 4
  %r = xor i32 %m, 4
  %u = add i32 %r, %t
  ret i32 %u
}

define i32 @f5(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 5)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %t = load i32, ptr %q, align 4
  %r = xor i32 %m, 5
  %u = add i32 %r, %t
  ret i32 %u
}

attributes #0 = { nounwind uwtable "target-cpu"="x86-64" }
