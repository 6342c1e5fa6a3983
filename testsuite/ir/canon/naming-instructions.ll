; The three kinds of instruction names (llvm-canon):
;  - initial ("vl" + hash + callee + immediates): only constant or argument
;    operands;
;  - regular ("op" + hash + short names of instruction/argument operands,
;    no constants): the constant 7 does not appear in its name;
;  - output (used by a store, call or return; or itself a load or call with
;    instruction operands): the operand list is expanded recursively.
; PHIs are "ph" + hash + incoming short names.
; RUN: %ltofold canon %s -S -o - | FileCheck %s

declare i32 @source(i32, i32)

; CHECK-LABEL: define i32 @kinds(
; CHECK:      %"[[INIT:vl[0-9]+]]source(3, a0)" = call i32 @source(i32 3, i32 %a0)
; CHECK-NEXT: %"[[REG:op[0-9]+]]([[INIT]])" = add i32 %"[[INIT]]source(3, a0)", 7
; CHECK-NEXT: %"op{{[0-9]+}}([[REG]]([[INIT]]), a1)" = mul i32 %"[[REG]]([[INIT]])", %a1
; CHECK-NEXT: store i32
define i32 @kinds(i32 %x, i32 %y, ptr %p) {
  %c = call i32 @source(i32 3, i32 %x)
  %r = add i32 %c, 7
  %o = mul i32 %r, %y
  store i32 %o, ptr %p
  ret i32 %o
}

; CHECK-LABEL: define i32 @phi(
; CHECK: %"[[P:ph[0-9]+]](vl{{[0-9]+}}, vl{{[0-9]+}})" = phi i32
define i32 @phi(i1 %c, i32 %x) {
entry:
  br i1 %c, label %a, label %b
a:
  %u = add i32 %x, 1
  br label %j
b:
  %v = sub i32 %x, 1
  br label %j
j:
  %p = phi i32 [ %u, %a ], [ %v, %b ]
  ret i32 %p
}

; Values of equal name get five digits from what tells them apart, never
; from how many came before: the globals they refer to (a string by its
; text, not by its .str.N number), else their operands and users (the
; loads, stored to different globals); exact twins (the adds, each stored
; the same way) get ".1", ".2" in canonical order. In @twins_after, values
; of the same names added before them rename none, but for the exact twins:
; now that a third add is used differently, their digits show too.
@.str.1 = private unnamed_addr constant [4 x i8] c"one\00"
@.str.2 = private unnamed_addr constant [4 x i8] c"two\00"
@.str.7 = private unnamed_addr constant [4 x i8] c"one\00"
@.str.8 = private unnamed_addr constant [4 x i8] c"two\00"
@.str.9 = private unnamed_addr constant [5 x i8] c"zero\00"
@g = global i32 0
@a = global i32 0
@b = global i32 0
@c = global i32 0
declare i32 @puts(ptr)

; CHECK-LABEL: define void @twins(
; CHECK:      %"[[ONE:vl[0-9]+puts\(@.str\)\.[0-9]+]]" = call i32 @puts(ptr @.str.1)
; CHECK-NEXT: %"[[TWO:vl[0-9]+puts\(@.str\)\.[0-9]+]]" = call i32 @puts(ptr @.str.2)
; CHECK-NEXT: %"[[LA:vl[0-9]+\(@g\)\.[0-9]+]]" = load i32, ptr @g
; CHECK-NEXT: store i32 %"[[LA]]", ptr @a
; CHECK-NEXT: %"[[LB:vl[0-9]+\(@g\)\.[0-9]+]]" = load i32, ptr @g
; CHECK-NEXT: store i32 %"[[LB]]", ptr @b
; CHECK-NEXT: %"[[T:vl[0-9]+\(a0, 1\)]].1" = add i32 %a0, 1
; CHECK-NEXT: store volatile
; CHECK-NEXT: %"[[T]].2" = add i32 %a0, 1
define void @twins(i32 %x, ptr %p) {
  %one = call i32 @puts(ptr @.str.1)
  %two = call i32 @puts(ptr @.str.2)
  %la = load i32, ptr @g
  store i32 %la, ptr @a
  %lb = load i32, ptr @g
  store i32 %lb, ptr @b
  %s = add i32 %x, 1
  store volatile i32 %s, ptr %p
  %t = add i32 %x, 1
  store volatile i32 %t, ptr %p
  ret void
}

; CHECK-LABEL: define void @twins_after(
; CHECK:      %"[[ONE]]" = call i32 @puts(ptr @.str.7)
; CHECK-NEXT: %"[[TWO]]" = call i32 @puts(ptr @.str.8)
; CHECK:      %"[[LA]]" = load i32, ptr @g
; CHECK-NEXT: store i32 %"[[LA]]", ptr @a
; CHECK-NEXT: %"[[LB]]" = load i32, ptr @g
; CHECK-NEXT: store i32 %"[[LB]]", ptr @b
; CHECK:      %"[[T]].[[USED:[0-9]+]].1" = add i32 %a0, 1
; CHECK-NEXT: store volatile
; CHECK-NEXT: %"[[T]].[[USED]].2" = add i32 %a0, 1
define void @twins_after(i32 %x, ptr %p) {
  %zero = call i32 @puts(ptr @.str.9)
  %lc = load i32, ptr @g
  store i32 %lc, ptr @c
  %r = add i32 %x, 1
  store i32 %r, ptr @c
  %one = call i32 @puts(ptr @.str.7)
  %two = call i32 @puts(ptr @.str.8)
  %la = load i32, ptr @g
  store i32 %la, ptr @a
  %lb = load i32, ptr @g
  store i32 %lb, ptr @b
  %s = add i32 %x, 1
  store volatile i32 %s, ptr %p
  %t = add i32 %x, 1
  store volatile i32 %t, ptr %p
  ret void
}
