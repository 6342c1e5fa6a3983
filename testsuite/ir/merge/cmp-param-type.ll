; Only a parameter's type differs (i32 vs i64, both stored): no merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal void @store32(ptr %p, i32 %x)
define internal void @store32(ptr %p, i32 %x) unnamed_addr {
  store i32 %x, ptr %p, align 8
  %q = getelementptr inbounds i8, ptr %p, i64 8
  store i32 %x, ptr %q, align 8
  ret void
}

; CHECK-LABEL: define internal void @store64(ptr %p, i64 %x)
define internal void @store64(ptr %p, i64 %x) unnamed_addr {
  store i64 %x, ptr %p, align 8
  %q = getelementptr inbounds i8, ptr %p, i64 8
  store i64 %x, ptr %q, align 8
  ret void
}

; CHECK-LABEL: define void @caller(
; CHECK: call void @store32(
; CHECK: call void @store64(
define void @caller(ptr %p, i32 %x, i64 %y) {
  call void @store32(ptr %p, i32 %x)
  call void @store64(ptr %p, i64 %y)
  ret void
}
