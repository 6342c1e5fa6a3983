; Whole-program ranges: a closed function (local linkage, only called
; directly) takes the join of what its call sites pass, and its calls
; return what its rets return. Functions with callers out of view do not.
; RUN: %ltofold fprange %s -S -o - | FileCheck %s
; RUN: %ltofold fprange --print %s | FileCheck %s --check-prefix=PRINT

; Both call sites pass [0, 255] or [0, 100]: x < 256.
; CHECK-LABEL: define internal i1 @below(
; CHECK: ret i1 true
; PRINT-LABEL: function @below
; PRINT: float %x
; PRINT-NEXT: min: 0 max: 255
define internal i1 @below(float %x) {
  %c = fcmp olt float %x, 256.0
  ret i1 %c
}

; Its return value is in [0.5, 1]: the caller's compare folds.
; CHECK-LABEL: define internal {{.*}}float @half_to_one(
define internal float @half_to_one(i8 %i) {
  %x = uitofp i8 %i to float
  %y = fdiv float %x, 510.0
  %z = fadd float %y, 0.5
  ret float %z
}

; CHECK-LABEL: define i1 @callers(
; CHECK: %r = call {{.*}}float @half_to_one(
; CHECK-NOT: fcmp
; CHECK: ret i1
define i1 @callers(i8 %i, i8 %j) {
  %x = uitofp i8 %i to float
  %small = urem i8 %j, 101
  %y = uitofp i8 %small to float
  %a = call i1 @below(float %x)
  %b = call i1 @below(float %y)
  %r = call float @half_to_one(i8 %i)
  %c = fcmp ole float %r, 1.0
  %ab = and i1 %a, %b
  %all = and i1 %ab, %c
  ret i1 %all
}

; Address taken: a caller we do not see may pass anything.
; CHECK-LABEL: define internal i1 @escapes(
; CHECK: %c = fcmp olt float %x, 2.560000e+02
define internal i1 @escapes(float %x) {
  %c = fcmp olt float %x, 256.0
  ret i1 %c
}

@table = global ptr @escapes

; Externally visible: the same.
; CHECK-LABEL: define i1 @exported(
; CHECK: %c = fcmp olt float %x, 2.560000e+02
define i1 @exported(float %x) {
  %c = fcmp olt float %x, 256.0
  ret i1 %c
}

define i1 @calls_them(i8 %i) {
  %x = uitofp i8 %i to float
  %a = call i1 @escapes(float %x)
  %b = call i1 @exported(float %x)
  %ab = and i1 %a, %b
  ret i1 %ab
}

; Recursion: the cycle is analyzed once with nothing known, then with what
; the first round learned from the outside caller and from itself.
; CHECK-LABEL: define internal {{.*}}float @count_down(
; CHECK: %stop = fcmp ole float %n, 0.000000e+00
define internal float @count_down(float %n) {
  %stop = fcmp ole float %n, 0.0
  br i1 %stop, label %done, label %again
again:
  %m = fsub float %n, 1.0
  %r = call float @count_down(float %m)
  ret float %r
done:
  ret float %n
}

define float @start(i8 %i) {
  %x = uitofp i8 %i to float
  %r = call float @count_down(float %x)
  ret float %r
}

; Facts pass through functions without floating point: @entry masks an
; integer and calls @middle (no FP, closed), which calls @scale (closed),
; whose conversion of it is then at most 15. Both @middle and @entry are
; analyzed although neither has FP: each calls, with an integer, a closed
; function worth analyzing. (@pointers, closed but taking only a pointer,
; carries no facts: its callers need no analysis for it.)
; CHECK-LABEL: define internal i1 @scale(
; CHECK: ret i1 true
define internal i1 @scale(i32 %k) {
  %x = uitofp i32 %k to double
  %c = fcmp ole double %x, 15.0
  ret i1 %c
}

define internal i1 @middle(i32 %k, ptr %p) {
  call void @pointers(ptr %p)
  %r = call i1 @scale(i32 %k)
  ret i1 %r
}

define internal void @pointers(ptr %p) {
  store i8 0, ptr %p
  ret void
}

define i1 @entry(i32 %n, ptr %p) {
  %k = and i32 %n, 15
  %r = call i1 @middle(i32 %k, ptr %p)
  ret i1 %r
}
