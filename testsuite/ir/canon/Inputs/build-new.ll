; The other "build" (see build-old.ll).
target triple = "x86_64-unknown-linux-gnu"

@table = global [2 x i32] [i32 1, i32 2]
@.str.4 = private unnamed_addr constant [4 x i8] c"abc\00"

define i32 @_Z5addedv() #2 {
  ret i32 1
}

define internal i32 @helper.llvm.222(i32 %a) #1 {
  %r = mul i32 %a, 3
  ret i32 %r
}

define ptr @name() #0 {
  ret ptr @.str.4
}

define i32 @_ZN3foo3barEi(i32 %a) #0 {
  %r = add i32 %a, 8
  ret i32 %r
}

define i32 @keep(i32 %first, i32 %second, ptr %ptr) #0 !dbg !30 {
start:
  %load = load i32, ptr %ptr, align 4, !tbaa !40, !dbg !32
  %cmp = icmp slt i32 %second, %first, !dbg !32
  %sel = select i1 %cmp, i32 %first, i32 %load
  switch i32 %sel, label %default [ i32 5, label %is5
                                    i32 1, label %is1 ]
default:
  ret i32 0
is1:
  ret i32 10
is5:
  %h = call i32 @helper.llvm.222(i32 %sel)
  ret i32 %h
}

attributes #0 = { nounwind }
attributes #1 = { noinline nounwind }
attributes #2 = { cold }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!5}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "a.c", directory: "/src")
!5 = !{i32 2, !"Debug Info Version", i32 3}
!30 = distinct !DISubprogram(name: "keep", scope: !1, file: !1, line: 5, type: !31, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!31 = !DISubroutineType(types: !{})
!32 = !DILocation(line: 6, column: 7, scope: !30)
!40 = !{!41, !41, i64 0}
!41 = !{!"int", !42, i64 0}
!42 = !{!"omnipotent char", !43, i64 0}
!43 = !{!"Simple C TBAA"}
