; merge-outline-sequences: a straight-line sequence of nine instructions
; (two loads, arithmetic, two calls, a store) repeats in @f1, @f2 and @f3,
; between code that differs, and twice in @twice, on other values. Each
; copy moves into a function of its own, taking the two pointers it reads
; and returning the one value used after it (in @f3, twice: still one
; output); the equal merge folds the five functions into one, and every
; fold is certified. The callers keep their own code around the call.
; The option is on by default; turned off, nothing moves.
; RUN: %ltofold merge %s -S -o %t.ll --merge-similar=false --merge-outline-sequences --verify --stats --report %t.json 2> %t.stats
; RUN: FileCheck %s --input-file %t.ll
; RUN: FileCheck %s --input-file %t.stats --check-prefix=STATS
; RUN: %validate-report %t.json
; RUN: %python -c "import json,sys; o=json.load(open(sys.argv[1]))['merge']['outline']; print(o['sequences'], o['sequence_groups'], o['functions'], o['calls'], o['inlined_back'])" %t.json | FileCheck %s --check-prefix=REPORT
; RUN: opt -passes=verify %t.ll -disable-output
; RUN: %ltofold merge %s -S -o - --merge-similar=false | FileCheck %s
; RUN: %ltofold merge %s -S -o - --merge-similar=false --merge-outline-sequences=false | FileCheck %s --check-prefix=OFF
; STATS: outline: 0 repeated regions, 0 outlined, 0 put back; 1 function called from 5 places
; STATS: outline sequences: 5 outlined in 1 group
; STATS: certified
; REPORT: 5 1 1 5 0
; OFF-NOT: ltofold.outlined
; CHECK-LABEL: define i32 @f1(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @first(i32 1)
; CHECK-NEXT:    %m = call i32 @[[SEQ:ltofold\.outlined\.[0-9]+]](ptr %p, ptr %q)
; CHECK-NEXT:    %r = xor i32 %m, 1
; CHECK-NEXT:    ret i32 %r
; CHECK:       define internal i32 @[[SEQ]](ptr %0, ptr %1) unnamed_addr #[[ATTRS:[0-9]+]] {
; CHECK-NEXT:    %a = load i32, ptr %0, align 4
; CHECK-NEXT:    %g = getelementptr inbounds i8, ptr %0, i64 8
; CHECK-NEXT:    %b = load i32, ptr %g, align 4
; CHECK-NEXT:    %s = add nsw i32 %a, %b
; CHECK-NEXT:    %m = mul i32 %s, 7
; CHECK-NEXT:    call void @use(i32 %m, ptr %1)
; CHECK-NEXT:    %h = getelementptr inbounds i8, ptr %1, i64 16
; CHECK-NEXT:    store i32 %s, ptr %h, align 4
; CHECK-NEXT:    call void @use(i32 %s, ptr %0)
; CHECK-NEXT:    ret i32 %m
; CHECK-NEXT:  }
; CHECK-LABEL: define i32 @f2(
; CHECK:         call void @first(i32 2)
; CHECK-NEXT:    %m = call i32 @[[SEQ]](ptr %p, ptr %q)
; CHECK-LABEL: define i32 @f3(
; CHECK:         %m = call i32 @[[SEQ]](ptr %p, ptr %q)
; CHECK-NEXT:    %r = xor i32 %m, 3
; CHECK-NEXT:    %t = add i32 %r, %m
; CHECK-LABEL: define i32 @twice(
; CHECK:         %m = call i32 @[[SEQ]](ptr %p, ptr %q)
; CHECK-NEXT:    call void @first(i32 %m)
; CHECK-NEXT:    %m2 = call i32 @[[SEQ]](ptr %q, ptr %p)
; CHECK-NEXT:    ret i32 %m2
; CHECK-NOT:   ltofold.outlined
; CHECK:       attributes #[[ATTRS]] = { nounwind optsize uwtable "target-cpu"="x86-64" }

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
  %t = add i32 %r, %m
  ret i32 %t
}

define i32 @twice(ptr %p, ptr %q) #0 {
entry:
  %a = load i32, ptr %p, align 4
  %g = getelementptr inbounds i8, ptr %p, i64 8
  %b = load i32, ptr %g, align 4
  %s = add nsw i32 %a, %b
  %m = mul i32 %s, 7
  call void @use(i32 %m, ptr %q)
  %h = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %s, ptr %h, align 4
  call void @use(i32 %s, ptr %p)
  call void @first(i32 %m)
  %a2 = load i32, ptr %q, align 4
  %g2 = getelementptr inbounds i8, ptr %q, i64 8
  %b2 = load i32, ptr %g2, align 4
  %s2 = add nsw i32 %a2, %b2
  %m2 = mul i32 %s2, 7
  call void @use(i32 %m2, ptr %p)
  %h2 = getelementptr inbounds i8, ptr %p, i64 16
  store i32 %s2, ptr %h2, align 4
  call void @use(i32 %s2, ptr %q)
  ret i32 %m2
}

attributes #0 = { nounwind uwtable "target-cpu"="x86-64" }
