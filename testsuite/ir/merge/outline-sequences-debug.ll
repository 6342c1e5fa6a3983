; merge-outline-sequences with debug info: the C below, compiled with
; `clang -O2 -g -S -emit-llvm -fno-discard-value-names`. The sequence in
; f1..f6 and f10..f12 moves into one function, which has no DISubprogram
; and whose instructions carry no location; each call gets the window's
; first location. f7..f9 are for another target (avx2): their copies fold
; into a function of three calls, too few to pay, which is put back, its
; instructions taking the call's location (InlineFunction), so that the
; calls it held have one, as the verifier wants in a function with debug
; info. The module is verified around the phase (--verify) and after.
; RUN: %ltofold merge %s -S -o %t.ll --merge-similar=false --merge-outline-sequences --verify --stats 2> %t.stats
; RUN: FileCheck %s --input-file %t.ll
; RUN: FileCheck %s --input-file %t.stats --check-prefix=STATS
; RUN: opt -passes=verify %t.ll -disable-output
; STATS: 3 put back; 1 function called from 9 places
; STATS: outline sequences: 12 outlined in 1 group
; CHECK-LABEL: define dso_local noundef i32 @f1(
; CHECK:         %mul = call i32 @[[SEQ:ltofold\.outlined\.[0-9]+]](ptr %p, ptr %q) #{{[0-9]+}}, !dbg
; CHECK:       define internal i32 @[[SEQ]](ptr %0, ptr %1) unnamed_addr #{{[0-9]+}} {
; CHECK-NOT:     !dbg
; CHECK:         ret i32 %mul
; CHECK-LABEL: define dso_local noundef i32 @f7(
; CHECK-NOT:     ltofold.outlined
; CHECK:         call void @use(i32 noundef %mul{{[.a-z0-9]*}}, ptr noundef %q) #{{[0-9]+}}, !dbg
; CHECK:         call void @use(i32 noundef %add{{[.a-z0-9]*}}, ptr noundef nonnull %p) #{{[0-9]+}}, !dbg
; CHECK-LABEL: define dso_local noundef i32 @f12(
; CHECK:         call i32 @[[SEQ]](ptr %p, ptr %q) #{{[0-9]+}}, !dbg
;
; struct pair { int a, b, c; };
; void use(int, struct pair *);
; void first(int);
; #define SEQ(p, q)                                                              \
;   int x = p->a + p->b;                                                         \
;   int m = x * 7;                                                               \
;   use(m, q);                                                                   \
;   q->c = x;                                                                    \
;   use(x, p);
; #define F(N, ATTR)                                                             \
;   ATTR int f##N(struct pair *p, struct pair *q) {                             \
;     first(N);                                                                  \
;     SEQ(p, q)                                                                  \
;     return m ^ N;                                                              \
;   }
; F(1, ) F(2, ) F(3, ) F(4, ) F(5, ) F(6, )
; #define AVX __attribute__((target("avx2")))
; F(7, AVX) F(8, AVX) F(9, AVX)
; F(10, ) F(11, ) F(12, )

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @f1(ptr noundef %p, ptr noundef %q) local_unnamed_addr #0 !dbg !14 {
entry:
    #dbg_value(ptr %p, !25, !DIExpression(), !29)
    #dbg_value(ptr %q, !26, !DIExpression(), !29)
  tail call void @first(i32 noundef 1) #3, !dbg !30
  %0 = load i32, ptr %p, align 4, !dbg !30, !tbaa !31
  %b = getelementptr inbounds nuw i8, ptr %p, i64 4, !dbg !30
  %1 = load i32, ptr %b, align 4, !dbg !30, !tbaa !33
  %add = add nsw i32 %1, %0, !dbg !34
    #dbg_value(i32 %add, !27, !DIExpression(), !29)
  %mul = mul nsw i32 %add, 7, !dbg !35
    #dbg_value(i32 %mul, !28, !DIExpression(), !29)
  tail call void @use(i32 noundef %mul, ptr noundef %q) #3, !dbg !30
  %c = getelementptr inbounds nuw i8, ptr %q, i64 8, !dbg !30
  store i32 %add, ptr %c, align 4, !dbg !36, !tbaa !37
  tail call void @use(i32 noundef %add, ptr noundef nonnull %p) #3, !dbg !30
  %xor = xor i32 %mul, 1, !dbg !38
  ret i32 %xor, !dbg !39
}

declare !dbg !40 void @first(i32 noundef) local_unnamed_addr #1

declare !dbg !43 void @use(i32 noundef, ptr noundef) local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @f2(ptr noundef %p, ptr noundef %q) local_unnamed_addr #0 !dbg !46 {
entry:
    #dbg_value(ptr %p, !48, !DIExpression(), !52)
    #dbg_value(ptr %q, !49, !DIExpression(), !52)
  tail call void @first(i32 noundef 2) #3, !dbg !53
  %0 = load i32, ptr %p, align 4, !dbg !53, !tbaa !31
  %b = getelementptr inbounds nuw i8, ptr %p, i64 4, !dbg !53
  %1 = load i32, ptr %b, align 4, !dbg !53, !tbaa !33
  %add = add nsw i32 %1, %0, !dbg !54
    #dbg_value(i32 %add, !50, !DIExpression(), !52)
  %mul = mul nsw i32 %add, 7, !dbg !55
    #dbg_value(i32 %mul, !51, !DIExpression(), !52)
  tail call void @use(i32 noundef %mul, ptr noundef %q) #3, !dbg !53
  %c = getelementptr inbounds nuw i8, ptr %q, i64 8, !dbg !53
  store i32 %add, ptr %c, align 4, !dbg !56, !tbaa !37
  tail call void @use(i32 noundef %add, ptr noundef nonnull %p) #3, !dbg !53
  %xor = xor i32 %mul, 2, !dbg !57
  ret i32 %xor, !dbg !58
}

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @f3(ptr noundef %p, ptr noundef %q) local_unnamed_addr #0 !dbg !59 {
entry:
    #dbg_value(ptr %p, !61, !DIExpression(), !65)
    #dbg_value(ptr %q, !62, !DIExpression(), !65)
  tail call void @first(i32 noundef 3) #3, !dbg !66
  %0 = load i32, ptr %p, align 4, !dbg !66, !tbaa !31
  %b = getelementptr inbounds nuw i8, ptr %p, i64 4, !dbg !66
  %1 = load i32, ptr %b, align 4, !dbg !66, !tbaa !33
  %add = add nsw i32 %1, %0, !dbg !67
    #dbg_value(i32 %add, !63, !DIExpression(), !65)
  %mul = mul nsw i32 %add, 7, !dbg !68
    #dbg_value(i32 %mul, !64, !DIExpression(), !65)
  tail call void @use(i32 noundef %mul, ptr noundef %q) #3, !dbg !66
  %c = getelementptr inbounds nuw i8, ptr %q, i64 8, !dbg !66
  store i32 %add, ptr %c, align 4, !dbg !69, !tbaa !37
  tail call void @use(i32 noundef %add, ptr noundef nonnull %p) #3, !dbg !66
  %xor = xor i32 %mul, 3, !dbg !70
  ret i32 %xor, !dbg !71
}

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @f4(ptr noundef %p, ptr noundef %q) local_unnamed_addr #0 !dbg !72 {
entry:
    #dbg_value(ptr %p, !74, !DIExpression(), !78)
    #dbg_value(ptr %q, !75, !DIExpression(), !78)
  tail call void @first(i32 noundef 4) #3, !dbg !79
  %0 = load i32, ptr %p, align 4, !dbg !79, !tbaa !31
  %b = getelementptr inbounds nuw i8, ptr %p, i64 4, !dbg !79
  %1 = load i32, ptr %b, align 4, !dbg !79, !tbaa !33
  %add = add nsw i32 %1, %0, !dbg !80
    #dbg_value(i32 %add, !76, !DIExpression(), !78)
  %mul = mul nsw i32 %add, 7, !dbg !81
    #dbg_value(i32 %mul, !77, !DIExpression(), !78)
  tail call void @use(i32 noundef %mul, ptr noundef %q) #3, !dbg !79
  %c = getelementptr inbounds nuw i8, ptr %q, i64 8, !dbg !79
  store i32 %add, ptr %c, align 4, !dbg !82, !tbaa !37
  tail call void @use(i32 noundef %add, ptr noundef nonnull %p) #3, !dbg !79
  %xor = xor i32 %mul, 4, !dbg !83
  ret i32 %xor, !dbg !84
}

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @f5(ptr noundef %p, ptr noundef %q) local_unnamed_addr #0 !dbg !85 {
entry:
    #dbg_value(ptr %p, !87, !DIExpression(), !91)
    #dbg_value(ptr %q, !88, !DIExpression(), !91)
  tail call void @first(i32 noundef 5) #3, !dbg !92
  %0 = load i32, ptr %p, align 4, !dbg !92, !tbaa !31
  %b = getelementptr inbounds nuw i8, ptr %p, i64 4, !dbg !92
  %1 = load i32, ptr %b, align 4, !dbg !92, !tbaa !33
  %add = add nsw i32 %1, %0, !dbg !93
    #dbg_value(i32 %add, !89, !DIExpression(), !91)
  %mul = mul nsw i32 %add, 7, !dbg !94
    #dbg_value(i32 %mul, !90, !DIExpression(), !91)
  tail call void @use(i32 noundef %mul, ptr noundef %q) #3, !dbg !92
  %c = getelementptr inbounds nuw i8, ptr %q, i64 8, !dbg !92
  store i32 %add, ptr %c, align 4, !dbg !95, !tbaa !37
  tail call void @use(i32 noundef %add, ptr noundef nonnull %p) #3, !dbg !92
  %xor = xor i32 %mul, 5, !dbg !96
  ret i32 %xor, !dbg !97
}

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @f6(ptr noundef %p, ptr noundef %q) local_unnamed_addr #0 !dbg !98 {
entry:
    #dbg_value(ptr %p, !100, !DIExpression(), !104)
    #dbg_value(ptr %q, !101, !DIExpression(), !104)
  tail call void @first(i32 noundef 6) #3, !dbg !105
  %0 = load i32, ptr %p, align 4, !dbg !105, !tbaa !31
  %b = getelementptr inbounds nuw i8, ptr %p, i64 4, !dbg !105
  %1 = load i32, ptr %b, align 4, !dbg !105, !tbaa !33
  %add = add nsw i32 %1, %0, !dbg !106
    #dbg_value(i32 %add, !102, !DIExpression(), !104)
  %mul = mul nsw i32 %add, 7, !dbg !107
    #dbg_value(i32 %mul, !103, !DIExpression(), !104)
  tail call void @use(i32 noundef %mul, ptr noundef %q) #3, !dbg !105
  %c = getelementptr inbounds nuw i8, ptr %q, i64 8, !dbg !105
  store i32 %add, ptr %c, align 4, !dbg !108, !tbaa !37
  tail call void @use(i32 noundef %add, ptr noundef nonnull %p) #3, !dbg !105
  %xor = xor i32 %mul, 6, !dbg !109
  ret i32 %xor, !dbg !110
}

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @f7(ptr noundef %p, ptr noundef %q) local_unnamed_addr #2 !dbg !111 {
entry:
    #dbg_value(ptr %p, !113, !DIExpression(), !117)
    #dbg_value(ptr %q, !114, !DIExpression(), !117)
  tail call void @first(i32 noundef 7) #3, !dbg !118
  %0 = load i32, ptr %p, align 4, !dbg !118, !tbaa !31
  %b = getelementptr inbounds nuw i8, ptr %p, i64 4, !dbg !118
  %1 = load i32, ptr %b, align 4, !dbg !118, !tbaa !33
  %add = add nsw i32 %1, %0, !dbg !119
    #dbg_value(i32 %add, !115, !DIExpression(), !117)
  %mul = mul nsw i32 %add, 7, !dbg !120
    #dbg_value(i32 %mul, !116, !DIExpression(), !117)
  tail call void @use(i32 noundef %mul, ptr noundef %q) #3, !dbg !118
  %c = getelementptr inbounds nuw i8, ptr %q, i64 8, !dbg !118
  store i32 %add, ptr %c, align 4, !dbg !121, !tbaa !37
  tail call void @use(i32 noundef %add, ptr noundef nonnull %p) #3, !dbg !118
  %xor = xor i32 %mul, 7, !dbg !122
  ret i32 %xor, !dbg !123
}

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @f8(ptr noundef %p, ptr noundef %q) local_unnamed_addr #2 !dbg !124 {
entry:
    #dbg_value(ptr %p, !126, !DIExpression(), !130)
    #dbg_value(ptr %q, !127, !DIExpression(), !130)
  tail call void @first(i32 noundef 8) #3, !dbg !131
  %0 = load i32, ptr %p, align 4, !dbg !131, !tbaa !31
  %b = getelementptr inbounds nuw i8, ptr %p, i64 4, !dbg !131
  %1 = load i32, ptr %b, align 4, !dbg !131, !tbaa !33
  %add = add nsw i32 %1, %0, !dbg !132
    #dbg_value(i32 %add, !128, !DIExpression(), !130)
  %mul = mul nsw i32 %add, 7, !dbg !133
    #dbg_value(i32 %mul, !129, !DIExpression(), !130)
  tail call void @use(i32 noundef %mul, ptr noundef %q) #3, !dbg !131
  %c = getelementptr inbounds nuw i8, ptr %q, i64 8, !dbg !131
  store i32 %add, ptr %c, align 4, !dbg !134, !tbaa !37
  tail call void @use(i32 noundef %add, ptr noundef nonnull %p) #3, !dbg !131
  %xor = xor i32 %mul, 8, !dbg !135
  ret i32 %xor, !dbg !136
}

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @f9(ptr noundef %p, ptr noundef %q) local_unnamed_addr #2 !dbg !137 {
entry:
    #dbg_value(ptr %p, !139, !DIExpression(), !143)
    #dbg_value(ptr %q, !140, !DIExpression(), !143)
  tail call void @first(i32 noundef 9) #3, !dbg !144
  %0 = load i32, ptr %p, align 4, !dbg !144, !tbaa !31
  %b = getelementptr inbounds nuw i8, ptr %p, i64 4, !dbg !144
  %1 = load i32, ptr %b, align 4, !dbg !144, !tbaa !33
  %add = add nsw i32 %1, %0, !dbg !145
    #dbg_value(i32 %add, !141, !DIExpression(), !143)
  %mul = mul nsw i32 %add, 7, !dbg !146
    #dbg_value(i32 %mul, !142, !DIExpression(), !143)
  tail call void @use(i32 noundef %mul, ptr noundef %q) #3, !dbg !144
  %c = getelementptr inbounds nuw i8, ptr %q, i64 8, !dbg !144
  store i32 %add, ptr %c, align 4, !dbg !147, !tbaa !37
  tail call void @use(i32 noundef %add, ptr noundef nonnull %p) #3, !dbg !144
  %xor = xor i32 %mul, 9, !dbg !148
  ret i32 %xor, !dbg !149
}

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @f10(ptr noundef %p, ptr noundef %q) local_unnamed_addr #0 !dbg !150 {
entry:
    #dbg_value(ptr %p, !152, !DIExpression(), !156)
    #dbg_value(ptr %q, !153, !DIExpression(), !156)
  tail call void @first(i32 noundef 10) #3, !dbg !157
  %0 = load i32, ptr %p, align 4, !dbg !157, !tbaa !31
  %b = getelementptr inbounds nuw i8, ptr %p, i64 4, !dbg !157
  %1 = load i32, ptr %b, align 4, !dbg !157, !tbaa !33
  %add = add nsw i32 %1, %0, !dbg !158
    #dbg_value(i32 %add, !154, !DIExpression(), !156)
  %mul = mul nsw i32 %add, 7, !dbg !159
    #dbg_value(i32 %mul, !155, !DIExpression(), !156)
  tail call void @use(i32 noundef %mul, ptr noundef %q) #3, !dbg !157
  %c = getelementptr inbounds nuw i8, ptr %q, i64 8, !dbg !157
  store i32 %add, ptr %c, align 4, !dbg !160, !tbaa !37
  tail call void @use(i32 noundef %add, ptr noundef nonnull %p) #3, !dbg !157
  %xor = xor i32 %mul, 10, !dbg !161
  ret i32 %xor, !dbg !162
}

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @f11(ptr noundef %p, ptr noundef %q) local_unnamed_addr #0 !dbg !163 {
entry:
    #dbg_value(ptr %p, !165, !DIExpression(), !169)
    #dbg_value(ptr %q, !166, !DIExpression(), !169)
  tail call void @first(i32 noundef 11) #3, !dbg !170
  %0 = load i32, ptr %p, align 4, !dbg !170, !tbaa !31
  %b = getelementptr inbounds nuw i8, ptr %p, i64 4, !dbg !170
  %1 = load i32, ptr %b, align 4, !dbg !170, !tbaa !33
  %add = add nsw i32 %1, %0, !dbg !171
    #dbg_value(i32 %add, !167, !DIExpression(), !169)
  %mul = mul nsw i32 %add, 7, !dbg !172
    #dbg_value(i32 %mul, !168, !DIExpression(), !169)
  tail call void @use(i32 noundef %mul, ptr noundef %q) #3, !dbg !170
  %c = getelementptr inbounds nuw i8, ptr %q, i64 8, !dbg !170
  store i32 %add, ptr %c, align 4, !dbg !173, !tbaa !37
  tail call void @use(i32 noundef %add, ptr noundef nonnull %p) #3, !dbg !170
  %xor = xor i32 %mul, 11, !dbg !174
  ret i32 %xor, !dbg !175
}

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @f12(ptr noundef %p, ptr noundef %q) local_unnamed_addr #0 !dbg !176 {
entry:
    #dbg_value(ptr %p, !178, !DIExpression(), !182)
    #dbg_value(ptr %q, !179, !DIExpression(), !182)
  tail call void @first(i32 noundef 12) #3, !dbg !183
  %0 = load i32, ptr %p, align 4, !dbg !183, !tbaa !31
  %b = getelementptr inbounds nuw i8, ptr %p, i64 4, !dbg !183
  %1 = load i32, ptr %b, align 4, !dbg !183, !tbaa !33
  %add = add nsw i32 %1, %0, !dbg !184
    #dbg_value(i32 %add, !180, !DIExpression(), !182)
  %mul = mul nsw i32 %add, 7, !dbg !185
    #dbg_value(i32 %mul, !181, !DIExpression(), !182)
  tail call void @use(i32 noundef %mul, ptr noundef %q) #3, !dbg !183
  %c = getelementptr inbounds nuw i8, ptr %q, i64 8, !dbg !183
  store i32 %add, ptr %c, align 4, !dbg !186, !tbaa !37
  tail call void @use(i32 noundef %add, ptr noundef nonnull %p) #3, !dbg !183
  %xor = xor i32 %mul, 12, !dbg !187
  ret i32 %xor, !dbg !188
}

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+avx,+avx2,+cmov,+crc32,+cx8,+fxsr,+mmx,+popcnt,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "tune-cpu"="generic" }
attributes #3 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}
!llvm.errno.tbaa = !{!10}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "d.c", directory: ".", checksumkind: CSK_MD5, checksum: "7843e92dc9d4024e5546080ebf832e3d")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C/C++ TBAA"}
!14 = distinct !DISubprogram(name: "f1", scope: !1, file: !1, line: 16, type: !15, scopeLine: 16, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !24, keyInstructions: true)
!15 = !DISubroutineType(types: !16)
!16 = !{!17, !18, !18}
!17 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!18 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !19, size: 64)
!19 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "pair", file: !1, line: 1, size: 96, elements: !20)
!20 = !{!21, !22, !23}
!21 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !19, file: !1, line: 1, baseType: !17, size: 32)
!22 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !19, file: !1, line: 1, baseType: !17, size: 32, offset: 32)
!23 = !DIDerivedType(tag: DW_TAG_member, name: "c", scope: !19, file: !1, line: 1, baseType: !17, size: 32, offset: 64)
!24 = !{!25, !26, !27, !28}
!25 = !DILocalVariable(name: "p", arg: 1, scope: !14, file: !1, line: 16, type: !18)
!26 = !DILocalVariable(name: "q", arg: 2, scope: !14, file: !1, line: 16, type: !18)
!27 = !DILocalVariable(name: "x", scope: !14, file: !1, line: 16, type: !17)
!28 = !DILocalVariable(name: "m", scope: !14, file: !1, line: 16, type: !17)
!29 = !DILocation(line: 0, scope: !14)
!30 = !DILocation(line: 16, column: 1, scope: !14)
!31 = !{!32, !11, i64 0}
!32 = !{!"pair", !11, i64 0, !11, i64 4, !11, i64 8}
!33 = !{!32, !11, i64 4}
!34 = !DILocation(line: 16, column: 1, scope: !14, atomGroup: 1, atomRank: 2)
!35 = !DILocation(line: 16, column: 1, scope: !14, atomGroup: 2, atomRank: 2)
!36 = !DILocation(line: 16, column: 1, scope: !14, atomGroup: 3, atomRank: 1)
!37 = !{!32, !11, i64 8}
!38 = !DILocation(line: 16, column: 1, scope: !14, atomGroup: 5, atomRank: 2)
!39 = !DILocation(line: 16, column: 1, scope: !14, atomGroup: 5, atomRank: 1)
!40 = !DISubprogram(name: "first", scope: !1, file: !1, line: 3, type: !41, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!41 = !DISubroutineType(types: !42)
!42 = !{null, !17}
!43 = !DISubprogram(name: "use", scope: !1, file: !1, line: 2, type: !44, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!44 = !DISubroutineType(types: !45)
!45 = !{null, !17, !18}
!46 = distinct !DISubprogram(name: "f2", scope: !1, file: !1, line: 16, type: !15, scopeLine: 16, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !47, keyInstructions: true)
!47 = !{!48, !49, !50, !51}
!48 = !DILocalVariable(name: "p", arg: 1, scope: !46, file: !1, line: 16, type: !18)
!49 = !DILocalVariable(name: "q", arg: 2, scope: !46, file: !1, line: 16, type: !18)
!50 = !DILocalVariable(name: "x", scope: !46, file: !1, line: 16, type: !17)
!51 = !DILocalVariable(name: "m", scope: !46, file: !1, line: 16, type: !17)
!52 = !DILocation(line: 0, scope: !46)
!53 = !DILocation(line: 16, column: 8, scope: !46)
!54 = !DILocation(line: 16, column: 8, scope: !46, atomGroup: 1, atomRank: 2)
!55 = !DILocation(line: 16, column: 8, scope: !46, atomGroup: 2, atomRank: 2)
!56 = !DILocation(line: 16, column: 8, scope: !46, atomGroup: 3, atomRank: 1)
!57 = !DILocation(line: 16, column: 8, scope: !46, atomGroup: 5, atomRank: 2)
!58 = !DILocation(line: 16, column: 8, scope: !46, atomGroup: 5, atomRank: 1)
!59 = distinct !DISubprogram(name: "f3", scope: !1, file: !1, line: 16, type: !15, scopeLine: 16, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !60, keyInstructions: true)
!60 = !{!61, !62, !63, !64}
!61 = !DILocalVariable(name: "p", arg: 1, scope: !59, file: !1, line: 16, type: !18)
!62 = !DILocalVariable(name: "q", arg: 2, scope: !59, file: !1, line: 16, type: !18)
!63 = !DILocalVariable(name: "x", scope: !59, file: !1, line: 16, type: !17)
!64 = !DILocalVariable(name: "m", scope: !59, file: !1, line: 16, type: !17)
!65 = !DILocation(line: 0, scope: !59)
!66 = !DILocation(line: 16, column: 15, scope: !59)
!67 = !DILocation(line: 16, column: 15, scope: !59, atomGroup: 1, atomRank: 2)
!68 = !DILocation(line: 16, column: 15, scope: !59, atomGroup: 2, atomRank: 2)
!69 = !DILocation(line: 16, column: 15, scope: !59, atomGroup: 3, atomRank: 1)
!70 = !DILocation(line: 16, column: 15, scope: !59, atomGroup: 5, atomRank: 2)
!71 = !DILocation(line: 16, column: 15, scope: !59, atomGroup: 5, atomRank: 1)
!72 = distinct !DISubprogram(name: "f4", scope: !1, file: !1, line: 16, type: !15, scopeLine: 16, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !73, keyInstructions: true)
!73 = !{!74, !75, !76, !77}
!74 = !DILocalVariable(name: "p", arg: 1, scope: !72, file: !1, line: 16, type: !18)
!75 = !DILocalVariable(name: "q", arg: 2, scope: !72, file: !1, line: 16, type: !18)
!76 = !DILocalVariable(name: "x", scope: !72, file: !1, line: 16, type: !17)
!77 = !DILocalVariable(name: "m", scope: !72, file: !1, line: 16, type: !17)
!78 = !DILocation(line: 0, scope: !72)
!79 = !DILocation(line: 16, column: 22, scope: !72)
!80 = !DILocation(line: 16, column: 22, scope: !72, atomGroup: 1, atomRank: 2)
!81 = !DILocation(line: 16, column: 22, scope: !72, atomGroup: 2, atomRank: 2)
!82 = !DILocation(line: 16, column: 22, scope: !72, atomGroup: 3, atomRank: 1)
!83 = !DILocation(line: 16, column: 22, scope: !72, atomGroup: 5, atomRank: 2)
!84 = !DILocation(line: 16, column: 22, scope: !72, atomGroup: 5, atomRank: 1)
!85 = distinct !DISubprogram(name: "f5", scope: !1, file: !1, line: 16, type: !15, scopeLine: 16, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !86, keyInstructions: true)
!86 = !{!87, !88, !89, !90}
!87 = !DILocalVariable(name: "p", arg: 1, scope: !85, file: !1, line: 16, type: !18)
!88 = !DILocalVariable(name: "q", arg: 2, scope: !85, file: !1, line: 16, type: !18)
!89 = !DILocalVariable(name: "x", scope: !85, file: !1, line: 16, type: !17)
!90 = !DILocalVariable(name: "m", scope: !85, file: !1, line: 16, type: !17)
!91 = !DILocation(line: 0, scope: !85)
!92 = !DILocation(line: 16, column: 29, scope: !85)
!93 = !DILocation(line: 16, column: 29, scope: !85, atomGroup: 1, atomRank: 2)
!94 = !DILocation(line: 16, column: 29, scope: !85, atomGroup: 2, atomRank: 2)
!95 = !DILocation(line: 16, column: 29, scope: !85, atomGroup: 3, atomRank: 1)
!96 = !DILocation(line: 16, column: 29, scope: !85, atomGroup: 5, atomRank: 2)
!97 = !DILocation(line: 16, column: 29, scope: !85, atomGroup: 5, atomRank: 1)
!98 = distinct !DISubprogram(name: "f6", scope: !1, file: !1, line: 16, type: !15, scopeLine: 16, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !99, keyInstructions: true)
!99 = !{!100, !101, !102, !103}
!100 = !DILocalVariable(name: "p", arg: 1, scope: !98, file: !1, line: 16, type: !18)
!101 = !DILocalVariable(name: "q", arg: 2, scope: !98, file: !1, line: 16, type: !18)
!102 = !DILocalVariable(name: "x", scope: !98, file: !1, line: 16, type: !17)
!103 = !DILocalVariable(name: "m", scope: !98, file: !1, line: 16, type: !17)
!104 = !DILocation(line: 0, scope: !98)
!105 = !DILocation(line: 16, column: 36, scope: !98)
!106 = !DILocation(line: 16, column: 36, scope: !98, atomGroup: 1, atomRank: 2)
!107 = !DILocation(line: 16, column: 36, scope: !98, atomGroup: 2, atomRank: 2)
!108 = !DILocation(line: 16, column: 36, scope: !98, atomGroup: 3, atomRank: 1)
!109 = !DILocation(line: 16, column: 36, scope: !98, atomGroup: 5, atomRank: 2)
!110 = !DILocation(line: 16, column: 36, scope: !98, atomGroup: 5, atomRank: 1)
!111 = distinct !DISubprogram(name: "f7", scope: !1, file: !1, line: 18, type: !15, scopeLine: 18, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !112, keyInstructions: true)
!112 = !{!113, !114, !115, !116}
!113 = !DILocalVariable(name: "p", arg: 1, scope: !111, file: !1, line: 18, type: !18)
!114 = !DILocalVariable(name: "q", arg: 2, scope: !111, file: !1, line: 18, type: !18)
!115 = !DILocalVariable(name: "x", scope: !111, file: !1, line: 18, type: !17)
!116 = !DILocalVariable(name: "m", scope: !111, file: !1, line: 18, type: !17)
!117 = !DILocation(line: 0, scope: !111)
!118 = !DILocation(line: 18, column: 1, scope: !111)
!119 = !DILocation(line: 18, column: 1, scope: !111, atomGroup: 1, atomRank: 2)
!120 = !DILocation(line: 18, column: 1, scope: !111, atomGroup: 2, atomRank: 2)
!121 = !DILocation(line: 18, column: 1, scope: !111, atomGroup: 3, atomRank: 1)
!122 = !DILocation(line: 18, column: 1, scope: !111, atomGroup: 5, atomRank: 2)
!123 = !DILocation(line: 18, column: 1, scope: !111, atomGroup: 5, atomRank: 1)
!124 = distinct !DISubprogram(name: "f8", scope: !1, file: !1, line: 18, type: !15, scopeLine: 18, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !125, keyInstructions: true)
!125 = !{!126, !127, !128, !129}
!126 = !DILocalVariable(name: "p", arg: 1, scope: !124, file: !1, line: 18, type: !18)
!127 = !DILocalVariable(name: "q", arg: 2, scope: !124, file: !1, line: 18, type: !18)
!128 = !DILocalVariable(name: "x", scope: !124, file: !1, line: 18, type: !17)
!129 = !DILocalVariable(name: "m", scope: !124, file: !1, line: 18, type: !17)
!130 = !DILocation(line: 0, scope: !124)
!131 = !DILocation(line: 18, column: 11, scope: !124)
!132 = !DILocation(line: 18, column: 11, scope: !124, atomGroup: 1, atomRank: 2)
!133 = !DILocation(line: 18, column: 11, scope: !124, atomGroup: 2, atomRank: 2)
!134 = !DILocation(line: 18, column: 11, scope: !124, atomGroup: 3, atomRank: 1)
!135 = !DILocation(line: 18, column: 11, scope: !124, atomGroup: 5, atomRank: 2)
!136 = !DILocation(line: 18, column: 11, scope: !124, atomGroup: 5, atomRank: 1)
!137 = distinct !DISubprogram(name: "f9", scope: !1, file: !1, line: 18, type: !15, scopeLine: 18, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !138, keyInstructions: true)
!138 = !{!139, !140, !141, !142}
!139 = !DILocalVariable(name: "p", arg: 1, scope: !137, file: !1, line: 18, type: !18)
!140 = !DILocalVariable(name: "q", arg: 2, scope: !137, file: !1, line: 18, type: !18)
!141 = !DILocalVariable(name: "x", scope: !137, file: !1, line: 18, type: !17)
!142 = !DILocalVariable(name: "m", scope: !137, file: !1, line: 18, type: !17)
!143 = !DILocation(line: 0, scope: !137)
!144 = !DILocation(line: 18, column: 21, scope: !137)
!145 = !DILocation(line: 18, column: 21, scope: !137, atomGroup: 1, atomRank: 2)
!146 = !DILocation(line: 18, column: 21, scope: !137, atomGroup: 2, atomRank: 2)
!147 = !DILocation(line: 18, column: 21, scope: !137, atomGroup: 3, atomRank: 1)
!148 = !DILocation(line: 18, column: 21, scope: !137, atomGroup: 5, atomRank: 2)
!149 = !DILocation(line: 18, column: 21, scope: !137, atomGroup: 5, atomRank: 1)
!150 = distinct !DISubprogram(name: "f10", scope: !1, file: !1, line: 19, type: !15, scopeLine: 19, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !151, keyInstructions: true)
!151 = !{!152, !153, !154, !155}
!152 = !DILocalVariable(name: "p", arg: 1, scope: !150, file: !1, line: 19, type: !18)
!153 = !DILocalVariable(name: "q", arg: 2, scope: !150, file: !1, line: 19, type: !18)
!154 = !DILocalVariable(name: "x", scope: !150, file: !1, line: 19, type: !17)
!155 = !DILocalVariable(name: "m", scope: !150, file: !1, line: 19, type: !17)
!156 = !DILocation(line: 0, scope: !150)
!157 = !DILocation(line: 19, column: 1, scope: !150)
!158 = !DILocation(line: 19, column: 1, scope: !150, atomGroup: 1, atomRank: 2)
!159 = !DILocation(line: 19, column: 1, scope: !150, atomGroup: 2, atomRank: 2)
!160 = !DILocation(line: 19, column: 1, scope: !150, atomGroup: 3, atomRank: 1)
!161 = !DILocation(line: 19, column: 1, scope: !150, atomGroup: 5, atomRank: 2)
!162 = !DILocation(line: 19, column: 1, scope: !150, atomGroup: 5, atomRank: 1)
!163 = distinct !DISubprogram(name: "f11", scope: !1, file: !1, line: 19, type: !15, scopeLine: 19, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !164, keyInstructions: true)
!164 = !{!165, !166, !167, !168}
!165 = !DILocalVariable(name: "p", arg: 1, scope: !163, file: !1, line: 19, type: !18)
!166 = !DILocalVariable(name: "q", arg: 2, scope: !163, file: !1, line: 19, type: !18)
!167 = !DILocalVariable(name: "x", scope: !163, file: !1, line: 19, type: !17)
!168 = !DILocalVariable(name: "m", scope: !163, file: !1, line: 19, type: !17)
!169 = !DILocation(line: 0, scope: !163)
!170 = !DILocation(line: 19, column: 9, scope: !163)
!171 = !DILocation(line: 19, column: 9, scope: !163, atomGroup: 1, atomRank: 2)
!172 = !DILocation(line: 19, column: 9, scope: !163, atomGroup: 2, atomRank: 2)
!173 = !DILocation(line: 19, column: 9, scope: !163, atomGroup: 3, atomRank: 1)
!174 = !DILocation(line: 19, column: 9, scope: !163, atomGroup: 5, atomRank: 2)
!175 = !DILocation(line: 19, column: 9, scope: !163, atomGroup: 5, atomRank: 1)
!176 = distinct !DISubprogram(name: "f12", scope: !1, file: !1, line: 19, type: !15, scopeLine: 19, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !177, keyInstructions: true)
!177 = !{!178, !179, !180, !181}
!178 = !DILocalVariable(name: "p", arg: 1, scope: !176, file: !1, line: 19, type: !18)
!179 = !DILocalVariable(name: "q", arg: 2, scope: !176, file: !1, line: 19, type: !18)
!180 = !DILocalVariable(name: "x", scope: !176, file: !1, line: 19, type: !17)
!181 = !DILocalVariable(name: "m", scope: !176, file: !1, line: 19, type: !17)
!182 = !DILocation(line: 0, scope: !176)
!183 = !DILocation(line: 19, column: 17, scope: !176)
!184 = !DILocation(line: 19, column: 17, scope: !176, atomGroup: 1, atomRank: 2)
!185 = !DILocation(line: 19, column: 17, scope: !176, atomGroup: 2, atomRank: 2)
!186 = !DILocation(line: 19, column: 17, scope: !176, atomGroup: 3, atomRank: 1)
!187 = !DILocation(line: 19, column: 17, scope: !176, atomGroup: 5, atomRank: 2)
!188 = !DILocation(line: 19, column: 17, scope: !176, atomGroup: 5, atomRank: 1)
