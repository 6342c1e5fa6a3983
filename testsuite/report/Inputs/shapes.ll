; C++ names for report-diff-names.test: WeightVisitor::visit for three
; shapes, similar (a constant apart): one merged body,
; _ZN13WeightVisitor5visitERK6Circle.ltofold.similar; area() overloaded for
; four shapes, equal in pairs (Circle and Square, Triangle and Hexagon):
; two groups whose kept functions are overloads of one name; demo::scale
; and demo::resize, equal: a group of its own.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @_ZN13WeightVisitor5visitERK6Circle(i32 %x, i32 %y) {
  %a = mul i32 %x, %y
  %b = add i32 %a, 7
  %c = mul i32 %b, %x
  %d = xor i32 %c, %y
  %e = mul i32 %d, %d
  %f = add i32 %e, %x
  %g = mul i32 %f, %y
  %h = xor i32 %g, %a
  ret i32 %h
}

define i32 @_ZN13WeightVisitor5visitERK6Square(i32 %x, i32 %y) {
  %a = mul i32 %x, %y
  %b = add i32 %a, 8
  %c = mul i32 %b, %x
  %d = xor i32 %c, %y
  %e = mul i32 %d, %d
  %f = add i32 %e, %x
  %g = mul i32 %f, %y
  %h = xor i32 %g, %a
  ret i32 %h
}

define i32 @_ZN13WeightVisitor5visitERK8Triangle(i32 %x, i32 %y) {
  %a = mul i32 %x, %y
  %b = add i32 %a, 9
  %c = mul i32 %b, %x
  %d = xor i32 %c, %y
  %e = mul i32 %d, %d
  %f = add i32 %e, %x
  %g = mul i32 %f, %y
  %h = xor i32 %g, %a
  ret i32 %h
}

define linkonce_odr i32 @_Z4areaRK6Circle(i32 %x) unnamed_addr {
  %a = add i32 %x, 3
  %b = mul i32 %a, %x
  %c = shl i32 %b, 2
  ret i32 %c
}

define linkonce_odr i32 @_Z4areaRK6Square(i32 %x) unnamed_addr {
  %a = add i32 %x, 3
  %b = mul i32 %a, %x
  %c = shl i32 %b, 2
  ret i32 %c
}

define linkonce_odr i32 @_Z4areaRK8Triangle(i32 %x) unnamed_addr {
  %a = sub i32 %x, 5
  %b = sdiv i32 %a, %x
  %c = ashr i32 %b, 1
  ret i32 %c
}

define linkonce_odr i32 @_Z4areaRK7Hexagon(i32 %x) unnamed_addr {
  %a = sub i32 %x, 5
  %b = sdiv i32 %a, %x
  %c = ashr i32 %b, 1
  ret i32 %c
}

define linkonce_odr i32 @_ZN4demo5scaleEi(i32 %x) unnamed_addr {
  %a = xor i32 %x, 12345
  %b = udiv i32 %a, %x
  ret i32 %b
}

define linkonce_odr i32 @_ZN4demo6resizeEi(i32 %x) unnamed_addr {
  %a = xor i32 %x, 12345
  %b = udiv i32 %a, %x
  ret i32 %b
}

define i32 @main(i32 %n) {
  %1 = call i32 @_Z4areaRK6Circle(i32 %n)
  %2 = call i32 @_Z4areaRK6Square(i32 %1)
  %3 = call i32 @_Z4areaRK8Triangle(i32 %2)
  %4 = call i32 @_Z4areaRK7Hexagon(i32 %3)
  %5 = call i32 @_ZN4demo5scaleEi(i32 %4)
  %6 = call i32 @_ZN4demo6resizeEi(i32 %5)
  ret i32 %6
}
