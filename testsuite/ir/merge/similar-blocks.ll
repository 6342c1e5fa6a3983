; Pairs of functions whose blocks match one for one but some of whose
; blocks differ between their phis and their terminator (merge-blocks,
; merge/regions.c). The merged body keeps each member's instructions of
; such a block in a region, picked by an i1 selector; values used past a
; region go through a phi. Every fold is certified (--verify); the bodies
; are checked with FileCheck and the functions run before and after.
; Sequences are not outlined (merge-outline-sequences=false): their calls
; would change the blocks this test is about.
; RUN: %ltofold merge %s -o %t.ll -S --verify --stats --merge-outline-sequences=false 2> %t.stats
; RUN: FileCheck %s --input-file %t.ll
; RUN: FileCheck %s --check-prefix=STATS --input-file %t.stats
; RUN: FileCheck %s --check-prefix=KINDS --input-file %t.ll
; RUN: %ltofold merge %s -o - -S --merge-blocks=false --merge-outline-sequences=false | FileCheck %s --check-prefix=OFF

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @work(i32, i32)
declare void @sink(i32)
declare void @sink_ptr(ptr)
declare void @sink_i64(i64)

; STATS: similar: 6 functions into 3 merged bodies, 4 parameters, 0 choices, 5 blocks
; STATS: similar skipped: unprofitable 2
; STATS: similar skipped: blocks 8
; OFF-NOT: ltofold.similar

; @two_blocks and @two_blocks_other differ in two blocks; the second
; member's value %k, made in the first, is used in the second: there it
; reads the phi of the first region.
; CHECK-LABEL: define internal i32 @two_blocks.ltofold.similar(i32 %x, ptr %p, i1 %0)
; CHECK:       br i1 %0, label %[[V1:[0-9]+]], label %b
; CHECK:       b:
; CHECK-NEXT:    %k = add i32 %x, 1
; CHECK-NEXT:    br label %[[J1:[0-9]+]]
; CHECK:       [[V1]]:
; CHECK-NEXT:    %k1 = mul i32 %x, 5
; CHECK-NEXT:    store i32 %k1, ptr %p
; CHECK-NEXT:    br label %[[J1]]
; CHECK:       [[J1]]:
; CHECK-NEXT:    %[[K:[0-9]+]] = phi i32 [ %k, %b ], [ %k1, %[[V1]] ]
; CHECK:       br i1 %0, label %[[V2:[0-9]+]], label %c
; CHECK:       [[V2]]:
; CHECK-NEXT:    %m{{[0-9]*}} = sub i32 %[[K]], 7

define i32 @two_blocks(i32 %x, ptr %p) {
entry:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  %t = icmp sgt i32 %x, 0
  br i1 %t, label %b, label %out
b:
  %k = add i32 %x, 1
  br label %c
c:
  %m = shl i32 %k, 2
  br label %out
out:
  %r = phi i32 [ 0, %entry ], [ %m, %c ]
  ret i32 %r
}

define i32 @two_blocks_other(i32 %x, ptr %p) {
entry:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  %t = icmp sgt i32 %x, 0
  br i1 %t, label %b, label %out
b:
  %k = mul i32 %x, 5
  store i32 %k, ptr %p
  br label %c
c:
  %m = sub i32 %k, 7
  br label %out
out:
  %r = phi i32 [ 0, %entry ], [ %m, %c ]
  ret i32 %r
}


; A switch, and phis of a constant that differs, of arguments and of a
; value: what the pair search's shape hash (similar.c, shape_hash) reads of
; them must not keep the pair apart.
; KINDS: define internal i32 @phi_kinds.ltofold.similar(i32 %x, ptr %p, i32 %y, i32 %0, i1 %1)

define i32 @phi_kinds(i32 %x, ptr %p, i32 %y) {
entry:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  switch i32 %y, label %out [
    i32 1, label %a
    i32 2, label %b
  ]
a:
  %ka = add i32 %x, 1
  br label %out
b:
  %kb = xor i32 %x, %y
  br label %out
out:
  %r = phi i32 [ 5, %entry ], [ %ka, %a ], [ %kb, %b ]
  %s = phi i32 [ %y, %entry ], [ %x, %a ], [ %y, %b ]
  %r0 = add i32 %r, %s
  ret i32 %r0
}

define i32 @phi_kinds_other(i32 %x, ptr %p, i32 %y) {
entry:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  switch i32 %y, label %out [
    i32 1, label %a
    i32 2, label %b
  ]
a:
  %ka1 = mul i32 %x, 3
  store i32 %ka1, ptr %p
  %ka = sub i32 %ka1, %y
  br label %out
b:
  %kb = xor i32 %x, %y
  br label %out
out:
  %r = phi i32 [ 6, %entry ], [ %ka, %a ], [ %kb, %b ]
  %s = phi i32 [ %y, %entry ], [ %x, %a ], [ %y, %b ]
  %r0 = add i32 %r, %s
  ret i32 %r0
}


