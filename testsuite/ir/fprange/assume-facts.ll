; An llvm.assume's condition is a fact in the blocks its own block
; strictly dominates (there the assume has run), not before it in its own
; block: clang -O2 writes one before a runtime-unrolled loop's remainder.
; RUN: %ltofold fprange --print %s | FileCheck %s

declare void @llvm.assume(i1)

; CHECK-LABEL: function @after_the_block
; CHECK: %c = uitofp i32 %r to float
; CHECK-NEXT: min: 1 max: 3 isInteger: 1
define i1 @after_the_block(i32 %n) {
entry:
  %r = and i32 %n, 3
  %nonzero = icmp ne i32 %r, 0
  call void @llvm.assume(i1 %nonzero)
  br label %next
next:
  %c = uitofp i32 %r to float
  %b = fcmp olt float %c, 1.0
  ret i1 %b
}

; CHECK-LABEL: function @same_block
; CHECK: %c = uitofp i32 %r to float
; CHECK-NEXT: min: 0 max: 3 isInteger: 1
define i1 @same_block(i32 %n) {
entry:
  %r = and i32 %n, 3
  %c = uitofp i32 %r to float
  %nonzero = icmp ne i32 %r, 0
  call void @llvm.assume(i1 %nonzero)
  %b = fcmp olt float %c, 1.0
  ret i1 %b
}

; Not on another path: the assume's block does not dominate the join.
; CHECK-LABEL: function @other_path
; CHECK: %c = uitofp i32 %r to float
; CHECK-NEXT: min: 0 max: 3 isInteger: 1
define i1 @other_path(i32 %n, i1 %which) {
entry:
  %r = and i32 %n, 3
  br i1 %which, label %assumed, label %join
assumed:
  %nonzero = icmp ne i32 %r, 0
  call void @llvm.assume(i1 %nonzero)
  br label %join
join:
  %c = uitofp i32 %r to float
  %b = fcmp olt float %c, 1.0
  ret i1 %b
}
