; The same operations on i32 and on i64: the return (and parameter) types
; differ, so no merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @narrow(i32 %x)
define internal i32 @narrow(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %m = mul i32 %a, %a
  %r = xor i32 %m, 7
  ret i32 %r
}

; CHECK-LABEL: define internal i64 @wide(i64 %x)
define internal i64 @wide(i64 %x) unnamed_addr {
  %a = add i64 %x, 1
  %m = mul i64 %a, %a
  %r = xor i64 %m, 7
  ret i64 %r
}

; CHECK-LABEL: define i64 @caller(
; CHECK: call i32 @narrow(
; CHECK: call i64 @wide(
define i64 @caller(i32 %x, i64 %y) {
  %1 = call i32 @narrow(i32 %x)
  %2 = call i64 @wide(i64 %y)
  %e = zext i32 %1 to i64
  %s = add i64 %e, %2
  ret i64 %s
}
