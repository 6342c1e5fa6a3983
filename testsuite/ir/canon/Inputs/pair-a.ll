; The reference module of the pair tests; each pair-*.ll beside it means
; the same but is written differently in one way (pair-all.ll: every way),
; except pair-changed.ll, which makes one semantic change.
declare void @use(i32)

define i32 @loop(i32 %n, ptr %p) {
entry:
  %base = load i32, ptr %p
  %k = mul i32 %n, 3
  %j = add i32 %base, 7
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %acc = phi i32 [ %j, %entry ], [ %acc.next, %body ]
  %done = icmp sge i32 %i, %n
  br i1 %done, label %exit, label %body
body:
  %t = mul i32 %i, %k
  %u = xor i32 %t, %acc
  %acc.next = add i32 %u, %i
  %i.next = add nsw i32 %i, 1
  call void @use(i32 %u)
  br label %header
exit:
  %r = sub i32 %acc, %k
  ret i32 %r
}

define i32 @diamond(i32 %x, i32 %y) {
entry:
  %c = icmp eq i32 %x, %y
  %s = add i32 %x, %y
  %d = sub i32 %x, %y
  br i1 %c, label %left, label %right
left:
  %l = mul i32 %s, %s
  br label %join
right:
  %r = shl i32 %d, 2
  br label %join
join:
  %m = phi i32 [ %l, %left ], [ %r, %right ]
  %o = or i32 %m, %x
  ret i32 %o
}
