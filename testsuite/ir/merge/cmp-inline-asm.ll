; Inline asm that differs in its text, its constraints, or sideeffect: no two
; merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @asm_mov(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %r = call i32 asm "movl $1, $0", "=r,r"(i32 %v)
; CHECK-NEXT: %a = add i32 %r, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @asm_mov(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %r = call i32 asm "movl $1, $0", "=r,r"(i32 %v)
  %a = add i32 %r, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @asm_lea(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %r = call i32 asm "leal ($1), $0", "=r,r"(i32 %v)
; CHECK-NEXT: %a = add i32 %r, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @asm_lea(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %r = call i32 asm "leal ($1), $0", "=r,r"(i32 %v)
  %a = add i32 %r, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @asm_clobber(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %r = call i32 asm "movl $1, $0", "=r,r,~{memory}"(i32 %v)
; CHECK-NEXT: %a = add i32 %r, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @asm_clobber(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %r = call i32 asm "movl $1, $0", "=r,r,~{memory}"(i32 %v)
  %a = add i32 %r, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @asm_sideeffect(
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-NEXT: %r = call i32 asm sideeffect "movl $1, $0", "=r,r"(i32 %v)
; CHECK-NEXT: %a = add i32 %r, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @asm_sideeffect(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %r = call i32 asm sideeffect "movl $1, $0", "=r,r"(i32 %v)
  %a = add i32 %r, %x
  ret i32 %a
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @asm_mov(
; CHECK: call i32 @asm_lea(
; CHECK: call i32 @asm_clobber(
; CHECK: call i32 @asm_sideeffect(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @asm_mov(ptr %p, i32 %x)
  %r1 = call i32 @asm_lea(ptr %p, i32 %x)
  %r2 = call i32 @asm_clobber(ptr %p, i32 %x)
  %r3 = call i32 @asm_sideeffect(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  ret i32 %s2
}
