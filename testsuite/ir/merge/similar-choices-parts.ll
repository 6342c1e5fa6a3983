; A group whose odd member needs a choice and more parameters merges in
; parts when the parts save more: here every thunk of the whole group would
; pass three constants (32 bytes with alignment), while the three members
; without the choice pass one (16 bytes). The whole group would save bytes
; too, but fewer. So @is_flag, which compares the other way with another
; mask, stays as it was, and the others merge.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s
; RUN: %ltofold merge %s -o %t.bc --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; STATS: similar: 3 functions into 1 merged body, 1 parameter, 0 choices
; STATS-NEXT: similar skipped: unprofitable 1
; STATS-NEXT: certified 3

; CHECK-LABEL: define i32 @is_number(
; CHECK-NEXT: tail call i32 @{{is_[a-z]+}}.ltofold.similar(ptr %item, i32 8)
; CHECK-LABEL: define i32 @is_string(
; CHECK-NEXT: tail call i32 @{{is_[a-z]+}}.ltofold.similar(ptr %item, i32 16)
; CHECK-LABEL: define i32 @is_array(
; CHECK-NEXT: tail call i32 @{{is_[a-z]+}}.ltofold.similar(ptr %item, i32 32)
; CHECK-LABEL: define i32 @is_flag(
; CHECK-NEXT: %null = icmp eq ptr %item, null

define i32 @is_number(ptr %item) {
  %null = icmp eq ptr %item, null
  br i1 %null, label %out, label %test
test:
  %at = getelementptr inbounds i8, ptr %item, i64 24
  %raw = load i32, ptr %at, align 8
  %mixed = mul i32 %raw, %raw
  %spread = xor i32 %mixed, %raw
  %type = lshr i32 %spread, 3
  %low = and i32 %type, 255
  %is = icmp eq i32 %low, 8
  %wide = zext i1 %is to i32
  br label %out
out:
  %r = phi i32 [ 0, %0 ], [ %wide, %test ]
  ret i32 %r
}

define i32 @is_string(ptr %item) {
  %null = icmp eq ptr %item, null
  br i1 %null, label %out, label %test
test:
  %at = getelementptr inbounds i8, ptr %item, i64 24
  %raw = load i32, ptr %at, align 8
  %mixed = mul i32 %raw, %raw
  %spread = xor i32 %mixed, %raw
  %type = lshr i32 %spread, 3
  %low = and i32 %type, 255
  %is = icmp eq i32 %low, 16
  %wide = zext i1 %is to i32
  br label %out
out:
  %r = phi i32 [ 0, %0 ], [ %wide, %test ]
  ret i32 %r
}

define i32 @is_array(ptr %item) {
  %null = icmp eq ptr %item, null
  br i1 %null, label %out, label %test
test:
  %at = getelementptr inbounds i8, ptr %item, i64 24
  %raw = load i32, ptr %at, align 8
  %mixed = mul i32 %raw, %raw
  %spread = xor i32 %mixed, %raw
  %type = lshr i32 %spread, 3
  %low = and i32 %type, 255
  %is = icmp eq i32 %low, 32
  %wide = zext i1 %is to i32
  br label %out
out:
  %r = phi i32 [ 0, %0 ], [ %wide, %test ]
  ret i32 %r
}

define i32 @is_flag(ptr %item) {
  %null = icmp eq ptr %item, null
  br i1 %null, label %out, label %test
test:
  %at = getelementptr inbounds i8, ptr %item, i64 24
  %raw = load i32, ptr %at, align 8
  %mixed = mul i32 %raw, %raw
  %spread = xor i32 %mixed, %raw
  %type = lshr i32 %spread, 3
  %low = and i32 %type, 3
  %is = icmp ne i32 %low, 0
  %wide = zext i1 %is to i32
  br label %out
out:
  %r = phi i32 [ 0, %0 ], [ %wide, %test ]
  ret i32 %r
}
