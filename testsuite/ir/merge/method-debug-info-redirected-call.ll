; A caller with debug info calls @plain, which has none; @plain folds into
; its twin @described, which has a subprogram. The redirected call now calls
; a function with debug info from a function with debug info, and such a
; call needs a location (the verifier says so, for the inliner): it gets
; line 0 of the caller. Without it the module did not verify and nothing was
; written.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s

; CHECK-LABEL: define void @caller(
; CHECK-NEXT: call i32 @described(ptr %p), !dbg [[LINE0:![0-9]+]]
; CHECK-DAG: [[LINE0]] = !DILocation(line: 0, scope: [[CALLER:![0-9]+]])
; CHECK-DAG: [[CALLER]] = distinct !DISubprogram(name: "caller"

target triple = "x86_64-pc-linux-gnu"

define i32 @described(ptr %p) !dbg !5 {
  %v = load i32, ptr %p, align 4, !dbg !6
  %w = add i32 %v, 1, !dbg !6
  ret i32 %w, !dbg !6
}

define internal i32 @plain(ptr %p) {
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, 1
  ret i32 %w
}

define void @caller(ptr %p) !dbg !7 {
  %r = call i32 @plain(ptr %p)
  ret void, !dbg !8
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "calls.c", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "described", scope: !1, file: !1, line: 3, type: !4, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DILocation(line: 4, column: 3, scope: !5)
!7 = distinct !DISubprogram(name: "caller", scope: !1, file: !1, line: 10, type: !4, scopeLine: 10, spFlags: DISPFlagDefinition, unit: !0)
!8 = !DILocation(line: 12, column: 1, scope: !7)
