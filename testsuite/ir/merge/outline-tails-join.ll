; merge-outline and copies of an error path in one function: a copy that is
; the same code as one outlined before it, in the same function and taking
; the same values, joins that one's call instead of being outlined again.
; Here the two paths of @d1 differ only in a load's !nonnull, which the
; regions' hash does not see: they must stay apart (joined, the path
; without !nonnull would branch to code that assumes it). Paths A (with
; !nonnull) are in @d1, @d2, @d4; paths B (without) in @d1, @d3, @d5.
; @d6 has B twice, on lines 10 and 20: the two become one call, whose
; location covers both (line 0 of @d6), as if each had been outlined and
; their calls merged.
; RUN: %ltofold merge %s -o %t.bc --merge-similar=false --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS
; STATS: outline: 8 repeated regions, 8 outlined, 0 put back; 2 functions called from 7 places
; STATS: certified
; RUN: %ltofold merge %s -S -o %t.ll --merge-similar=false
; RUN: FileCheck %s --input-file %t.ll
; CHECK-LABEL: define void @d1(
; CHECK:         br i1 %bad.a, label %[[A:[^,]+]], label %check.b
; CHECK:       [[A]]:
; CHECK-NEXT:    call void @[[WITH:ltofold\.outlined[.0-9]*]](ptr %ctx)
; CHECK:         br i1 %bad.b, label %[[B:[^,]+]], label %ok
; CHECK:       [[B]]:
; CHECK-NEXT:    call void @[[WITHOUT:ltofold\.outlined[.0-9]*]](ptr %ctx)
; CHECK-LABEL: define void @d2(
; CHECK:         call void @[[WITH]](ptr %ctx)
; CHECK-LABEL: define void @d3(
; CHECK:         call void @[[WITHOUT]](ptr %ctx)
; CHECK-LABEL: define void @d6(
; CHECK:         br i1 %bad.a, label %[[T:[^,]+]], label %check.b
; CHECK:       [[T]]:
; CHECK-NEXT:    call void @[[WITHOUT]](ptr %ctx), !dbg ![[LOC:[0-9]+]]
; CHECK:         br i1 %bad.b, label %[[T]], label %ok
; CHECK-NOT:     call void @ltofold.outlined
; CHECK-DAG:   define internal void @[[WITH]](ptr{{.*}}) {{.*}}{
; CHECK-DAG:   define internal void @[[WITHOUT]](ptr{{.*}}) {{.*}}{
; CHECK:       ![[D6:[0-9]+]] = distinct !DISubprogram(name: "d6"
; CHECK:       ![[LOC]] = !DILocation(line: 0, scope: ![[D6]])

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@failure_message = global ptr null
@failure_buffer = global [200 x i8] zeroinitializer

declare void @longjmp(ptr, i32) noreturn
declare void @use(i32)
declare void @report(ptr, ptr)

define void @d1(ptr %ctx, i32 %a, i32 %b) {
entry:
  call void @use(i32 %a)
  %bad.a = icmp slt i32 %a, 0
  br i1 %bad.a, label %fail.a, label %check.b

fail.a:
  %m.fail.a = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.fail.a = load ptr, ptr %m.fail.a, align 8, !nonnull !0
  store ptr %msg.fail.a, ptr @failure_message, align 8
  call void @report(ptr %ctx, ptr %msg.fail.a)
  call void @report(ptr %msg.fail.a, ptr %ctx)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

check.b:
  call void @use(i32 %b)
  %bad.b = icmp sgt i32 %b, 100
  br i1 %bad.b, label %fail.b, label %ok

fail.b:
  %m.fail.b = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.fail.b = load ptr, ptr %m.fail.b, align 8
  store ptr %msg.fail.b, ptr @failure_message, align 8
  call void @report(ptr %ctx, ptr %msg.fail.b)
  call void @report(ptr %msg.fail.b, ptr %ctx)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

ok:
  ret void
}

define void @d2(ptr %ctx, i32 %a) {
entry:
  call void @use(i32 2)
  %bad.a = icmp eq i32 %a, 2
  br i1 %bad.a, label %fail.a, label %ok

fail.a:
  %m.fail.a = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.fail.a = load ptr, ptr %m.fail.a, align 8, !nonnull !0
  store ptr %msg.fail.a, ptr @failure_message, align 8
  call void @report(ptr %ctx, ptr %msg.fail.a)
  call void @report(ptr %msg.fail.a, ptr %ctx)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

ok:
  ret void
}

define void @d3(ptr %ctx, i32 %a) {
entry:
  call void @use(i32 3)
  %bad.a = icmp eq i32 %a, 3
  br i1 %bad.a, label %fail.a, label %ok

fail.a:
  %m.fail.a = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.fail.a = load ptr, ptr %m.fail.a, align 8
  store ptr %msg.fail.a, ptr @failure_message, align 8
  call void @report(ptr %ctx, ptr %msg.fail.a)
  call void @report(ptr %msg.fail.a, ptr %ctx)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

ok:
  ret void
}

define void @d4(ptr %ctx, i32 %a) {
entry:
  call void @use(i32 4)
  %bad.a = icmp eq i32 %a, 4
  br i1 %bad.a, label %fail.a, label %ok

fail.a:
  %m.fail.a = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.fail.a = load ptr, ptr %m.fail.a, align 8, !nonnull !0
  store ptr %msg.fail.a, ptr @failure_message, align 8
  call void @report(ptr %ctx, ptr %msg.fail.a)
  call void @report(ptr %msg.fail.a, ptr %ctx)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

ok:
  ret void
}

define void @d5(ptr %ctx, i32 %a) {
entry:
  call void @use(i32 5)
  %bad.a = icmp eq i32 %a, 5
  br i1 %bad.a, label %fail.a, label %ok

fail.a:
  %m.fail.a = getelementptr inbounds i8, ptr %ctx, i64 64
  %msg.fail.a = load ptr, ptr %m.fail.a, align 8
  store ptr %msg.fail.a, ptr @failure_message, align 8
  call void @report(ptr %ctx, ptr %msg.fail.a)
  call void @report(ptr %msg.fail.a, ptr %ctx)
  call void @longjmp(ptr @failure_buffer, i32 1)
  unreachable

ok:
  ret void
}

define void @d6(ptr %ctx, i32 %a, i32 %b) !dbg !10 {
entry:
  call void @use(i32 %a)
  %bad.a = icmp slt i32 %a, 0
  br i1 %bad.a, label %fail.a, label %check.b

fail.a:
  %m.fail.a = getelementptr inbounds i8, ptr %ctx, i64 64, !dbg !11
  %msg.fail.a = load ptr, ptr %m.fail.a, align 8, !dbg !11
  store ptr %msg.fail.a, ptr @failure_message, align 8, !dbg !11
  call void @report(ptr %ctx, ptr %msg.fail.a), !dbg !11
  call void @report(ptr %msg.fail.a, ptr %ctx), !dbg !11
  call void @longjmp(ptr @failure_buffer, i32 1), !dbg !11
  unreachable

check.b:
  call void @use(i32 %b)
  %bad.b = icmp sgt i32 %b, 100
  br i1 %bad.b, label %fail.b, label %ok

fail.b:
  %m.fail.b = getelementptr inbounds i8, ptr %ctx, i64 64, !dbg !12
  %msg.fail.b = load ptr, ptr %m.fail.b, align 8, !dbg !12
  store ptr %msg.fail.b, ptr @failure_message, align 8, !dbg !12
  call void @report(ptr %ctx, ptr %msg.fail.b), !dbg !12
  call void @report(ptr %msg.fail.b, ptr %ctx), !dbg !12
  call void @longjmp(ptr @failure_buffer, i32 1), !dbg !12
  unreachable

ok:
  ret void
}

!0 = !{}
!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "test", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "d.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "d6", scope: !2, file: !2, line: 1, type: !13, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !1)
!11 = !DILocation(line: 10, column: 3, scope: !10)
!12 = !DILocation(line: 20, column: 3, scope: !10)
!13 = !DISubroutineType(types: !14)
!14 = !{null}
