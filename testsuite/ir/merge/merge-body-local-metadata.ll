; Instruction metadata that is a fact about one body, whatever its kind,
; stays on the kept body only where the folded body has the same: a loop's
; mustprogress (without it an endless loop is defined behaviour and must not
; be deleted), a target's promise about memory, a kind nobody registered.
; Loops whose !llvm.loop nodes differ only in their (always distinct) ids
; keep them.
; RUN: %ltofold merge %s -o - -S --verify --stats 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS --input-file %t.stats

; STATS: ltofold merge: 7 functions, 6 candidates, 3 folded

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define void @spin_mustprogress(
; CHECK: br i1 %done, label %exit, label %loop{{$}}
define void @spin_mustprogress(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 2
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

define internal void @spin(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 2
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define void @unrolled_a(
; CHECK: br i1 %done, label %exit, label %loop, !llvm.loop
define void @unrolled_a(ptr %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  store volatile i32 %i, ptr %p, align 4
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !2
exit:
  ret void
}

define internal void @unrolled_b(ptr %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  store volatile i32 %i, ptr %p, align 4
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !4
exit:
  ret void
}

; CHECK-LABEL: define i32 @add_promised(
; CHECK: atomicrmw add ptr %p, i32 %v seq_cst, align 4{{$}}
; CHECK: load i32, ptr %p, align 4{{$}}
define i32 @add_promised(ptr %p, i32 %v) {
  %old = atomicrmw add ptr %p, i32 %v seq_cst, align 4, !amdgpu.no.fine.grained.memory !5
  %now = load i32, ptr %p, align 4, !some.unknown.promise !5
  %sum = add i32 %old, %now
  ret i32 %sum
}

define internal i32 @add_plain(ptr %p, i32 %v) {
  %old = atomicrmw add ptr %p, i32 %v seq_cst, align 4
  %now = load i32, ptr %p, align 4
  %sum = add i32 %old, %now
  ret i32 %sum
}

; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: call void @spin_mustprogress(
; CHECK-NEXT: call void @unrolled_a(
; CHECK-NEXT: call i32 @add_promised(
define i32 @use(ptr %p, i32 %n) {
  call void @spin(i32 %n)
  call void @unrolled_b(ptr %p, i32 %n)
  %r = call i32 @add_plain(ptr %p, i32 %n)
  ret i32 %r
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
!2 = distinct !{!2, !3}
!3 = !{!"llvm.loop.unroll.count", i32 4}
!4 = distinct !{!4, !3}
!5 = !{}
