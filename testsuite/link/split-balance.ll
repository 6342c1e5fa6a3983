; The cut into parts for code generation (split_module.h) packs the parts by
; size: each group of what must stay together (a function, with here the
; locals @helper and the unnamed @0 their only users keep, and the alias
; @s3.alias with @s3), the
; heaviest first, into the part with the fewest instructions so far. @big
; has as many instructions as the six small functions together and more:
; it is one part alone, they are the other. Spread by the hashes of their
; names, as LLVM's SplitModule does, the six would land in both parts.
; RUN: rm -rf %t && mkdir -p %t
; RUN: %ltofold thin-merge --merge=false --parts 2 -o %t/part %s
; RUN: opt -passes=verify -disable-output %t/part.0.bc
; RUN: opt -passes=verify -disable-output %t/part.1.bc
; RUN: llvm-dis %t/part.0.bc -o - | FileCheck %s --check-prefix=PART0
; RUN: llvm-dis %t/part.1.bc -o - | FileCheck %s --check-prefix=PART1
; PART0:     define {{.*}}i32 @big(
; PART0-NOT: define {{.*}}@s{{[0-9]}}(
; PART0-NOT: define {{.*}}@helper(
; PART1-NOT: define {{.*}}@big(
; PART1-DAG: define {{.*}}i32 @s1(
; PART1-DAG: define {{.*}}i32 @s2(
; PART1-DAG: define {{.*}}i32 @s3(
; PART1-DAG: define {{.*}}i32 @s4(
; PART1-DAG: define {{.*}}i32 @s5(
; PART1-DAG: define {{.*}}i32 @s6(
; PART1-DAG: define internal i32 @helper(
; PART1-DAG: define internal i32 @__ltofold_unnamed(
; PART1-DAG: @s3.alias = alias

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@s3.alias = alias i32 (i32), ptr @s3

define i32 @big(i32 %x) {
  %v0 = add i32 %x, 1
  %v1 = mul i32 %v0, 3
  %v2 = mul i32 %v1, 4
  %v3 = mul i32 %v2, 5
  %v4 = mul i32 %v3, 6
  %v5 = mul i32 %v4, 7
  %v6 = mul i32 %v5, 8
  %v7 = mul i32 %v6, 9
  %v8 = mul i32 %v7, 10
  %v9 = mul i32 %v8, 11
  %v10 = mul i32 %v9, 12
  %v11 = mul i32 %v10, 13
  %v12 = mul i32 %v11, 14
  %v13 = mul i32 %v12, 15
  %v14 = mul i32 %v13, 16
  %v15 = mul i32 %v14, 17
  %v16 = mul i32 %v15, 18
  %v17 = mul i32 %v16, 19
  %v18 = mul i32 %v17, 20
  %v19 = mul i32 %v18, 21
  %v20 = mul i32 %v19, 22
  %v21 = mul i32 %v20, 23
  %v22 = mul i32 %v21, 24
  %v23 = mul i32 %v22, 25
  %v24 = mul i32 %v23, 26
  %v25 = mul i32 %v24, 27
  %v26 = mul i32 %v25, 28
  %v27 = mul i32 %v26, 29
  %v28 = mul i32 %v27, 30
  %v29 = mul i32 %v28, 31
  %v30 = mul i32 %v29, 32
  %v31 = mul i32 %v30, 33
  %v32 = mul i32 %v31, 34
  %v33 = mul i32 %v32, 35
  %v34 = mul i32 %v33, 36
  %v35 = mul i32 %v34, 37
  %v36 = mul i32 %v35, 38
  %v37 = mul i32 %v36, 39
  %v38 = mul i32 %v37, 40
  %v39 = mul i32 %v38, 41
  %v40 = mul i32 %v39, 42
  %v41 = mul i32 %v40, 43
  %v42 = mul i32 %v41, 44
  %v43 = mul i32 %v42, 45
  %v44 = mul i32 %v43, 46
  %v45 = mul i32 %v44, 47
  %v46 = mul i32 %v45, 48
  %v47 = mul i32 %v46, 49
  %v48 = mul i32 %v47, 50
  %v49 = mul i32 %v48, 51
  %v50 = mul i32 %v49, 52
  %v51 = mul i32 %v50, 53
  %v52 = mul i32 %v51, 54
  %v53 = mul i32 %v52, 55
  %v54 = mul i32 %v53, 56
  %v55 = mul i32 %v54, 57
  %v56 = mul i32 %v55, 58
  %v57 = mul i32 %v56, 59
  %v58 = mul i32 %v57, 60
  %v59 = mul i32 %v58, 61
  ret i32 %v59
}

define internal i32 @0(i32 %x) {
  %a = or i32 %x, 12
  ret i32 %a
}

define internal i32 @helper(i32 %x) {
  %a = xor i32 %x, 77
  ret i32 %a
}

define i32 @s1(i32 %x) {
  %a = add i32 %x, 11
  %b = shl i32 %a, 1
  %c = sub i32 %b, 5
  ret i32 %c
}

define i32 @s2(i32 %x) {
  %a = add i32 %x, 22
  %b = shl i32 %a, 2
  %c = sub i32 %b, 10
  %h = call i32 @helper(i32 %c)
  ret i32 %h
}

define i32 @s3(i32 %x) {
  %a = add i32 %x, 33
  %b = shl i32 %a, 3
  %c = sub i32 %b, 15
  ret i32 %c
}

define i32 @s4(i32 %x) {
  %a = add i32 %x, 44
  %b = shl i32 %a, 4
  %c = sub i32 %b, 20
  %u = call i32 @0(i32 %c)
  ret i32 %u
}

define i32 @s5(i32 %x) {
  %a = add i32 %x, 55
  %b = shl i32 %a, 5
  %c = sub i32 %b, 25
  ret i32 %c
}

define i32 @s6(i32 %x) {
  %a = add i32 %x, 66
  %b = shl i32 %a, 6
  %c = sub i32 %b, 30
  ret i32 %c
}
