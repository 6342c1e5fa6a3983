; Hand-written cases for the comparator's order properties: each group holds
; functions that should compare equal under one of the comparator's rules,
; and near misses that should not. The test checks the order laws over every
; pair and triple of this module, so what matters is that the rules meet
; each other here (coercion next to offsets next to recursion next to
; metadata), not only one rule at a time.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%pair = type { i32, i32, i64 }
%packed = type <{ i8, i64 }>

@g1 = global i64 0
@g2 = global i64 0
@table = constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]

; --- ptr versus i64: a pointer in address space 0 reads as i64 -------------

define i64 @id_i64(i64 %x) {
  ret i64 %x
}

define ptr @id_ptr(ptr %x) {
  ret ptr %x
}

define i32 @id_i32(i32 %x) {
  ret i32 %x
}

define ptr addrspace(1) @id_ptr_as1(ptr addrspace(1) %x) {
  ret ptr addrspace(1) %x
}

define i64 @null_i64() {
  ret i64 0
}

define ptr @null_ptr() {
  ret ptr null
}

define i64 @load_i64(ptr %p) {
  %v = load i64, ptr %p, align 8
  ret i64 %v
}

define ptr @load_ptr(ptr %p) {
  %v = load ptr, ptr %p, align 8
  ret ptr %v
}

; --- GEPs with constant offsets: the same byte offset is the same GEP ------

define ptr @gep_i8_8(ptr %p) {
  %q = getelementptr i8, ptr %p, i64 8
  ret ptr %q
}

define ptr @gep_i64_1(ptr %p) {
  %q = getelementptr i64, ptr %p, i64 1
  ret ptr %q
}

define ptr @gep_struct_field2(ptr %p) {
  %q = getelementptr %pair, ptr %p, i64 0, i32 2
  ret ptr %q
}

define ptr @gep_array_2(ptr %p) {
  %q = getelementptr [4 x i32], ptr %p, i64 0, i64 2
  ret ptr %q
}

define ptr @gep_packed_1(ptr %p) {
  %q = getelementptr %packed, ptr %p, i64 0, i32 1
  ret ptr %q
}

define ptr @gep_i8_1(ptr %p) {
  %q = getelementptr i8, ptr %p, i64 1
  ret ptr %q
}

define ptr @gep_inbounds_i8_8(ptr %p) {
  %q = getelementptr inbounds i8, ptr %p, i64 8
  ret ptr %q
}

define ptr @gep_variable(ptr %p, i64 %i) {
  %q = getelementptr i64, ptr %p, i64 %i
  ret ptr %q
}

define ptr @gep_variable_i32(ptr %p, i64 %i) {
  %q = getelementptr i32, ptr %p, i64 %i
  ret ptr %q
}

define ptr @gep_negative(ptr %p) {
  %q = getelementptr i64, ptr %p, i64 -1
  ret ptr %q
}

define ptr @gep_negative_bytes(ptr %p) {
  %q = getelementptr i8, ptr %p, i64 -8
  ret ptr %q
}

define i32 @gep_const_table() {
  %v = load i32, ptr getelementptr ([4 x i32], ptr @table, i64 0, i64 1), align 4
  ret i32 %v
}

define i32 @gep_const_table_bytes() {
  %v = load i32, ptr getelementptr (i8, ptr @table, i64 4), align 4
  ret i32 %v
}

; --- Recursion: self-reference, mutual recursion, and calls into them ------

define i64 @fact_a(i64 %n) {
entry:
  %small = icmp ult i64 %n, 2
  br i1 %small, label %done, label %recurse
recurse:
  %m = sub i64 %n, 1
  %r = call i64 @fact_a(i64 %m)
  %p = mul i64 %n, %r
  ret i64 %p
done:
  ret i64 1
}

define i64 @fact_b(i64 %n) {
entry:
  %small = icmp ult i64 %n, 2
  br i1 %small, label %done, label %recurse
recurse:
  %m = sub i64 %n, 1
  %r = call i64 @fact_b(i64 %m)
  %p = mul i64 %n, %r
  ret i64 %p
done:
  ret i64 1
}

