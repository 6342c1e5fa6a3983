; local-edit-old.ll with one block added after the entry block of @main.
@.str.1 = private unnamed_addr constant [3 x i8] c"-v\00"
@.str.2 = private unnamed_addr constant [3 x i8] c"-q\00"
@.str.3 = private unnamed_addr constant [3 x i8] c"-f\00"
@.str.4 = private unnamed_addr constant [3 x i8] c"-k\00"
@.str.5 = private unnamed_addr constant [6 x i8] c"start\00"
@.str.6 = private unnamed_addr constant [5 x i8] c"done\00"
@.str.7 = private unnamed_addr constant [6 x i8] c"level\00"
@.str.8 = private unnamed_addr constant [6 x i8] c"hello\00"
@verbose = global i32 0
@quiet = global i32 0
@force = global i32 0
@keep = global i32 0
@level = global i32 0

declare i32 @strcmp(ptr, ptr)
declare i32 @puts(ptr)
declare void @report(i32, i32)

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %name = load ptr, ptr %argv
  %r0 = call i32 @puts(ptr @.str.5)
  %c1 = call i32 @strcmp(ptr %name, ptr @.str.1)
  %e1 = icmp eq i32 %c1, 0
  br i1 %e1, label %set0, label %next1
set0:
  store i32 1, ptr @level
  br label %set1
set1:
  store i32 1, ptr @verbose
  br label %next1
next1:
  %c2 = call i32 @strcmp(ptr %name, ptr @.str.2)
  %e2 = icmp eq i32 %c2, 0
  br i1 %e2, label %set2, label %next2
set2:
  store i32 1, ptr @quiet
  br label %next2
next2:
  %c3 = call i32 @strcmp(ptr %name, ptr @.str.3)
  %e3 = icmp eq i32 %c3, 0
  br i1 %e3, label %set3, label %next3
set3:
  store i32 1, ptr @force
  br label %next3
next3:
  %c4 = call i32 @strcmp(ptr %name, ptr @.str.4)
  %e4 = icmp eq i32 %c4, 0
  br i1 %e4, label %set4, label %next4
set4:
  store i32 1, ptr @keep
  br label %next4
next4:
  switch i32 %argc, label %report [
    i32 1, label %level1
    i32 2, label %level2
    i32 3, label %level3
  ]
level1:
  store i32 10, ptr @level
  br label %report
level2:
  store i32 20, ptr @level
  br label %report
level3:
  store i32 30, ptr @level
  br label %report
report:
  %v = load i32, ptr @verbose
  %q = load i32, ptr @quiet
  %f = load i32, ptr @force
  %k = load i32, ptr @keep
  %l = load i32, ptr @level
  %vq = add i32 %v, %q
  %fk = add i32 %f, %k
  call void @report(i32 %vq, i32 %fk)
  %v2 = load i32, ptr @verbose
  %lv = mul i32 %l, %v2
  call void @report(i32 %lv, i32 %l)
  %r1 = call i32 @puts(ptr @.str.7)
  %v3 = load i32, ptr @verbose
  %q3 = load i32, ptr @quiet
  %s = sub i32 %v3, %q3
  %r2 = call i32 @puts(ptr @.str.6)
  %t = add i32 %r1, %r2
  %u = add i32 %t, %s
  ret i32 %u
}
