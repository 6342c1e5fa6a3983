; merge-blocks and values whose types differ: @a loads a string's data and
; then its size, @b the size and then the data (fmt's formatter of
; std::string and of string_view, before LTO's optimization). The
; comparator finds a pointer and an integer of its width equal, so the
; entries compare equal and only the block with the call differs; a region
; for it would copy @b's call reading @a's values by position, passing the
; size where the data is due. Such a pair is refused (regions.c: a member's
; operand is read through a value of the representative of the same type
; only), and the module stays valid.
; RUN: %ltofold merge %s -S -o %t.ll --merge-outline=false --stats 2> %t.stats
; RUN: FileCheck %s --input-file %t.ll
; RUN: FileCheck %s --input-file %t.stats --check-prefix=STATS
; RUN: opt -passes=verify %t.ll -disable-output
; Without certification too: the refusal is the pair search's own.
; RUN: %ltofold merge %s -S -o %t.unchecked.ll --merge-outline=false --certify=false
; RUN: opt -passes=verify %t.unchecked.ll -disable-output
; STATS: similar skipped: blocks 2
; CHECK-LABEL: define ptr @a(
; CHECK:         call ptr @write(ptr %out, ptr %p, i64 %n)
; CHECK-LABEL: define ptr @b(
; CHECK:         call ptr @write(ptr %out, ptr %p, i64 %n)
; CHECK-NOT:   ltofold.similar

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare ptr @write(ptr, ptr, i64)
declare void @sink(i64)
declare void @use(ptr)

define ptr @a(ptr %s, ptr %out, i1 %c) {
entry:
  %p = load ptr, ptr %s
  %q = getelementptr inbounds i8, ptr %s, i64 8
  %n = load i64, ptr %q
  call void @sink(i64 1)
  call void @sink(i64 2)
  call void @sink(i64 3)
  call void @use(ptr %out)
  call void @use(ptr %s)
  call void @sink(i64 4)
  call void @sink(i64 5)
  br i1 %c, label %x, label %j

x:
  %r = call ptr @write(ptr %out, ptr %p, i64 %n)
  call void @use(ptr %r)
  br label %j

j:
  call void @sink(i64 6)
  call void @sink(i64 7)
  call void @use(ptr %out)
  call void @sink(i64 8)
  ret ptr %out
}

define ptr @b(ptr %s, ptr %out, i1 %c) {
entry:
  %n = load i64, ptr %s
  %q = getelementptr inbounds i8, ptr %s, i64 8
  %p = load ptr, ptr %q
  call void @sink(i64 1)
  call void @sink(i64 2)
  call void @sink(i64 3)
  call void @use(ptr %out)
  call void @use(ptr %s)
  call void @sink(i64 4)
  call void @sink(i64 5)
  br i1 %c, label %x, label %j

x:
  %r = call ptr @write(ptr %out, ptr %p, i64 %n)
  call void @use(ptr %r)
  call void @use(ptr %r)
  br label %j

j:
  call void @sink(i64 6)
  call void @sink(i64 7)
  call void @use(ptr %out)
  call void @sink(i64 8)
  ret ptr %out
}
