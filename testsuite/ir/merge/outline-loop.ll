; merge-outline takes regions inside loops, where the region runs once
; each time its start does (a call per iteration only where every path makes
; a call anyway, as everywhere by default):
;   - @w1..@w3 walk an array of string-like objects and release each: if the
;     buffer is not the inline one free it, else count it through a call
;     (every path calls); a loop of each function's own around it: one
;     function, called three times, from inside the loops;
;   - @x1..@x3 read records in a loop and stop the program on a bad one (a
;     path that leaves the loop for good, in no loop itself): one function,
;     called three times;
; Every fold of the outlined copies is certified (--verify); regions in
; loops run through lld and gold in link/outline-run.test.
; RUN: %ltofold merge %s -o %t.bc --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS
; STATS: 2 functions called from 6 places
; STATS: certified
; RUN: %ltofold merge %s -S -o %t.ll
; RUN: FileCheck %s --input-file %t.ll
; CHECK-LABEL: define void @w1(
; CHECK:       loop:
; CHECK:         call void @[[RELEASE:ltofold\.outlined[.0-9]*]](ptr %a, i64 %i)
; CHECK-LABEL: define void @w2(
; CHECK:         call void @[[RELEASE]](ptr %a, i64 %i)
; CHECK-LABEL: define void @w3(
; CHECK:         call void @[[RELEASE]](ptr %a, i64 %i)
; CHECK-LABEL: define i32 @x1(
; CHECK:         call void @[[FAIL:ltofold\.outlined[.0-9]*]](ptr %f, i64 %r)
; CHECK-LABEL: define i32 @x2(
; CHECK:         call void @[[FAIL]](ptr %f, i64 %r)
; CHECK-LABEL: define i32 @x3(
; CHECK:         call void @[[FAIL]](ptr %f, i64 %r)
; CHECK:       define internal void @[[RELEASE]](ptr
; CHECK-DAG:     call void @free_sized(
; CHECK-DAG:     call void @count_inline(
; CHECK:       define internal void @[[FAIL]](
; CHECK:         call void @fatal(
; CHECK:         unreachable
; RUN: %ltofold merge %s -S -o - --merge-outline=false | FileCheck %s --check-prefix=OFF
; OFF-NOT: ltofold.outlined

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@msg = private constant [16 x i8] c"bad record %ld\0A\00"

declare void @free_sized(ptr, i64)
declare void @count_inline(ptr)
declare void @fatal(ptr, i64) noreturn
declare i64 @read_record(ptr)
declare i32 @error_code()
declare ptr @describe(i32)
declare void @report(ptr, ptr)

define void @w1(ptr %a, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %latch ]
  %s = getelementptr inbounds [32 x i8], ptr %a, i64 %i
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %keep, label %free

free:
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %latch

keep:
  call void @count_inline(ptr %s)
  br label %latch

latch:
  %bit = and i64 %i, 1
  store i64 %bit, ptr %a, align 8
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

define void @w2(ptr %a, i64 %n, ptr %log) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %latch ]
  %s = getelementptr inbounds [32 x i8], ptr %a, i64 %i
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %keep, label %free

free:
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %latch

keep:
  call void @count_inline(ptr %s)
  br label %latch

latch:
  store i64 %i, ptr %log, align 8
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

define void @w3(ptr %a, i64 %n, i64 %k, ptr %out) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %latch ]
  %s = getelementptr inbounds [32 x i8], ptr %a, i64 %i
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %keep, label %free

free:
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %latch

keep:
  call void @count_inline(ptr %s)
  br label %latch

latch:
  %m = mul i64 %i, %k
  store i64 %m, ptr %out, align 8
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

define i32 @x1(ptr %f, i64 %limit) {
entry:
  br label %loop

loop:
  %count = phi i32 [ 0, %entry ], [ %count.next, %ok ]
  %r = call i64 @read_record(ptr %f)
  %bad = icmp slt i64 %r, 0
  br i1 %bad, label %error, label %ok

error:
  %code = call i32 @error_code()
  %text = call ptr @describe(i32 %code)
  call void @report(ptr %f, ptr %text)
  %neg = sub i64 0, %r
  call void @fatal(ptr @msg, i64 %neg)
  unreachable

ok:

  %count.next = add i32 %count, 1
  %more = icmp slt i64 %r, %limit
  br i1 %more, label %loop, label %done

done:
  ret i32 %count.next
}

define i32 @x2(ptr %f, i64 %limit, ptr %last) {
entry:
  br label %loop

loop:
  %count = phi i32 [ 0, %entry ], [ %count.next, %ok ]
  %r = call i64 @read_record(ptr %f)
  %bad = icmp slt i64 %r, 0
  br i1 %bad, label %error, label %ok

error:
  %code = call i32 @error_code()
  %text = call ptr @describe(i32 %code)
  call void @report(ptr %f, ptr %text)
  %neg = sub i64 0, %r
  call void @fatal(ptr @msg, i64 %neg)
  unreachable

ok:
  store i64 %r, ptr %last, align 8
  %count.next = add i32 %count, 1
  %more = icmp slt i64 %r, %limit
  br i1 %more, label %loop, label %done

done:
  ret i32 %count.next
}

define i32 @x3(ptr %f, i64 %limit, ptr %sum) {
entry:
  br label %loop

loop:
  %count = phi i32 [ 0, %entry ], [ %count.next, %ok ]
  %r = call i64 @read_record(ptr %f)
  %bad = icmp slt i64 %r, 0
  br i1 %bad, label %error, label %ok

error:
  %code = call i32 @error_code()
  %text = call ptr @describe(i32 %code)
  call void @report(ptr %f, ptr %text)
  %neg = sub i64 0, %r
  call void @fatal(ptr @msg, i64 %neg)
  unreachable

ok:
  %old = load i64, ptr %sum, align 8
  %new = add i64 %old, %r
  store i64 %new, ptr %sum, align 8
  %count.next = add i32 %count, 1
  %more = icmp slt i64 %r, %limit
  br i1 %more, label %loop, label %done

done:
  ret i32 %count.next
}

