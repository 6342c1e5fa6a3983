; fprange writes what its ranges prove as nofpclass attributes: on the
; parameters of closed functions (every caller in view), on the return
; values of local functions, and on the results of calls (not on the
; arguments at call sites, which LLVM 22 does not read); a class only
; where no value of the range is in it, ORed with the attributes there. Not on functions with callers out of view, not for
; x86_fp80; no nan where NaN may come, no zero of a sign that may come
; (-0.0 from a product with zero), no subnormal where one may come, no
; zero where a subnormal may be flushed. fprange-attributes=false turns
; it off. fmod calls that may see a NaN are kept from LLVM's rewriting
; (below).
; RUN: rm -rf %t && mkdir -p %t
; RUN: %ltofold fprange %s -S -o - | FileCheck %s --check-prefixes=CHECK,IEEE
; RUN: %ltofold fprange %s -S -o - --fprange-flush-denormals | FileCheck %s --check-prefixes=CHECK,FTZ
; RUN: %ltofold fprange %s -S -o - --fprange-attributes=false | FileCheck %s --check-prefix=OFF
; RUN: env LTOFOLD_OPTIONS=verify,fprange-attributes=false %ltofold fprange %s -S -o - | FileCheck %s --check-prefix=OFF
; RUN: %ltofold fprange %s -o %t/out.bc --stats --report %t/r.json 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %validate-report %t/r.json
; RUN: FileCheck %s --check-prefix=REPORT --input-file %t/r.json
; RUN: %ltofold fprange %s -o %t/off.bc --report %t/off.json --fprange-attributes=false
; RUN: %validate-report %t/off.json
; RUN: FileCheck %s --check-prefix=REPORT-OFF --input-file %t/off.json

