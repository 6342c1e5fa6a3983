; merge-outline-sequences puts back what the merge did not fold enough of.
; The sequence of outline-sequences.ll repeats in six functions, three of
; them generated for another CPU: all six copies hash and read alike and
; are outlined, but each new function takes its caller's target-cpu, so the
; merge folds them into two functions of three calls each, too few to pay
; for the calls, the functions and their unwind entries. Both are inlined
; back, and the callers are as they were, but for the names the inliner
; gives their values and the attributes it gives their calls.
; RUN: %ltofold merge %s -o %t.bc --merge-similar=false --merge-outline-sequences --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS
; STATS: outline: 0 repeated regions, 0 outlined, 6 put back; 0 functions called from 0 places
; STATS: outline sequences: 6 outlined in 1 group
; RUN: %ltofold merge %s -S -o %t.ll --merge-similar=false --merge-outline-sequences
; RUN: FileCheck %s --input-file %t.ll
; CHECK-NOT: ltofold.outlined
; CHECK-LABEL: define i32 @f1(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 1)
; CHECK-NEXT:    %a{{(\.i)?}} = load i32, ptr %p, align 4
; CHECK-NEXT:    %g{{(\.i)?}} = getelementptr inbounds i8, ptr %p, i64 8
; CHECK-NEXT:    %b{{(\.i)?}} = load i32, ptr %g{{(\.i)?}}, align 4
; CHECK-NEXT:    %s{{(\.i)?}} = add nsw i32 %a{{(\.i)?}}, %b{{(\.i)?}}
; CHECK-NEXT:    %m{{(\.i)?}} = mul i32 %s{{(\.i)?}}, 7
; CHECK-NEXT:    call void @use(i32 %m{{(\.i)?}}, ptr %q){{( #[0-9]+)?}}
; CHECK-NEXT:    %h{{(\.i)?}} = getelementptr inbounds i8, ptr %q, i64 16
; CHECK-NEXT:    store i32 %s{{(\.i)?}}, ptr %h{{(\.i)?}}, align 4
; CHECK-NEXT:    call void @use(i32 %s{{(\.i)?}}, ptr %p){{( #[0-9]+)?}}
; CHECK-NEXT:    %r = xor i32 %m{{(\.i)?}}, 1
; CHECK-NEXT:    ret i32 %r
; CHECK-LABEL: define i32 @f2(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 2)
; CHECK-NEXT:    %a{{(\.i)?}} = load i32, ptr %p, align 4
; CHECK-NEXT:    %g{{(\.i)?}} = getelementptr inbounds i8, ptr %p, i64 8
; CHECK-NEXT:    %b{{(\.i)?}} = load i32, ptr %g{{(\.i)?}}, align 4
; CHECK-NEXT:    %s{{(\.i)?}} = add nsw i32 %a{{(\.i)?}}, %b{{(\.i)?}}
; CHECK-NEXT:    %m{{(\.i)?}} = mul i32 %s{{(\.i)?}}, 7
; CHECK-NEXT:    call void @use(i32 %m{{(\.i)?}}, ptr %q){{( #[0-9]+)?}}
; CHECK-NEXT:    %h{{(\.i)?}} = getelementptr inbounds i8, ptr %q, i64 16
; CHECK-NEXT:    store i32 %s{{(\.i)?}}, ptr %h{{(\.i)?}}, align 4
; CHECK-NEXT:    call void @use(i32 %s{{(\.i)?}}, ptr %p){{( #[0-9]+)?}}
; CHECK-NEXT:    %r = xor i32 %m{{(\.i)?}}, 2
; CHECK-NEXT:    ret i32 %r
; CHECK-LABEL: define i32 @f3(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 3)
; CHECK-NEXT:    %a{{(\.i)?}} = load i32, ptr %p, align 4
; CHECK-NEXT:    %g{{(\.i)?}} = getelementptr inbounds i8, ptr %p, i64 8
; CHECK-NEXT:    %b{{(\.i)?}} = load i32, ptr %g{{(\.i)?}}, align 4
; CHECK-NEXT:    %s{{(\.i)?}} = add nsw i32 %a{{(\.i)?}}, %b{{(\.i)?}}
; CHECK-NEXT:    %m{{(\.i)?}} = mul i32 %s{{(\.i)?}}, 7
; CHECK-NEXT:    call void @use(i32 %m{{(\.i)?}}, ptr %q){{( #[0-9]+)?}}
; CHECK-NEXT:    %h{{(\.i)?}} = getelementptr inbounds i8, ptr %q, i64 16
; CHECK-NEXT:    store i32 %s{{(\.i)?}}, ptr %h{{(\.i)?}}, align 4
; CHECK-NEXT:    call void @use(i32 %s{{(\.i)?}}, ptr %p){{( #[0-9]+)?}}
; CHECK-NEXT:    %r = xor i32 %m{{(\.i)?}}, 3
; CHECK-NEXT:    ret i32 %r
; CHECK-LABEL: define i32 @f4(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 4)
; CHECK-NEXT:    %a{{(\.i)?}} = load i32, ptr %p, align 4
; CHECK-NEXT:    %g{{(\.i)?}} = getelementptr inbounds i8, ptr %p, i64 8
; CHECK-NEXT:    %b{{(\.i)?}} = load i32, ptr %g{{(\.i)?}}, align 4
; CHECK-NEXT:    %s{{(\.i)?}} = add nsw i32 %a{{(\.i)?}}, %b{{(\.i)?}}
; CHECK-NEXT:    %m{{(\.i)?}} = mul i32 %s{{(\.i)?}}, 7
; CHECK-NEXT:    call void @use(i32 %m{{(\.i)?}}, ptr %q){{( #[0-9]+)?}}
; CHECK-NEXT:    %h{{(\.i)?}} = getelementptr inbounds i8, ptr %q, i64 16
; CHECK-NEXT:    store i32 %s{{(\.i)?}}, ptr %h{{(\.i)?}}, align 4
; CHECK-NEXT:    call void @use(i32 %s{{(\.i)?}}, ptr %p){{( #[0-9]+)?}}
; CHECK-NEXT:    %r = xor i32 %m{{(\.i)?}}, 4
; CHECK-NEXT:    ret i32 %r
; CHECK-LABEL: define i32 @f5(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 5)
; CHECK-NEXT:    %a{{(\.i)?}} = load i32, ptr %p, align 4
; CHECK-NEXT:    %g{{(\.i)?}} = getelementptr inbounds i8, ptr %p, i64 8
; CHECK-NEXT:    %b{{(\.i)?}} = load i32, ptr %g{{(\.i)?}}, align 4
; CHECK-NEXT:    %s{{(\.i)?}} = add nsw i32 %a{{(\.i)?}}, %b{{(\.i)?}}
; CHECK-NEXT:    %m{{(\.i)?}} = mul i32 %s{{(\.i)?}}, 7
; CHECK-NEXT:    call void @use(i32 %m{{(\.i)?}}, ptr %q){{( #[0-9]+)?}}
; CHECK-NEXT:    %h{{(\.i)?}} = getelementptr inbounds i8, ptr %q, i64 16
; CHECK-NEXT:    store i32 %s{{(\.i)?}}, ptr %h{{(\.i)?}}, align 4
; CHECK-NEXT:    call void @use(i32 %s{{(\.i)?}}, ptr %p){{( #[0-9]+)?}}
; CHECK-NEXT:    %r = xor i32 %m{{(\.i)?}}, 5
; CHECK-NEXT:    ret i32 %r
; CHECK-LABEL: define i32 @f6(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 6)
; CHECK-NEXT:    %a{{(\.i)?}} = load i32, ptr %p, align 4
; CHECK-NEXT:    %g{{(\.i)?}} = getelementptr inbounds i8, ptr %p, i64 8
; CHECK-NEXT:    %b{{(\.i)?}} = load i32, ptr %g{{(\.i)?}}, align 4
; CHECK-NEXT:    %s{{(\.i)?}} = add nsw i32 %a{{(\.i)?}}, %b{{(\.i)?}}
; CHECK-NEXT:    %m{{(\.i)?}} = mul i32 %s{{(\.i)?}}, 7
; CHECK-NEXT:    call void @use(i32 %m{{(\.i)?}}, ptr %q){{( #[0-9]+)?}}
; CHECK-NEXT:    %h{{(\.i)?}} = getelementptr inbounds i8, ptr %q, i64 16
; CHECK-NEXT:    store i32 %s{{(\.i)?}}, ptr %h{{(\.i)?}}, align 4
; CHECK-NEXT:    call void @use(i32 %s{{(\.i)?}}, ptr %p){{( #[0-9]+)?}}
; CHECK-NEXT:    %r = xor i32 %m{{(\.i)?}}, 6
; CHECK-NEXT:    ret i32 %r
; CHECK-NOT: ltofold.outlined

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

define i32 @f4(ptr %p, ptr %q) #1 {
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

define i32 @f5(ptr %p, ptr %q) #1 {
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

define i32 @f6(ptr %p, ptr %q) #1 {
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

attributes #0 = { nounwind uwtable "target-cpu"="x86-64" }
attributes #1 = { nounwind uwtable "target-cpu"="x86-64-v3" }
