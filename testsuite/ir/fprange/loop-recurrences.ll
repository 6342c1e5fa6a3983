; Recurrences in counted loops (issue 38, item 1), in the shapes clang -O2
; leaves for C loops `for (i = 0; i < min(n, N); i++) s OP= a[i]`: the
; trip count is an llvm.umin of the argument, zero-extended, and the loop
; leaves when the counter's next value equals it.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s
; RUN: %ltofold fprange --print %s | FileCheck %s --check-prefix=PRINT

declare i32 @llvm.umin.i32(i32, i32)
declare float @llvm.floor.f32(float)

; A float sum of at most 100 addends in [0, 1] stays below 101: the
; trip count is at most 100 (the llvm.umin's range), so the header sees at
; most 99 trips' sum, 99 and the rounding of 99 additions.
; PRINT-LABEL: function @sum_below_bound
; PRINT: %s = phi float
; PRINT-NEXT: min: 0 max: 99.0006{{[0-9]*}} isInteger: 0 nan: 0 +inf: 0
; CHECK-LABEL: @sum_below_bound(
; CHECK: exit:
; CHECK-NEXT: br label %done
define i1 @sum_below_bound(ptr %p, i32 %n) {
entry:
  %empty = icmp eq i32 %n, 0
  br i1 %empty, label %done, label %preheader
preheader:
  %m = call i32 @llvm.umin.i32(i32 %n, i32 100)
  %count = zext nneg i32 %m to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %preheader ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %preheader ], [ %s.next, %loop ]
  %a = getelementptr inbounds nuw i8, ptr %p, i64 %i
  %b = load i8, ptr %a
  %x = uitofp i8 %b to float
  %t = fdiv float %x, 255.0
  %s.next = fadd float %s, %t
  %i.next = add nuw nsw i64 %i, 1
  %stop = icmp eq i64 %i.next, %count
  br i1 %stop, label %exit, label %loop
exit:
  %c = fcmp ogt float %s.next, 101.0
  br label %done
done:
  %r = phi i1 [ false, %entry ], [ %c, %exit ]
  ret i1 %r
}

; The same sum against 99, which 100 addends of 1 pass: must not fold.
; CHECK-LABEL: @sum_reaches_bound(
; CHECK: %c = fcmp ogt float %s.next, 9.900000e+01
define i1 @sum_reaches_bound(ptr %p, i32 %n) {
entry:
  %empty = icmp eq i32 %n, 0
  br i1 %empty, label %done, label %preheader
preheader:
  %m = call i32 @llvm.umin.i32(i32 %n, i32 100)
  %count = zext nneg i32 %m to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %preheader ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %preheader ], [ %s.next, %loop ]
  %a = getelementptr inbounds nuw i8, ptr %p, i64 %i
  %b = load i8, ptr %a
  %x = uitofp i8 %b to float
  %t = fdiv float %x, 255.0
  %s.next = fadd float %s, %t
  %i.next = add nuw nsw i64 %i, 1
  %stop = icmp eq i64 %i.next, %count
  br i1 %stop, label %exit, label %loop
exit:
  %c = fcmp ogt float %s.next, 99.0
  br label %done
done:
  %r = phi i1 [ false, %entry ], [ %c, %exit ]
  ret i1 %r
}

; A product of factors in [0, 1] from 1 never passes 1: [0, 1] is a fixed
; point of the widening already (decided before item 1; kept as a guard).
; CHECK-LABEL: @product_of_fractions(
; CHECK: exit:
; CHECK-NEXT: br label %done
define i1 @product_of_fractions(ptr %p, i32 %n) {
entry:
  %some = icmp sgt i32 %n, 0
  br i1 %some, label %preheader, label %done
preheader:
  %m = call i32 @llvm.umin.i32(i32 %n, i32 100)
  %count = zext nneg i32 %m to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %preheader ], [ %i.next, %loop ]
  %s = phi double [ 1.0, %preheader ], [ %s.next, %loop ]
  %a = getelementptr inbounds nuw i8, ptr %p, i64 %i
  %b = load i8, ptr %a
  %x = uitofp i8 %b to double
  %t = fdiv double %x, 255.0
  %s.next = fmul double %s, %t
  %i.next = add nuw nsw i64 %i, 1
  %stop = icmp eq i64 %i.next, %count
  br i1 %stop, label %exit, label %loop
exit:
  %c = fcmp ogt double %s.next, 1.0
  br label %done
done:
  %r = phi i1 [ false, %entry ], [ %c, %exit ]
  ret i1 %r
}

; A float sum of at most 1000 bytes is an integer, at most 999 * 255 at
; the header, every addition exact below 2^24: floor(s) is s, and the test
; of integrality floor(s) != s is false.
; PRINT-LABEL: function @integer_sum
; PRINT: %s = phi float
; PRINT-NEXT: min: 0 max: 254745 isInteger: 1
; CHECK-LABEL: @integer_sum(
; CHECK-NOT: @llvm.floor.f32(
; CHECK: ret i1 false
define i1 @integer_sum(ptr %p, i32 %n) {
entry:
  %some = icmp sgt i32 %n, 0
  br i1 %some, label %preheader, label %exit
preheader:
  %m = call i32 @llvm.umin.i32(i32 %n, i32 1000)
  %count = zext nneg i32 %m to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %preheader ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %preheader ], [ %s.next, %loop ]
  %a = getelementptr inbounds nuw i8, ptr %p, i64 %i
  %b = load i8, ptr %a
  %x = uitofp i8 %b to float
  %s.next = fadd float %s, %x
  %i.next = add nuw nsw i64 %i, 1
  %stop = icmp eq i64 %i.next, %count
  br i1 %stop, label %exit, label %loop
exit:
  %r0 = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %f = call float @llvm.floor.f32(float %r0)
  %c = fcmp une float %f, %r0
  ret i1 %c
}

; Negative: a sum of fractions is no integer; floor(s) != s may hold.
; CHECK-LABEL: @fraction_sum_integrality(
; CHECK: %c = fcmp une float %f, %r0
define i1 @fraction_sum_integrality(ptr %p, i32 %n) {
entry:
  %some = icmp sgt i32 %n, 0
  br i1 %some, label %preheader, label %exit
preheader:
  %m = call i32 @llvm.umin.i32(i32 %n, i32 1000)
  %count = zext nneg i32 %m to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %preheader ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %preheader ], [ %s.next, %loop ]
  %a = getelementptr inbounds nuw i8, ptr %p, i64 %i
  %b = load i8, ptr %a
  %x = uitofp i8 %b to float
  %t = fmul float %x, 0.5
  %s.next = fadd float %s, %t
  %i.next = add nuw nsw i64 %i, 1
  %stop = icmp eq i64 %i.next, %count
  br i1 %stop, label %exit, label %loop
exit:
  %r0 = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %f = call float @llvm.floor.f32(float %r0)
  %c = fcmp une float %f, %r0
  ret i1 %c
}

; The loop of @sum_below_bound unrolled by 4 (clang -O2's shape): a main
; loop of %count & 124 trips of four terms (its counter steps by 4 without
; nsw/nuw), then a remainder loop of %count & 3 trips (nonzero by its
; llvm.assume), which starts from the main loop's sum. Apart, the loops
; would bound the sum by 100 + 3 terms; counted back through both for
; every value of %n (both counts are computed from it alone, and are the
; same from %n = 100 on), the remainder's header sees at most 98 terms
; (%n = 99: 96 in the main loop, then 2 trips), its exit 99, the main
; loop's exit 100 (%n >= 100).
; PRINT-LABEL: function @sum_unrolled
; PRINT: %s = phi float
; PRINT-NEXT: min: 0 max: 98.0006{{[0-9]*}} isInteger: 0 nan: 0 +inf: 0
; PRINT: %r0 = phi float
; PRINT-NEXT: min: 0 max: 100.0006{{[0-9]*}} isInteger: 0 nan: 0 +inf: 0
; PRINT: %u = phi float
; PRINT-NEXT: min: 0 max: 96.0006{{[0-9]*}} isInteger: 0 nan: 0 +inf: 0
; CHECK-LABEL: @sum_unrolled(
; CHECK: {{^}}exit:
; CHECK-NEXT: %r0 = phi
; CHECK-NEXT: br label %done
define i1 @sum_unrolled(ptr %p, i32 %n) {
entry:
  %empty = icmp eq i32 %n, 0
  br i1 %empty, label %done, label %preheader
preheader:
  %m = call i32 @llvm.umin.i32(i32 %n, i32 100)
  %count = zext nneg i32 %m to i64
  %rest = and i64 %count, 3
  %short = icmp ult i32 %n, 4
  br i1 %short, label %tail.preheader, label %main.preheader
main.preheader:
  %main.count = and i64 %count, 124
  br label %main
main.exit:
  %no.rest = icmp eq i64 %rest, 0
  br i1 %no.rest, label %exit, label %tail.preheader
tail.preheader:
  %i.tail = phi i64 [ 0, %preheader ], [ %j.next, %main.exit ]
  %s.tail = phi float [ 0.0, %preheader ], [ %u4, %main.exit ]
  %has.rest = icmp ne i64 %rest, 0
  call void @llvm.assume(i1 %has.rest)
  br label %tail
tail:
  %i = phi i64 [ %i.tail, %tail.preheader ], [ %i.next, %tail ]
  %s = phi float [ %s.tail, %tail.preheader ], [ %s.next, %tail ]
  %k = phi i64 [ 0, %tail.preheader ], [ %k.next, %tail ]
  %a = getelementptr inbounds nuw i8, ptr %p, i64 %i
  %b = load i8, ptr %a
  %x = uitofp i8 %b to float
  %t = fdiv float %x, 255.0
  %s.next = fadd float %s, %t
  %i.next = add nuw nsw i64 %i, 1
  %k.next = add i64 %k, 1
  %tail.stop = icmp eq i64 %k.next, %rest
  br i1 %tail.stop, label %exit, label %tail
exit:
  %r0 = phi float [ %u4, %main.exit ], [ %s.next, %tail ]
  %c = fcmp ogt float %r0, 101.0
  br label %done
done:
  %r = phi i1 [ false, %entry ], [ %c, %exit ]
  ret i1 %r
main:
  %j = phi i64 [ 0, %main.preheader ], [ %j.next, %main ]
  %u = phi float [ 0.0, %main.preheader ], [ %u4, %main ]
  %q = phi i64 [ 0, %main.preheader ], [ %q.next, %main ]
  %a0 = getelementptr inbounds nuw i8, ptr %p, i64 %j
  %b0 = load i8, ptr %a0
  %x0 = uitofp i8 %b0 to float
  %t0 = fdiv float %x0, 255.0
  %u1 = fadd float %u, %t0
  %a1 = getelementptr inbounds nuw i8, ptr %a0, i64 1
  %b1 = load i8, ptr %a1
  %x1 = uitofp i8 %b1 to float
  %t1 = fdiv float %x1, 255.0
  %u2 = fadd float %u1, %t1
  %a2 = getelementptr inbounds nuw i8, ptr %a0, i64 2
  %b2 = load i8, ptr %a2
  %x2 = uitofp i8 %b2 to float
  %t2 = fdiv float %x2, 255.0
  %u3 = fadd float %u2, %t2
  %a3 = getelementptr inbounds nuw i8, ptr %a0, i64 3
  %b3 = load i8, ptr %a3
  %x3 = uitofp i8 %b3 to float
  %t3 = fdiv float %x3, 255.0
  %u4 = fadd float %u3, %t3
  %j.next = add nuw nsw i64 %j, 4
  %q.next = add i64 %q, 4
  %main.stop = icmp eq i64 %q.next, %main.count
  br i1 %main.stop, label %main.exit, label %main
}

; The sum of @sum_unrolled is 100 at %n >= 100: against 99.5 it is not
; decided.
; CHECK-LABEL: @sum_unrolled_reachable(
; CHECK: %c = fcmp ogt float %r0, 9.950000e+01
define i1 @sum_unrolled_reachable(ptr %p, i32 %n) {
entry:
  %empty = icmp eq i32 %n, 0
  br i1 %empty, label %done, label %preheader
preheader:
  %m = call i32 @llvm.umin.i32(i32 %n, i32 100)
  %count = zext nneg i32 %m to i64
  %rest = and i64 %count, 3
  %short = icmp ult i32 %n, 4
  br i1 %short, label %tail.preheader, label %main.preheader
main.preheader:
  %main.count = and i64 %count, 124
  br label %main
main.exit:
  %no.rest = icmp eq i64 %rest, 0
  br i1 %no.rest, label %exit, label %tail.preheader
tail.preheader:
  %i.tail = phi i64 [ 0, %preheader ], [ %j.next, %main.exit ]
  %s.tail = phi float [ 0.0, %preheader ], [ %u4, %main.exit ]
  %has.rest = icmp ne i64 %rest, 0
  call void @llvm.assume(i1 %has.rest)
  br label %tail
tail:
  %i = phi i64 [ %i.tail, %tail.preheader ], [ %i.next, %tail ]
  %s = phi float [ %s.tail, %tail.preheader ], [ %s.next, %tail ]
  %k = phi i64 [ 0, %tail.preheader ], [ %k.next, %tail ]
  %a = getelementptr inbounds nuw i8, ptr %p, i64 %i
  %b = load i8, ptr %a
  %x = uitofp i8 %b to float
  %t = fdiv float %x, 255.0
  %s.next = fadd float %s, %t
  %i.next = add nuw nsw i64 %i, 1
  %k.next = add i64 %k, 1
  %tail.stop = icmp eq i64 %k.next, %rest
  br i1 %tail.stop, label %exit, label %tail
exit:
  %r0 = phi float [ %u4, %main.exit ], [ %s.next, %tail ]
  %c = fcmp ogt float %r0, 99.5
  br label %done
done:
  %r = phi i1 [ false, %entry ], [ %c, %exit ]
  ret i1 %r
main:
  %j = phi i64 [ 0, %main.preheader ], [ %j.next, %main ]
  %u = phi float [ 0.0, %main.preheader ], [ %u4, %main ]
  %q = phi i64 [ 0, %main.preheader ], [ %q.next, %main ]
  %a0 = getelementptr inbounds nuw i8, ptr %p, i64 %j
  %b0 = load i8, ptr %a0
  %x0 = uitofp i8 %b0 to float
  %t0 = fdiv float %x0, 255.0
  %u1 = fadd float %u, %t0
  %a1 = getelementptr inbounds nuw i8, ptr %a0, i64 1
  %b1 = load i8, ptr %a1
  %x1 = uitofp i8 %b1 to float
  %t1 = fdiv float %x1, 255.0
  %u2 = fadd float %u1, %t1
  %a2 = getelementptr inbounds nuw i8, ptr %a0, i64 2
  %b2 = load i8, ptr %a2
  %x2 = uitofp i8 %b2 to float
  %t2 = fdiv float %x2, 255.0
  %u3 = fadd float %u2, %t2
  %a3 = getelementptr inbounds nuw i8, ptr %a0, i64 3
  %b3 = load i8, ptr %a3
  %x3 = uitofp i8 %b3 to float
  %t3 = fdiv float %x3, 255.0
  %u4 = fadd float %u3, %t3
  %j.next = add nuw nsw i64 %j, 4
  %q.next = add i64 %q, 4
  %main.stop = icmp eq i64 %q.next, %main.count
  br i1 %main.stop, label %main.exit, label %main
}

; Without the llvm.assume, the remainder loop may be entered with a count
; of 0 as far as the analysis sees (from the preheader, where %n < 4 makes
; it nonzero, a relation it does not keep), and then its counter, stepped
; without nsw/nuw, would run through 2^64 values: no bound, not decided.
; CHECK-LABEL: @sum_unrolled_no_assume(
; CHECK: %c = fcmp ogt float %r0, 1.010000e+02
define i1 @sum_unrolled_no_assume(ptr %p, i32 %n) {
entry:
  %empty = icmp eq i32 %n, 0
  br i1 %empty, label %done, label %preheader
preheader:
  %m = call i32 @llvm.umin.i32(i32 %n, i32 100)
  %count = zext nneg i32 %m to i64
  %rest = and i64 %count, 3
  %short = icmp ult i32 %n, 4
  br i1 %short, label %tail.preheader, label %main.preheader
main.preheader:
  %main.count = and i64 %count, 124
  br label %main
main.exit:
  %no.rest = icmp eq i64 %rest, 0
  br i1 %no.rest, label %exit, label %tail.preheader
tail.preheader:
  %i.tail = phi i64 [ 0, %preheader ], [ %j.next, %main.exit ]
  %s.tail = phi float [ 0.0, %preheader ], [ %u4, %main.exit ]
  %has.rest = icmp ne i64 %rest, 0
  br label %tail
tail:
  %i = phi i64 [ %i.tail, %tail.preheader ], [ %i.next, %tail ]
  %s = phi float [ %s.tail, %tail.preheader ], [ %s.next, %tail ]
  %k = phi i64 [ 0, %tail.preheader ], [ %k.next, %tail ]
  %a = getelementptr inbounds nuw i8, ptr %p, i64 %i
  %b = load i8, ptr %a
  %x = uitofp i8 %b to float
  %t = fdiv float %x, 255.0
  %s.next = fadd float %s, %t
  %i.next = add nuw nsw i64 %i, 1
  %k.next = add i64 %k, 1
  %tail.stop = icmp eq i64 %k.next, %rest
  br i1 %tail.stop, label %exit, label %tail
exit:
  %r0 = phi float [ %u4, %main.exit ], [ %s.next, %tail ]
  %c = fcmp ogt float %r0, 101.0
  br label %done
done:
  %r = phi i1 [ false, %entry ], [ %c, %exit ]
  ret i1 %r
main:
  %j = phi i64 [ 0, %main.preheader ], [ %j.next, %main ]
  %u = phi float [ 0.0, %main.preheader ], [ %u4, %main ]
  %q = phi i64 [ 0, %main.preheader ], [ %q.next, %main ]
  %a0 = getelementptr inbounds nuw i8, ptr %p, i64 %j
  %b0 = load i8, ptr %a0
  %x0 = uitofp i8 %b0 to float
  %t0 = fdiv float %x0, 255.0
  %u1 = fadd float %u, %t0
  %a1 = getelementptr inbounds nuw i8, ptr %a0, i64 1
  %b1 = load i8, ptr %a1
  %x1 = uitofp i8 %b1 to float
  %t1 = fdiv float %x1, 255.0
  %u2 = fadd float %u1, %t1
  %a2 = getelementptr inbounds nuw i8, ptr %a0, i64 2
  %b2 = load i8, ptr %a2
  %x2 = uitofp i8 %b2 to float
  %t2 = fdiv float %x2, 255.0
  %u3 = fadd float %u2, %t2
  %a3 = getelementptr inbounds nuw i8, ptr %a0, i64 3
  %b3 = load i8, ptr %a3
  %x3 = uitofp i8 %b3 to float
  %t3 = fdiv float %x3, 255.0
  %u4 = fadd float %u3, %t3
  %j.next = add nuw nsw i64 %j, 4
  %q.next = add i64 %q, 4
  %main.stop = icmp eq i64 %q.next, %main.count
  br i1 %main.stop, label %main.exit, label %main
}

; The remainder's count from another argument: 100 terms in the main loop
; (%n = 100) and then 3 (%n2 = 3) make 103 > 101, reachable: the counts
; are not computed from one value, and each loop is bounded apart.
; CHECK-LABEL: @sum_unrolled_two_counts(
; CHECK: %c = fcmp ogt float %r0, 1.010000e+02
define i1 @sum_unrolled_two_counts(ptr %p, i32 %n, i32 %n2) {
entry:
  %empty = icmp eq i32 %n, 0
  br i1 %empty, label %done, label %preheader
preheader:
  %m = call i32 @llvm.umin.i32(i32 %n, i32 100)
  %count = zext nneg i32 %m to i64
  %m2 = call i32 @llvm.umin.i32(i32 %n2, i32 100)
  %count2 = zext nneg i32 %m2 to i64
  %rest = and i64 %count2, 3
  %short = icmp ult i32 %n, 4
  br i1 %short, label %tail.preheader, label %main.preheader
main.preheader:
  %main.count = and i64 %count, 124
  br label %main
main.exit:
  %no.rest = icmp eq i64 %rest, 0
  br i1 %no.rest, label %exit, label %tail.preheader
tail.preheader:
  %i.tail = phi i64 [ 0, %preheader ], [ %j.next, %main.exit ]
  %s.tail = phi float [ 0.0, %preheader ], [ %u4, %main.exit ]
  %has.rest = icmp ne i64 %rest, 0
  call void @llvm.assume(i1 %has.rest)
  br label %tail
tail:
  %i = phi i64 [ %i.tail, %tail.preheader ], [ %i.next, %tail ]
  %s = phi float [ %s.tail, %tail.preheader ], [ %s.next, %tail ]
  %k = phi i64 [ 0, %tail.preheader ], [ %k.next, %tail ]
  %a = getelementptr inbounds nuw i8, ptr %p, i64 %i
  %b = load i8, ptr %a
  %x = uitofp i8 %b to float
  %t = fdiv float %x, 255.0
  %s.next = fadd float %s, %t
  %i.next = add nuw nsw i64 %i, 1
  %k.next = add i64 %k, 1
  %tail.stop = icmp eq i64 %k.next, %rest
  br i1 %tail.stop, label %exit, label %tail
exit:
  %r0 = phi float [ %u4, %main.exit ], [ %s.next, %tail ]
  %c = fcmp ogt float %r0, 101.0
  br label %done
done:
  %r = phi i1 [ false, %entry ], [ %c, %exit ]
  ret i1 %r
main:
  %j = phi i64 [ 0, %main.preheader ], [ %j.next, %main ]
  %u = phi float [ 0.0, %main.preheader ], [ %u4, %main ]
  %q = phi i64 [ 0, %main.preheader ], [ %q.next, %main ]
  %a0 = getelementptr inbounds nuw i8, ptr %p, i64 %j
  %b0 = load i8, ptr %a0
  %x0 = uitofp i8 %b0 to float
  %t0 = fdiv float %x0, 255.0
  %u1 = fadd float %u, %t0
  %a1 = getelementptr inbounds nuw i8, ptr %a0, i64 1
  %b1 = load i8, ptr %a1
  %x1 = uitofp i8 %b1 to float
  %t1 = fdiv float %x1, 255.0
  %u2 = fadd float %u1, %t1
  %a2 = getelementptr inbounds nuw i8, ptr %a0, i64 2
  %b2 = load i8, ptr %a2
  %x2 = uitofp i8 %b2 to float
  %t2 = fdiv float %x2, 255.0
  %u3 = fadd float %u2, %t2
  %a3 = getelementptr inbounds nuw i8, ptr %a0, i64 3
  %b3 = load i8, ptr %a3
  %x3 = uitofp i8 %b3 to float
  %t3 = fdiv float %x3, 255.0
  %u4 = fadd float %u3, %t3
  %j.next = add nuw nsw i64 %j, 4
  %q.next = add i64 %q, 4
  %main.stop = icmp eq i64 %q.next, %main.count
  br i1 %main.stop, label %main.exit, label %main
}

; A product of at most 10 factors in [0, 1.5] from 1: the header sees at
; most 9 of them, 1.5^9 = 38.44 and the rounding of 9 products; the
; product at the exit at most 1.5^10 = 57.67 < 58. Widening alone gives up.
; PRINT-LABEL: function @product_growing
; PRINT: %s = phi double
; PRINT-NEXT: min: 0 max: 38.443359375{{[0-9]*}} isInteger: 0 nan: 0 +inf: 0
; CHECK-LABEL: @product_growing(
; CHECK: exit:
; CHECK-NEXT: br label %done
define i1 @product_growing(ptr %p, i32 %n) {
entry:
  %some = icmp sgt i32 %n, 0
  br i1 %some, label %preheader, label %done
preheader:
  %m = call i32 @llvm.umin.i32(i32 %n, i32 10)
  %count = zext nneg i32 %m to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %preheader ], [ %i.next, %loop ]
  %s = phi double [ 1.0, %preheader ], [ %s.next, %loop ]
  %a = getelementptr inbounds nuw i8, ptr %p, i64 %i
  %b = load i8, ptr %a
  %x = uitofp i8 %b to double
  %t = fdiv double %x, 170.0
  %s.next = fmul double %s, %t
  %i.next = add nuw nsw i64 %i, 1
  %stop = icmp eq i64 %i.next, %count
  br i1 %stop, label %exit, label %loop
exit:
  %c = fcmp ogt double %s.next, 58.0
  br label %done
done:
  %r = phi i1 [ false, %entry ], [ %c, %exit ]
  ret i1 %r
}

; The same against 57, which ten factors of 1.5 pass: must not fold.
; CHECK-LABEL: @product_reaches(
; CHECK: %c = fcmp ogt double %s.next, 5.700000e+01
define i1 @product_reaches(ptr %p, i32 %n) {
entry:
  %some = icmp sgt i32 %n, 0
  br i1 %some, label %preheader, label %done
preheader:
  %m = call i32 @llvm.umin.i32(i32 %n, i32 10)
  %count = zext nneg i32 %m to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %preheader ], [ %i.next, %loop ]
  %s = phi double [ 1.0, %preheader ], [ %s.next, %loop ]
  %a = getelementptr inbounds nuw i8, ptr %p, i64 %i
  %b = load i8, ptr %a
  %x = uitofp i8 %b to double
  %t = fdiv double %x, 170.0
  %s.next = fmul double %s, %t
  %i.next = add nuw nsw i64 %i, 1
  %stop = icmp eq i64 %i.next, %count
  br i1 %stop, label %exit, label %loop
exit:
  %c = fcmp ogt double %s.next, 57.0
  br label %done
done:
  %r = phi i1 [ false, %entry ], [ %c, %exit ]
  ret i1 %r
}

; Negative: a factor computed from s grows with it (s * (s * 0.75) from
; 1.5 squares s each trip, 1.5^(2^k) * 0.75^(2^k - 1)): it is no factor of
; the closed form. Nothing folds.
; CHECK-LABEL: @product_of_itself(
; CHECK: %c = fcmp ogt double %s, 1.000000e+01
define i1 @product_of_itself(ptr %out) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 1.5, %entry ], [ %s.next, %loop ]
  %c = fcmp ogt double %s, 10.0
  store volatile i1 %c, ptr %out
  %t = fmul double %s, 0.75
  %s.next = fmul double %s, %t
  %i.next = add nuw i32 %i, 1
  %stop = icmp eq i32 %i.next, 10
  br i1 %stop, label %exit, label %loop
exit:
  ret i1 %c
}

; Nested loops, each by its own trip count: at most 10 outer trips of at
; most 20 inner trips of terms in [0, 1]. An outer trip adds the inner
; loop's sum (its 20 runs), so the outer header sees at most 9 * 20 = 180,
; the inner header 180 + 19, the inner exit 200: below 201.
; PRINT-LABEL: function @nested
; PRINT: %outer.s = phi float
; PRINT-NEXT: min: 0 max: 180.00{{[0-9]*}} isInteger: 0 nan: 0 +inf: 0
; PRINT: %inner.s = phi float
; PRINT-NEXT: min: 0 max: 199.00{{[0-9]*}} isInteger: 0 nan: 0 +inf: 0
; CHECK-LABEL: @nested(
; CHECK: {{^}}exit:
; CHECK-NEXT: br label %done
define i1 @nested(ptr %p, i32 %n, i32 %m) {
entry:
  %inner.count = call i32 @llvm.umin.i32(i32 %m, i32 20)
  %empty = icmp eq i32 %n, 0
  br i1 %empty, label %done, label %preheader
preheader:
  %outer.count = call i32 @llvm.umin.i32(i32 %n, i32 10)
  %no.inner = icmp eq i32 %m, 0
  %outer.end = zext nneg i32 %outer.count to i64
  %inner.end = zext nneg i32 %inner.count to i64
  br label %outer
outer:
  %i = phi i64 [ 0, %preheader ], [ %i.next, %outer.latch ]
  %outer.s = phi float [ 0.0, %preheader ], [ %outer.next, %outer.latch ]
  br i1 %no.inner, label %outer.latch, label %inner.preheader
inner.preheader:
  %row = mul nuw nsw i64 %i, 20
  %base = getelementptr inbounds i8, ptr %p, i64 %row
  br label %inner
inner:
  %j = phi i64 [ 0, %inner.preheader ], [ %j.next, %inner ]
  %inner.s = phi float [ %outer.s, %inner.preheader ], [ %inner.next, %inner ]
  %a = getelementptr inbounds i8, ptr %base, i64 %j
  %b = load i8, ptr %a
  %x = uitofp i8 %b to float
  %t = fdiv float %x, 255.0
  %inner.next = fadd float %inner.s, %t
  %j.next = add nuw nsw i64 %j, 1
  %inner.stop = icmp eq i64 %j.next, %inner.end
  br i1 %inner.stop, label %outer.latch, label %inner
outer.latch:
  %outer.next = phi float [ %outer.s, %outer ], [ %inner.next, %inner ]
  %i.next = add nuw nsw i64 %i, 1
  %outer.stop = icmp eq i64 %i.next, %outer.end
  br i1 %outer.stop, label %exit, label %outer
exit:
  %c = fcmp ogt float %outer.next, 201.0
  br label %done
done:
  %r = phi i1 [ false, %entry ], [ %c, %exit ]
  ret i1 %r
}

; The same sum reaches 200 (n >= 10, m >= 20, every byte 255): against
; 199.5 it is not decided.
; CHECK-LABEL: @nested_reachable(
; CHECK: %c = fcmp ogt float %outer.next, 1.995000e+02
define i1 @nested_reachable(ptr %p, i32 %n, i32 %m) {
entry:
  %inner.count = call i32 @llvm.umin.i32(i32 %m, i32 20)
  %empty = icmp eq i32 %n, 0
  br i1 %empty, label %done, label %preheader
preheader:
  %outer.count = call i32 @llvm.umin.i32(i32 %n, i32 10)
  %no.inner = icmp eq i32 %m, 0
  %outer.end = zext nneg i32 %outer.count to i64
  %inner.end = zext nneg i32 %inner.count to i64
  br label %outer
outer:
  %i = phi i64 [ 0, %preheader ], [ %i.next, %outer.latch ]
  %outer.s = phi float [ 0.0, %preheader ], [ %outer.next, %outer.latch ]
  br i1 %no.inner, label %outer.latch, label %inner.preheader
inner.preheader:
  %row = mul nuw nsw i64 %i, 20
  %base = getelementptr inbounds i8, ptr %p, i64 %row
  br label %inner
inner:
  %j = phi i64 [ 0, %inner.preheader ], [ %j.next, %inner ]
  %inner.s = phi float [ %outer.s, %inner.preheader ], [ %inner.next, %inner ]
  %a = getelementptr inbounds i8, ptr %base, i64 %j
  %b = load i8, ptr %a
  %x = uitofp i8 %b to float
  %t = fdiv float %x, 255.0
  %inner.next = fadd float %inner.s, %t
  %j.next = add nuw nsw i64 %j, 1
  %inner.stop = icmp eq i64 %j.next, %inner.end
  br i1 %inner.stop, label %outer.latch, label %inner
outer.latch:
  %outer.next = phi float [ %outer.s, %outer ], [ %inner.next, %inner ]
  %i.next = add nuw nsw i64 %i, 1
  %outer.stop = icmp eq i64 %i.next, %outer.end
  br i1 %outer.stop, label %exit, label %outer
exit:
  %c = fcmp ogt float %outer.next, 199.5
  br label %done
done:
  %r = phi i1 [ false, %entry ], [ %c, %exit ]
  ret i1 %r
}
