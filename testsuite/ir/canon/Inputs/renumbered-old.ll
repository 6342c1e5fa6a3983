; Two strings and a function that prints them, for diff-renumbered.test.
@.str.1 = private unnamed_addr constant [3 x i8] c"-v\00"
@.str.2 = private unnamed_addr constant [3 x i8] c"-q\00"

declare i32 @puts(ptr)

define void @usage() {
  %v = call i32 @puts(ptr @.str.1)
  %q = call i32 @puts(ptr @.str.2)
  ret void
}
