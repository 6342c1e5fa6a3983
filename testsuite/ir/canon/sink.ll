; A pure computation whose uses are all in one block it dominates, outside
; any cycle, moves into that block (sink.c): two pipelines that placed it
; differently then agree. Not sunk: into a loop, past a PHI use, a
; division (it may trap), a load (memory).
; RUN: %ltofold canon %s -S -o - | FileCheck %s

; CHECK-LABEL: define i32 @kept(
; CHECK-NEXT: entry:
; CHECK-DAG:  getelementptr i8, ptr %a1, i64 16
; CHECK-DAG:  sdiv i32 %a2, %a3
; CHECK-DAG:  add i32 %a2, 1
; CHECK:      br label
define i32 @kept(i32 %n, ptr %p, i32 %x, i32 %y) {
entry:
  %g = getelementptr i8, ptr %p, i64 16
  %d = sdiv i32 %x, %y
  %a = add i32 %x, 1
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %v = load i32, ptr %g
  %next = add i32 %i, %v
  %c = icmp slt i32 %next, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = phi i32 [ %a, %loop ]
  %s = add i32 %r, %d
  ret i32 %s
}

; CHECK-LABEL: define i32 @sunk(
; CHECK:      br i1
; CHECK:      = getelementptr i8, ptr %a1, i64 16
; CHECK-NEXT: = load i32, ptr
define i32 @sunk(i1 %c, ptr %p) {
entry:
  %g = getelementptr i8, ptr %p, i64 16
  br i1 %c, label %use, label %done
use:
  %v = load i32, ptr %g
  ret i32 %v
done:
  ret i32 0
}

; The same function with the GEP already in its block: the same output.
; RUN: sed -e '/^define i32 @sunk/,/^}/!d' %s > %t.a.ll
; RUN: sed -e '/^define i32 @sunk/,/^}/!d' -e '/%%g = getelementptr/d' -e 's/^  %%v = load i32, ptr %%g/  %%g = getelementptr i8, ptr %%p, i64 16\n  %%v = load i32, ptr %%g/' %s > %t.b.ll
; RUN: not diff %t.a.ll %t.b.ll > /dev/null
; RUN: %ltofold diff %t.a.ll %t.b.ll | tail -n +2 | grep -qx 'no change'
