; merge-outline: pieces of code that repeat inside functions that are not
; equal as a whole move into one function of their own, called from every
; place they were.
;   - @s1..@s4 each free a string-like buffer when it is not the inline one
;     (the load, the compare and the branch of the entry block, and the
;     block that frees), each amid code of its own: one function, called
;     four times, taking the string;
;   - @e1..@e3 each check a call's result and report an error through a
;     function that does not return (a path that ends in unreachable, and
;     no post-dominator): one function, called three times;
;   - with merge-outline=false, nothing moves, merge-outline-all or not.
; Outlined functions are named ltofold.outlined.N, N counting the regions
; outlined in this run (the survivors of a fold keep theirs): not by LLVM's
; uniquing, whose suffix counts every name clash the module ever had, and
; so differs between lld's in-process ThinLTO module and a distributed
; backend's (thin-distributed.test compares the two links).
; Every fold of the outlined copies is certified (--verify).
; By default only the error paths move: every path through them makes a
; call (to @gettime), while the strings' regions have a path that calls
; nothing (nothing to free), which a call would slow, and their sides that
; free alone are too small to pay; merge-outline-all moves the whole
; regions. (Regions counted: the whole ones and the sides of branches.)
; RUN: %ltofold merge %s -o %t.bc --verify --stats 2>&1 | FileCheck %s --check-prefix=DEFAULT
; DEFAULT: outline: 10 repeated regions, 3 outlined, 0 put back; 1 function called from 3 places
; RUN: %ltofold merge %s -S -o - | FileCheck %s --check-prefix=DEFAULT-IR
; DEFAULT-IR-LABEL: define void @s1(
; DEFAULT-IR-NOT:     call void @ltofold.outlined
; DEFAULT-IR-LABEL: define i32 @e1(
; DEFAULT-IR:         call void @ltofold.outlined.0(
; RUN: %ltofold merge %s -o %t.bc --merge-outline-all --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS
; STATS: outline: 14 repeated regions, 7 outlined, 0 put back; 2 functions called from 7 places
; STATS: certified
; RUN: %ltofold merge %s -S -o %t.ll --merge-outline-all
; RUN: FileCheck %s --input-file %t.ll
; CHECK-LABEL: define void @s1(
; CHECK:         call void @use(ptr %s)
; CHECK:         call void @[[FREE:ltofold\.outlined\.0]](ptr %s)
; CHECK-NEXT:    br label %done
; CHECK-LABEL: define void @s2(
; CHECK:         call void @[[FREE]](ptr %s)
; CHECK-LABEL: define void @s3(
; CHECK:         call void @[[FREE]](ptr %s)
; CHECK-LABEL: define i64 @s4(
; CHECK:         call void @[[FREE]](ptr %s)
; CHECK-LABEL: define i32 @e1(
; CHECK:         call void @[[ERROR:ltofold\.outlined\.4]](ptr %tv)
; CHECK-LABEL: define i32 @e2(
; CHECK:         call void @[[ERROR]](ptr %tv)
; CHECK-LABEL: define i32 @e3(
; CHECK:         call void @[[ERROR]](ptr %tv)
; CHECK:       define internal void @[[FREE]](ptr
; CHECK:         icmp eq ptr
; CHECK:         call void @free_sized(
; CHECK:       define internal void @[[ERROR]](ptr
; CHECK:         call i32 @gettime(
; CHECK:         call void @fatal(
; CHECK:         unreachable
; RUN: grep -c '^define.*@ltofold.outlined' %t.ll | FileCheck %s --check-prefix=TWO
; TWO: {{^}}2{{$}}
; RUN: %ltofold merge %s -S -o - --merge-outline=false --merge-outline-all | FileCheck %s --check-prefix=OFF
; OFF-NOT: ltofold.outlined

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@msg = private constant [12 x i8] c"failed: %s\0A\00"
@counter = global i64 0

declare void @free_sized(ptr, i64)
declare void @use(ptr)
declare void @use2(ptr, ptr)
declare i32 @gettime(ptr)
declare i32 @error_code()
declare ptr @describe(i32)
declare void @fatal(ptr, ptr) noreturn

define void @s1(ptr %s) {
entry:
  call void @use(ptr %s)
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %done

done:
  ret void
}

define void @s2(ptr %s, ptr %t) {
entry:
  call void @use2(ptr %s, ptr %t)
  call void @use2(ptr %t, ptr %s)
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %done

done:
  call void @use(ptr %t)
  ret void
}

define void @s3(ptr %s, i64 %n) {
entry:
  %old = load i64, ptr @counter, align 8
  %new = add i64 %old, %n
  store i64 %new, ptr @counter, align 8
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %done

done:
  ret void
}

define i64 @s4(ptr %s, ptr %u) {
entry:
  %len.p = getelementptr inbounds i8, ptr %u, i64 8
  %len = load i64, ptr %len.p, align 8
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %done

done:
  %twice = shl i64 %len, 1
  ret i64 %twice
}

define i32 @e1(ptr %tv) {
entry:
  %r = call i32 @gettime(ptr %tv)
  %bad = icmp slt i32 %r, 0
  br i1 %bad, label %error, label %ok

error:
  %code = call i32 @error_code()
  %text = call ptr @describe(i32 %code)
  call void @fatal(ptr @msg, ptr %text)
  unreachable

ok:
  %sec = load i32, ptr %tv, align 4
  ret i32 %sec
}

define i32 @e2(ptr %tv, i32 %k) {
entry:
  %r = call i32 @gettime(ptr %tv)
  %bad = icmp slt i32 %r, 0
  br i1 %bad, label %error, label %ok

error:
  %code = call i32 @error_code()
  %text = call ptr @describe(i32 %code)
  call void @fatal(ptr @msg, ptr %text)
  unreachable

ok:
  %sec = load i32, ptr %tv, align 4
  %scaled = mul i32 %sec, %k
  ret i32 %scaled
}

define i32 @e3(ptr %tv, ptr %out) {
entry:
  store i32 0, ptr %out, align 4
  %r = call i32 @gettime(ptr %tv)
  %bad = icmp slt i32 %r, 0
  br i1 %bad, label %error, label %ok

error:
  %code = call i32 @error_code()
  %text = call ptr @describe(i32 %code)
  call void @fatal(ptr @msg, ptr %text)
  unreachable

ok:
  %usec.p = getelementptr inbounds i8, ptr %tv, i64 8
  %usec = load i32, ptr %usec.p, align 4
  store i32 %usec, ptr %out, align 4
  ret i32 1
}