; Calls fact_a, not itself: not equal to fact_a or fact_b.
define i64 @fact_c(i64 %n) {
entry:
  %small = icmp ult i64 %n, 2
  br i1 %small, label %done, label %recurse
recurse:
  %m = sub i64 %n, 1
  %r = call i64 @fact_a(i64 %m)
  %p = mul i64 %n, %r
  ret i64 %p
done:
  ret i64 1
}

; Calls fact_b: equal to fact_c only if fact_a and fact_b number alike.
define i64 @fact_d(i64 %n) {
entry:
  %small = icmp ult i64 %n, 2
  br i1 %small, label %done, label %recurse
recurse:
  %m = sub i64 %n, 1
  %r = call i64 @fact_b(i64 %m)
  %p = mul i64 %n, %r
  ret i64 %p
done:
  ret i64 1
}

define i1 @even_a(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i1 true
no:
  %m = sub i32 %n, 1
  %r = call i1 @odd_a(i32 %m)
  ret i1 %r
}

define i1 @odd_a(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i1 false
no:
  %m = sub i32 %n, 1
  %r = call i1 @even_a(i32 %m)
  ret i1 %r
}

define i1 @even_b(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i1 true
no:
  %m = sub i32 %n, 1
  %r = call i1 @odd_b(i32 %m)
  ret i1 %r
}

define i1 @odd_b(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i1 false
no:
  %m = sub i32 %n, 1
  %r = call i1 @even_b(i32 %m)
  ret i1 %r
}

; A function whose own address is data, not a call.
define ptr @self_address() {
  ret ptr @self_address
}

define ptr @self_address_twin() {
  ret ptr @self_address_twin
}

define ptr @other_address() {
  ret ptr @self_address
}

; --- Metadata: semantic tags compare, aliasing tags do not ------------------

define i32 @load_range_0_10(ptr %p) {
  %v = load i32, ptr %p, align 4, !range !0
  ret i32 %v
}

define i32 @load_range_0_10_twin(ptr %p) {
  %v = load i32, ptr %p, align 4, !range !1
  ret i32 %v
}

define i32 @load_range_0_20(ptr %p) {
  %v = load i32, ptr %p, align 4, !range !2
  ret i32 %v
}

