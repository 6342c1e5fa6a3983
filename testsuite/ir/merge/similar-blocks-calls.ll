; Two pairs whose blocks differ, the one calling the other (reduced with
; llvm-reduce from a csmith program of the fuzz run's nearstmt path). When
; @callee_a and @callee_b merge first, @caller_a and @caller_b call the
; merged body with their member's constant; those constants must not become
; a parameter of the callers' merged body (a call of a merged body passing
; something that is no member's constants cannot be certified, and was
; "internal error: ... passes constants no member has"): the call differs,
; and its block, the entry block, holds an alloca, so the callers stay as
; they are (skipped for their blocks).
; RUN: %ltofold merge %s -o %t.bc --verify --stats 2>&1 | FileCheck %s
; CHECK: similar: 2 functions into 1 merged body
; CHECK: similar skipped: blocks 2
; CHECK: certified 2

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define fastcc void @caller_a() {
  %1 = alloca i32, align 4
  call void @llvm.lifetime.start.p0(ptr %1)
  store i32 0, ptr null, align 4
  %.b = load i1, ptr null, align 8
  %2 = select i1 false, i64 0, i64 0
  %3 = trunc i64 0 to i8
  store i8 0, ptr null, align 1
  %4 = load i32, ptr null, align 4
  %5 = trunc i64 0 to i32
  %6 = and i32 0, 0
  %7 = or i32 0, 0
  %8 = load i8, ptr null, align 1
  %9 = zext i8 0 to i16
  tail call fastcc void null(i16 0, i16 0)
  tail call fastcc void null()
  tail call fastcc void null()
  tail call fastcc void @callee_a(i8 0)
  tail call fastcc void null()
  %10 = tail call fastcc i32 null(i32 0, i32 0)
  %11 = tail call fastcc i32 null(i32 0, i32 0)
  %12 = icmp eq i32 0, 0
  br i1 false, label %14, label %13

13:                                               ; preds = %0
  %.pre = load i32, ptr null, align 4
  br label %15

14:                                               ; preds = %0
  br label %15

15:                                               ; preds = %14, %13
  %16 = phi i32 [ 0, %13 ], [ 0, %14 ]
  %17 = phi i8 [ 0, %13 ], [ 0, %14 ]
  br i1 false, label %21, label %18

18:                                               ; preds = %15
  br i1 false, label %19, label %20

19:                                               ; preds = %18
  br label %20

20:                                               ; preds = %19, %18
  br label %21

21:                                               ; preds = %20, %15
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #0

define internal fastcc void @callee_a(i8 %0) unnamed_addr {
  %2 = icmp sgt i32 0, 0
  br i1 false, label %3, label %4

3:                                                ; preds = %1
  store i32 0, ptr null, align 4
  br label %10

4:                                                ; preds = %1
  %5 = tail call fastcc i16 null(i16 0, i32 0)
  %6 = icmp eq i16 0, 0
  br i1 false, label %9, label %7

7:                                                ; preds = %4
  %8 = load ptr, ptr null, align 8
  br label %10

9:                                                ; preds = %4
  br label %10

10:                                               ; preds = %9, %7, %3
  ret void
}

define fastcc void @caller_b() {
  %1 = alloca i32, align 4
  call void @llvm.lifetime.start.p0(ptr %1)
  store i32 0, ptr null, align 4
  %.b = load i1, ptr null, align 8
  %2 = select i1 false, i64 0, i64 0
  %3 = trunc i64 0 to i8
  store i8 0, ptr null, align 1
  %4 = load i32, ptr null, align 4
  %5 = trunc i64 0 to i32
  %6 = and i32 0, 0
  %7 = or i32 0, 0
  %8 = load i8, ptr null, align 1
  %9 = zext i8 0 to i16
  tail call fastcc void null(i16 0, i16 0)
  tail call fastcc void null()
  tail call fastcc void null()
  tail call fastcc void @callee_b(i8 0)
  tail call fastcc void null()
  %10 = tail call fastcc i32 null(i32 0, i32 0)
  %11 = tail call fastcc i32 null(i32 0, i32 0)
  %12 = icmp eq i32 0, 0
  br i1 false, label %14, label %13

13:                                               ; preds = %0
  br label %15

14:                                               ; preds = %0
  br label %15

15:                                               ; preds = %14, %13
  %16 = phi i32 [ 0, %13 ], [ 0, %14 ]
  %17 = phi i8 [ 0, %13 ], [ 0, %14 ]
  br i1 false, label %21, label %18

18:                                               ; preds = %15
  br i1 false, label %19, label %20

19:                                               ; preds = %18
  br label %20

20:                                               ; preds = %19, %18
  br label %21

21:                                               ; preds = %20, %15
  ret void
}

define internal fastcc void @callee_b(i8 %0) unnamed_addr {
  %2 = icmp sgt i32 0, 0
  br i1 false, label %3, label %4

3:                                                ; preds = %1
  store i32 0, ptr null, align 4
  br label %9

4:                                                ; preds = %1
  %5 = tail call fastcc i16 null(i16 0, i32 0)
  %6 = icmp eq i16 0, 0
  br i1 false, label %8, label %7

7:                                                ; preds = %4
  br label %9

8:                                                ; preds = %4
  br label %9

9:                                                ; preds = %8, %7, %3
  ret void
}

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
