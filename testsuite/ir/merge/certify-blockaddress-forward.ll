; The fold check copies the module before merging. A function that takes a
; block address of a function defined after it crashed LLVM 22's module
; cloner (LLVMCloneModule); the copy now goes through bitcode. Nothing folds
; here; the run must simply succeed, with the check on.
; RUN: %ltofold merge %s -o %t.ll -S --verify --stats 2>%t.stats
; RUN: FileCheck %s --input-file %t.stats

; CHECK: ltofold merge: 2 functions, 0 candidates, 0 folded
; CHECK-NEXT: skipped: blockaddress 1

define void @store_target(ptr %p) {
  store ptr blockaddress(@target, %middle), ptr %p
  ret void
}

define void @target(i1 %c) {
entry:
  br i1 %c, label %middle, label %exit
middle:
  br label %exit
exit:
  ret void
}
