; Scalable vectors (AArch64 SVE, RISC-V V): a type whose size is a multiple
; of vscale has no size in bytes before run time. Every phase reads such
; code and leaves what needs a size alone instead of aborting ("Cannot
; implicitly convert a scalable size to a fixed-width size"): the GEPs over
; <vscale x 4 x i32> compare by their indices, so the twins still fold.
; RUN: %ltofold merge %s -o - -S --verify | FileCheck %s
; RUN: %ltofold merge %s -o %t.canon.bc --canon --merge-canon --verify
; RUN: %ltofold fprange %s -o %t.fprange.bc --verify
; RUN: %ltofold canon %s -o %t.canon-only.bc --verify
; RUN: %ltofold merge %s -o %t.similar.ll -S --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: 3 folded
; STATS: similar: 2 functions into 1 merged body

target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128"
target triple = "aarch64-unknown-linux-gnu"

%pair = type { <vscale x 4 x i32>, <vscale x 4 x i32> }

; CHECK-LABEL: define i32 @twin_a(
define i32 @twin_a(ptr %p, ptr %q) {
  %a = getelementptr <vscale x 4 x i32>, ptr %p, i64 3
  %b = getelementptr inbounds <vscale x 4 x i32>, ptr %a, i64 1, i64 2
  %c = getelementptr <vscale x 4 x i32>, ptr %q, i64 1
  %v = load %pair, ptr %c
  %w = extractvalue %pair %v, 1
  %e = extractelement <vscale x 4 x i32> %w, i64 0
  %s = load i32, ptr %b
  %r = add i32 %e, %s
  ret i32 %r
}

; CHECK-LABEL: define i32 @twin_b(
; CHECK-NEXT: tail call i32 @twin_a(ptr %p, ptr %q)
define i32 @twin_b(ptr %p, ptr %q) {
  %a = getelementptr <vscale x 4 x i32>, ptr %p, i64 3
  %b = getelementptr inbounds <vscale x 4 x i32>, ptr %a, i64 1, i64 2
  %c = getelementptr <vscale x 4 x i32>, ptr %q, i64 1
  %v = load %pair, ptr %c
  %w = extractvalue %pair %v, 1
  %e = extractelement <vscale x 4 x i32> %w, i64 0
  %s = load i32, ptr %b
  %r = add i32 %e, %s
  ret i32 %r
}

; Equal up to a constant: merged with it as a parameter (unnamed_addr, so
; that the calls pass the constant and both go: as thunks, each keeping an
; unwind entry, they would not pay on AArch64).
define internal <vscale x 2 x double> @scale_a(<vscale x 2 x double> %x, ptr %p) unnamed_addr {
  %g = getelementptr <vscale x 2 x double>, ptr %p, i64 4
  %l = load <vscale x 2 x double>, ptr %g
  %m = fmul <vscale x 2 x double> %x, %l
  %n = fadd <vscale x 2 x double> %m, splat (double 1.5)
  %k = fmul <vscale x 2 x double> %n, %m
  %j = fadd <vscale x 2 x double> %k, %l
  %i = fmul <vscale x 2 x double> %j, %n
  ret <vscale x 2 x double> %i
}

define internal <vscale x 2 x double> @scale_b(<vscale x 2 x double> %x, ptr %p) unnamed_addr {
  %g = getelementptr <vscale x 2 x double>, ptr %p, i64 5
  %l = load <vscale x 2 x double>, ptr %g
  %m = fmul <vscale x 2 x double> %x, %l
  %n = fadd <vscale x 2 x double> %m, splat (double 1.5)
  %k = fmul <vscale x 2 x double> %n, %m
  %j = fadd <vscale x 2 x double> %k, %l
  %i = fmul <vscale x 2 x double> %j, %n
  ret <vscale x 2 x double> %i
}

define <vscale x 2 x double> @use(<vscale x 2 x double> %x, ptr %p) {
  %a = call <vscale x 2 x double> @scale_a(<vscale x 2 x double> %x, ptr %p)
  %b = call <vscale x 2 x double> @scale_b(<vscale x 2 x double> %a, ptr %p)
  %c = fcmp olt <vscale x 2 x double> %b, zeroinitializer
  %d = select <vscale x 2 x i1> %c, <vscale x 2 x double> %a, <vscale x 2 x double> %b
  ret <vscale x 2 x double> %d
}
