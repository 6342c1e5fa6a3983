; Calls that differ only in operand bundles: none, an empty bundle, different
; tags, different bundle inputs. No two merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 6 functions, 5 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @ext(i32)

; CHECK-LABEL: define internal i32 @no_bundle(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %c = call i32 @ext(i32 %v)
; CHECK-NEXT: %a = add i32 %c, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @no_bundle(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %c = call i32 @ext(i32 %v)
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @empty_deopt(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %c = call i32 @ext(i32 %v) [ "deopt"() ]
; CHECK-NEXT: %a = add i32 %c, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @empty_deopt(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %c = call i32 @ext(i32 %v) [ "deopt"() ]
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @deopt_1(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %c = call i32 @ext(i32 %v) [ "deopt"(i32 1) ]
; CHECK-NEXT: %a = add i32 %c, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @deopt_1(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %c = call i32 @ext(i32 %v) [ "deopt"(i32 1) ]
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @deopt_2(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %c = call i32 @ext(i32 %v) [ "deopt"(i32 2) ]
; CHECK-NEXT: %a = add i32 %c, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @deopt_2(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %c = call i32 @ext(i32 %v) [ "deopt"(i32 2) ]
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @other_tag(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %c = call i32 @ext(i32 %v) [ "ltofold.test"(i32 1) ]
; CHECK-NEXT: %a = add i32 %c, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @other_tag(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %c = call i32 @ext(i32 %v) [ "ltofold.test"(i32 1) ]
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @no_bundle(
; CHECK: call i32 @empty_deopt(
; CHECK: call i32 @deopt_1(
; CHECK: call i32 @deopt_2(
; CHECK: call i32 @other_tag(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @no_bundle(ptr %p, i32 %x)
  %r1 = call i32 @empty_deopt(ptr %p, i32 %x)
  %r2 = call i32 @deopt_1(ptr %p, i32 %x)
  %r3 = call i32 @deopt_2(ptr %p, i32 %x)
  %r4 = call i32 @other_tag(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  %s3 = add i32 %s2, %r4
  ret i32 %s3
}
