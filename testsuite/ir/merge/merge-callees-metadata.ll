; !callees promises which functions an indirect call may reach; it is a fact
; about one body. Functions equal but for it fold, and the kept body keeps a
; !callees only where every folded function had the same one: after folding
; dispatch_red into dispatch_blue, the kept call must not promise @blue
; alone, since dispatch_red's callers pass @red.
; RUN: %ltofold merge %s -o - -S --verify --stats 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS --input-file %t.stats

; STATS: ltofold merge: 6 functions, 3 candidates, 2 folded

target triple = "x86_64-pc-linux-gnu"

define internal i32 @blue(i32 %x) {
  ret i32 %x
}

define internal i32 @red(i32 %x) {
  %y = sub i32 0, %x
  ret i32 %y
}

; The survivor's call has no !callees left.
; CHECK-LABEL: define internal i32 @dispatch_blue(
; CHECK: call i32 %fn(i32 %t){{$}}
define internal i32 @dispatch_blue(ptr %fn, i32 %x) {
  %t = mul i32 %x, 3
  %r = call i32 %fn(i32 %t), !callees !0
  %s = add i32 %r, 1
  ret i32 %s
}

define internal i32 @dispatch_red(ptr %fn, i32 %x) {
  %t = mul i32 %x, 3
  %r = call i32 %fn(i32 %t), !callees !1
  %s = add i32 %r, 1
  ret i32 %s
}

define internal i32 @dispatch_unknown(ptr %fn, i32 %x) {
  %t = mul i32 %x, 3
  %r = call i32 %fn(i32 %t)
  %s = add i32 %r, 1
  ret i32 %s
}

; CHECK-LABEL: define i32 @main(
; CHECK-NEXT: call i32 @dispatch_blue(ptr @blue,
; CHECK-NEXT: call i32 @dispatch_blue(ptr @red,
; CHECK-NEXT: call i32 @dispatch_blue(ptr @red,
define i32 @main(i32 %x) {
  %a = call i32 @dispatch_blue(ptr @blue, i32 %x)
  %b = call i32 @dispatch_red(ptr @red, i32 %x)
  %c = call i32 @dispatch_unknown(ptr @red, i32 %x)
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  ret i32 %abc
}

; CHECK-NOT: !callees
!0 = !{ptr @blue}
!1 = !{ptr @red}
