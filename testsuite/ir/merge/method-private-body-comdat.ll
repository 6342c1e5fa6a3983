; Two linkonce_odr functions, each in its own comdat (two template
; instantiations): the body moves to a private function and both become
; thunks. The private body must not stay in @tmpl_a's comdat: @tmpl_b's thunk
; and @strong call it from outside that group, and when another object's
; $tmpl_a prevails at link time the group, body included, is discarded
; (lld: "relocation refers to a discarded section: .text..Ltmpl_a.ltofold.body").
; LLVM's mergefunc gives its private body no comdat.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

$tmpl_a = comdat any
$tmpl_b = comdat any

@fptrs = global [2 x ptr] [ptr @tmpl_a, ptr @tmpl_b]

; CHECK: define internal i32 @tmpl_a.ltofold.body(ptr %p, i32 %x){{( unnamed_addr)?}} {
define linkonce_odr i32 @tmpl_a(ptr %p, i32 %x) comdat {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK: define linkonce_odr i32 @tmpl_b(ptr %p, i32 %x) #{{[0-9]+}} comdat {
; CHECK-NEXT: tail call i32 @tmpl_a.ltofold.body(
define linkonce_odr i32 @tmpl_b(ptr %p, i32 %x) comdat {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define i32 @strong(ptr %p, i32 %x) {
  %1 = call i32 @tmpl_b(ptr %p, i32 %x)
  ret i32 %1
}

; CHECK: define linkonce_odr i32 @tmpl_a({{.*}}) #{{[0-9]+}} comdat {
; CHECK-NEXT: tail call i32 @tmpl_a.ltofold.body(
