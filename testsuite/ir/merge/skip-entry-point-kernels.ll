; Kernels are entered by name from the host, each with its own descriptor;
; they are never called. Two equal kernels must both stay whole: an alias
; would lose the second kernel's descriptor (AMDGPU) or stop code generation
; ("aliasee must be a non-kernel function definition", NVPTX), and a thunk
; would call a kernel (kernel_b is unnamed_addr: an alias would be chosen
; for it). Equal helpers next to them still fold.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sed -e 's/KERNELCC/amdgpu_kernel/' -e 's/TRIPLE/amdgcn-amd-amdhsa/' %s > %t/amdgpu.ll
; RUN: sed -e 's/KERNELCC/ptx_kernel/' -e 's/TRIPLE/nvptx64-nvidia-cuda/' %s > %t/nvptx.ll
; RUN: sed -e 's/KERNELCC/spir_kernel/' -e 's/TRIPLE/spirv64-unknown-unknown/' %s > %t/spirv.ll
; RUN: %ltofold merge %t/amdgpu.ll -o %t/amdgpu.merged.ll -S --verify --stats 2> %t/amdgpu.stats
; RUN: FileCheck %s --input-file %t/amdgpu.merged.ll -DCC=amdgpu_kernel
; RUN: FileCheck %s --check-prefix=STATS --input-file %t/amdgpu.stats
; RUN: %ltofold merge %t/nvptx.ll -o %t/nvptx.merged.ll -S --verify
; RUN: FileCheck %s --input-file %t/nvptx.merged.ll -DCC=ptx_kernel
; RUN: %ltofold merge %t/spirv.ll -o %t/spirv.merged.ll -S --verify
; RUN: FileCheck %s --input-file %t/spirv.merged.ll -DCC=spir_kernel

; Code generation accepts the result, and the AMDGPU object still has a
; descriptor for each kernel.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/amdgpu.merged.ll -o %t/amdgpu.o
; RUN: llvm-nm %t/amdgpu.o | FileCheck %s --check-prefix=DESCRIPTORS
; RUN: llc -mtriple=nvptx64-nvidia-cuda %t/nvptx.merged.ll -o %t/nvptx.s

; STATS: 1 folded
; STATS: skipped: entry-point 2

; CHECK: define [[CC]] void @kernel_a(
; CHECK-NEXT: getelementptr
; CHECK: define [[CC]] void @kernel_b(
; CHECK-NEXT: getelementptr
; CHECK-NOT: alias

; DESCRIPTORS-DAG: kernel_a.kd
; DESCRIPTORS-DAG: kernel_b.kd

target triple = "TRIPLE"

define KERNELCC void @kernel_a(ptr addrspace(1) %out, i32 %n) {
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %n
  %v = load i32, ptr addrspace(1) %p, align 4
  %w = mul i32 %v, 3
  %x = add i32 %w, %n
  store i32 %x, ptr addrspace(1) %p, align 4
  ret void
}

define KERNELCC void @kernel_b(ptr addrspace(1) %out, i32 %n) unnamed_addr {
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %n
  %v = load i32, ptr addrspace(1) %p, align 4
  %w = mul i32 %v, 3
  %x = add i32 %w, %n
  store i32 %x, ptr addrspace(1) %p, align 4
  ret void
}

define internal i32 @helper_a(i32 %x) {
  %y = mul i32 %x, 7
  %z = xor i32 %y, 5
  ret i32 %z
}

define internal i32 @helper_b(i32 %x) {
  %y = mul i32 %x, 7
  %z = xor i32 %y, 5
  ret i32 %z
}

define i32 @use(i32 %x) {
  %a = call i32 @helper_a(i32 %x)
  %b = call i32 @helper_b(i32 %a)
  ret i32 %b
}
