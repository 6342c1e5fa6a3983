; GEPs with constant indices compare by byte offset: gep i32 by 2, gep i64 by
; 1, gep i8 by 8 and a struct field at offset 8 all step 8 bytes, so the four
; functions merge into one.
; @by_field is kept (equal linkage: the first name).
; RUN: %ltofold merge %s -o - -S | FileCheck %s --implicit-check-not=@by_i32 --implicit-check-not=@by_i64 --implicit-check-not=@by_i8
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 3 folded
; STATS-NEXT: replaced  3

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define internal i32 @by_i32(ptr %p, i32 %x) unnamed_addr {
  %q = getelementptr inbounds i32, ptr %p, i64 2
  %v = load i32, ptr %q, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

define internal i32 @by_i64(ptr %p, i32 %x) unnamed_addr {
  %q = getelementptr inbounds i64, ptr %p, i64 1
  %v = load i32, ptr %q, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

define internal i32 @by_i8(ptr %p, i32 %x) unnamed_addr {
  %q = getelementptr inbounds i8, ptr %p, i64 8
  %v = load i32, ptr %q, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @by_field(
; CHECK-NEXT: %q = getelementptr inbounds { i32, i32, i32 }, ptr %p, i64 0, i32 2
define internal i32 @by_field(ptr %p, i32 %x) unnamed_addr {
  %q = getelementptr inbounds { i32, i32, i32 }, ptr %p, i64 0, i32 2
  %v = load i32, ptr %q, align 4
  %a = add i32 %v, %x
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @by_field(
; CHECK-NEXT: call i32 @by_field(
; CHECK-NEXT: call i32 @by_field(
; CHECK-NEXT: call i32 @by_field(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @by_i32(ptr %p, i32 %x)
  %2 = call i32 @by_i64(ptr %p, i32 %x)
  %3 = call i32 @by_i8(ptr %p, i32 %x)
  %4 = call i32 @by_field(ptr %p, i32 %x)
  %s = add i32 %1, %2
  %t = add i32 %3, %4
  %u = add i32 %s, %t
  ret i32 %u
}