; STATS: nofpclass written      21 (6 arguments, 7 returns, 8 call returns; fmod calls guarded: 1)
; REPORT: "nofpclass_written": {
; REPORT-NEXT: "arguments": 6,
; REPORT-NEXT: "returns": 7,
; REPORT-NEXT: "call_returns": 8,
; REPORT-NEXT: "fmod_guards": 1
; REPORT-OFF: "nofpclass_written": {
; REPORT-OFF-NEXT: "arguments": 0,
; REPORT-OFF-NEXT: "returns": 0,
; REPORT-OFF-NEXT: "call_returns": 0,
; REPORT-OFF-NEXT: "fmod_guards": 0

; Both callers pass [1, 256], integers: only positive normals.
; CHECK-LABEL: define internal nofpclass(nan inf zero sub nnorm) float @closed(float nofpclass(nan inf zero sub nnorm) %x)
; OFF-LABEL: define internal float @closed(float %x)
define internal float @closed(float %x) {
  ret float %x
}

; Callers out of view may pass anything, and another definition may
; replace it: nothing on the definition.
; CHECK-LABEL: define float @exported(float %x)
define float @exported(float %x) {
  ret float %x
}

; Address taken: an unknown caller may pass anything; its return value
; is its own, whatever its caller: x + 1 is never -0.0 (where subnormals
; may be flushed, fprange does not see that far).
; IEEE-LABEL: define internal nofpclass(nzero) float @escapes(float %x)
; FTZ-LABEL: define internal float @escapes(float %x)
define internal float @escapes(float %x) {
  %y = fadd float %x, 1.0
  ret float %y
}
@table = global ptr @escapes

; 0/0 is NaN, a/0 an infinity, and the quotient any finite value or zero.
; CHECK-LABEL: define internal double @may_be_nan(double %x)
define internal double @may_be_nan(double %x) {
  ret double %x
}

; A product of [-128, 127] with +0.0 is -0.0 or +0.0: no zero bit.
; CHECK-LABEL: define internal nofpclass(nan inf sub norm) float @may_be_negative_zero(float nofpclass(nan inf sub norm) %x)
define internal float @may_be_negative_zero(float %x) {
  ret float %x
}

; [0, 255] * 2^-133: +0, positive subnormals and normals.
; CHECK-LABEL: define internal nofpclass(nan inf nzero nsub nnorm) float @may_be_subnormal(float nofpclass(nan inf nzero nsub nnorm) %x)
define internal float @may_be_subnormal(float %x) {
  ret float %x
}

; [1, 256] * 2^-130 holds subnormals but no zero; where subnormals are
; flushed, +0 too.
; IEEE-LABEL: define internal nofpclass(nan inf zero nsub nnorm) float @tiny(float nofpclass(nan inf zero nsub nnorm) %x)
; FTZ-LABEL: define internal nofpclass(nan inf nzero nsub nnorm) float @tiny(float nofpclass(nan inf nzero nsub nnorm) %x)
define internal float @tiny(float %x) {
  ret float %x
}

; The callers' own promise (no NaN) stays, with what fprange adds: a + 1
; is never -0.0.
; IEEE-LABEL: define internal nofpclass(nan nzero) double @kept(double nofpclass(nan nzero) %x)
; FTZ-LABEL: define internal nofpclass(nan) double @kept(double nofpclass(nan) %x)
; OFF-LABEL: define internal double @kept(double nofpclass(nan) %x)
define internal double @kept(double nofpclass(nan) %x) {
  ret double %x
}

; Vectors: the hull of the lanes.
; CHECK-LABEL: define internal nofpclass(nan inf zero sub nnorm) <2 x float> @vector(<2 x float> nofpclass(nan inf zero sub nnorm) %v)
define internal <2 x float> @vector(<2 x float> %v) {
  ret <2 x float> %v
}

; x86_fp80 gets nothing (its encodings are not all IEEE values).
; CHECK-LABEL: define internal x86_fp80 @long_double(x86_fp80 %x)
define internal x86_fp80 @long_double(x86_fp80 %x) {
  ret x86_fp80 %x
}

; CHECK-LABEL: define float @callers(
; OFF-LABEL: define float @callers(
; OFF-NOT: nofpclass
; OFF: call void @sink(double nofpclass(nan) %k)
; OFF-NOT: nofpclass
; OFF: ret float
define float @callers(i8 %i, i8 %j, double %a, double %b) {
  %x = uitofp i8 %i to float
  %x1 = fadd float %x, 1.0
  %y = uitofp i8 %j to float
  %y1 = fadd float %y, 1.0
; CHECK: %r1 = call nofpclass(nan inf zero sub nnorm) float @closed(float %x1)
; CHECK: %r2 = call nofpclass(nan inf zero sub nnorm) float @closed(float %y1)
  %r1 = call float @closed(float %x1)
  %r2 = call float @closed(float %y1)
; Unknown results get nothing, arguments at call sites neither.
; CHECK: %r3 = call float @exported(float %x1)
  %r3 = call float @exported(float %x1)
; CHECK: %q = fdiv double %a, %b
; CHECK-NEXT: %rq = call double @may_be_nan(double %q)
  %q = fdiv double %a, %b
  %rq = call double @may_be_nan(double %q)
  %i8 = sitofp i8 %i to float
  %z = fmul float %i8, 0.0
  %rz = call float @may_be_negative_zero(float %z)
  %s = fmul float %x, 0x37A0000000000000
  %rs = call float @may_be_subnormal(float %s)
  %t = fmul float %x1, 0x37D0000000000000
  %rt = call float @tiny(float %t)
  %k = fadd double %a, 1.0
  %rk = call double @kept(double %k)
; CHECK: call void @sink(double nofpclass(nan) %k)
  call void @sink(double nofpclass(nan) %k)
  %v0 = insertelement <2 x float> poison, float %x1, i32 0
  %v = insertelement <2 x float> %v0, float %y1, i32 1
  %rv = call <2 x float> @vector(<2 x float> %v)
; CHECK: %ld = uitofp i8 %i to x86_fp80
; CHECK-NEXT: %rld = call x86_fp80 @long_double(x86_fp80 %ld)
  %ld = uitofp i8 %i to x86_fp80
  %rld = call x86_fp80 @long_double(x86_fp80 %ld)
  %sum = fadd float %r1, %r2
  ret float %sum
}

; LLVM 22 rewrites fmod(x, y) into `frem nnan` once it knows x is never
; infinite and y never zero, NaN operands or not (poison where fmod returns
; NaN); the attributes tell it more such values. So an fmod call whose
; operands may be NaN is marked nobuiltin; one whose operands cannot be is
; left to LLVM.
; CHECK-LABEL: define double @remainders(
; CHECK: %maybe_nan = call double @fmod(double %root, double 3.000000e+00) #[[GUARD:[0-9]+]]
; CHECK: %no_nan = call double @fmod(double %f, double 3.000000e+00){{$}}
; CHECK-NOT: #[[GUARD]]
; CHECK: ret double
; OFF-LABEL: define double @remainders(
; OFF: %maybe_nan = call double @fmod(double %root, double 3.000000e+00)
; OFF: %no_nan = call double @fmod(double %f, double 3.000000e+00)
define double @remainders(i32 %i, i8 %j) {
  %d = sitofp i32 %i to double
  %root = call double @llvm.sqrt.f64(double %d)
  %maybe_nan = call double @fmod(double %root, double 3.0)
  %f = uitofp i8 %j to double
  %no_nan = call double @fmod(double %f, double 3.0)
  %sum = fadd double %maybe_nan, %no_nan
  ret double %sum
}
; CHECK: attributes #[[GUARD]] = { nobuiltin }

declare void @sink(double)
declare double @fmod(double, double)
declare double @llvm.sqrt.f64(double)
