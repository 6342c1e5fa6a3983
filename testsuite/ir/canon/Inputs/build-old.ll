; One "build" of a small program; build-new.ll is another (see
; ../diff-whole-program.test for what differs and what only looks different).
target triple = "x86_64-unknown-linux-gnu"

@.str.3 = private unnamed_addr constant [4 x i8] c"abc\00"
@table = global [2 x i32] [i32 1, i32 2]

define i32 @keep(i32 %x, i32 %y, ptr %p) #0 !dbg !10 {
entry:
  %v = load i32, ptr %p, align 4, !tbaa !20, !dbg !12
  %c = icmp sgt i32 %x, %y, !dbg !12
  %s = select i1 %c, i32 %x, i32 %v
  switch i32 %s, label %other [ i32 1, label %one
                                i32 5, label %five ]
one:
  ret i32 10
five:
  %h = call i32 @helper.llvm.111(i32 %s)
  ret i32 %h
other:
  ret i32 0
}

define internal i32 @helper.llvm.111(i32 %a) #1 {
  %r = mul i32 %a, 3
  ret i32 %r
}

define i32 @_ZN3foo3barEi(i32 %a) #0 {
  %r = add i32 %a, 7
  ret i32 %r
}

define ptr @name() #0 {
  ret ptr @.str.3
}

define void @removed_fn() #1 {
  ret void
}

attributes #0 = { nounwind }
attributes #1 = { noinline nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!5}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "a.c", directory: "/src")
!5 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "keep", scope: !1, file: !1, line: 3, type: !11, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!11 = !DISubroutineType(types: !{})
!12 = !DILocation(line: 4, column: 7, scope: !10)
!20 = !{!21, !21, i64 0}
!21 = !{!"int", !22, i64 0}
!22 = !{!"omnipotent char", !23, i64 0}
!23 = !{!"Simple C TBAA"}
