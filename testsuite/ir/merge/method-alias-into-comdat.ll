; A strong external function equal to a linkonce_odr function in a comdat. The
; strong symbol must not become an alias of the comdat member: the alias is
; emitted in the comdat's section, and when another object's copy of the
; group prevails at link time, @strong disappears with it (lld: "relocation
; refers to a symbol in a discarded section: strong"; ld.bfd: "undefined
; reference to `strong'"). Either @strong keeps the body (LLVM's mergefunc
; does, and deletes @odr) or it becomes a thunk.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

$odr = comdat any

; CHECK-NOT: @strong = {{.*}}alias
; CHECK: define {{.*}}i32 @strong(ptr %p, i32 %x) unnamed_addr {
define linkonce_odr i32 @odr(ptr %p, i32 %x) unnamed_addr comdat {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define i32 @strong(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @odr(ptr %p, i32 %x)
  %2 = call i32 @strong(ptr %p, i32 %x)
  %s = add i32 %1, %2
  ret i32 %s
}
