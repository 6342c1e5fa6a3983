; Loop metadata of folded functions. A tag that names a loop of the body
; (!llvm.mem.parallel_loop_access, !llvm.access.group) means something only
; together with the loop ids of that body, so the same tag on both sides can
; claim a different loop in each: it is dropped whenever the function folds.
; A loop keeps its !llvm.loop when both ids state the same properties, their
; source locations aside; an id that does not name itself states nothing (LLVM
; ignores it), so it agrees with no other.
; RUN: %ltofold merge %s -o - -S --verify --stats 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS --input-file %t.stats

; STATS: ltofold merge: 7 functions, 6 candidates, 3 folded

target triple = "x86_64-pc-linux-gnu"

; Same tag !0 on both, but !1 is the id of this loop in one function only.
; CHECK-LABEL: define void @parallel_here(
; CHECK: load i32, ptr %p, align 4{{$}}
define void @parallel_here(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %v = load i32, ptr %p, align 4, !llvm.mem.parallel_loop_access !0
  store i32 %v, ptr %p, align 4, !llvm.mem.parallel_loop_access !0
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !1
exit:
  ret void
}

define internal void @parallel_elsewhere(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %v = load i32, ptr %p, align 4, !llvm.mem.parallel_loop_access !0
  store i32 %v, ptr %p, align 4, !llvm.mem.parallel_loop_access !0
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !2
exit:
  ret void
}

; Ids that differ in their source locations only: kept.
; CHECK-LABEL: define void @located_a(
; CHECK: br i1 %done, label %exit, label %loop, !llvm.loop
define void @located_a(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  store volatile i64 %i, ptr %p, align 8
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !3
exit:
  ret void
}

define internal void @located_b(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  store volatile i64 %i, ptr %p, align 8
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !6
exit:
  ret void
}

; mustprogress on one side; on the other an id that does not name itself.
; CHECK-LABEL: define void @progress(
; CHECK: br i1 %done, label %exit, label %loop{{$}}
define void @progress(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %next = add i64 %i, 4
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !8
exit:
  ret void
}

define internal void @malformed(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %next = add i64 %i, 4
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !9
exit:
  ret void
}

define void @use(ptr %p, i64 %n) {
  call void @parallel_elsewhere(ptr %p, i64 %n)
  call void @located_b(ptr %p, i64 %n)
  call void @malformed(i64 %n)
  ret void
}

!llvm.dbg.cu = !{!11}
!llvm.module.flags = !{!13}

!0 = !{!1}
!1 = distinct !{!1}
!2 = distinct !{!2}
!3 = distinct !{!3, !4, !5}
!4 = !DILocation(line: 10, scope: !14)
!5 = !{!"llvm.loop.unroll.disable"}
!6 = distinct !{!6, !7, !5}
!7 = !DILocation(line: 20, scope: !14)
!8 = distinct !{!8, !10}
!9 = distinct !{!12, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !DICompileUnit(language: DW_LANG_C99, file: !15, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!12 = distinct !{}
!13 = !{i32 2, !"Debug Info Version", i32 3}
!14 = distinct !DISubprogram(name: "loops", scope: !15, file: !15, line: 1, type: !16, spFlags: DISPFlagDefinition, unit: !11)
!15 = !DIFile(filename: "loops.c", directory: "/src")
!16 = !DISubroutineType(types: !{})
