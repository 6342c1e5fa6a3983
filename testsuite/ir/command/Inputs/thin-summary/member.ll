target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; equal to "kept one%", global with a significant address: a thunk
define i64 @"member one%"(i64 %x) {
  %a = mul i64 %x, 7
  %b = add i64 %a, 3
  %c = xor i64 %b, %x
  ret i64 %c
}

; equal to local_kept, local and unnamed_addr: its uses move, it goes
define internal i64 @local_member(i64 %x) unnamed_addr {
  %a = mul i64 %x, 11
  %b = add i64 %a, 5
  %c = xor i64 %b, %x
  ret i64 %c
}

; equal to local_kept, hidden and unnamed_addr: the home defines it as an alias
define hidden i64 @hidden_member(i64 %x) unnamed_addr {
  %a = mul i64 %x, 11
  %b = add i64 %a, 5
  %c = xor i64 %b, %x
  ret i64 %c
}

; equal to local_kept, local and unnamed_addr, but an alias names it: a
; thunk (an alias cannot name the home's symbol, a declaration here)
@alias_of_local = alias i64 (i64), ptr @aliased_local

define internal i64 @aliased_local(i64 %x) unnamed_addr {
  %a = mul i64 %x, 11
  %b = add i64 %a, 5
  %c = xor i64 %b, %x
  ret i64 %c
}

define i64 @use_member(i64 %x) {
  %r = call i64 @local_member(i64 %x)
  %s = call i64 @hidden_member(i64 %r)
  ret i64 %s
}
