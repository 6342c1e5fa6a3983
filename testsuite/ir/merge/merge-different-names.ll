; Bodies equal but for the names of values, arguments and blocks merge: names
; are not compared. @second is folded into @first (equal linkage: by name) and
; deleted, and its call now goes to @first.
; RUN: %ltofold merge %s -o - -S | FileCheck %s --implicit-check-not=@second
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded (0 in recursive groups)
; STATS-NEXT: replaced  1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @first(ptr %p, i32 %x) unnamed_addr {
define internal i32 @first(ptr %p, i32 %x) unnamed_addr {
entry:
  %v = load i32, ptr %p, align 4
  %c = icmp slt i32 %v, %x
  br i1 %c, label %less, label %more
less:
  %a = add i32 %v, %x
  br label %join
more:
  %b = sub i32 %v, %x
  br label %join
join:
  %r = phi i32 [ %a, %less ], [ %b, %more ]
  ret i32 %r
}

define internal i32 @second(ptr %ptr, i32 %limit) unnamed_addr {
start:
  %loaded = load i32, ptr %ptr, align 4
  %is_less = icmp slt i32 %loaded, %limit
  br i1 %is_less, label %then, label %else
then:
  %sum = add i32 %loaded, %limit
  br label %merge
else:
  %diff = sub i32 %loaded, %limit
  br label %merge
merge:
  %result = phi i32 [ %sum, %then ], [ %diff, %else ]
  ret i32 %result
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @first(ptr %p, i32 %x)
; CHECK-NEXT: call i32 @first(ptr %p, i32 %x)
define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @first(ptr %p, i32 %x)
  %2 = call i32 @second(ptr %p, i32 %x)
  %s = add i32 %1, %2
  ret i32 %s
}
