; Two functions equal but for their own noalias scopes (what inlining a
; function with restrict/noalias arguments leaves: a scope declaration and
; !alias.scope / !noalias tags naming distinct, self-referencing scope nodes)
; should merge: a scope is local to the body that declares it, so the kept
; body's scopes are as true for the folded function's callers. LLVM's
; mergefunc merges them (found in testsuite/unit/inputs/containers.cpp:
; make_sorted<long> and make_sorted<long long>).
; Self-naming nodes are numbered like local values (cmp_metadata).
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s --implicit-check-not=@copy_b
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @llvm.experimental.noalias.scope.decl(metadata)

; CHECK-LABEL: define internal i32 @copy_a(
define internal i32 @copy_a(ptr %dst, ptr %src) unnamed_addr {
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %v = load i32, ptr %src, align 4, !alias.scope !2
  store i32 %v, ptr %dst, align 4, !noalias !2
  %w = add i32 %v, 1
  ret i32 %w
}

define internal i32 @copy_b(ptr %dst, ptr %src) unnamed_addr {
  call void @llvm.experimental.noalias.scope.decl(metadata !5)
  %v = load i32, ptr %src, align 4, !alias.scope !5
  store i32 %v, ptr %dst, align 4, !noalias !5
  %w = add i32 %v, 1
  ret i32 %w
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @copy_a(
; CHECK-NEXT: call i32 @copy_a(
define i32 @caller(ptr %d, ptr %s) {
  %1 = call i32 @copy_a(ptr %d, ptr %s)
  %2 = call i32 @copy_b(ptr %d, ptr %s)
  %r = add i32 %1, %2
  ret i32 %r
}

!0 = distinct !{!0, !"domain_a"}
!1 = distinct !{!1, !0, !"copy_a: src"}
!2 = !{!1}
!3 = distinct !{!3, !"domain_b"}
!4 = distinct !{!4, !3, !"copy_b: src"}
!5 = !{!4}
