; Ranges narrowed on the edges of dominating branches and by select
; conditions; decided branches become unconditional, phis stay valid.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s
; RUN: %ltofold fprange %s -S -o - | opt -passes=verify -disable-output
; RUN: %ltofold fprange %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS
; STATS: 4 branches removed

; CHECK-LABEL: @redundant_check(
; CHECK: then:
; CHECK-NEXT: br label %else
; CHECK: else:
; CHECK-NEXT: %p = phi i32 [ 0, %entry ], [ 2, %then ]
define i32 @redundant_check(double %x) {
entry:
  %c = fcmp olt double %x, 10.0
  br i1 %c, label %then, label %else
then:
  %d = fcmp oge double %x, 10.0
  br i1 %d, label %bad, label %else
bad:
  ret i32 1
else:
  %p = phi i32 [ 0, %entry ], [ 2, %then ], [ 3, %bad2 ]
  ret i32 %p
bad2:
  br label %else
}

; fabs(x) < 1 bounds x to (-1, 1), and excludes NaN.
; CHECK-LABEL: @fabs_bound(
; CHECK: in:
; CHECK-NEXT: %y = fmul float %x, %x
; CHECK-NEXT: br label %out
define i1 @fabs_bound(float %x) {
entry:
  %a = call float @llvm.fabs.f32(float %x)
  %c = fcmp olt float %a, 1.0
  br i1 %c, label %in, label %out
in:
  %y = fmul float %x, %x
  %big = fcmp ogt float %y, 1.0
  br i1 %big, label %never, label %out
never:
  ret i1 true
out:
  ret i1 false
}

; Both sides of an and: x in [0, 8] and y in [0, 8].
; CHECK-LABEL: @and_condition(
; CHECK: both:
; CHECK-NEXT: %s = fadd double %x, %y
; CHECK-NEXT: br label %ok
define i32 @and_condition(double %x, double %y) {
entry:
  %cx = fcmp oge double %x, 0.0
  %cx2 = fcmp ole double %x, 8.0
  %cy = fcmp oge double %y, 0.0
  %cy2 = fcmp ole double %y, 8.0
  %a1 = and i1 %cx, %cx2
  %a2 = and i1 %cy, %cy2
  %a = and i1 %a1, %a2
  br i1 %a, label %both, label %ok
both:
  %s = fadd double %x, %y
  %big = fcmp ogt double %s, 16.0
  br i1 %big, label %never, label %ok
never:
  ret i32 -1
ok:
  ret i32 0
}

; The false edge of an unordered compare: x is not NaN and x >= 0.
; CHECK-LABEL: @unordered_false_edge(
; CHECK: ge:
; CHECK-NEXT: %s = call {{.*}}float @llvm.sqrt.f32(float %x)
; CHECK-NEXT: br label %done
define float @unordered_false_edge(float %x) {
entry:
  %c = fcmp ult float %x, 0.0
  br i1 %c, label %done, label %ge
ge:
  %s = call float @llvm.sqrt.f32(float %x)
  %n = fcmp uno float %s, 0.0
  br i1 %n, label %never, label %done
never:
  ret float 1.0
done:
  ret float 0.0
}

; A select's arms are read under its condition: a clamp.
; CHECK-LABEL: @select_clamp(
; CHECK: ret i1 true
define i1 @select_clamp(float %x) {
  %c = fcmp olt float %x, 4.0
  %m = select i1 %c, float %x, float 4.0
  %c2 = fcmp ogt float %x, -4.0
  %m2 = select i1 %c2, float %m, float -4.0
  %in = fcmp ole float %m2, 4.0
  ret i1 %in
}

; A phi's inputs are read on their edges.
; CHECK-LABEL: @phi_edges(
; CHECK: ret i1 true
define i1 @phi_edges(double %x) {
entry:
  %c = fcmp ogt double %x, 1.0
  br i1 %c, label %big, label %join
big:
  br label %join
join:
  %p = phi double [ %x, %big ], [ 2.0, %entry ]
  %r = fcmp ogt double %p, 1.0
  ret i1 %r
}

declare float @llvm.fabs.f32(float)
declare float @llvm.sqrt.f32(float)

; `if (a) return b;` becomes `a & b`: b is read assuming a.
; CHECK-LABEL: @and_hypothesis(
; CHECK: ret i1 false
define i1 @and_hypothesis(double %d) {
  %lo = fcmp oge double %d, 0.0
  %hi = fcmp ole double %d, 10.0
  %in = and i1 %lo, %hi
  %f = fptrunc double %d to float
  %s = fadd float %f, 5.0
  %big = fcmp ogt float %s, 15.5
  %r = and i1 %in, %big
  ret i1 %r
}

; The same with a bound that is reached (d = 10 gives s = 15): stays.
; CHECK-LABEL: @and_hypothesis_reachable(
; CHECK: %r = and i1 %in, %big
define i1 @and_hypothesis_reachable(double %d) {
  %lo = fcmp oge double %d, 0.0
  %hi = fcmp ole double %d, 10.0
  %in = and i1 %lo, %hi
  %f = fptrunc double %d to float
  %s = fadd float %f, 5.0
  %big = fcmp oge float %s, 15.0
  %r = and i1 %in, %big
  ret i1 %r
}

; A select arm is read under the select's integer condition (abs by hand).
; CHECK-LABEL: @select_int_condition(
; CHECK: ret i1 false
define i1 @select_int_condition(i32 %i) {
  %r = srem i32 %i, 100
  %x = sitofp i32 %r to float
  %neg = icmp slt i32 %r, 0
  %n = fneg float %x
  %a = select i1 %neg, float %n, float %x
  %c = fcmp olt float %a, -0.5
  ret i1 %c
}
