target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; equal to local_kept, hidden and unnamed_addr; it promises noundef, which
; the others do not
define hidden i64 @hidden_two(i64 noundef %x) unnamed_addr {
  %a = mul i64 %x, 11
  %b = add i64 %a, 5
  %c = xor i64 %b, %x
  ret i64 %c
}

define i64 @use_third(i64 %x) {
  %r = call i64 @hidden_two(i64 %x)
  ret i64 %r
}
