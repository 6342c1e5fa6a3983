; Names and a source file that a browser would read as markup if the page
; let it: the report page must show them as text.
target triple = "x86_64-pc-linux-gnu"

define internal i32 @"tricky</script><b>bold&amp;</b><!--"(i32 %x) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 3
  %c = xor i32 %b, %x
  ret i32 %c
}

define internal i32 @"tricky<img src=x onerror=alert(1)>"(i32 %x) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 3
  %c = xor i32 %b, %x
  ret i32 %c
}

define i32 @"operator<<&'\22quoted\22"(i32 %x) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 3
  %c = xor i32 %b, %x
  ret i32 %c
}

define double @"scale<T>&"(double %x) !dbg !6 {
entry:
  %a = call double @llvm.fabs.f64(double %x), !dbg !9
  %c = fcmp olt double %a, 0.0, !dbg !10
  br i1 %c, label %negative, label %positive, !dbg !10
negative:
  ret double -1.0, !dbg !11
positive:
  ret double %a, !dbg !11
}

define i32 @main(i32 %argc) {
  %p = call i32 @"tricky</script><b>bold&amp;</b><!--"(i32 %argc)
  %q = call i32 @"tricky<img src=x onerror=alert(1)>"(i32 %p)
  %r = call i32 @"operator<<&'\22quoted\22"(i32 %q)
  ret i32 %r
}

declare double @llvm.fabs.f64(double)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "<fp&range>.c", directory: "/src/</script>")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !DISubroutineType(types: !{})
!6 = distinct !DISubprogram(name: "scale", scope: !1, file: !1, line: 3, type: !5, scopeLine: 3, unit: !0, spFlags: DISPFlagDefinition | DISPFlagOptimized)
!9 = !DILocation(line: 4, column: 14, scope: !6)
!10 = !DILocation(line: 5, column: 9, scope: !6)
!11 = !DILocation(line: 6, column: 3, scope: !6)
