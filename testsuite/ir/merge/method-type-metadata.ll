; Function type metadata is part of a function's identity under CFI: !type
; puts the function in a type's jump table (llvm.type.test on its address
; succeeds), !kcfi_type is the hash checked before an indirect call. Folding
; @impl_b into @impl_a, whose tags differ, by replacing @impl_b's uses would
; make @vtable_b point at a function the CFI check for @impl_b's type rejects
; (after lowertypetests, @check_b folds to "ret i1 false": a trap on a valid
; call). So each function keeps its own tags: either no fold, or G kept as a
; thunk carrying its metadata. The same for !kcfi_type.
; RUN: %ltofold merge %s -o - -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: @vtable_a = constant ptr @impl_a
; CHECK: @vtable_b = constant ptr @impl_b
; CHECK: @kcfi_table = constant [2 x ptr] [ptr @kcfi_a, ptr @kcfi_b]
@vtable_a = constant ptr @impl_a
@vtable_b = constant ptr @impl_b
@kcfi_table = constant [2 x ptr] [ptr @kcfi_a, ptr @kcfi_b]

; CHECK-DAG: define internal i32 @impl_a(ptr %p, i32 %x) unnamed_addr !type [[TYPE_A:![0-9]+]]
define internal i32 @impl_a(ptr %p, i32 %x) unnamed_addr !type !0 {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-DAG: define internal i32 @impl_b(ptr %p, i32 %x) unnamed_addr #{{[0-9]+}} !type [[TYPE_B:![0-9]+]]
define internal i32 @impl_b(ptr %p, i32 %x) unnamed_addr !type !1 {
  %v = load i32, ptr %p, align 4
  %a = add i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-DAG: define internal i32 @kcfi_a(ptr %p, i32 %x) unnamed_addr !kcfi_type [[KCFI_A:![0-9]+]]
define internal i32 @kcfi_a(ptr %p, i32 %x) unnamed_addr !kcfi_type !2 {
  %v = load i32, ptr %p, align 4
  %a = sub i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

; CHECK-DAG: define internal i32 @kcfi_b(ptr %p, i32 %x) unnamed_addr #{{[0-9]+}} !kcfi_type [[KCFI_B:![0-9]+]]
define internal i32 @kcfi_b(ptr %p, i32 %x) unnamed_addr !kcfi_type !3 {
  %v = load i32, ptr %p, align 4
  %a = sub i32 %v, %x
  %m = mul i32 %a, 3
  ret i32 %m
}

declare i1 @llvm.type.test(ptr, metadata)

define i1 @check_b() {
  %f = load ptr, ptr @vtable_b, align 8
  %ok = call i1 @llvm.type.test(ptr %f, metadata !"_ZTSFiPviE.b")
  ret i1 %ok
}

; CHECK-DAG: [[TYPE_A]] = !{i64 0, !"_ZTSFiPviE.a"}
; CHECK-DAG: [[TYPE_B]] = !{i64 0, !"_ZTSFiPviE.b"}
; CHECK-DAG: [[KCFI_A]] = !{i32 12345}
; CHECK-DAG: [[KCFI_B]] = !{i32 67890}
!0 = !{i64 0, !"_ZTSFiPviE.a"}
!1 = !{i64 0, !"_ZTSFiPviE.b"}
!2 = !{i32 12345}
!3 = !{i32 67890}
