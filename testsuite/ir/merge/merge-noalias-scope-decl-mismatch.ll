; The two loops carry the same !alias.scope / !noalias tags, but declare
; different scopes: in @copy_declared the scope !1 is declared in each
; iteration (a fact about one iteration: the store of iteration i may still
; overlap the load of iteration i+1), in @copy_function_wide !1 is never
; declared, so it holds for the whole call, and another scope is declared
; instead. The comparator matches the declarations by position, so the two
; fold; the kept body must then lose its scope tags, or the callers of
; @copy_declared get the whole-call promise and a vectorizer drops its
; overlap check (wrong results for overlapping arguments).
; RUN: %ltofold merge %s -o - -S --verify --stats 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS --input-file %t.stats

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded

; CHECK-LABEL: define internal void @copy_declared(
; CHECK-NOT: !alias.scope
; CHECK-NOT: !noalias
; CHECK: ret void
; CHECK-NOT: @copy_function_wide(

target triple = "x86_64-pc-linux-gnu"

declare void @llvm.experimental.noalias.scope.decl(metadata)

define internal void @copy_declared(ptr %dst, ptr %src, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %s = getelementptr i32, ptr %src, i64 %i
  %v = load i32, ptr %s, align 4, !alias.scope !2
  %d = getelementptr i32, ptr %dst, i64 %i
  store i32 %v, ptr %d, align 4, !noalias !2
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define internal void @copy_function_wide(ptr %dst, ptr %src, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !5)
  %s = getelementptr i32, ptr %src, i64 %i
  %v = load i32, ptr %s, align 4, !alias.scope !2
  %d = getelementptr i32, ptr %dst, i64 %i
  store i32 %v, ptr %d, align 4, !noalias !2
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @use(ptr %a, ptr %b, i64 %n) {
  call void @copy_declared(ptr %a, ptr %b, i64 %n)
  call void @copy_function_wide(ptr %a, ptr %b, i64 %n)
  ret void
}

!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"src"}
!2 = !{!1}
!3 = distinct !{!3, !"other domain"}
!4 = distinct !{!4, !3, !"other"}
!5 = !{!4}
