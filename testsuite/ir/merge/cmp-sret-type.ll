; sret carries a type: sret([2 x i32]) vs sret([4 x i32]). No merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal void @left(ptr sret([2 x i32]) %out, i32 %x)
define internal void @left(ptr sret([2 x i32]) %out, i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  store i32 %a, ptr %out, align 4
  %q = getelementptr inbounds i32, ptr %out, i64 1
  store i32 %x, ptr %q, align 4
  ret void
}

; CHECK-LABEL: define internal void @right(ptr sret([4 x i32]) %out, i32 %x)
define internal void @right(ptr sret([4 x i32]) %out, i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  store i32 %a, ptr %out, align 4
  %q = getelementptr inbounds i32, ptr %out, i64 1
  store i32 %x, ptr %q, align 4
  ret void
}

; CHECK-LABEL: define void @caller(
; CHECK: call void @left(
; CHECK: call void @right(
define void @caller(ptr %a, ptr %b, i32 %x) {
  call void @left(ptr sret([2 x i32]) %a, i32 %x)
  call void @right(ptr sret([4 x i32]) %b, i32 %x)
  ret void
}
