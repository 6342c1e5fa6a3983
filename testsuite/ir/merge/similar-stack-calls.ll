; A similar merge redirects a member's calls to the merged body, passing
; the member's constants, when that costs fewer bytes than a thunk. With
; five parameters of their own and three constants, the mix_ members'
; merged body takes two of its integer arguments on the stack, which llc
; pushes on x86-64; a function with landing pads that pushes arguments
; gets an unwind rule at every one of its call sites (merge/size_model.c).
; So mix_one, called from a function with landing pads and many calls,
; keeps its call (it becomes a thunk), while mix_two, called from a plain
; function, has its call redirected, and so has mix_three, called from a
; function with landing pads that pushes arguments already. The blend_
; members pass two constants, one argument on the stack, which llc stores
; rather than pushes: no rule, and the call from a function with landing
; pads is redirected. Sequences are not outlined here: the callers repeat
; their calls on purpose.
; RUN: %ltofold merge %s -o - -S --verify --merge-outline-sequences=false | FileCheck %s
; RUN: %ltofold merge %s -o %t.bc --verify --stats --merge-outline-sequences=false 2>&1 | FileCheck %s --check-prefix=STATS

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@out = global i64 0

declare void @step(i64)
declare void @wide(i64, i64, i64, i64, i64, i64, i64, i64)
declare i32 @__gxx_personality_v0(...)

; STATS: similar: 5 functions into 2 merged bodies, 5 parameters

