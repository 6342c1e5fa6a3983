; merge-callers-of-distinct-folds.ll with its functions in reverse order.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @zx_wrap(i16 %x) unnamed_addr {
  %r = call i32 @zx_a(i16 %x)
  ret i32 %r
}

define i32 @zx_b(i16 %x) {
  %r = zext i16 %x to i32
  ret i32 %r
}

define internal i32 @zx_a(i16 %x) {
  %r = zext i16 %x to i32
  ret i32 %r
}

define i32 @sx_wrap(i16 %x) unnamed_addr {
  %r = call i32 @sx_a(i16 %x)
  ret i32 %r
}

define i32 @sx_b(i16 %x) {
  %r = sext i16 %x to i32
  ret i32 %r
}

define internal i32 @sx_a(i16 %x) {
  %r = sext i16 %x to i32
  ret i32 %r
}
