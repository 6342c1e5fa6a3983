; merge-outline and error paths that repeat inside one function: @t1..@t3
; each check three values and, on a bad one, record a message from their
; context and leave through longjmp, the same three times. The code
; generator merges such identical tails in one function into one (tail
; merging), but not once each is a call and its argument; so the copies of
; an error path in one function taking the same values count once in the
; price of outlining, and after the merge their calls are one block:
; one call of the outlined function per function (similar merging is off,
; so that the three functions stay three). @alone has its error path
; three times too, but is the only function with it: codegen keeps one
; copy, so outlining it would save nothing, and it stays.
; RUN: %ltofold merge %s -o %t.bc --merge-similar=false --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS
; STATS: outline: {{[0-9]+}} repeated regions, 9 outlined, 0 put back; 1 function called from 3 places
; STATS: certified
; RUN: %ltofold merge %s -S -o %t.ll --merge-similar=false
; RUN: FileCheck %s --input-file %t.ll
; CHECK-LABEL: define i32 @t1(
; CHECK-COUNT-1: call void @[[FAIL:ltofold\.outlined[.0-9]*]](ptr %ctx)
; CHECK-NOT:     call void @ltofold.outlined
; CHECK-LABEL: define i32 @t2(
; CHECK-COUNT-1: call void @[[FAIL]](ptr %ctx)
; CHECK-NOT:     call void @ltofold.outlined
; CHECK-LABEL: define i32 @t3(
; CHECK-COUNT-1: call void @[[FAIL]](ptr %ctx)
; CHECK-NOT:     call void @ltofold.outlined
; CHECK-LABEL: define i32 @alone(
; CHECK-NOT:     call void @ltofold.outlined
; CHECK:       define internal void @[[FAIL]](ptr
; CHECK:         call void @longjmp(
; RUN: llc -O2 %t.bc -o - | FileCheck %s --check-prefix=ASM
; ASM-LABEL: t1:
; ASM-COUNT-1: call{{q?}} ltofold.outlined
; ASM-NOT:     call{{q?}} ltofold.outlined
; ASM-LABEL: t2:

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@failure_message = global ptr null
@other_message = global ptr null
@failure_buffer = global [200 x i8] zeroinitializer

declare void @longjmp(ptr, i32) noreturn
declare void @use(i32)
declare void @report(ptr, ptr)

define i32 @t1(ptr %ctx, i32 %a, i32 %b, i32 %c) {
entry:
  call void @use(i32 1)
  %bad.a = icmp slt i32 %a, 0
  br i1 %bad.a, label %fail.a, label %check.b

fail.a:
  %m.a = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.a = load ptr, ptr %m.a, align 8
  store ptr %msg.a, ptr @failure_message, align 8
  call void @report(ptr %ctx, ptr %msg.a)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

check.b:
  call void @use(i32 %a)
  %bad.b = icmp sgt i32 %b, 100
  br i1 %bad.b, label %fail.b, label %check.c

fail.b:
  %m.b = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.b = load ptr, ptr %m.b, align 8
  store ptr %msg.b, ptr @failure_message, align 8
  call void @report(ptr %ctx, ptr %msg.b)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

check.c:
  call void @use(i32 %b)
  %bad.c = icmp eq i32 %c, 7
  br i1 %bad.c, label %fail.c, label %ok

fail.c:
  %m.c = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.c = load ptr, ptr %m.c, align 8
  store ptr %msg.c, ptr @failure_message, align 8
  call void @report(ptr %ctx, ptr %msg.c)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

ok:
  %sum = add i32 %a, %c
  ret i32 %sum
}

define i32 @t2(ptr %ctx, i32 %a, i32 %b, i32 %c) {
entry:
  call void @use(i32 2)
  call void @use(i32 %c)
  %bad.a = icmp slt i32 %a, -5
  br i1 %bad.a, label %fail.a, label %check.b

fail.a:
  %m.a = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.a = load ptr, ptr %m.a, align 8
  store ptr %msg.a, ptr @failure_message, align 8
  call void @report(ptr %ctx, ptr %msg.a)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

check.b:
  call void @use(i32 %a)
  %bad.b = icmp sgt i32 %b, 100
  br i1 %bad.b, label %fail.b, label %check.c

fail.b:
  %m.b = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.b = load ptr, ptr %m.b, align 8
  store ptr %msg.b, ptr @failure_message, align 8
  call void @report(ptr %ctx, ptr %msg.b)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

check.c:
  call void @use(i32 %b)
  %bad.c = icmp eq i32 %c, 7
  br i1 %bad.c, label %fail.c, label %ok

fail.c:
  %m.c = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.c = load ptr, ptr %m.c, align 8
  store ptr %msg.c, ptr @failure_message, align 8
  call void @report(ptr %ctx, ptr %msg.c)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

ok:
  %sum = add i32 %a, %c
  ret i32 %sum
}

define i32 @t3(ptr %ctx, i32 %a, i32 %b, i32 %c) {
entry:
  store i32 %b, ptr %ctx, align 4
  %bad.a = icmp slt i32 %a, 3
  br i1 %bad.a, label %fail.a, label %check.b

fail.a:
  %m.a = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.a = load ptr, ptr %m.a, align 8
  store ptr %msg.a, ptr @failure_message, align 8
  call void @report(ptr %ctx, ptr %msg.a)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

check.b:
  call void @use(i32 %a)
  %bad.b = icmp sgt i32 %b, 100
  br i1 %bad.b, label %fail.b, label %check.c

fail.b:
  %m.b = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.b = load ptr, ptr %m.b, align 8
  store ptr %msg.b, ptr @failure_message, align 8
  call void @report(ptr %ctx, ptr %msg.b)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

check.c:
  call void @use(i32 %b)
  %bad.c = icmp eq i32 %c, 7
  br i1 %bad.c, label %fail.c, label %ok

fail.c:
  %m.c = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.c = load ptr, ptr %m.c, align 8
  store ptr %msg.c, ptr @failure_message, align 8
  call void @report(ptr %ctx, ptr %msg.c)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

ok:
  %sum = add i32 %a, %c
  ret i32 %sum
}

define i32 @alone(ptr %ctx, i32 %a, i32 %b, i32 %c) {
entry:
  call void @use(i32 1)
  %bad.a = icmp slt i32 %a, 0
  br i1 %bad.a, label %fail.a, label %check.b

fail.a:
  %m.a = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.a = load ptr, ptr %m.a, align 8
  store ptr %msg.a, ptr @other_message, align 8
  call void @report(ptr %ctx, ptr %msg.a)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

check.b:
  call void @use(i32 %a)
  %bad.b = icmp sgt i32 %b, 100
  br i1 %bad.b, label %fail.b, label %check.c

fail.b:
  %m.b = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.b = load ptr, ptr %m.b, align 8
  store ptr %msg.b, ptr @other_message, align 8
  call void @report(ptr %ctx, ptr %msg.b)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

check.c:
  call void @use(i32 %b)
  %bad.c = icmp eq i32 %c, 7
  br i1 %bad.c, label %fail.c, label %ok

fail.c:
  %m.c = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.c = load ptr, ptr %m.c, align 8
  store ptr %msg.c, ptr @other_message, align 8
  call void @report(ptr %ctx, ptr %msg.c)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

ok:
  %sum = add i32 %a, %c
  ret i32 %sum
}
