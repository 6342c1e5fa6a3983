; Direct callees may differ: the merged body calls through its parameter.
; A function that calls itself passes its own address, so recursion still
; reaches the right member (here through its thunk). Calls from inside a
; group keep calling the member; calls from elsewhere pass the constants,
; where the member can then go (a member that stays as a thunk anyway keeps
; its calls: constants at each call would only cost more bytes).
; Sequences are not outlined (merge-outline-sequences=false): their calls
; would change the bodies this test is about.
; RUN: %ltofold merge %s -o %t.ll -S --verify --merge-outline-sequences=false
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REPORT < %t.ll
; RUN: %ltofold merge %s -o %t.bc --verify --stats --merge-outline-sequences=false 2>&1 | FileCheck %s --check-prefix=STATS

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; STATS: replaced 2
; STATS-NEXT: thunk 2
; STATS-NEXT: similar: 4 functions into 2 merged bodies, 4 parameters

declare i32 @log_error(i32)
declare i32 @log_warning(i32)

; Differ in the callee and the code: two parameters.
define internal i32 @report_error(i32 %code, i32 %line) unnamed_addr {
  %a = mul i32 %code, 1000
  %b = add i32 %a, %line
  %c = xor i32 %b, 77
  %d = call i32 @log_error(i32 %c)
  %e = add i32 %d, 1
  %f = mul i32 %e, %line
  %g = xor i32 %f, %code
  %h = mul i32 %g, %g
  %i = sub i32 %h, %line
  %j = mul i32 %i, %code
  %k = xor i32 %j, %line
  %l = mul i32 %k, %k
  %m = add i32 %l, %code
  %n = mul i32 %m, %line
  %o = xor i32 %n, %j
  %p = mul i32 %o, %o
  ret i32 %p
}

define internal i32 @report_warning(i32 %code, i32 %line) unnamed_addr {
  %a = mul i32 %code, 1000
  %b = add i32 %a, %line
  %c = xor i32 %b, 78
  %d = call i32 @log_warning(i32 %c)
  %e = add i32 %d, 1
  %f = mul i32 %e, %line
  %g = xor i32 %f, %code
  %h = mul i32 %g, %g
  %i = sub i32 %h, %line
  %j = mul i32 %i, %code
  %k = xor i32 %j, %line
  %l = mul i32 %k, %k
  %m = add i32 %l, %code
  %n = mul i32 %m, %line
  %o = xor i32 %n, %j
  %p = mul i32 %o, %o
  ret i32 %p
}

; Recursive, differing in a bound and in which function they call: their
; own selves. (Big enough to pay for two thunks: their addresses are
; constants of the group, so both stay.)
define internal i32 @count_down_by_2(i32 %n, i32 %acc) unnamed_addr {
  %done = icmp slt i32 %n, 2
  br i1 %done, label %exit, label %again
again:
  %m = sub i32 %n, 2
  %a = add i32 %acc, %n
  %b = xor i32 %a, %m
  %b1 = mul i32 %b, %b
  %b2 = add i32 %b1, %acc
  %b3 = mul i32 %b2, %n
  %b4 = xor i32 %b3, %b
  %b5 = mul i32 %b4, %b4
  %b6 = add i32 %b5, %acc
  %b7 = mul i32 %b6, %n
  %b8 = xor i32 %b7, %b
  %c1 = mul i32 %b8, %b8
  %c2 = add i32 %c1, %acc
  %c3 = mul i32 %c2, %n
  %c4 = xor i32 %c3, %b
  %c5 = mul i32 %c4, %c4
  %c6 = add i32 %c5, %acc
  %c7 = mul i32 %c6, %n
  %c8 = xor i32 %c7, %b
  %d1 = mul i32 %c8, %c8
  %d2 = add i32 %d1, %acc
  %d3 = mul i32 %d2, %n
  %d4 = xor i32 %d3, %b
  %d5 = mul i32 %d4, %d4
  %d6 = add i32 %d5, %acc
  %d7 = mul i32 %d6, %n
  %d8 = xor i32 %d7, %b
  %r = call i32 @count_down_by_2(i32 %m, i32 %d8)
  ret i32 %r
exit:
  ret i32 %acc
}

