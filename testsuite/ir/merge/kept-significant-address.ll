; Of two equal functions, the one whose address is significant keeps the
; body: it would become a thunk if folded, while the other (unnamed_addr)
; just goes away. By name alone @a_free would stay and @b_taken, whose
; address @table holds, would become a thunk; instead @b_taken stays whole,
; @a_free becomes its alias and @c_local (internal) is replaced. The same
; for two internal functions (the order's other rules do not decide).
; RUN: %ltofold merge %s -o %t.ll -S --stats 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err

; STATS-NOT: thunk
; STATS: alias 1
; STATS-NOT: thunk

; CHECK: @table = global [2 x ptr] [ptr @b_taken, ptr @y_taken]
; CHECK: @a_free = unnamed_addr alias i32 (ptr, i32), ptr @b_taken
; CHECK-NOT: define {{.*}}@a_free(
; CHECK-NOT: define {{.*}}@c_local(
; CHECK-NOT: define {{.*}}@x_free(
; CHECK: define i32 @b_taken(ptr %p, i32 %x) {
; CHECK-NEXT: load
; CHECK: define internal i32 @y_taken(ptr %p, i32 %x) {
; CHECK-NEXT: load
; CHECK: define i32 @use(
; CHECK: call i32 @b_taken(
; CHECK: call i32 @y_taken(

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@table = global [2 x ptr] [ptr @b_taken, ptr @y_taken]

define i32 @a_free(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  %s = sub i32 %m, %x
  ret i32 %s
}

define i32 @b_taken(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  %s = sub i32 %m, %x
  ret i32 %s
}

define internal i32 @c_local(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  %s = sub i32 %m, %x
  ret i32 %s
}

define internal i32 @x_free(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = xor i32 %v, %x
  %m = mul i32 %a, 5
  %s = sub i32 %m, %x
  ret i32 %s
}

define internal i32 @y_taken(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = xor i32 %v, %x
  %m = mul i32 %a, 5
  %s = sub i32 %m, %x
  ret i32 %s
}

define i32 @use(ptr %p) {
  %1 = call i32 @a_free(ptr %p, i32 1)
  %2 = call i32 @c_local(ptr %p, i32 2)
  %3 = call i32 @x_free(ptr %p, i32 3)
  %4 = add i32 %1, %2
  %5 = add i32 %4, %3
  ret i32 %5
}
