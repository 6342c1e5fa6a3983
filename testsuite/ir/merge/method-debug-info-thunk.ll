; Two functions with debug info (a DISubprogram each, locations and variable
; records) fold into a thunk: the thunk keeps G's DISubprogram, and its call
; carries a location in it (the verifier requires one on a call in a function
; with a subprogram). The result verifies.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s
; RUN: %ltofold merge %s -o - -S | opt -passes=verify -disable-output
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded
; STATS-NEXT: thunk 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: define i32 @f(ptr %p, i32 %x) !dbg [[F:![0-9]+]] {
; CHECK: %m = mul i32 %a, 3, !dbg
define i32 @f(ptr %p, i32 %x) !dbg !10 {
    #dbg_value(i32 %x, !13, !DIExpression(), !12)
  %v = load i32, ptr %p, align 4, !dbg !12
  %a = add i32 %v, %x, !dbg !12
  %m = mul i32 %a, 3, !dbg !12
  ret i32 %m, !dbg !12
}

; CHECK: define i32 @g(ptr %p, i32 %x) #{{[0-9]+}} !dbg [[G:![0-9]+]] {
; CHECK-NOT: load
; CHECK: %1 = tail call i32 @f(ptr %p, i32 %x), !dbg [[THUNK_LOC:![0-9]+]]
; CHECK-NEXT: ret i32 %1
; CHECK-NEXT: }
define i32 @g(ptr %p, i32 %x) !dbg !20 {
    #dbg_value(i32 %x, !23, !DIExpression(), !22)
  %v = load i32, ptr %p, align 4, !dbg !22
  %a = add i32 %v, %x, !dbg !22
  %m = mul i32 %a, 3, !dbg !22
  ret i32 %m, !dbg !22
}

define i32 @caller(ptr %p, i32 %x) !dbg !30 {
  %1 = call i32 @f(ptr %p, i32 %x), !dbg !31
  %2 = call i32 @g(ptr %p, i32 %x), !dbg !31
  %s = add i32 %1, %2, !dbg !31
  ret i32 %s, !dbg !31
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

; CHECK-DAG: [[F]] = distinct !DISubprogram(name: "f"
; CHECK-DAG: [[G]] = distinct !DISubprogram(name: "g", {{.*}}line: 5
; CHECK-DAG: [[THUNK_LOC]] = !DILocation(line: 5, scope: [[G]])
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "fold.c", directory: "/tmp")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!11 = !DISubroutineType(types: !{!4, null, !4})
!12 = !DILocation(line: 2, column: 3, scope: !10)
!13 = !DILocalVariable(name: "x", arg: 2, scope: !10, file: !1, line: 1, type: !4)
!20 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 5, type: !11, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!22 = !DILocation(line: 6, column: 3, scope: !20)
!23 = !DILocalVariable(name: "x", arg: 2, scope: !20, file: !1, line: 5, type: !4)
!30 = distinct !DISubprogram(name: "caller", scope: !1, file: !1, line: 9, type: !11, scopeLine: 9, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!31 = !DILocation(line: 10, column: 3, scope: !30)
