; valid.ll with one function changed, for ltofold diff.
target triple = "x86_64-pc-linux-gnu"

define i32 @twice_a(i32 %x) {
  %y = shl i32 %x, 2
  %z = add i32 %y, 0
  ret i32 %z
}

define i32 @twice_b(i32 %x) {
  %y = shl i32 %x, 1
  %z = add i32 %y, 0
  ret i32 %z
}
