target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i64 @"kept one%"(i64 %x) {
  %a = mul i64 %x, 7
  %b = add i64 %a, 3
  %c = xor i64 %b, %x
  ret i64 %c
}

define internal i64 @local_kept(i64 %x) unnamed_addr {
  %a = mul i64 %x, 11
  %b = add i64 %a, 5
  %c = xor i64 %b, %x
  ret i64 %c
}

define i64 @use_home(i64 %x) {
  %r = call i64 @local_kept(i64 %x)
  ret i64 %r
}
