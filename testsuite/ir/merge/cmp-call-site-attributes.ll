; Calls that differ only in call-site attributes (an argument's noundef, the
; return's noundef, a function attribute at the call): no two merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @ext(i32)

; CHECK-LABEL: define internal i32 @plain(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %c = call i32 @ext(i32 %v)
; CHECK-NEXT: %a = add i32 %c, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @plain(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %c = call i32 @ext(i32 %v)
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @arg_noundef(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %c = call i32 @ext(i32 noundef %v)
; CHECK-NEXT: %a = add i32 %c, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @arg_noundef(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %c = call i32 @ext(i32 noundef %v)
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @ret_noundef(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %c = call noundef i32 @ext(i32 %v)
; CHECK-NEXT: %a = add i32 %c, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @ret_noundef(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %c = call noundef i32 @ext(i32 %v)
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @fn_attr(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %c = call i32 @ext(i32 %v) #[[COLD:[0-9]+]]
define internal i32 @fn_attr(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %c = call i32 @ext(i32 %v) #0
  %a = add i32 %c, %x
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @plain(
; CHECK: call i32 @arg_noundef(
; CHECK: call i32 @ret_noundef(
; CHECK: call i32 @fn_attr(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @plain(ptr %p, i32 %x)
  %r1 = call i32 @arg_noundef(ptr %p, i32 %x)
  %r2 = call i32 @ret_noundef(ptr %p, i32 %x)
  %r3 = call i32 @fn_attr(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  ret i32 %s2
}

; CHECK: attributes #[[COLD]] = { cold }
attributes #0 = { cold }
