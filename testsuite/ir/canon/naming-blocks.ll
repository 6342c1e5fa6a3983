; Blocks are named by what they do, not by their old names, nor by how many
; blocks came before them: the entry block is "entry"; the others "bb" + a
; hash of their opcodes and successor count. Blocks with the same base name
; get five digits from their context (what their instructions refer to,
; then their neighbours), so in @f_after, a block of the same kind added
; before them renames neither of @f's two.
; RUN: %ltofold canon %s -S -o - | FileCheck %s

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT:  {{^entry:}}
; CHECK-NEXT:    br i1 %a0, label %[[THEN:bb[0-9]+\.[0-9][0-9][0-9][0-9][0-9]]], label %[[ELSE:bb[0-9]+\.[0-9][0-9][0-9][0-9][0-9]]]
; CHECK:       {{^}}[[THEN]]:
; CHECK:       {{^}}[[ELSE]]:
; CHECK-NOT:   {{then|else|start}}
define i32 @f(i1 %c, i32 %x) {
start:
  br i1 %c, label %then, label %else
then:
  %u = add i32 %x, 1
  br label %join
else:
  %v = add i32 %x, 2
  br label %join
join:
  %p = phi i32 [ %u, %then ], [ %v, %else ]
  ret i32 %p
}

; CHECK-LABEL: define i32 @f_after(
; CHECK-NEXT:  {{^entry:}}
; CHECK:         br i1 %a0, label %[[THEN]], label %[[ELSE]]
; CHECK:       {{^}}[[THEN]]:
; CHECK:       {{^}}[[ELSE]]:
define i32 @f_after(i1 %c, i32 %x, i1 %early) {
top:
  br i1 %early, label %extra, label %start
extra:
  %z = add i32 %x, 5
  br label %start
start:
  br i1 %c, label %then, label %else
then:
  %u = add i32 %x, 1
  br label %join
else:
  %v = add i32 %x, 2
  br label %join
join:
  %p = phi i32 [ %u, %then ], [ %v, %else ]
  ret i32 %p
}
