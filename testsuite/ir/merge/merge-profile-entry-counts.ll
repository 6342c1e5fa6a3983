; Profile-guided builds: function entry counts with the GUID lists that
; sample-profile ThinLTO builds write (!{"function_entry_count", i64 N,
; i64 GUID...}), and -1, a count the profile does not know. Merge reads
; every operand (the node has as many as the build imported) and, where
; one body now runs for both, keeps LLVM's meaning: the sum of the counts
; (-1 only where neither is known) and the union of the GUIDs, sorted.
; RUN: %ltofold merge %s -o - -S | FileCheck %s --implicit-check-not=@foo --implicit-check-not=@g(
; RUN: %ltofold merge %s -o %t.bc --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: 3 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define internal i32 @foo(i32 %x) !prof !10 {
  %add = add nsw i32 %x, 1
  ret i32 %add
}

; CHECK-LABEL: define internal i32 @bar(
; CHECK-SAME: !prof [[SUM:![0-9]+]]
define internal i32 @bar(i32 %x) !prof !11 {
  %add = add nsw i32 %x, 1
  ret i32 %add
}

; CHECK-LABEL: define internal i32 @f(
; CHECK-SAME: !prof [[UNKNOWN:![0-9]+]]
define internal i32 @f(i32 %x) !prof !12 {
  %add = add nsw i32 %x, 2
  ret i32 %add
}

define internal i32 @g(i32 %x) !prof !13 {
  %add = add nsw i32 %x, 2
  ret i32 %add
}

; A known count and an unknown one: the known one.
; CHECK-LABEL: define internal i32 @h(
; CHECK-SAME: !prof [[KNOWN:![0-9]+]]
define internal i32 @h(i32 %x) !prof !14 {
  %add = add nsw i32 %x, 3
  ret i32 %add
}

define internal i32 @k(i32 %x) !prof !12 {
  %add = add nsw i32 %x, 3
  ret i32 %add
}

define i32 @main() {
  %c1 = call i32 @foo(i32 1)
  %c2 = call i32 @bar(i32 2)
  %c3 = call i32 @f(i32 3)
  %c4 = call i32 @g(i32 4)
  %c5 = call i32 @h(i32 5)
  %c6 = call i32 @k(i32 6)
  %r1 = add i32 %c1, %c2
  %r2 = add i32 %c3, %c4
  %r3 = add i32 %c5, %c6
  %r4 = add i32 %r1, %r2
  %r = add i32 %r4, %r3
  ret i32 %r
}

; CHECK-DAG: [[SUM]] = !{!"function_entry_count", i64 300, i64 11, i64 22, i64 33, i64 44, i64 55, i64 66, i64 77, i64 88, i64 99}
; CHECK-DAG: [[UNKNOWN]] = !{!"function_entry_count", i64 -1, i64 11, i64 22, i64 33, i64 44, i64 55, i64 66, i64 77, i64 88, i64 99}
; CHECK-DAG: [[KNOWN]] = !{!"function_entry_count", i64 40, i64 11, i64 22, i64 33, i64 44, i64 55, i64 66, i64 77, i64 88, i64 99}

!10 = !{!"function_entry_count", i64 100, i64 99, i64 11, i64 22, i64 33, i64 44, i64 55, i64 66, i64 77}
!11 = !{!"function_entry_count", i64 200, i64 88, i64 22, i64 33}
!12 = !{!"function_entry_count", i64 -1, i64 99, i64 11, i64 22, i64 33, i64 44, i64 55, i64 66, i64 77}
!13 = !{!"function_entry_count", i64 -1, i64 88, i64 22, i64 33}
!14 = !{!"function_entry_count", i64 40, i64 88}
