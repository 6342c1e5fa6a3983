; A module with one syntax error, on line 6: `add` lacks its second operand.
target triple = "x86_64-pc-linux-gnu"

define i32 @f(i32 %x) {
entry:
  %y = add i32 %x, ret
  ret i32 %y
}
