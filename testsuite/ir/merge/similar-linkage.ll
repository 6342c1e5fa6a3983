; How each member of a similar group is replaced, by what its linkage and
; address allow. A local member with insignificant address and only direct
; calls goes: its calls (invokes too) pass the constants themselves. The
; others stay as thunks, and their calls keep calling them (constants at
; each call would cost more bytes than the thunk; a weak member's calls
; must anyway, since the linker may replace it): exported, weak, address
; taken (the address stays its own), in llvm.used.
; RUN: %ltofold merge %s -o %t.ll -S --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: FileCheck %s < %t.ll
; RUN: llc -O0 %t.ll -o %t.s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; STATS: similar: 5 functions into 1 merged body, 1 parameter

@table = global ptr @taken
@llvm.used = appending global [1 x ptr] [ptr @kept_used], section "llvm.metadata"

declare i32 @__gxx_personality_v0(...)
declare void @may_throw()

; CHECK-NOT: define internal i32 @local(
define internal i32 @local(i32 %x, i32 %y) unnamed_addr {
  %a = mul i32 %x, %y
  %b = add i32 %a, 1
  %c = mul i32 %b, %x
  %d = xor i32 %c, %y
  %e = mul i32 %d, %d
  %f = add i32 %e, %x
  %g = mul i32 %f, %y
  %h = xor i32 %g, %a
  ret i32 %h
}

; CHECK-LABEL: define i32 @exported(i32 %x, i32 %y)
; CHECK-NEXT: tail call i32 @[[BODY:exported.ltofold.similar]](i32 %x, i32 %y, i32 2)
define i32 @exported(i32 %x, i32 %y) {
  %a = mul i32 %x, %y
  %b = add i32 %a, 2
  %c = mul i32 %b, %x
  %d = xor i32 %c, %y
  %e = mul i32 %d, %d
  %f = add i32 %e, %x
  %g = mul i32 %f, %y
  %h = xor i32 %g, %a
  ret i32 %h
}

; CHECK-LABEL: define weak i32 @weak(i32 %x, i32 %y)
; CHECK-NEXT: tail call i32 @[[BODY]](i32 %x, i32 %y, i32 3)
define weak i32 @weak(i32 %x, i32 %y) {
  %a = mul i32 %x, %y
  %b = add i32 %a, 3
  %c = mul i32 %b, %x
  %d = xor i32 %c, %y
  %e = mul i32 %d, %d
  %f = add i32 %e, %x
  %g = mul i32 %f, %y
  %h = xor i32 %g, %a
  ret i32 %h
}

; CHECK-LABEL: define internal i32 @taken(i32 %x, i32 %y)
; CHECK-NEXT: tail call i32 @[[BODY]](i32 %x, i32 %y, i32 4)
define internal i32 @taken(i32 %x, i32 %y) {
  %a = mul i32 %x, %y
  %b = add i32 %a, 4
  %c = mul i32 %b, %x
  %d = xor i32 %c, %y
  %e = mul i32 %d, %d
  %f = add i32 %e, %x
  %g = mul i32 %f, %y
  %h = xor i32 %g, %a
  ret i32 %h
}

; CHECK-LABEL: define internal i32 @kept_used(i32 %x, i32 %y)
; CHECK-NEXT: tail call i32 @[[BODY]](i32 %x, i32 %y, i32 5)
define internal i32 @kept_used(i32 %x, i32 %y) unnamed_addr {
  %a = mul i32 %x, %y
  %b = add i32 %a, 5
  %c = mul i32 %b, %x
  %d = xor i32 %c, %y
  %e = mul i32 %d, %d
  %f = add i32 %e, %x
  %g = mul i32 %f, %y
  %h = xor i32 %g, %a
  ret i32 %h
}

; CHECK-LABEL: define i32 @main(
; CHECK: %r = invoke i32 @[[BODY]](i32 %n, i32 %n, i32 1)
; CHECK-NEXT: to label %ok unwind label %lp
; CHECK: %s = call i32 @exported(i32 %n, i32 %r)
; CHECK-NEXT: %t = call i32 @weak(
; CHECK-NEXT: %u = call i32 @taken(i32 %n, i32 %t)
; CHECK-NEXT: %v = call i32 @kept_used(i32 %n, i32 %u)
define i32 @main(i32 %n) personality ptr @__gxx_personality_v0 {
  call void @may_throw()
  %r = invoke i32 @local(i32 %n, i32 %n)
          to label %ok unwind label %lp
ok:
  %s = call i32 @exported(i32 %n, i32 %r)
  %t = call i32 @weak(i32 %n, i32 %s)
  %u = call i32 @taken(i32 %n, i32 %t)
  %v = call i32 @kept_used(i32 %n, i32 %u)
  ret i32 %v
lp:
  %l = landingpad { ptr, i32 } cleanup
  ret i32 0
}
