; Functions equal up to integer, FP and global constants merge into one body
; that takes the constants as parameters.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s
; RUN: %ltofold merge %s -o %t.bc --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %ltofold merge %s -o - -S --merge-similar=false | FileCheck %s --check-prefix=OFF

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@red = global i32 0
@blue = global i32 0

; STATS: similar: 3 functions into 1 merged body, 3 parameters
; OFF-NOT: ltofold.similar

; The offset, the scale and the counter differ; the mask (255) does not, and
; the offset and the compare bound are the same in every member: one
; parameter for both.
define internal i32 @paint_red(i32 %x, double %w) unnamed_addr {
  %a = add i32 %x, 10
  %b = and i32 %a, 255
  %c = icmp sgt i32 %b, 10
  %d = sitofp i32 %b to double
  %e = fmul double %d, 1.500000e+00
  %f = fadd double %e, %w
  %g = fptosi double %f to i32
  %h = select i1 %c, i32 %g, i32 0
  %x1 = mul i32 %x, %x
  %x2 = xor i32 %x1, %b
  %x3 = mul i32 %x2, %x
  %x4 = add i32 %x3, %x1
  %x5 = mul i32 %x4, %x4
  %x6 = xor i32 %x5, %x3
  %x7 = mul i32 %x6, %x
  %x8 = add i32 %x7, %x2
  %old = load i32, ptr @red
  %h2 = add i32 %h, %x8
  %new = add i32 %old, %h2
  store i32 %new, ptr @red
  ret i32 %new
}

define internal i32 @paint_blue(i32 %x, double %w) unnamed_addr {
  %a = add i32 %x, 20
  %b = and i32 %a, 255
  %c = icmp sgt i32 %b, 20
  %d = sitofp i32 %b to double
  %e = fmul double %d, 2.500000e+00
  %f = fadd double %e, %w
  %g = fptosi double %f to i32
  %h = select i1 %c, i32 %g, i32 0
  %x1 = mul i32 %x, %x
  %x2 = xor i32 %x1, %b
  %x3 = mul i32 %x2, %x
  %x4 = add i32 %x3, %x1
  %x5 = mul i32 %x4, %x4
  %x6 = xor i32 %x5, %x3
  %x7 = mul i32 %x6, %x
  %x8 = add i32 %x7, %x2
  %old = load i32, ptr @blue
  %h2 = add i32 %h, %x8
  %new = add i32 %old, %h2
  store i32 %new, ptr @blue
  ret i32 %new
}

; Exported: it keeps its symbol, as a thunk, and its callers keep calling
; it (passing the constants at each call would cost bytes the thunk saves).
define i32 @paint_green(i32 %x, double %w) {
  %a = add i32 %x, 30
  %b = and i32 %a, 255
  %c = icmp sgt i32 %b, 30
  %d = sitofp i32 %b to double
  %e = fmul double %d, 3.500000e+00
  %f = fadd double %e, %w
  %g = fptosi double %f to i32
  %h = select i1 %c, i32 %g, i32 0
  %x1 = mul i32 %x, %x
  %x2 = xor i32 %x1, %b
  %x3 = mul i32 %x2, %x
  %x4 = add i32 %x3, %x1
  %x5 = mul i32 %x4, %x4
  %x6 = xor i32 %x5, %x3
  %x7 = mul i32 %x6, %x
  %x8 = add i32 %x7, %x2
  %old = load i32, ptr @blue
  %h2 = add i32 %h, %x8
  %new = add i32 %old, %h2
  store i32 %new, ptr @blue
  ret i32 %new
}

; Callers of the local members pass the constants themselves; the local
; members are gone.
; CHECK-LABEL: define i32 @paint_green(i32 %x, double %w)
; CHECK-NEXT: %1 = tail call i32 @paint_blue.ltofold.similar(i32 %x, double %w, i32 30, double 3.500000e+00, ptr @blue)
; CHECK-NEXT: ret i32 %1
; CHECK-LABEL: define i32 @main(
; CHECK-NEXT: %r = call i32 @paint_blue.ltofold.similar(i32 %n, double 1.000000e+00, i32 10, double 1.500000e+00, ptr @red)
; CHECK-NEXT: %s = call i32 @paint_blue.ltofold.similar(i32 %n, double 2.000000e+00, i32 20, double 2.500000e+00, ptr @blue)
; CHECK-NEXT: %t = call i32 @paint_green(i32 %n, double 3.000000e+00)
define i32 @main(i32 %n) {
  %r = call i32 @paint_red(i32 %n, double 1.0)
  %s = call i32 @paint_blue(i32 %n, double 2.0)
  %t = call i32 @paint_green(i32 %n, double 3.0)
  %u = add i32 %r, %s
  %v = add i32 %u, %t
  ret i32 %v
}

; CHECK-LABEL: define internal i32 @paint_blue.ltofold.similar(i32 %x, double %w, i32 %0, double %1, ptr %2) unnamed_addr
; CHECK-NEXT: %a = add i32 %x, %0
; CHECK-NEXT: %b = and i32 %a, 255
; CHECK-NEXT: %c = icmp sgt i32 %b, %0
; CHECK: %e = fmul double %d, %1
; CHECK: %old = load i32, ptr %2
; CHECK: store i32 %new, ptr %2
; CHECK-NOT: define {{.*}}@paint_red
; CHECK-NOT: define {{.*}}@paint_blue(
