; PHI incoming edges are sorted by the canonical position of their block
; (reverse post-order: the branch's first target first).
; RUN: %ltofold canon %s -S -o - | FileCheck %s

; CHECK-LABEL: define i32 @f(
; CHECK:       br i1 %a0, label %[[FIRST:bb[0-9.]+]], label %[[SECOND:bb[0-9.]+]]
; CHECK:       phi i32 [ {{.*}}, %[[FIRST]] ], [ {{.*}}, %[[SECOND]] ]
define i32 @f(i1 %c, i32 %x) {
entry:
  br i1 %c, label %one, label %two
two:
  %v = mul i32 %x, 3
  br label %join
one:
  %u = add i32 %x, 1
  br label %join
join:
  %p = phi i32 [ %v, %two ], [ %u, %one ]
  ret i32 %p
}
