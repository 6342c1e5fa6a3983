; Flags of constant expressions change what is poison, as on instructions:
; `add nuw (ptrtoint @g, -1)` is poison where the plain `add` is not, and an
; access outside a GEP's inrange is undefined. Functions that differ only in
; such flags must not fold; the one exact twin (nuw_twin) does.
; RUN: %ltofold merge %s -o - -S --verify --stats 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS --input-file %t.stats

; STATS: ltofold merge: 10 functions, 9 candidates, 1 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g = global i32 0
@vt = global [4 x ptr] zeroinitializer

; CHECK: define internal i64 @plain()
define internal i64 @plain() {
  ret i64 add (i64 ptrtoint (ptr @g to i64), i64 -1)
}

; CHECK: define internal i64 @nuw()
define internal i64 @nuw() {
  ret i64 add nuw (i64 ptrtoint (ptr @g to i64), i64 -1)
}

; CHECK-NOT: @nuw_twin()
define internal i64 @nuw_twin() {
  ret i64 add nuw (i64 ptrtoint (ptr @g to i64), i64 -1)
}

; CHECK: define internal i64 @nsw()
define internal i64 @nsw() {
  ret i64 add nsw (i64 ptrtoint (ptr @g to i64), i64 -1)
}

; CHECK: define internal i64 @nuw_nsw()
define internal i64 @nuw_nsw() {
  ret i64 add nuw nsw (i64 ptrtoint (ptr @g to i64), i64 -1)
}

; CHECK: define internal i64 @sub_plain()
define internal i64 @sub_plain() {
  ret i64 sub (i64 ptrtoint (ptr @g to i64), i64 1)
}

; CHECK: define internal i64 @sub_nsw()
define internal i64 @sub_nsw() {
  ret i64 sub nsw (i64 ptrtoint (ptr @g to i64), i64 1)
}

; CHECK: define internal ptr @gep()
define internal ptr @gep() {
  ret ptr getelementptr inbounds (i8, ptr @vt, i64 8)
}

; CHECK: define internal ptr @gep_inrange()
define internal ptr @gep_inrange() {
  ret ptr getelementptr inbounds inrange(-8, 8) (i8, ptr @vt, i64 8)
}

; CHECK: define i64 @use()
; CHECK: call i64 @nuw()
; CHECK-NEXT: call i64 @nuw()
define i64 @use() {
  %a = call i64 @plain()
  %b = call i64 @nuw()
  %c = call i64 @nuw_twin()
  %d = call i64 @nsw()
  %e = call i64 @nuw_nsw()
  %f = call i64 @sub_plain()
  %h = call i64 @sub_nsw()
  %p = call ptr @gep()
  %q = call ptr @gep_inrange()
  %s1 = add i64 %a, %b
  %s2 = add i64 %s1, %c
  %s3 = add i64 %s2, %d
  %s4 = add i64 %s3, %e
  %s5 = add i64 %s4, %f
  %s6 = add i64 %s5, %h
  %i1 = ptrtoint ptr %p to i64
  %i2 = ptrtoint ptr %q to i64
  %s7 = add i64 %s6, %i1
  %s8 = add i64 %s7, %i2
  ret i64 %s8
}
