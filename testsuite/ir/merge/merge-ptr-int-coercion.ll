; In address space 0 a pointer compares as the pointer-sized integer, so a
; function on i64 and the same function on ptr merge. The types differ, so
; uses of @swap_ptr are not replaced: it becomes an alias of @swap_int, or,
; with --aliases=false, a thunk converting with ptrtoint / inttoptr.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s
; RUN: %ltofold merge %s -o - -S --verify --aliases=false | FileCheck %s --check-prefix=THUNK
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded
; STATS-NEXT: alias  1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: @swap_ptr = internal unnamed_addr alias ptr (ptr, ptr), ptr @swap_int
; CHECK-NOT: define {{.*}}@swap_ptr(

; CHECK-LABEL: define internal i64 @swap_int(
; THUNK-LABEL: define internal i64 @swap_int(
define internal i64 @swap_int(ptr %p, i64 %x) unnamed_addr {
  %q = getelementptr inbounds i8, ptr %p, i64 8
  %v = load i64, ptr %q, align 8
  store i64 %x, ptr %q, align 8
  ret i64 %v
}

; THUNK-LABEL: define internal ptr @swap_ptr(ptr %p, ptr %x) unnamed_addr #{{[0-9]+}} {
; THUNK-NEXT: %1 = ptrtoint ptr %x to i64
; THUNK-NEXT: %2 = tail call i64 @swap_int(ptr %p, i64 %1)
; THUNK-NEXT: %3 = inttoptr i64 %2 to ptr
; THUNK-NEXT: ret ptr %3
; THUNK-NEXT: }
define internal ptr @swap_ptr(ptr %p, ptr %x) unnamed_addr {
  %q = getelementptr inbounds i8, ptr %p, i64 8
  %v = load ptr, ptr %q, align 8
  store ptr %x, ptr %q, align 8
  ret ptr %v
}

; CHECK-LABEL: define i64 @caller(
; CHECK: call i64 @swap_int(ptr %p, i64 %x)
; CHECK: call ptr @swap_ptr(ptr %p, ptr %y)
define i64 @caller(ptr %p, i64 %x, ptr %y) {
  %1 = call i64 @swap_int(ptr %p, i64 %x)
  %2 = call ptr @swap_ptr(ptr %p, ptr %y)
  %3 = ptrtoint ptr %2 to i64
  %s = add i64 %1, %3
  ret i64 %s
}
