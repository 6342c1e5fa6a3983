; --report writes a JSON report: counts, methods, skips, and the folds grouped
; by kept function with each folded symbol's method. Here @f keeps the body,
; @g_internal is replaced, @g_alias becomes an alias and @g_thunk a thunk
; (the addresses of @f and @g_thunk are both significant).
; RUN: rm -f %t.json
; RUN: %ltofold merge %s -o %t.bc --report %t.json
; RUN: FileCheck %s < %t.json
; RUN: %validate-report %t.json

; CHECK: "tool": "ltofold"
; CHECK: "schema": 1
; CHECK: "inputs": ["{{.*}}report-json.ll"]
; CHECK: "name": "merge"
; CHECK: "merge": {
; CHECK-NEXT: "functions": 5,
; CHECK-NEXT: "candidates": 4,
; CHECK-NEXT: "merged": 3,
; CHECK-NEXT: "merged_recursive": 0,
; CHECK: "methods": {
; CHECK-NEXT: "replaced": 1,
; CHECK-NEXT: "alias": 1,
; CHECK-NEXT: "thunk": 1,
; CHECK-NEXT: "callers": 0
; CHECK: "skipped": {
; CHECK-NEXT: "naked": 0,
; CHECK: "groups": [{
; CHECK-NEXT: "kept": "f",
; CHECK-NEXT: "folded": [{
; CHECK-NEXT: "symbol": "g_alias",
; CHECK-NEXT: "method": "alias",
; CHECK: "symbol": "g_internal",
; CHECK-NEXT: "method": "replaced",
; CHECK-NEXT: "instructions": 4,
; CHECK-NEXT: "recursive_group": false
; CHECK: "symbol": "g_thunk",
; CHECK-NEXT: "method": "thunk",
; CHECK: "totals": {
; CHECK-NEXT: "functions_folded": 3,
; CHECK-NEXT: "instructions_folded": 12

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@table = global ptr @g_thunk

define i32 @f(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define internal i32 @g_internal(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define i32 @g_alias(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define i32 @g_thunk(ptr %p, i32 %x) {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

define i32 @caller(ptr %p, i32 %x) {
  %1 = call i32 @g_internal(ptr %p, i32 %x)
  ret i32 %1
}
