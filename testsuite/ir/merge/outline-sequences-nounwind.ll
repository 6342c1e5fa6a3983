; merge-outline-sequences and unwinding: a window nothing of which may
; unwind (loads, arithmetic, stores) makes a function that is nounwind and
; a call that is too, even where its callers may unwind, so that in a
; function with EH the code generator gives the call no entry in the
; call-site table. A window that calls a function that may unwind makes a
; function that is not nounwind: here the callers' @use may.
; RUN: %ltofold merge %s -S -o %t.ll --merge-similar=false --merge-outline-sequences --verify --stats 2> %t.stats
; RUN: FileCheck %s --input-file %t.ll
; RUN: FileCheck %s --input-file %t.stats --check-prefix=STATS
; STATS: 2 functions called from 12 places
; STATS: outline sequences: 12 outlined in 2 groups
; STATS: certified
; CHECK-LABEL: define i32 @quiet1(
; CHECK:         %z = call i32 @[[QUIET:ltofold\.outlined\.[0-9]+]](ptr %p, ptr %q) #[[CALL:[0-9]+]]
; CHECK:       define internal i32 @[[QUIET]](ptr %0, ptr %1) unnamed_addr #[[QUIET_ATTRS:[0-9]+]]
; CHECK-LABEL: define i32 @loud1(
; CHECK:         %m = call i32 @[[LOUD:ltofold\.outlined\.[0-9]+]](ptr %p, ptr %q){{$}}
; CHECK:       define internal i32 @[[LOUD]](ptr %0, ptr %1) unnamed_addr #[[LOUD_ATTRS:[0-9]+]]
; CHECK-DAG:   attributes #[[QUIET_ATTRS]] = { nounwind optsize uwtable }
; CHECK-DAG:   attributes #[[LOUD_ATTRS]] = { optsize uwtable }
; CHECK-DAG:   attributes #[[CALL]] = { nounwind }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @first(i32)
declare void @use(i32, ptr)

define i32 @quiet1(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 1)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  %c = load i32, ptr %h, align 4
  %x = xor i32 %c, %m
  %k = getelementptr inbounds i8, ptr %q, i64 24
  store i32 %x, ptr %k, align 4
  %y = sdiv i32 %x, %b
  %z = shl i32 %y, 3
  ret i32 %z
}

define i32 @quiet2(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 2)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  %c = load i32, ptr %h, align 4
  %x = xor i32 %c, %m
  %k = getelementptr inbounds i8, ptr %q, i64 24
  store i32 %x, ptr %k, align 4
  %y = sdiv i32 %x, %b
  %z = shl i32 %y, 3
  ret i32 %z
}

define i32 @quiet3(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 3)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  %c = load i32, ptr %h, align 4
  %x = xor i32 %c, %m
  %k = getelementptr inbounds i8, ptr %q, i64 24
  store i32 %x, ptr %k, align 4
  %y = sdiv i32 %x, %b
  %z = shl i32 %y, 3
  ret i32 %z
}

define i32 @quiet4(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 4)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  %c = load i32, ptr %h, align 4
  %x = xor i32 %c, %m
  %k = getelementptr inbounds i8, ptr %q, i64 24
  store i32 %x, ptr %k, align 4
  %y = sdiv i32 %x, %b
  %z = shl i32 %y, 3
  ret i32 %z
}

define i32 @quiet5(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 5)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  %c = load i32, ptr %h, align 4
  %x = xor i32 %c, %m
  %k = getelementptr inbounds i8, ptr %q, i64 24
  store i32 %x, ptr %k, align 4
  %y = sdiv i32 %x, %b
  %z = shl i32 %y, 3
  ret i32 %z
}

define i32 @quiet6(ptr %p, ptr %q) #0 {
entry:
  call void @first(i32 6)
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  %c = load i32, ptr %h, align 4
  %x = xor i32 %c, %m
  %k = getelementptr inbounds i8, ptr %q, i64 24
  store i32 %x, ptr %k, align 4
  %y = sdiv i32 %x, %b
  %z = shl i32 %y, 3
  ret i32 %z
}

define i32 @loud1(ptr %p, ptr %q) #0 {
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
  %r = xor i32 %m, 1
  ret i32 %r
}

define i32 @loud2(ptr %p, ptr %q) #0 {
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
  %r = xor i32 %m, 2
  ret i32 %r
}

define i32 @loud3(ptr %p, ptr %q) #0 {
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
  %r = xor i32 %m, 3
  ret i32 %r
}

define i32 @loud4(ptr %p, ptr %q) #0 {
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
  %r = xor i32 %m, 4
  ret i32 %r
}

define i32 @loud5(ptr %p, ptr %q) #0 {
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
  %r = xor i32 %m, 5
  ret i32 %r
}

define i32 @loud6(ptr %p, ptr %q) #0 {
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
  %r = xor i32 %m, 6
  ret i32 %r
}

attributes #0 = { uwtable }
