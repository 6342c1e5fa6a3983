; A choice whose result nobody uses: the two functions compute a compare
; with different predicates and drop it. The merged body selects between
; the two compares and drops the select; certification must take the
; compare the select picks as the member's own (it did not: the picked
; compare was left out as unused too, and the fold failed its check; found
; by the fuzzer's stress path, seed 81000006). The functions are big
; enough that the merge pays with their unwind entries counted.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s
; RUN: %ltofold merge %s -o %t.bc --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; STATS: similar: 2 functions into 1 merged body, 1 parameter, 1 choice
; STATS: certified 2

; CHECK-LABEL: define internal void @{{(ne|eq)}}_dropped.ltofold.similar(ptr %p, <8 x i8> %v, i1 %0)
; CHECK:      icmp {{ne|eq}} <8 x i8> %v, zeroinitializer
; CHECK-NEXT: icmp {{ne|eq}} <8 x i8> %v, zeroinitializer
; CHECK-NEXT: select i1 %0, <8 x i1>

define void @ne_dropped(ptr %p, <8 x i8> %v) {
  %a = load i64, ptr %p, align 8
  %b = mul i64 %a, %a
  %unused = icmp ne <8 x i8> %v, zeroinitializer
  %c = xor i64 %b, %a
  %d = mul i64 %c, %b
  store i64 %d, ptr %p, align 8
  %e = getelementptr inbounds i64, ptr %p, i64 1
  store i64 %c, ptr %e, align 8
  %f = getelementptr inbounds i64, ptr %p, i64 2
  store i64 %b, ptr %f, align 8
  %g = getelementptr inbounds i64, ptr %p, i64 3
  store i64 %a, ptr %g, align 8
  %h = getelementptr inbounds i64, ptr %p, i64 4
  store i64 %d, ptr %h, align 8
  %i = getelementptr inbounds i64, ptr %p, i64 5
  store i64 %b, ptr %i, align 8
  ret void
}

define void @eq_dropped(ptr %p, <8 x i8> %v) {
  %a = load i64, ptr %p, align 8
  %b = mul i64 %a, %a
  %unused = icmp eq <8 x i8> %v, zeroinitializer
  %c = xor i64 %b, %a
  %d = mul i64 %c, %b
  store i64 %d, ptr %p, align 8
  %e = getelementptr inbounds i64, ptr %p, i64 1
  store i64 %c, ptr %e, align 8
  %f = getelementptr inbounds i64, ptr %p, i64 2
  store i64 %b, ptr %f, align 8
  %g = getelementptr inbounds i64, ptr %p, i64 3
  store i64 %a, ptr %g, align 8
  %h = getelementptr inbounds i64, ptr %p, i64 4
  store i64 %d, ptr %h, align 8
  %i = getelementptr inbounds i64, ptr %p, i64 5
  store i64 %b, ptr %i, align 8
  ret void
}
