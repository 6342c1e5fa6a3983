; Three equal functions met in the order b, c, a: c folds into b, then b into
; a (the first by name). The report must not name b as kept: every folded
; function is listed under the one that holds the body at the end.
; RUN: %ltofold merge %s -o %t.bc --report %t.json
; RUN: FileCheck %s --input-file %t.json
; RUN: %validate-report %t.json
; CHECK: "groups":
; CHECK-NOT: "kept": "twin_b"
; CHECK: "kept": "twin_a"
; CHECK-NOT: "kept"
; CHECK-DAG: "symbol": "twin_b"
; CHECK-DAG: "symbol": "twin_c"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define internal i32 @twin_b(i32 %x) unnamed_addr {
  %r = mul i32 %x, 7
  %s = add i32 %r, 3
  ret i32 %s
}

define internal i32 @twin_c(i32 %x) unnamed_addr {
  %r = mul i32 %x, 7
  %s = add i32 %r, 3
  ret i32 %s
}

define internal i32 @twin_a(i32 %x) unnamed_addr {
  %r = mul i32 %x, 7
  %s = add i32 %r, 3
  ret i32 %s
}

define i32 @use(i32 %x) {
  %a = call i32 @twin_a(i32 %x)
  %b = call i32 @twin_b(i32 %x)
  %c = call i32 @twin_c(i32 %x)
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  ret i32 %s2
}