define internal i32 @count_down_by_3(i32 %n, i32 %acc) unnamed_addr {
  %done = icmp slt i32 %n, 3
  br i1 %done, label %exit, label %again
again:
  %m = sub i32 %n, 3
  %a = add i32 %acc, %n
  %b = xor i32 %a, %m
  %b1 = mul i32 %b, %b
  %b2 = add i32 %b1, %acc
  %b3 = mul i32 %b2, %n
  %b4 = xor i32 %b3, %b
  %b5 = mul i32 %b4, %b4
  %b6 = add i32 %b5, %acc
  %b7 = mul i32 %b6, %n
  %b8 = xor i32 %b7, %b
  %c1 = mul i32 %b8, %b8
  %c2 = add i32 %c1, %acc
  %c3 = mul i32 %c2, %n
  %c4 = xor i32 %c3, %b
  %c5 = mul i32 %c4, %c4
  %c6 = add i32 %c5, %acc
  %c7 = mul i32 %c6, %n
  %c8 = xor i32 %c7, %b
  %d1 = mul i32 %c8, %c8
  %d2 = add i32 %d1, %acc
  %d3 = mul i32 %d2, %n
  %d4 = xor i32 %d3, %b
  %d5 = mul i32 %d4, %d4
  %d6 = add i32 %d5, %acc
  %d7 = mul i32 %d6, %n
  %d8 = xor i32 %d7, %b
  %r = call i32 @count_down_by_3(i32 %m, i32 %d8)
  ret i32 %r
exit:
  ret i32 %acc
}

define i32 @main(i32 %n) {
  %r = call i32 @report_error(i32 %n, i32 10)
  %s = call i32 @report_warning(i32 %n, i32 20)
  %t = call i32 @count_down_by_2(i32 %n, i32 0)
  %u = call i32 @count_down_by_3(i32 %n, i32 0)
  %v = add i32 %r, %s
  %w = add i32 %t, %u
  %x = add i32 %v, %w
  ret i32 %x
}

; The recursive members stay as thunks: the merged body uses their addresses.
; CHECK-LABEL: define internal i32 @count_down_by_2(i32 %n, i32 %acc)
; CHECK-NEXT: tail call i32 @count_down_by_2.ltofold.similar(i32 %n, i32 %acc, i32 2, ptr @count_down_by_2)
; CHECK-LABEL: define internal i32 @count_down_by_3(i32 %n, i32 %acc)
; CHECK-NEXT: tail call i32 @count_down_by_2.ltofold.similar(i32 %n, i32 %acc, i32 3, ptr @count_down_by_3)
; CHECK-LABEL: define i32 @main(
; CHECK-NEXT: %r = call i32 @report_error.ltofold.similar(i32 %n, i32 10, i32 77, ptr @log_error)
; CHECK-NEXT: %s = call i32 @report_error.ltofold.similar(i32 %n, i32 20, i32 78, ptr @log_warning)
; CHECK-NEXT: %t = call i32 @count_down_by_2(i32 %n, i32 0)
; CHECK-NEXT: %u = call i32 @count_down_by_3(i32 %n, i32 0)

; CHECK-LABEL: define internal i32 @count_down_by_2.ltofold.similar(i32 %n, i32 %acc, i32 %0, ptr %1)
; CHECK: %done = icmp slt i32 %n, %0
; CHECK: %m = sub i32 %n, %0
; CHECK: %r = call i32 %1(i32 %m, i32 %d8)

; REPORT-LABEL: define internal i32 @report_error.ltofold.similar(i32 %code, i32 %line, i32 %0, ptr %1)
; REPORT: %c = xor i32 %b, %0
; REPORT-NEXT: %d = call i32 %1(i32 %c)
; REPORT: ret i32 %p
