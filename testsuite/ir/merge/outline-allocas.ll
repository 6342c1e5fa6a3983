; merge-outline and the frame: regions that address an alloca of their
; function. CodeExtractor moves into the outlined function an alloca whose
; every use the region holds: with its lifetime markers when they are in the
; region too, or moving them in when nothing outside the region could touch
; the alloca meanwhile. Outlining shows each extraction only the allocas its
; region addresses (outline.cpp, ExtractionCache); here the functions have
; another alloca, used outside the region, which no extraction may take.
; @inside: the markers are in the region: the buffer goes with it. @around:
; the markers are outside it and the blocks outside touch nothing but
; %before: the buffer and its markers go with it. @ends: the buffer is used
; before the region, which holds its lifetime end: the buffer stays and is
; passed; no lifetime marker may go with it into the outlined function,
; where it would not name an alloca.
; RUN: %ltofold merge %s -S -o %t.ll --merge-similar=false --verify --stats 2> %t.stats
; RUN: FileCheck %s --input-file %t.ll
; RUN: FileCheck %s --input-file %t.stats --check-prefix=STATS
; RUN: opt -passes=verify %t.ll -disable-output
; STATS: outline: {{[0-9]+}} repeated regions, 6 outlined, 0 put back; 3 functions called from 6 places
; STATS: certified
; CHECK-LABEL: define void @inside1(
; CHECK:         %before = alloca [8 x i8]
; CHECK-NOT:     alloca
; CHECK:         call void @[[INSIDE:ltofold\.outlined[.0-9]*]](ptr %p)
; CHECK-LABEL: define void @inside2(
; CHECK:         %before = alloca [8 x i8]
; CHECK-NOT:     alloca
; CHECK:         call void @[[INSIDE]](ptr %p)
; CHECK-LABEL: define i8 @around1(
; CHECK:         %before = alloca [8 x i8]
; CHECK-NOT:     alloca
; CHECK-NOT:     call void @llvm.lifetime
; CHECK:         call void @[[AROUND:ltofold\.outlined[.0-9]*]](ptr %p)
; CHECK-NOT:     call void @llvm.lifetime
; CHECK:         ret i8
; CHECK-LABEL: define i8 @around2(
; CHECK:         %before = alloca [8 x i8]
; CHECK-NOT:     alloca
; CHECK:         call void @[[AROUND]](ptr %p)
; CHECK-LABEL: define void @ends1(
; CHECK:         %buf = alloca [16 x i8]
; CHECK:         call void @[[ENDS:ltofold\.outlined[.0-9]*]](ptr {{%buf, ptr %p|%p, ptr %buf}})
; CHECK-LABEL: define void @ends2(
; CHECK:         %buf = alloca [16 x i8]
; CHECK:         call void @[[ENDS]](ptr {{%buf, ptr %p|%p, ptr %buf}})
; CHECK:       define internal void @[[INSIDE]](ptr
; CHECK-NEXT:  {{.*}}:
; CHECK-NEXT:    %buf = alloca [16 x i8]
; CHECK:         call void @llvm.lifetime.start.p0(ptr %buf)
; CHECK:         call void @llvm.lifetime.end.p0(ptr %buf)
; CHECK:       define internal void @[[AROUND]](ptr
; CHECK-NEXT:  {{.*}}:
; CHECK-NEXT:    %buf = alloca [16 x i8]
; CHECK:         call void @llvm.lifetime.start.p0(ptr %buf)
; CHECK:         call void @llvm.lifetime.end.p0(ptr %buf)
; CHECK:       define internal void @[[ENDS]](ptr
; CHECK-NOT:     alloca
; CHECK-NOT:     lifetime
; CHECK:         ret void

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @fill(ptr)
declare void @consume(ptr, ptr)
declare void @first(i32)
declare void @last(i32)

define void @inside1(ptr %p, i1 %c) {
entry:
  %before = alloca [8 x i8]
  %buf = alloca [16 x i8]
  call void @fill(ptr %before)
  call void @first(i32 1)
  br i1 %c, label %work, label %done

work:
  call void @llvm.lifetime.start.p0(ptr %buf)
  call void @fill(ptr %buf)
  call void @consume(ptr %buf, ptr %p)
  call void @consume(ptr %p, ptr %buf)
  call void @consume(ptr %buf, ptr %buf)
  call void @consume(ptr %p, ptr %p)
  call void @consume(ptr %buf, ptr %p)
  call void @consume(ptr %p, ptr %buf)
  call void @consume(ptr %buf, ptr %buf)
  call void @llvm.lifetime.end.p0(ptr %buf)
  br label %done

done:
  call void @last(i32 1)
  ret void
}

define void @inside2(ptr %p, i1 %c) {
entry:
  %before = alloca [8 x i8]
  %buf = alloca [16 x i8]
  call void @fill(ptr %before)
  call void @first(i32 2)
  br i1 %c, label %work, label %done

work:
  call void @llvm.lifetime.start.p0(ptr %buf)
  call void @fill(ptr %buf)
  call void @consume(ptr %buf, ptr %p)
  call void @consume(ptr %p, ptr %buf)
  call void @consume(ptr %buf, ptr %buf)
  call void @consume(ptr %p, ptr %p)
  call void @consume(ptr %buf, ptr %p)
  call void @consume(ptr %p, ptr %buf)
  call void @consume(ptr %buf, ptr %buf)
  call void @llvm.lifetime.end.p0(ptr %buf)
  br label %done

done:
  call void @last(i32 2)
  ret void
}

define i8 @around1(ptr %p, i1 %c) {
entry:
  %before = alloca [8 x i8]
  %buf = alloca [16 x i8]
  store i8 3, ptr %before
  call void @llvm.lifetime.start.p0(ptr %buf)
  br i1 %c, label %work, label %done

work:
  call void @fill(ptr %buf)
  call void @consume(ptr %buf, ptr %p)
  call void @consume(ptr %p, ptr %buf)
  call void @consume(ptr %buf, ptr %buf)
  call void @consume(ptr %p, ptr %p)
  call void @consume(ptr %buf, ptr %p)
  call void @consume(ptr %p, ptr %buf)
  call void @consume(ptr %buf, ptr %buf)
  br label %done

done:
  call void @llvm.lifetime.end.p0(ptr %buf)
  %v = load i8, ptr %before
  ret i8 %v
}

define i8 @around2(ptr %p, i1 %c) {
entry:
  %before = alloca [8 x i8]
  %buf = alloca [16 x i8]
  store i8 4, ptr %before
  call void @llvm.lifetime.start.p0(ptr %buf)
  br i1 %c, label %work, label %done

work:
  call void @fill(ptr %buf)
  call void @consume(ptr %buf, ptr %p)
  call void @consume(ptr %p, ptr %buf)
  call void @consume(ptr %buf, ptr %buf)
  call void @consume(ptr %p, ptr %p)
  call void @consume(ptr %buf, ptr %p)
  call void @consume(ptr %p, ptr %buf)
  call void @consume(ptr %buf, ptr %buf)
  br label %done

done:
  call void @llvm.lifetime.end.p0(ptr %buf)
  %v = load i8, ptr %before
  ret i8 %v
}

define void @ends1(ptr %p, i1 %c) {
entry:
  %before = alloca [8 x i8]
  %buf = alloca [16 x i8]
  call void @fill(ptr %before)
  call void @llvm.lifetime.start.p0(ptr %buf)
  call void @fill(ptr %buf)
  call void @first(i32 5)
  br i1 %c, label %work, label %done

work:
  call void @consume(ptr %buf, ptr %p)
  call void @consume(ptr %p, ptr %buf)
  call void @consume(ptr %buf, ptr %buf)
  call void @consume(ptr %p, ptr %p)
  call void @consume(ptr %buf, ptr %p)
  call void @consume(ptr %p, ptr %buf)
  call void @consume(ptr %buf, ptr %buf)
  call void @llvm.lifetime.end.p0(ptr %buf)
  br label %done

done:
  call void @last(i32 5)
  ret void
}

define void @ends2(ptr %p, i1 %c) {
entry:
  %before = alloca [8 x i8]
  %buf = alloca [16 x i8]
  call void @fill(ptr %before)
  call void @llvm.lifetime.start.p0(ptr %buf)
  call void @fill(ptr %buf)
  call void @first(i32 6)
  br i1 %c, label %work, label %done

work:
  call void @consume(ptr %buf, ptr %p)
  call void @consume(ptr %p, ptr %buf)
  call void @consume(ptr %buf, ptr %buf)
  call void @consume(ptr %p, ptr %p)
  call void @consume(ptr %buf, ptr %p)
  call void @consume(ptr %p, ptr %buf)
  call void @consume(ptr %buf, ptr %buf)
  call void @llvm.lifetime.end.p0(ptr %buf)
  br label %done

done:
  call void @last(i32 6)
  ret void
}
