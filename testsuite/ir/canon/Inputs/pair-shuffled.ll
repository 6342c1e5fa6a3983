; independent instructions and PHIs in another order (see pair-a.ll)
declare void @use(i32)

define i32 @loop(i32 %n, ptr %p) {
entry:
  %k = mul i32 %n, 3
  %base = load i32, ptr %p
  %j = add i32 %base, 7
  br label %header
header:
  %acc = phi i32 [ %j, %entry ], [ %acc.next, %body ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %done = icmp sge i32 %i, %n
  br i1 %done, label %exit, label %body
body:
  %i.next = add nsw i32 %i, 1
  %t = mul i32 %i, %k
  %u = xor i32 %t, %acc
  call void @use(i32 %u)
  %acc.next = add i32 %u, %i
  br label %header
exit:
  %r = sub i32 %acc, %k
  ret i32 %r
}

define i32 @diamond(i32 %x, i32 %y) {
entry:
  %d = sub i32 %x, %y
  %s = add i32 %x, %y
  %c = icmp eq i32 %x, %y
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
