; merge-outline-sequences leaves functions that a loop calls: the sequence
; of outline-sequences.ll repeats in @cold1 to @cold5, which @driver calls
; once each, before its loops, and in @hot1 to @hot5, which it calls in a
; loop (@hot5 in a loop inside it). A call added in a @hot function would
; run once per iteration; nothing without profile data says the loop is
; cold, so only the @cold copies move (5, as many as in
; outline-sequences.ll: they pay on their own). Counting the @hot copies
; too would make 10. @hot6 is called in a cycle with two ways in
; (irreducible: LoopInfo sees no loop there), which runs as often as a
; loop: it stays too.
; RUN: %ltofold merge %s -S -o %t.ll --merge-similar=false --merge-outline-sequences --verify --stats 2> %t.stats
; RUN: FileCheck %s --input-file %t.ll
; RUN: FileCheck %s --input-file %t.stats --check-prefix=STATS
; RUN: opt -passes=verify %t.ll -disable-output
; STATS: outline sequences: 5 outlined in 1 group
; STATS: certified
; CHECK-LABEL: define i32 @cold1(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 1)
; CHECK-NEXT:    %m = call i32 @[[SEQ:ltofold\.outlined\.[0-9]+]](ptr %p, ptr %q)
; CHECK-NEXT:    %r = xor i32 %m, 1
; CHECK-LABEL: define i32 @cold2(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 2)
; CHECK-NEXT:    %m = call i32 @[[SEQ]](ptr %p, ptr %q)
; CHECK-NEXT:    %r = xor i32 %m, 2
; CHECK-LABEL: define i32 @cold3(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 3)
; CHECK-NEXT:    %m = call i32 @[[SEQ]](ptr %p, ptr %q)
; CHECK-NEXT:    %r = xor i32 %m, 3
; CHECK-LABEL: define i32 @cold4(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 4)
; CHECK-NEXT:    %m = call i32 @[[SEQ]](ptr %p, ptr %q)
; CHECK-NEXT:    %r = xor i32 %m, 4
; CHECK-LABEL: define i32 @cold5(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 5)
; CHECK-NEXT:    %m = call i32 @[[SEQ]](ptr %p, ptr %q)
; CHECK-NEXT:    %r = xor i32 %m, 5
; CHECK-LABEL: define i32 @hot1(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 11)
; CHECK-NEXT:    %a = load i32, ptr %p, align 4
; CHECK-NOT:     ltofold.outlined
; CHECK:         ret i32 %r
; CHECK-LABEL: define i32 @hot2(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 12)
; CHECK-NEXT:    %a = load i32, ptr %p, align 4
; CHECK-NOT:     ltofold.outlined
; CHECK:         ret i32 %r
; CHECK-LABEL: define i32 @hot3(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 13)
; CHECK-NEXT:    %a = load i32, ptr %p, align 4
; CHECK-NOT:     ltofold.outlined
; CHECK:         ret i32 %r
; CHECK-LABEL: define i32 @hot4(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 14)
; CHECK-NEXT:    %a = load i32, ptr %p, align 4
; CHECK-NOT:     ltofold.outlined
; CHECK:         ret i32 %r
; CHECK-LABEL: define i32 @hot5(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 15)
; CHECK-NEXT:    %a = load i32, ptr %p, align 4
; CHECK-NOT:     ltofold.outlined
; CHECK:         ret i32 %r
; CHECK-LABEL: define i32 @hot6(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 16)
; CHECK-NEXT:    %a = load i32, ptr %p, align 4
; CHECK-NOT:     ltofold.outlined
; CHECK:         ret i32 %r

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @first(i32)
declare void @use(i32, ptr)

define i32 @cold1(ptr %p, ptr %q) #0 {
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

define i32 @cold2(ptr %p, ptr %q) #0 {
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

define i32 @cold3(ptr %p, ptr %q) #0 {
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

define i32 @cold4(ptr %p, ptr %q) #0 {
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

define i32 @cold5(ptr %p, ptr %q) #0 {
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

define i32 @hot1(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 11)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %r = xor i32 %m, 11
  ret i32 %r
}

define i32 @hot2(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 12)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %r = xor i32 %m, 12
  ret i32 %r
}

define i32 @hot3(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 13)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %r = xor i32 %m, 13
  ret i32 %r
}

define i32 @hot4(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 14)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %r = xor i32 %m, 14
  ret i32 %r
}

define i32 @hot5(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 15)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %r = xor i32 %m, 15
  ret i32 %r
}

define i32 @hot6(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 16)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %r = xor i32 %m, 16
  ret i32 %r
}

declare i1 @more()

define void @driver(ptr %p, ptr %q, i32 %n) #0 {
entry:
  %c1 = call i32 @cold1(ptr %p, ptr %q)
  %c2 = call i32 @cold2(ptr %p, ptr %q)
  %c3 = call i32 @cold3(ptr %p, ptr %q)
  %c4 = call i32 @cold4(ptr %p, ptr %q)
  %c5 = call i32 @cold5(ptr %p, ptr %q)
  %odd = icmp eq i32 %n, 1
  br i1 %odd, label %left, label %right

left:
  %h6 = call i32 @hot6(ptr %p, ptr %q)
  br label %right

right:
  %again = call i1 @more()
  br i1 %again, label %left, label %loop

loop:
  %i = phi i32 [ 0, %right ], [ %i.next, %latch ]
  %h1 = call i32 @hot1(ptr %p, ptr %q)
  %h2 = call i32 @hot2(ptr %p, ptr %q)
  %h3 = call i32 @hot3(ptr %p, ptr %q)
  %h4 = call i32 @hot4(ptr %p, ptr %q)
  br label %inner

inner:
  %j = phi i32 [ 0, %loop ], [ %j.next, %inner ]
  %h5 = call i32 @hot5(ptr %p, ptr %q)
  %j.next = add i32 %j, 1
  %inner.done = icmp eq i32 %j.next, %n
  br i1 %inner.done, label %latch, label %inner

latch:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

attributes #0 = { nounwind uwtable "target-cpu"="x86-64" }
