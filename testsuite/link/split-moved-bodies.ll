; The cut into parts moves each function's body into its part instead of
; copying it (split_module.cpp). What a body carries besides its blocks must
; arrive with it: every attachment of a kind (three !type here, which a
; single set would cut to one), the subprogram and the debug records, the
; personality of a body with a landing pad, its comdat, prefix and prologue
; data. A function whose block has its address taken is copied as before;
; @uses_label is alone in its group and lands in its own part.
; Each part must verify without a word (broken debug info is only a
; warning, and dropped), and the parts linked back together must define
; every function once, with all of the above.
; RUN: rm -rf %t && mkdir -p %t
; RUN: %ltofold thin-merge --merge=false --parts 3 -o %t/part %s
; RUN: opt -passes=verify -disable-output %t/part.0.bc 2>&1 | count 0
; RUN: opt -passes=verify -disable-output %t/part.1.bc 2>&1 | count 0
; RUN: opt -passes=verify -disable-output %t/part.2.bc 2>&1 | count 0
; RUN: llvm-link %t/part.0.bc %t/part.1.bc %t/part.2.bc -o %t/linked.bc
; RUN: opt -passes=verify -disable-output %t/linked.bc 2>&1 | count 0
; RUN: llvm-dis %t/linked.bc -o - | FileCheck %s

; CHECK-DAG: $grouped = comdat any
; CHECK-DAG: define i32 @typed(i32 %x) !type ![[T1:[0-9]+]] !type ![[T2:[0-9]+]] !type ![[T3:[0-9]+]] {
; CHECK-DAG: define i32 @debugged(i32 %n) !dbg ![[SP:[0-9]+]] {
; CHECK-DAG: #dbg_value(i32 %n, ![[VAR:[0-9]+]], !DIExpression(), ![[LOC:[0-9]+]])
; CHECK-DAG: define void @catches() personality ptr @__gxx_personality_v0 {
; CHECK-DAG: landingpad { ptr, i32 }
; CHECK-DAG: define linkonce_odr i32 @grouped(i32 %x) comdat {
; CHECK-DAG: define i32 @prefixed() prefix i32 7 prologue i8 -112 {
; CHECK-DAG: define i32 @uses_label(i1 %c) {
; CHECK-DAG: select i1 %c, ptr blockaddress(@uses_label, %two), ptr blockaddress(@uses_label, %one)
; CHECK-DAG: define internal i32 @helper(i32 %y) {
; CHECK-DAG: ![[SP]] = distinct !DISubprogram(name: "debugged"
; CHECK-DAG: ![[VAR]] = !DILocalVariable(name: "n", arg: 1, scope: ![[SP]]
; CHECK-DAG: ![[LOC]] = !DILocation(line: 3, scope: ![[SP]])
; CHECK-DAG: ![[T1]] = !{i64 0, !"typeid.a"}
; CHECK-DAG: ![[T2]] = !{i64 0, !"typeid.b"}
; CHECK-DAG: ![[T3]] = !{i64 0, !"typeid.c"}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

$grouped = comdat any

@table = global [2 x ptr] [ptr @typed, ptr @grouped]

declare i32 @__gxx_personality_v0(...)
declare void @may_throw()

define i32 @typed(i32 %x) !type !10 !type !11 !type !12 {
  %r = call i32 @helper(i32 %x)
  ret i32 %r
}

define internal i32 @helper(i32 %y) {
  %r = mul i32 %y, 3
  ret i32 %r
}

define i32 @debugged(i32 %n) !dbg !4 {
    #dbg_value(i32 %n, !7, !DIExpression(), !8)
  %r = add i32 %n, 1, !dbg !8
  ret i32 %r, !dbg !8
}

define void @catches() personality ptr @__gxx_personality_v0 {
  invoke void @may_throw() to label %done unwind label %pad
done:
  ret void
pad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

define linkonce_odr i32 @grouped(i32 %x) comdat {
  %r = sub i32 %x, 2
  ret i32 %r
}

define i32 @prefixed() prefix i32 7 prologue i8 144 {
  ret i32 5
}

define i32 @uses_label(i1 %c) {
  %target = select i1 %c, ptr blockaddress(@uses_label, %two), ptr blockaddress(@uses_label, %one)
  indirectbr ptr %target, [label %one, label %two]
one:
  ret i32 1
two:
  ret i32 2
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "moved.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = distinct !DISubprogram(name: "debugged", scope: !1, file: !1, line: 2, type: !5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocalVariable(name: "n", arg: 1, scope: !4, file: !1, line: 2)
!8 = !DILocation(line: 3, scope: !4)
!10 = !{i64 0, !"typeid.a"}
!11 = !{i64 0, !"typeid.b"}
!12 = !{i64 0, !"typeid.c"}
