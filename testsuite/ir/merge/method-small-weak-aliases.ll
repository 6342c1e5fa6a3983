; Two weak functions too small for a thunk (a thunk is a call and a return)
; still fold when both may become aliases: the body moves to a new local
; function and both weak symbols become aliases of it, as large as nothing.
; Where an alias is not allowed (--aliases=false), they are left alone.
; RUN: %ltofold merge %s -o - -S --verify --stats 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS --input-file %t.stats
; RUN: %ltofold merge %s -o - -S --aliases=false --stats 2>&1 >/dev/null | FileCheck %s --check-prefix=NO-ALIAS

; STATS: 1 folded
; STATS-NEXT: alias 1
; NO-ALIAS: 0 folded
; NO-ALIAS: skipped: too-small-for-thunk 1

; CHECK-DAG: @small_a = weak unnamed_addr alias i32 (i32), ptr @small_a.ltofold.body
; CHECK-DAG: @small_b = weak unnamed_addr alias i32 (i32), ptr @small_a.ltofold.body
; CHECK-DAG: define internal i32 @small_a.ltofold.body(i32 %x) unnamed_addr {

target triple = "x86_64-pc-linux-gnu"

define weak i32 @small_a(i32 %x) unnamed_addr {
  %y = mul i32 %x, 7
  ret i32 %y
}

define weak i32 @small_b(i32 %x) unnamed_addr {
  %y = mul i32 %x, 7
  ret i32 %y
}
