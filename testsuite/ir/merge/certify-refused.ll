; A fold that does not check (merge/certify.c) is never made: each fold is
; checked just before it is made, and a similar group with a member that
; does not check does not merge; the member refused takes no further part,
; the next round merges the others, the report counts it under skipped:
; certification, and a warning names it. The bug here is one on purpose
; (--merge-test-break: the similar fold of @b passes a wrong constant);
; certification is on by default, so no option turns it on (lit's
; LTOFOLD_OPTIONS=verify, which would, is unset).
; RUN: env LTOFOLD_OPTIONS= %ltofold merge %s -o %t.ll -S --stats --merge-test-break=b --report %t.json 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=ERR < %t.err
; RUN: %validate-report %t.json
; RUN: %python -c "import json,sys; m=json.load(open(sys.argv[1]))['merge']; print(m['skipped']['certification'], m['merged'])" %t.json | FileCheck %s --check-prefix=REPORT
; Without the bug, the group of three folds.
; RUN: %ltofold merge %s -o - -S | FileCheck %s --check-prefix=FOLDED
; With certification off, the wrong fold goes through: the test can fail.
; RUN: env LTOFOLD_OPTIONS= %ltofold merge %s -o - -S --certify=false --merge-test-break=b | FileCheck %s --check-prefix=UNCHECKED

; ERR: ltofold: warning: merge: folds of 'b' did not check (certify.c); left unfolded (please report)
; ERR: skipped: certification 1
; REPORT: 1 3

; The twins fold, @a and @c fold into one body, @b keeps its own:
; CHECK-NOT: define {{.*}}@a(
; CHECK-LABEL: define internal i32 @b(
; CHECK: add i32 %1, 12
; CHECK-NOT: define {{.*}}@c(
; CHECK-NOT: define {{.*}}@t2(
; CHECK-LABEL: define i32 @main(
; CHECK-NEXT: call i32 @a.ltofold.similar(i32 %n, i32 11)
; CHECK-NEXT: call i32 @b(
; CHECK-NEXT: call i32 @a.ltofold.similar(i32 %2, i32 13)
; CHECK-NEXT: call i32 @t1(
; CHECK-NEXT: call i32 @t1(
; CHECK: define internal i32 @a.ltofold.similar(

; FOLDED: call i32 @a.ltofold.similar(i32 %1, i32 12)
; UNCHECKED: call i32 @a.ltofold.similar(i32 %1, i32 13)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define internal i32 @a(i32 %x) unnamed_addr {
  %1 = mul i32 %x, 3
  %2 = add i32 %1, 11
  %3 = mul i32 %2, %x
  %4 = xor i32 %3, 7
  %5 = mul i32 %4, %4
  %6 = add i32 %5, %x
  ret i32 %6
}

define internal i32 @b(i32 %x) unnamed_addr {
  %1 = mul i32 %x, 3
  %2 = add i32 %1, 12
  %3 = mul i32 %2, %x
  %4 = xor i32 %3, 7
  %5 = mul i32 %4, %4
  %6 = add i32 %5, %x
  ret i32 %6
}

define internal i32 @c(i32 %x) unnamed_addr {
  %1 = mul i32 %x, 3
  %2 = add i32 %1, 13
  %3 = mul i32 %2, %x
  %4 = xor i32 %3, 7
  %5 = mul i32 %4, %4
  %6 = add i32 %5, %x
  ret i32 %6
}

define internal i32 @t1(i32 %x) unnamed_addr {
  %1 = sub i32 %x, 5
  %2 = mul i32 %1, %1
  ret i32 %2
}

define internal i32 @t2(i32 %x) unnamed_addr {
  %1 = sub i32 %x, 5
  %2 = mul i32 %1, %1
  ret i32 %2
}

define i32 @main(i32 %n) {
  %1 = call i32 @a(i32 %n)
  %2 = call i32 @b(i32 %1)
  %3 = call i32 @c(i32 %2)
  %4 = call i32 @t1(i32 %3)
  %5 = call i32 @t2(i32 %4)
  ret i32 %5
}