; A value of the representative's middle used only by its later middle: the
; member has none, and its side of the phi is poison.
; CHECK-LABEL: define internal i32 @rep_only.ltofold.similar(
; CHECK:       phi i32 [ %k, %b ], [ poison, %{{[0-9]+}} ]

define i32 @rep_only(i32 %x, ptr %p, i32 %y) {
entry:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  %t = icmp sgt i32 %x, 0
  br i1 %t, label %b, label %out
b:
  %k = add i32 %x, 1
  call void @sink(i32 %k)
  br label %c
c:
  %m = shl i32 %k, 2
  br label %out
out:
  %r = phi i32 [ 0, %entry ], [ %m, %c ]
  ret i32 %r
}

define i32 @rep_only_other(i32 %x, ptr %p, i32 %y) {
entry:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  %t = icmp sgt i32 %x, 0
  br i1 %t, label %b, label %out
b:
  call void @sink(i32 3)
  br label %c
c:
  %m = shl i32 %x, 3
  br label %out
out:
  %r = phi i32 [ 0, %entry ], [ %m, %c ]
  ret i32 %r
}


; Never merged (skipped for their blocks): a block that differs in a loop;
; a pointer and an integer met at one place (a phi has one type); an alloca
; in an entry block that differs (the rest in a block of its own, so that
; the pair could save enough); a landing pad in a block that differs.
; CHECK-NOT: @in_loop{{.*}}ltofold.similar
; CHECK-NOT: @ptr_int{{.*}}ltofold.similar
; CHECK-NOT: @entry_alloca{{.*}}ltofold.similar
; CHECK-NOT: @pad{{.*}}ltofold.similar

define i32 @in_loop(i32 %x, ptr %p) {
entry:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  call void @sink(i32 %i)
  %n = add i32 %i, 1
  %d = icmp slt i32 %n, %x
  br i1 %d, label %loop, label %out
out:
  ret i32 %n
}

define i32 @in_loop_other(i32 %x, ptr %p) {
entry:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  store i32 %i, ptr %p
  %n = add i32 %i, 1
  %d = icmp slt i32 %n, %x
  br i1 %d, label %loop, label %out
out:
  ret i32 %n
}

define i32 @ptr_int(i32 %x, ptr %p) {
entry:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  br label %b
b:
  %q = getelementptr i8, ptr %p, i32 %x
  br label %c
c:
  call void @sink_ptr(ptr %q)
  ret i32 %x
}
define i32 @ptr_int_other(i32 %x, ptr %p) {
entry:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  br label %b
b:
  %q = zext i32 %x to i64
  br label %c
c:
  call void @sink_i64(i64 %q)
  ret i32 %x
}

define i32 @entry_alloca(i32 %x, ptr %p) {
entry:
  %a = alloca i32
  call void @sink_ptr(ptr %a)
  br label %body
body:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  %t = icmp sgt i32 %x, 0
  br i1 %t, label %b, label %out
b:
  call void @sink(i32 1)
  br label %out
out:
  ret i32 %x
}

define i32 @entry_alloca_other(i32 %x, ptr %p) {
entry:
  %a = alloca i64
  call void @sink_ptr(ptr %a)
  br label %body
body:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  %t = icmp sgt i32 %x, 0
  br i1 %t, label %b, label %out
b:
  call void @sink(i32 1)
  br label %out
out:
  ret i32 %x
}

declare i32 @personality(...)

define i32 @pad(i32 %x, ptr %p) personality ptr @personality {
entry:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  invoke void @sink(i32 %x) to label %out unwind label %lp
lp:
  %e = landingpad { ptr, i32 } cleanup
  call void @sink(i32 1)
  resume { ptr, i32 } %e
out:
  ret i32 %x
}

define i32 @pad_other(i32 %x, ptr %p) personality ptr @personality {
entry:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  invoke void @sink(i32 %x) to label %out unwind label %lp
lp:
  %e = landingpad { ptr, i32 } cleanup
  call void @sink(i32 2)
  call void @sink(i32 3)
  resume { ptr, i32 } %e
out:
  ret i32 %x
}

; Never merged, and not compared further than the blocks that differ: the
; block that differs is nearly all of each, so the merged body would hold
; nearly both (skipped as unprofitable, before its regions are looked at).
; CHECK-NOT: @mostly_differing{{.*}}ltofold.similar

define i32 @mostly_differing(i32 %x, ptr %p) {
entry:
  %t = icmp sgt i32 %x, 0
  br i1 %t, label %b, label %out
b:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  call void @sink(i32 1)
  br label %out
out:
  ret i32 %x
}

define i32 @mostly_differing_other(i32 %x, ptr %p) {
entry:
  %t = icmp sgt i32 %x, 0
  br i1 %t, label %b, label %out
b:
  %c0 = call i32 @work(i32 %x, i32 0)
  call void @sink(i32 %c0)
  %c1 = call i32 @work(i32 %x, i32 1)
  call void @sink(i32 %c1)
  %c2 = call i32 @work(i32 %x, i32 2)
  call void @sink(i32 %c2)
  %c3 = call i32 @work(i32 %x, i32 3)
  call void @sink(i32 %c3)
  %c4 = call i32 @work(i32 %x, i32 4)
  call void @sink(i32 %c4)
  %c5 = call i32 @work(i32 %x, i32 5)
  call void @sink(i32 %c5)
  %c6 = call i32 @work(i32 %x, i32 6)
  call void @sink(i32 %c6)
  %c7 = call i32 @work(i32 %x, i32 7)
  call void @sink(i32 %c7)
  %c8 = call i32 @work(i32 %x, i32 8)
  call void @sink(i32 %c8)
  %c9 = call i32 @work(i32 %x, i32 9)
  call void @sink(i32 %c9)
  call void @sink(i32 2)
  call void @sink(i32 2)
  br label %out
out:
  ret i32 %x
}