; CHECK-LABEL: define internal i64 @mix_one(
; CHECK-NEXT: %1 = tail call i64 @mix_one.ltofold.similar(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 3, i64 5, i64 11)
; CHECK-NOT: define internal i64 @mix_two(
; CHECK-NOT: define internal i64 @mix_three(
; CHECK-NOT: define internal i64 @blend_one(
define internal i64 @mix_one(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4) unnamed_addr {
  %a = mul i64 %p0, 3
  %b = add i64 %a, %p1
  %c = xor i64 %b, %p2
  %d = mul i64 %c, %p3
  %e = add i64 %d, 5
  %f = xor i64 %e, %p4
  %g = mul i64 %f, %f
  %g2 = xor i64 %g, 11
  %q0 = mul i64 %g2, %p0
  %r0 = xor i64 %q0, 1
  %q1 = mul i64 %r0, %p1
  %r1 = xor i64 %q1, 12
  %q2 = mul i64 %r1, %p2
  %r2 = xor i64 %q2, 23
  %q3 = mul i64 %r2, %p3
  %r3 = xor i64 %q3, 34
  %q4 = mul i64 %r3, %p4
  %r4 = xor i64 %q4, 45
  %q5 = mul i64 %r4, %p0
  %r5 = xor i64 %q5, 56
  %q6 = mul i64 %r5, %p1
  %r6 = xor i64 %q6, 67
  %q7 = mul i64 %r6, %p2
  %r7 = xor i64 %q7, 78
  %q8 = mul i64 %r7, %p3
  %r8 = xor i64 %q8, 89
  %q9 = mul i64 %r8, %p4
  %r9 = xor i64 %q9, 100
  %q10 = mul i64 %r9, %p0
  %r10 = xor i64 %q10, 111
  %q11 = mul i64 %r10, %p1
  %r11 = xor i64 %q11, 122
  %q12 = mul i64 %r11, %p2
  %r12 = xor i64 %q12, 133
  %q13 = mul i64 %r12, %p3
  %r13 = xor i64 %q13, 144
  %q14 = mul i64 %r13, %p4
  %r14 = xor i64 %q14, 155
  %q15 = mul i64 %r14, %p0
  %r15 = xor i64 %q15, 166
  %q16 = mul i64 %r15, %p1
  %r16 = xor i64 %q16, 177
  %q17 = mul i64 %r16, %p2
  %r17 = xor i64 %q17, 188
  store i64 %r17, ptr @out
  ret i64 %r17
}

define internal i64 @mix_two(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4) unnamed_addr {
  %a = mul i64 %p0, 7
  %b = add i64 %a, %p1
  %c = xor i64 %b, %p2
  %d = mul i64 %c, %p3
  %e = add i64 %d, 9
  %f = xor i64 %e, %p4
  %g = mul i64 %f, %f
  %g2 = xor i64 %g, 13
  %q0 = mul i64 %g2, %p0
  %r0 = xor i64 %q0, 1
  %q1 = mul i64 %r0, %p1
  %r1 = xor i64 %q1, 12
  %q2 = mul i64 %r1, %p2
  %r2 = xor i64 %q2, 23
  %q3 = mul i64 %r2, %p3
  %r3 = xor i64 %q3, 34
  %q4 = mul i64 %r3, %p4
  %r4 = xor i64 %q4, 45
  %q5 = mul i64 %r4, %p0
  %r5 = xor i64 %q5, 56
  %q6 = mul i64 %r5, %p1
  %r6 = xor i64 %q6, 67
  %q7 = mul i64 %r6, %p2
  %r7 = xor i64 %q7, 78
  %q8 = mul i64 %r7, %p3
  %r8 = xor i64 %q8, 89
  %q9 = mul i64 %r8, %p4
  %r9 = xor i64 %q9, 100
  %q10 = mul i64 %r9, %p0
  %r10 = xor i64 %q10, 111
  %q11 = mul i64 %r10, %p1
  %r11 = xor i64 %q11, 122
  %q12 = mul i64 %r11, %p2
  %r12 = xor i64 %q12, 133
  %q13 = mul i64 %r12, %p3
  %r13 = xor i64 %q13, 144
  %q14 = mul i64 %r13, %p4
  %r14 = xor i64 %q14, 155
  %q15 = mul i64 %r14, %p0
  %r15 = xor i64 %q15, 166
  %q16 = mul i64 %r15, %p1
  %r16 = xor i64 %q16, 177
  %q17 = mul i64 %r16, %p2
  %r17 = xor i64 %q17, 188
  store i64 %r17, ptr @out
  ret i64 %r17
}

define internal i64 @mix_three(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4) unnamed_addr {
  %a = mul i64 %p0, 31
  %b = add i64 %a, %p1
  %c = xor i64 %b, %p2
  %d = mul i64 %c, %p3
  %e = add i64 %d, 37
  %f = xor i64 %e, %p4
  %g = mul i64 %f, %f
  %g2 = xor i64 %g, 41
  %q0 = mul i64 %g2, %p0
  %r0 = xor i64 %q0, 1
  %q1 = mul i64 %r0, %p1
  %r1 = xor i64 %q1, 12
  %q2 = mul i64 %r1, %p2
  %r2 = xor i64 %q2, 23
  %q3 = mul i64 %r2, %p3
  %r3 = xor i64 %q3, 34
  %q4 = mul i64 %r3, %p4
  %r4 = xor i64 %q4, 45
  %q5 = mul i64 %r4, %p0
  %r5 = xor i64 %q5, 56
  %q6 = mul i64 %r5, %p1
  %r6 = xor i64 %q6, 67
  %q7 = mul i64 %r6, %p2
  %r7 = xor i64 %q7, 78
  %q8 = mul i64 %r7, %p3
  %r8 = xor i64 %q8, 89
  %q9 = mul i64 %r8, %p4
  %r9 = xor i64 %q9, 100
  %q10 = mul i64 %r9, %p0
  %r10 = xor i64 %q10, 111
  %q11 = mul i64 %r10, %p1
  %r11 = xor i64 %q11, 122
  %q12 = mul i64 %r11, %p2
  %r12 = xor i64 %q12, 133
  %q13 = mul i64 %r12, %p3
  %r13 = xor i64 %q13, 144
  %q14 = mul i64 %r13, %p4
  %r14 = xor i64 %q14, 155
  %q15 = mul i64 %r14, %p0
  %r15 = xor i64 %q15, 166
  %q16 = mul i64 %r15, %p1
  %r16 = xor i64 %q16, 177
  %q17 = mul i64 %r16, %p2
  %r17 = xor i64 %q17, 188
  store i64 %r17, ptr @out
  ret i64 %r17
}

define internal i64 @blend_one(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4) unnamed_addr {
  %a = mul i64 %p0, 17
  %b = add i64 %a, %p1
  %c = xor i64 %b, %p2
  %d = mul i64 %c, %p3
  %e = add i64 %d, 19
  %f = xor i64 %e, %p4
  %g = mul i64 %f, %f
  %g2 = xor i64 %g, %a
  %q0 = mul i64 %g2, %p0
  %r0 = xor i64 %q0, 1
  %q1 = mul i64 %r0, %p1
  %r1 = xor i64 %q1, 12
  %q2 = mul i64 %r1, %p2
  %r2 = xor i64 %q2, 23
  %q3 = mul i64 %r2, %p3
  %r3 = xor i64 %q3, 34
  %q4 = mul i64 %r3, %p4
  %r4 = xor i64 %q4, 45
  %q5 = mul i64 %r4, %p0
  %r5 = xor i64 %q5, 56
  %q6 = mul i64 %r5, %p1
  %r6 = xor i64 %q6, 67
  %q7 = mul i64 %r6, %p2
  %r7 = xor i64 %q7, 78
  %q8 = mul i64 %r7, %p3
  %r8 = xor i64 %q8, 89
  %q9 = mul i64 %r8, %p4
  %r9 = xor i64 %q9, 100
  %q10 = mul i64 %r9, %p0
  %r10 = xor i64 %q10, 111
  %q11 = mul i64 %r10, %p1
  %r11 = xor i64 %q11, 122
  %q12 = mul i64 %r11, %p2
  %r12 = xor i64 %q12, 133
  %q13 = mul i64 %r12, %p3
  %r13 = xor i64 %q13, 144
  %q14 = mul i64 %r13, %p4
  %r14 = xor i64 %q14, 155
  %q15 = mul i64 %r14, %p0
  %r15 = xor i64 %q15, 166
  %q16 = mul i64 %r15, %p1
  %r16 = xor i64 %q16, 177
  %q17 = mul i64 %r16, %p2
  %r17 = xor i64 %q17, 188
  store i64 %r17, ptr @out
  ret i64 %r17
}

define internal i64 @blend_two(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4) unnamed_addr {
  %a = mul i64 %p0, 23
  %b = add i64 %a, %p1
  %c = xor i64 %b, %p2
  %d = mul i64 %c, %p3
  %e = add i64 %d, 29
  %f = xor i64 %e, %p4
  %g = mul i64 %f, %f
  %g2 = xor i64 %g, %a
  %q0 = mul i64 %g2, %p0
  %r0 = xor i64 %q0, 1
  %q1 = mul i64 %r0, %p1
  %r1 = xor i64 %q1, 12
  %q2 = mul i64 %r1, %p2
  %r2 = xor i64 %q2, 23
  %q3 = mul i64 %r2, %p3
  %r3 = xor i64 %q3, 34
  %q4 = mul i64 %r3, %p4
  %r4 = xor i64 %q4, 45
  %q5 = mul i64 %r4, %p0
  %r5 = xor i64 %q5, 56
  %q6 = mul i64 %r5, %p1
  %r6 = xor i64 %q6, 67
  %q7 = mul i64 %r6, %p2
  %r7 = xor i64 %q7, 78
  %q8 = mul i64 %r7, %p3
  %r8 = xor i64 %q8, 89
  %q9 = mul i64 %r8, %p4
  %r9 = xor i64 %q9, 100
  %q10 = mul i64 %r9, %p0
  %r10 = xor i64 %q10, 111
  %q11 = mul i64 %r10, %p1
  %r11 = xor i64 %q11, 122
  %q12 = mul i64 %r11, %p2
  %r12 = xor i64 %q12, 133
  %q13 = mul i64 %r12, %p3
  %r13 = xor i64 %q13, 144
  %q14 = mul i64 %r13, %p4
  %r14 = xor i64 %q14, 155
  %q15 = mul i64 %r14, %p0
  %r15 = xor i64 %q15, 166
  %q16 = mul i64 %r15, %p1
  %r16 = xor i64 %q16, 177
  %q17 = mul i64 %r16, %p2
  %r17 = xor i64 %q17, 188
  store i64 %r17, ptr @out
  ret i64 %r17
}

; CHECK-LABEL: define void @with_pads(
; CHECK: call i64 @mix_one(i64 %x,
define void @with_pads(i64 %x) personality ptr @__gxx_personality_v0 {
entry:
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  invoke void @step(i64 %x) to label %ok unwind label %pad
ok:
  %r = call i64 @mix_one(i64 %x, i64 1, i64 2, i64 3, i64 4)
  call void @step(i64 %r)
  ret void
pad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

; CHECK-LABEL: define void @plain(
; CHECK: call i64 @mix_one.ltofold.similar(i64 %x, i64 1, i64 2, i64 3, i64 4, i64 7, i64 9, i64 13)
define void @plain(i64 %x) {
  %r = call i64 @mix_two(i64 %x, i64 1, i64 2, i64 3, i64 4)
  call void @step(i64 %r)
  ret void
}

; CHECK-LABEL: define void @with_pads_one_on_stack(
; CHECK: call i64 @blend_one.ltofold.similar(i64 %x, i64 1, i64 2, i64 3, i64 4, i64 17, i64 19)
define void @with_pads_one_on_stack(i64 %x) personality ptr @__gxx_personality_v0 {
entry:
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  store i64 %x, ptr @out
  invoke void @step(i64 %x) to label %ok unwind label %pad
ok:
  %r = call i64 @blend_one(i64 %x, i64 1, i64 2, i64 3, i64 4)
  call void @step(i64 %r)
  ret void
pad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

define void @plain_blend(i64 %x) {
  store i64 %x, ptr @out
  %r = call i64 @blend_two(i64 %x, i64 1, i64 2, i64 3, i64 4)
  call void @step(i64 %r)
  ret void
}

; CHECK-LABEL: define void @with_pads_pushing(
; CHECK: call i64 @mix_one.ltofold.similar(i64 %x, i64 1, i64 2, i64 3, i64 4, i64 31, i64 37, i64 41)
define void @with_pads_pushing(i64 %x) personality ptr @__gxx_personality_v0 {
entry:
  call void @wide(i64 %x, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  call void @step(i64 %x)
  invoke void @step(i64 %x) to label %ok unwind label %pad
ok:
  %r = call i64 @mix_three(i64 %x, i64 1, i64 2, i64 3, i64 4)
  store i64 %r, ptr @out
  ret void
pad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}
