; Outlining reads the program after equal functions folded: @twin is
; @f1 again, so it folds into @f1 first, and the window that @f1 to @f6
; repeat is moved out of six functions, not seven (before, it was moved
; out of @twin too, whose body then folded away with its copy).
; RUN: %ltofold merge %s -S -o %t.ll --merge-similar=false --verify --stats 2> %t.stats
; RUN: FileCheck %s --input-file %t.ll
; RUN: FileCheck %s --input-file %t.stats --check-prefix=STATS
; RUN: opt -passes=verify %t.ll -disable-output
; STATS: outline sequences: 6 outlined in 1 group
; STATS: certified
; CHECK-LABEL: define i32 @f1(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 1)
; CHECK-NEXT:    %m = call i32 @[[SEQ:ltofold\.outlined\.[0-9]+]](ptr %p, ptr %q)
; CHECK-NEXT:    %r = xor i32 %m, 1
; CHECK:       define i32 @twin(ptr %p, ptr %q)
; CHECK-NEXT:    tail call i32 @f1(ptr %p, ptr %q)

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
  %r = xor i32 %m, 1
  ret i32 %r
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
  %r = xor i32 %m, 2
  ret i32 %r
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
  %r = xor i32 %m, 3
  ret i32 %r
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
  %r = xor i32 %m, 4
  ret i32 %r
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
  %r = xor i32 %m, 5
  ret i32 %r
}

define i32 @f6(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 6)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %r = xor i32 %m, 6
  ret i32 %r
}

define i32 @twin(ptr %p, ptr %q) #0 {
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
  %r = xor i32 %m, 1
  ret i32 %r
}

attributes #0 = { nounwind uwtable "target-cpu"="x86-64" }
