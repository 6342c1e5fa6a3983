; Folding a body that carries debug records (#dbg_value) must not leave the
; records behind. Both functions are linkonce_odr with significant addresses,
; so the body moves to @odr_a.ltofold.body, and @odr_b and the new function
; that takes @odr_a's name become thunks of it.
; BUG: "result does not verify (please report): function-local metadata used
; in wrong function". erase_body (merge/merge.c) erases @odr_b's instructions
; one at a time; LLVM moves an erased instruction's debug records to the next
; instruction and, past the end of the block, onto the block's "trailing"
; records, kept by the context in a map keyed by the block's address.
; LLVMDeleteBasicBlock does not free them: they leak (valgrind: definitely
; lost DbgVariableRecords), and the next block allocated at that address
; inherits them. Here the new @odr_a's thunk block gets
; "#dbg_value(i32 %x, ...)" naming @odr_b's argument.
; RUN: %ltofold merge %s -o - -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define linkonce_odr i32 @odr_b(
; CHECK-NOT: #dbg_value
; CHECK: tail call i32 @odr_a.ltofold.body(
; CHECK-LABEL: define linkonce_odr i32 @odr_a(
; CHECK-NOT: #dbg_value
; CHECK: tail call i32 @odr_a.ltofold.body(
; CHECK-NOT: #dbg_value
; CHECK: ret i32
@table = global [2 x ptr] [ptr @odr_a, ptr @odr_b]

define linkonce_odr i32 @odr_a(i32 %x) !dbg !10 {
entry:
  %a = mul i32 %x, 3, !dbg !12
  br label %exit, !dbg !12
exit:
  %b = add i32 %a, 1, !dbg !12
  ret i32 %b, !dbg !12
}

define linkonce_odr i32 @odr_b(i32 %x) !dbg !20 {
entry:
  %a = mul i32 %x, 3, !dbg !22
    #dbg_value(i32 %x, !23, !DIExpression(), !22)
  br label %exit, !dbg !22
exit:
  %b = add i32 %a, 1, !dbg !22
  ret i32 %b, !dbg !22
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "fold.c", directory: "/tmp")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = distinct !DISubprogram(name: "odr_a", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!11 = !DISubroutineType(types: !{!4, !4})
!12 = !DILocation(line: 2, column: 3, scope: !10)
!20 = distinct !DISubprogram(name: "odr_b", scope: !1, file: !1, line: 5, type: !11, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!22 = !DILocation(line: 6, column: 3, scope: !20)
!23 = !DILocalVariable(name: "x", arg: 1, scope: !20, file: !1, line: 5, type: !4)
