; merge-outline puts back what does not pay. Four functions free a buffer
; alike, but two of the loads say !nonnull and two do not: the regions hash
; alike (the hash does not read metadata), all four are outlined, and the
; merge folds them into two functions of two calls each, too few to pay for
; a call each (merge-outline-all: their paths without a free call nothing,
; which the default leaves alone). Both go back into their callers, which end up as they were.
; RUN: %ltofold merge %s -o %t.bc --merge-outline-all --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS
; STATS: outline: 8 repeated regions, 4 outlined, 4 put back; 0 functions called from 0 places
; RUN: %ltofold merge %s -S -o %t.ll --merge-outline-all
; RUN: FileCheck %s --input-file %t.ll
; CHECK-NOT: ltofold.outlined
; CHECK-LABEL: define void @a1(
; CHECK:         load ptr, ptr %s, align 8, !nonnull
; CHECK:         call void @free_sized(
; CHECK-LABEL: define void @b2(
; CHECK:         %data{{[.a-z0-9]*}} = load ptr, ptr %s, align 8{{$}}
; CHECK:         call void @free_sized(
; CHECK-NOT: ltofold.outlined

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @free_sized(ptr, i64)
declare void @use(ptr)
declare void @use2(ptr, ptr)

define void @a1(ptr %s) {
entry:
  call void @use(ptr %s)
  %data = load ptr, ptr %s, align 8, !nonnull !0
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %done

done:
  ret void
}

define void @a2(ptr %s, ptr %t) {
entry:
  call void @use2(ptr %s, ptr %t)
  %data = load ptr, ptr %s, align 8, !nonnull !0
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %done

done:
  call void @use(ptr %t)
  ret void
}

define void @b1(ptr %s, ptr %t) {
entry:
  call void @use2(ptr %t, ptr %s)
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %done

done:
  ret void
}

define void @b2(ptr %s, ptr %t) {
entry:
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %done

done:
  call void @use2(ptr %s, ptr %t)
  call void @use2(ptr %s, ptr %t)
  ret void
}

!0 = !{}
