; merge-outline leaves alone what it must not move, even where the same
; code repeats three times (each case in three functions that differ
; otherwise), even with merge-outline-all (which also takes regions a path
; of which makes no call):
;   loop:   the region would hold a loop (from a test before it), or leave
;           its block twice (a loop's test branching back to its own block);
;   phi:    the block after the region takes a value from it in a phi;
;   alloca: the region allocates on the stack (the frame would change);
;   invoke: the region may unwind to a pad outside it;
;   frame:  the region reads its function's return address.
; RUN: %ltofold merge %s -o %t.bc --merge-outline-all --verify --stats 2>&1 | FileCheck %s --check-prefix=STATS
; STATS-NOT: outline:
; RUN: %ltofold merge %s -S -o - --merge-outline-all | FileCheck %s
; CHECK-NOT: ltofold.outlined

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @free_sized(ptr, i64)
declare void @use(ptr)
declare void @use2(ptr, ptr)
declare i32 @__gxx_personality_v0(...)
declare ptr @llvm.returnaddress(i32)

define void @loop1(ptr %s, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr inbounds [32 x i8], ptr %s, i64 %i
  %data = load ptr, ptr %p, align 8
  call void @free_sized(ptr %data, i64 %i)
  %next = add i64 %i, 1
  %q = getelementptr inbounds [32 x i8], ptr %s, i64 %next
  %len.p = getelementptr inbounds i8, ptr %q, i64 8
  %len = load i64, ptr %len.p, align 8
  %h = mul i64 %len, 31
  %h2 = xor i64 %h, %len
  %h3 = lshr i64 %h2, 3
  %h4 = add i64 %h3, %i
  %h5 = and i64 %h4, 1023
  %more = icmp ult i64 %h5, %n
  br i1 %more, label %loop, label %done

done:
  call void @use(ptr %s)
  ret void
}

define void @loop2(ptr %s, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr inbounds [32 x i8], ptr %s, i64 %i
  %data = load ptr, ptr %p, align 8
  call void @free_sized(ptr %data, i64 %i)
  %next = add i64 %i, 1
  %q = getelementptr inbounds [32 x i8], ptr %s, i64 %next
  %len.p = getelementptr inbounds i8, ptr %q, i64 8
  %len = load i64, ptr %len.p, align 8
  %h = mul i64 %len, 31
  %h2 = xor i64 %h, %len
  %h3 = lshr i64 %h2, 3
  %h4 = add i64 %h3, %i
  %h5 = and i64 %h4, 1023
  %more = icmp ult i64 %h5, %n
  br i1 %more, label %loop, label %done

done:
  call void @use2(ptr %s, ptr %s)
  ret void
}

define void @loop3(ptr %s, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr inbounds [32 x i8], ptr %s, i64 %i
  %data = load ptr, ptr %p, align 8
  call void @free_sized(ptr %data, i64 %i)
  %next = add i64 %i, 1
  %q = getelementptr inbounds [32 x i8], ptr %s, i64 %next
  %len.p = getelementptr inbounds i8, ptr %q, i64 8
  %len = load i64, ptr %len.p, align 8
  %h = mul i64 %len, 31
  %h2 = xor i64 %h, %len
  %h3 = lshr i64 %h2, 3
  %h4 = add i64 %h3, %i
  %h5 = and i64 %h4, 1023
  %more = icmp ult i64 %h5, %n
  br i1 %more, label %loop, label %done

done:
  store i64 %n, ptr %s, align 8
  ret void
}

define void @phi1(ptr %s, i64 %n) {
entry:
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
  %which = phi ptr [ %s, %entry ], [ %buf, %free ]
  call void @use(ptr %which)
  call void @use(ptr %s)
  ret void
}

define void @phi2(ptr %s, i64 %n) {
entry:
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
  %which = phi ptr [ %s, %entry ], [ %buf, %free ]
  call void @use(ptr %which)
  call void @use2(ptr %s, ptr %s)
  ret void
}

define void @phi3(ptr %s, i64 %n) {
entry:
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
  %which = phi ptr [ %s, %entry ], [ %buf, %free ]
  call void @use(ptr %which)
  store i64 %n, ptr %s, align 8
  ret void
}

define void @alloca1(ptr %s, i64 %n) {
entry:
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %tmp = alloca [64 x i8], align 16
  call void @use(ptr %tmp)
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %done

done:
  call void @use(ptr %s)
  ret void
}

define void @alloca2(ptr %s, i64 %n) {
entry:
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %tmp = alloca [64 x i8], align 16
  call void @use(ptr %tmp)
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %done

done:
  call void @use2(ptr %s, ptr %s)
  ret void
}

define void @alloca3(ptr %s, i64 %n) {
entry:
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %tmp = alloca [64 x i8], align 16
  call void @use(ptr %tmp)
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %done

done:
  store i64 %n, ptr %s, align 8
  ret void
}

define void @invoke1(ptr %s, i64 %n) personality ptr @__gxx_personality_v0 {
entry:
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  invoke void @free_sized(ptr %data, i64 %size) to label %done unwind label %pad

pad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp

done:
  call void @use(ptr %s)
  ret void
}

define void @invoke2(ptr %s, i64 %n) personality ptr @__gxx_personality_v0 {
entry:
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  invoke void @free_sized(ptr %data, i64 %size) to label %done unwind label %pad

pad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp

done:
  call void @use2(ptr %s, ptr %s)
  ret void
}

define void @invoke3(ptr %s, i64 %n) personality ptr @__gxx_personality_v0 {
entry:
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  invoke void @free_sized(ptr %data, i64 %size) to label %done unwind label %pad

pad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp

done:
  store i64 %n, ptr %s, align 8
  ret void
}

define void @frame1(ptr %s, i64 %n) {
entry:
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %ra = call ptr @llvm.returnaddress(i32 0)
  call void @use(ptr %ra)
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %done

done:
  call void @use(ptr %s)
  ret void
}

define void @frame2(ptr %s, i64 %n) {
entry:
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %ra = call ptr @llvm.returnaddress(i32 0)
  call void @use(ptr %ra)
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %done

done:
  call void @use2(ptr %s, ptr %s)
  ret void
}

define void @frame3(ptr %s, i64 %n) {
entry:
  %data = load ptr, ptr %s, align 8
  %buf = getelementptr inbounds i8, ptr %s, i64 16
  %inline = icmp eq ptr %data, %buf
  br i1 %inline, label %done, label %free

free:
  %ra = call ptr @llvm.returnaddress(i32 0)
  call void @use(ptr %ra)
  %cap = load i64, ptr %buf, align 8
  %size = add i64 %cap, 1
  call void @free_sized(ptr %data, i64 %size)
  br label %done

done:
  store i64 %n, ptr %s, align 8
  ret void
}
