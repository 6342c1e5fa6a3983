; The size model's figure for what a caller with landing pads pays when
; one of its calls pushes arguments is remembered per caller, and a call
; redirected to a merged body keeps it but for whether that call pushes
; (similar.c, note_redirected). Here @both, with landing pads and many
; calls, calls a member of each group: blend_one, whose merged body takes
; one argument on the stack (stored, no push: its call is redirected),
; and mix_one, whose merged body takes two (pushed: the unwind rule at
; every call site of @both would cost more than a thunk, so its call
; stays). Redirecting blend_one's call must not make @both look as if it
; pushed already, which would redirect mix_one's call too.
; RUN: %ltofold merge %s -o - -S --verify --merge-outline-sequences=false | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@out = global i64 0

declare void @step(i64)
declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: define void @both(
; CHECK: call i64 @blend_one.ltofold.similar(i64 %x, i64 1, i64 2, i64 3, i64 4, i64 17, i64 19)
; CHECK: call i64 @mix_one(i64 %x, i64 1, i64 2, i64 3, i64 4)

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

define void @both(i64 %x) personality ptr @__gxx_personality_v0 {
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
  %b = call i64 @blend_one(i64 %x, i64 1, i64 2, i64 3, i64 4)
  call void @step(i64 %b)
  %m = call i64 @mix_one(i64 %x, i64 1, i64 2, i64 3, i64 4)
  call void @step(i64 %m)
  ret void
pad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

define void @plain(i64 %x) {
  %r = call i64 @mix_two(i64 %x, i64 1, i64 2, i64 3, i64 4)
  call void @step(i64 %r)
  store i64 %x, ptr @out
  %s = call i64 @blend_two(i64 %x, i64 1, i64 2, i64 3, i64 4)
  call void @step(i64 %s)
  ret void
}
