; Landing pads that differ in cleanup or clauses (catch of different type
; infos, filter vs catch): no two merge.
; RUN: %ltofold merge %s -o - -S | FileCheck %s
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 6 functions, 5 candidates, 0 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@typeinfo_a = external constant ptr
@typeinfo_b = external constant ptr

declare void @may_throw(i32)
declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: define internal i32 @lp_cleanup(
; CHECK: %lp = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: %sel = extractvalue
define internal i32 @lp_cleanup(i32 %x) unnamed_addr personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 %x)
          to label %ok unwind label %lpad
ok:
  %r = add i32 %x, 1
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  %sel = extractvalue { ptr, i32 } %lp, 1
  ret i32 %sel
}

; CHECK-LABEL: define internal i32 @lp_catch_a(
; CHECK: %lp = landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr @typeinfo_a
; CHECK-NEXT: %sel = extractvalue
define internal i32 @lp_catch_a(i32 %x) unnamed_addr personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 %x)
          to label %ok unwind label %lpad
ok:
  %r = add i32 %x, 1
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr @typeinfo_a
  %sel = extractvalue { ptr, i32 } %lp, 1
  ret i32 %sel
}

; CHECK-LABEL: define internal i32 @lp_catch_b(
; CHECK: %lp = landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr @typeinfo_b
; CHECK-NEXT: %sel = extractvalue
define internal i32 @lp_catch_b(i32 %x) unnamed_addr personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 %x)
          to label %ok unwind label %lpad
ok:
  %r = add i32 %x, 1
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr @typeinfo_b
  %sel = extractvalue { ptr, i32 } %lp, 1
  ret i32 %sel
}

; CHECK-LABEL: define internal i32 @lp_cleanup_catch_a(
; CHECK: %lp = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: catch ptr @typeinfo_a
; CHECK-NEXT: %sel = extractvalue
define internal i32 @lp_cleanup_catch_a(i32 %x) unnamed_addr personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 %x)
          to label %ok unwind label %lpad
ok:
  %r = add i32 %x, 1
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
          catch ptr @typeinfo_a
  %sel = extractvalue { ptr, i32 } %lp, 1
  ret i32 %sel
}

; CHECK-LABEL: define internal i32 @lp_filter_a(
; CHECK: %lp = landingpad { ptr, i32 }
; CHECK-NEXT: filter [1 x ptr] [ptr @typeinfo_a]
; CHECK-NEXT: %sel = extractvalue
define internal i32 @lp_filter_a(i32 %x) unnamed_addr personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 %x)
          to label %ok unwind label %lpad
ok:
  %r = add i32 %x, 1
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 }
          filter [1 x ptr] [ptr @typeinfo_a]
  %sel = extractvalue { ptr, i32 } %lp, 1
  ret i32 %sel
}

; CHECK-LABEL: define i32 @caller(
; CHECK: call i32 @lp_cleanup(
; CHECK: call i32 @lp_catch_a(
; CHECK: call i32 @lp_catch_b(
; CHECK: call i32 @lp_cleanup_catch_a(
; CHECK: call i32 @lp_filter_a(
define i32 @caller(i32 %x) {
  %r0 = call i32 @lp_cleanup(i32 %x)
  %r1 = call i32 @lp_catch_a(i32 %x)
  %r2 = call i32 @lp_catch_b(i32 %x)
  %r3 = call i32 @lp_cleanup_catch_a(i32 %x)
  %r4 = call i32 @lp_filter_a(i32 %x)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  %s3 = add i32 %s2, %r4
  ret i32 %s3
}
