; !tbaa is not compared, so functions that differ only in their TBAA tags
; merge. But the kept function's tags then also speak for the folded one's
; callers, so every tag on which the two disagree is dropped from the kept
; body; tags they agree on stay.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; @tags_a keeps the body. Its first store and the load agree with @tags_b
; (int); its second store says float where @tags_b says int: dropped.
; CHECK-LABEL: define internal i32 @tags_a(ptr %p, ptr %q) unnamed_addr {
; CHECK-NEXT: store i32 1, ptr %p, align 4, !tbaa [[INT:![0-9]+]]
; CHECK-NEXT: store i32 2, ptr %q, align 4{{$}}
; CHECK-NEXT: %v = load i32, ptr %p, align 4, !tbaa [[INT]]
; CHECK-NEXT: ret i32 %v
define internal i32 @tags_a(ptr %p, ptr %q) unnamed_addr {
  store i32 1, ptr %p, align 4, !tbaa !3
  store i32 2, ptr %q, align 4, !tbaa !5
  %v = load i32, ptr %p, align 4, !tbaa !3
  ret i32 %v
}

; CHECK-NOT: define {{.*}}@tags_b
define internal i32 @tags_b(ptr %p, ptr %q) unnamed_addr {
  store i32 1, ptr %p, align 4, !tbaa !3
  store i32 2, ptr %q, align 4, !tbaa !3
  %v = load i32, ptr %p, align 4, !tbaa !3
  ret i32 %v
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @tags_a(
; CHECK-NEXT: call i32 @tags_a(
define i32 @caller(ptr %p, ptr %q) {
  %1 = call i32 @tags_a(ptr %p, ptr %q)
  %2 = call i32 @tags_b(ptr %p, ptr %q)
  %s = add i32 %1, %2
  ret i32 %s
}

; The float tag has no user left.
; CHECK-NOT: !"float"
!0 = !{!"root"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!4 = !{!"float", !1, i64 0}
!5 = !{!4, !4, i64 0}