define i32 @load_plain(ptr %p) {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

define i32 @load_tbaa_int(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !5
  ret i32 %v
}

define i32 @load_tbaa_float(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !7
  ret i32 %v
}

define ptr @load_nonnull(ptr %p) {
  %v = load ptr, ptr %p, align 8, !nonnull !8
  ret ptr %v
}

define ptr @load_nonnull_noundef(ptr %p) {
  %v = load ptr, ptr %p, align 8, !nonnull !8, !noundef !8
  ret ptr %v
}

declare i64 @llvm.read_register.i64(metadata)

define i64 @read_sp() {
  %v = call i64 @llvm.read_register.i64(metadata !9)
  ret i64 %v
}

define i64 @read_sp_twin() {
  %v = call i64 @llvm.read_register.i64(metadata !10)
  ret i64 %v
}

define i64 @read_fp() {
  %v = call i64 @llvm.read_register.i64(metadata !11)
  ret i64 %v
}

; --- Control flow: layout order and unreachable blocks do not matter -------

define i32 @select_layout_a(i1 %c, i32 %x) {
entry:
  br i1 %c, label %then, label %else
then:
  %t = add i32 %x, 1
  br label %join
else:
  %e = mul i32 %x, 3
  br label %join
join:
  %r = phi i32 [ %t, %then ], [ %e, %else ]
  ret i32 %r
}

; The same CFG with the blocks laid out in another order.
define i32 @select_layout_b(i1 %c, i32 %x) {
entry:
  br i1 %c, label %then, label %else
join:
  %r = phi i32 [ %t, %then ], [ %e, %else ]
  ret i32 %r
else:
  %e = mul i32 %x, 3
  br label %join
then:
  %t = add i32 %x, 1
  br label %join
}

; The same again, with a block nothing reaches.
define i32 @select_unreachable(i1 %c, i32 %x) {
entry:
  br i1 %c, label %then, label %else
then:
  %t = add i32 %x, 1
  br label %join
dead:
  %d = sdiv i32 %x, 7
  ret i32 %d
else:
  %e = mul i32 %x, 3
  br label %join
join:
  %r = phi i32 [ %t, %then ], [ %e, %else ]
  ret i32 %r
}

; Phi operands in the other order: same values, same blocks (the
; comparator may or may not see through this; the laws must hold either way).
define i32 @select_phi_swapped(i1 %c, i32 %x) {
entry:
  br i1 %c, label %then, label %else
then:
  %t = add i32 %x, 1
  br label %join
else:
  %e = mul i32 %x, 3
  br label %join
join:
  %r = phi i32 [ %e, %else ], [ %t, %then ]
  ret i32 %r
}

define i32 @switch_a(i32 %x) {
entry:
  switch i32 %x, label %other [ i32 0, label %zero
                                i32 1, label %one ]
zero:
  ret i32 10
one:
  ret i32 20
other:
  ret i32 30
}

define i32 @switch_b(i32 %x) {
entry:
  switch i32 %x, label %other [ i32 1, label %one
                                i32 0, label %zero ]
zero:
  ret i32 10
one:
  ret i32 20
other:
  ret i32 30
}

; --- Constants of many kinds ----------------------------------------------

define double @fp_one() {
  ret double 1.0
}

define double @fp_minus_zero() {
  ret double -0.0
}

define double @fp_zero() {
  ret double 0.0
}

define i128 @wide_big() {
  ret i128 170141183460469231731687303715884105727
}

define i128 @wide_small() {
  ret i128 1
}

define i64 @undef_i64() {
  ret i64 undef
}

define i64 @poison_i64() {
  ret i64 poison
}

define i64 @global_g1() {
  %v = load i64, ptr @g1, align 8
  ret i64 %v
}

define i64 @global_g2() {
  %v = load i64, ptr @g2, align 8
  ret i64 %v
}

define i64 @ptrtoint_g1() {
  ret i64 ptrtoint (ptr @g1 to i64)
}

define ptr @address_g1() {
  ret ptr @g1
}

define <4 x i32> @vector_const() {
  ret <4 x i32> <i32 1, i32 2, i32 3, i32 4>
}

define <4 x i32> @vector_const_other() {
  ret <4 x i32> <i32 1, i32 2, i32 3, i32 5>
}

define { i32, ptr } @struct_const() {
  ret { i32, ptr } { i32 1, ptr @g1 }
}

define { i32, i64 } @struct_const_int() {
  ret { i32, i64 } { i32 1, i64 0 }
}

; --- Flags, attributes, calling conventions --------------------------------

define i32 @add_plain(i32 %a, i32 %b) {
  %r = add i32 %a, %b
  ret i32 %r
}

define i32 @add_nsw(i32 %a, i32 %b) {
  %r = add nsw i32 %a, %b
  ret i32 %r
}

define i32 @add_plain_noinline(i32 %a, i32 %b) noinline {
  %r = add i32 %a, %b
  ret i32 %r
}

define fastcc i32 @add_fastcc(i32 %a, i32 %b) {
  %r = add i32 %a, %b
  ret i32 %r
}

define i32 @add_swapped(i32 %a, i32 %b) {
  %r = add i32 %b, %a
  ret i32 %r
}

define void @varargs(i32 %n, ...) {
  ret void
}

define void @no_varargs(i32 %n) {
  ret void
}

!0 = !{i32 0, i32 10}
!1 = !{i32 0, i32 10}
!2 = !{i32 0, i32 20}
!3 = !{!"root"}
!4 = !{!"int", !3, i64 0}
!5 = !{!4, !4, i64 0}
!6 = !{!"float", !3, i64 0}
!7 = !{!6, !6, i64 0}
!8 = !{}
!9 = !{!"rsp"}
!10 = !{!"rsp"}
!11 = !{!"rbp"}
