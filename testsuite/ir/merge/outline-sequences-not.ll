; merge-outline-sequences leaves alone what it must not move or what would
; not pay, although each piece of code repeats in four functions:
;   loop:    the sequence that outline-sequences.ll outlines, in a loop's
;            body (a call added there would run on every iteration);
;   hot:     the same, in functions the profile says are hot;
;   outputs: eight instructions every value of which is used after them
;            in the next block (a window returns at most one value, and
;            every window of two or more makes two);
;   short:   a load and an add: the calls would cost more than the copies.
; RUN: %ltofold merge %s -o %t.bc --merge-similar=false --merge-outline-sequences --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS
; STATS-NOT: outline
; RUN: %ltofold merge %s -S -o - --merge-similar=false --merge-outline-sequences | FileCheck %s
; CHECK-NOT: ltofold.outlined

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @first(i32)
declare void @use(i32, ptr)
declare i32 @use2(i32, ptr)
declare void @all(i32, i32, i32, i32, i32, i32, i32, i32)

define void @loop1(ptr %p, ptr %q, i32 %count) {
entry:
  call void @first(i32 1)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %count
  br i1 %more, label %loop, label %done

done:
  ret void
}

define void @loop2(ptr %p, ptr %q, i32 %count) {
entry:
  call void @first(i32 2)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %next = add i32 %i, 2
  %more = icmp slt i32 %next, %count
  br i1 %more, label %loop, label %done

done:
  ret void
}

define void @loop3(ptr %p, ptr %q, i32 %count) {
entry:
  call void @first(i32 3)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %next = add i32 %i, 3
  %more = icmp slt i32 %next, %count
  br i1 %more, label %loop, label %done

done:
  ret void
}

define void @loop4(ptr %p, ptr %q, i32 %count) {
entry:
  call void @first(i32 4)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  %next = add i32 %i, 4
  %more = icmp slt i32 %next, %count
  br i1 %more, label %loop, label %done

done:
  ret void
}

define i32 @hot1(ptr %p, ptr %q) !prof !0 {
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

define i32 @hot2(ptr %p, ptr %q) !prof !1 {
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

define i32 @hot3(ptr %p, ptr %q) !prof !2 {
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

define i32 @hot4(ptr %p, ptr %q) !prof !3 {
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

define void @outputs1(ptr %p, ptr %q) {
entry:
  call void @first(i32 1)
  %a = load i32, ptr %p, align 4
  %b = load i32, ptr %q, align 4
  %c = mul i32 %a, %b
  %d = add i32 %c, %a
  %e = call i32 @use2(i32 %d, ptr %p)
  %f = sdiv i32 %e, %b
  %g = call i32 @use2(i32 %f, ptr %q)
  %h = xor i32 %g, %c
  br label %after

after:
  call void @all(i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g, i32 %h)
  ret void
}

define void @outputs2(ptr %p, ptr %q) {
entry:
  call void @first(i32 2)
  %a = load i32, ptr %p, align 4
  %b = load i32, ptr %q, align 4
  %c = mul i32 %a, %b
  %d = add i32 %c, %a
  %e = call i32 @use2(i32 %d, ptr %p)
  %f = sdiv i32 %e, %b
  %g = call i32 @use2(i32 %f, ptr %q)
  %h = xor i32 %g, %c
  br label %after

after:
  call void @all(i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g, i32 %h)
  ret void
}

define void @outputs3(ptr %p, ptr %q) {
entry:
  call void @first(i32 3)
  %a = load i32, ptr %p, align 4
  %b = load i32, ptr %q, align 4
  %c = mul i32 %a, %b
  %d = add i32 %c, %a
  %e = call i32 @use2(i32 %d, ptr %p)
  %f = sdiv i32 %e, %b
  %g = call i32 @use2(i32 %f, ptr %q)
  %h = xor i32 %g, %c
  br label %after

after:
  call void @all(i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g, i32 %h)
  ret void
}

define void @outputs4(ptr %p, ptr %q) {
entry:
  call void @first(i32 4)
  %a = load i32, ptr %p, align 4
  %b = load i32, ptr %q, align 4
  %c = mul i32 %a, %b
  %d = add i32 %c, %a
  %e = call i32 @use2(i32 %d, ptr %p)
  %f = sdiv i32 %e, %b
  %g = call i32 @use2(i32 %f, ptr %q)
  %h = xor i32 %g, %c
  br label %after

after:
  call void @all(i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g, i32 %h)
  ret void
}

define i32 @short1(ptr %p, i32 %n) {
entry:
  call void @first(i32 1)
  %a = load i32, ptr %p, align 4
  %s = add i32 %a, %n
  %r = mul i32 %s, 11
  ret i32 %r
}

define i32 @short2(ptr %p, i32 %n) {
entry:
  call void @first(i32 2)
  %a = load i32, ptr %p, align 4
  %s = add i32 %a, %n
  %r = mul i32 %s, 12
  ret i32 %r
}

define i32 @short3(ptr %p, i32 %n) {
entry:
  call void @first(i32 3)
  %a = load i32, ptr %p, align 4
  %s = add i32 %a, %n
  %r = mul i32 %s, 13
  ret i32 %r
}

define i32 @short4(ptr %p, i32 %n) {
entry:
  call void @first(i32 4)
  %a = load i32, ptr %p, align 4
  %s = add i32 %a, %n
  %r = mul i32 %s, 14
  ret i32 %r
}

!0 = !{!"function_entry_count", i64 1000}
!1 = !{!"function_entry_count", i64 900}
!2 = !{!"function_entry_count", i64 800}
!3 = !{!"function_entry_count", i64 700}
