; extractvalue and insertvalue that differ only in their index: no merge
; within each pair.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 5 functions, 4 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal i32 @extract_0(
; CHECK-NEXT: %v = load { i32, i32 }, ptr %p, align 4
; CHECK-NEXT: %e = extractvalue { i32, i32 } %v, 0
; CHECK-NEXT: %a = add i32 %e, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @extract_0(ptr %p, i32 %x) unnamed_addr {
  %v = load { i32, i32 }, ptr %p, align 4
  %e = extractvalue { i32, i32 } %v, 0
  %a = add i32 %e, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @extract_1(
; CHECK-NEXT: %v = load { i32, i32 }, ptr %p, align 4
; CHECK-NEXT: %e = extractvalue { i32, i32 } %v, 1
; CHECK-NEXT: %a = add i32 %e, %x
; CHECK-NEXT: ret i32 %a
define internal i32 @extract_1(ptr %p, i32 %x) unnamed_addr {
  %v = load { i32, i32 }, ptr %p, align 4
  %e = extractvalue { i32, i32 } %v, 1
  %a = add i32 %e, %x
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @insert_0(
; CHECK-NEXT: %v = load { i32, i32 }, ptr %p, align 4
; CHECK-NEXT: %i = insertvalue { i32, i32 } %v, i32 %x, 0
; CHECK-NEXT: store { i32, i32 } %i, ptr %p, align 4
; CHECK-NEXT: ret i32 %x
define internal i32 @insert_0(ptr %p, i32 %x) unnamed_addr {
  %v = load { i32, i32 }, ptr %p, align 4
  %i = insertvalue { i32, i32 } %v, i32 %x, 0
  store { i32, i32 } %i, ptr %p, align 4
  ret i32 %x
}

; CHECK-LABEL: define internal i32 @insert_1(
; CHECK-NEXT: %v = load { i32, i32 }, ptr %p, align 4
; CHECK-NEXT: %i = insertvalue { i32, i32 } %v, i32 %x, 1
; CHECK-NEXT: store { i32, i32 } %i, ptr %p, align 4
; CHECK-NEXT: ret i32 %x
define internal i32 @insert_1(ptr %p, i32 %x) unnamed_addr {
  %v = load { i32, i32 }, ptr %p, align 4
  %i = insertvalue { i32, i32 } %v, i32 %x, 1
  store { i32, i32 } %i, ptr %p, align 4
  ret i32 %x
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @extract_0(
; CHECK: call i32 @extract_1(
; CHECK: call i32 @insert_0(
; CHECK: call i32 @insert_1(
define i32 @caller(ptr %p, i32 %x) {
  %r0 = call i32 @extract_0(ptr %p, i32 %x)
  %r1 = call i32 @extract_1(ptr %p, i32 %x)
  %r2 = call i32 @insert_0(ptr %p, i32 %x)
  %r3 = call i32 @insert_1(ptr %p, i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  ret i32 %s2
}
