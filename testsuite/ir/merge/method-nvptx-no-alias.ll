; NVPTX takes aliases only from PTX 6.3 and sm_30, and never of a weak
; function; where they do not apply llc stops. So on NVPTX ltofold writes no
; aliases unless told to (--aliases): two weak unnamed_addr twins, which
; would become two aliases of a local body elsewhere, become thunks.
; RUN: %ltofold merge %s -o %t.ll -S --verify --stats 2>%t.stats
; RUN: FileCheck %s --input-file %t.ll
; RUN: FileCheck %s --check-prefix=STATS --input-file %t.stats
; RUN: llc -mcpu=sm_75 -mattr=+ptx70 %t.ll -o %t.s

; STATS: 1 folded
; STATS-NEXT: thunk 1
; CHECK-NOT: {{^@.* alias }}
; CHECK: define weak void @store_b(i32 %a) unnamed_addr #{{[0-9]+}} {
; CHECK-NEXT: tail call void @store_a.ltofold.body(i32 %a)

target triple = "nvptx64-nvidia-cuda"

@out = addrspace(1) global i32 0

define weak void @store_a(i32 %a) unnamed_addr {
  %b = xor i32 %a, 7
  store i32 %b, ptr addrspace(1) @out, align 4
  store i32 %a, ptr addrspace(1) @out, align 4
  ret void
}

define weak void @store_b(i32 %a) unnamed_addr {
  %b = xor i32 %a, 7
  store i32 %b, ptr addrspace(1) @out, align 4
  store i32 %a, ptr addrspace(1) @out, align 4
  ret void
}
