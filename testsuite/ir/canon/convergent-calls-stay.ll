; A convergent call is never moved, even one without memory or side
; effects: its place among the block's convergent operations is what it
; means. llvm.experimental.convergence.entry must stay the block's first
; convergent operation; canon once sank it below the convergent call that
; did not use its token, and the module no longer verified.
; RUN: %ltofold canon %s -o - -S --verify | FileCheck %s

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define i32 @entry_first(
; CHECK-NEXT: {{^entry:}}
; CHECK-NEXT: call token @llvm.experimental.convergence.entry()
; CHECK-NEXT: call token @llvm.experimental.convergence.anchor()
define i32 @entry_first(i32 %src) convergent {
  %t1 = call token @llvm.experimental.convergence.entry()
  %t2 = call token @llvm.experimental.convergence.anchor()
  %r2 = call i32 @llvm.amdgcn.readfirstlane(i32 %src) [ "convergencectrl"(token %t2) ]
  %r1 = call i32 @llvm.amdgcn.readfirstlane(i32 %src) [ "convergencectrl"(token %t1) ]
  %s = add i32 %r1, %r2
  ret i32 %s
}

declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.anchor()
declare i32 @llvm.amdgcn.readfirstlane(i32)
