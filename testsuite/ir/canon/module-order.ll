; The module's global variables, function definitions, declarations and
; aliases are sorted by name, so attribute group numbers follow a
; canonical order too.
; RUN: %ltofold canon %s -S -o - | FileCheck %s

; CHECK: @apple = global i32 1
; CHECK-NEXT: @mango = global i32 2
; CHECK-NEXT: @zebra = global i32 3
; CHECK: @first = alias i32 (), ptr @late
; CHECK-NEXT: @second = alias i32 (), ptr @early
; CHECK: define i32 @early() #[[EARLY:[0-9]+]]
; CHECK: define i32 @late() #[[LATE:[0-9]+]]
; CHECK: declare void @a_declared()
; CHECK: declare void @b_declared()
; CHECK: attributes #[[EARLY]] = { noinline }
; CHECK: attributes #[[LATE]] = { cold }
@zebra = global i32 3
@apple = global i32 1
@second = alias i32 (), ptr @early
@first = alias i32 (), ptr @late
declare void @b_declared()

define i32 @late() cold {
  call void @a_declared()
  ret i32 1
}

declare void @a_declared()

define i32 @early() noinline {
  call void @b_declared()
  ret i32 2
}

@mango = global i32 2

; Idempotent, and the first attribute group is the first function's.
; RUN: %ltofold canon %s -S -o %t.once.ll
; RUN: %ltofold canon %t.once.ll -S -o %t.twice.ll
; RUN: tail -n +3 %t.once.ll > %t.once.body
; RUN: tail -n +3 %t.twice.ll > %t.twice.body
; RUN: cmp %t.once.body %t.twice.body
; RUN: FileCheck %s --check-prefix=GROUPS < %t.once.ll
; GROUPS: define i32 @early() #0
; GROUPS: define i32 @late() #1
