; llvm.type.test on a distinct metadata node (a CFI function-local type) is a
; type identity that the comparator can only see by content: two such
; functions are never merged, even with distinct nodes of equal content. The
; same check on a type name (an MDString) merges as usual.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s --implicit-check-not=@named_b
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 2 candidates, 1 folded
; STATS-NEXT: replaced 1
; STATS-NEXT: skipped: distinct-metadata 2

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i1 @llvm.type.test(ptr, metadata)

; CHECK-LABEL: define internal i32 @local_a(
; CHECK-NEXT: call i1 @llvm.type.test(ptr %p, metadata [[LOCAL_A:![0-9]+]])
define internal i32 @local_a(ptr %p, i32 %x) unnamed_addr {
  %t = call i1 @llvm.type.test(ptr %p, metadata !0)
  %z = zext i1 %t to i32
  %a = add i32 %z, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @local_b(
; CHECK-NEXT: call i1 @llvm.type.test(ptr %p, metadata [[LOCAL_B:![0-9]+]])
define internal i32 @local_b(ptr %p, i32 %x) unnamed_addr {
  %t = call i1 @llvm.type.test(ptr %p, metadata !1)
  %z = zext i1 %t to i32
  %a = add i32 %z, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @named_a(
; CHECK-NEXT: call i1 @llvm.type.test(ptr %p, metadata !"_ZTS1A")
define internal i32 @named_a(ptr %p, i32 %x) unnamed_addr {
  %t = call i1 @llvm.type.test(ptr %p, metadata !"_ZTS1A")
  %z = zext i1 %t to i32
  %a = sub i32 %z, %x
  ret i32 %a
}

define internal i32 @named_b(ptr %p, i32 %x) unnamed_addr {
  %t = call i1 @llvm.type.test(ptr %p, metadata !"_ZTS1A")
  %z = zext i1 %t to i32
  %a = sub i32 %z, %x
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @local_a(
; CHECK-NEXT: call i32 @local_b(
; CHECK-NEXT: call i32 @named_a(
; CHECK-NEXT: call i32 @named_a(
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @local_a(ptr %p, i32 %x)
  %2 = call i32 @local_b(ptr %p, i32 %x)
  %3 = call i32 @named_a(ptr %p, i32 %x)
  %4 = call i32 @named_b(ptr %p, i32 %x)
  %s = add i32 %1, %2
  %t = add i32 %3, %4
  %u = add i32 %s, %t
  ret i32 %u
}

; CHECK-DAG: [[LOCAL_A]] = distinct !{}
; CHECK-DAG: [[LOCAL_B]] = distinct !{}
!0 = distinct !{}
!1 = distinct !{}
