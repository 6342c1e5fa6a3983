; renumbered-old.ll with one string printed first: as the IR linker does
; when a string is added before the others, they all shift by one number.
@.str.1 = private unnamed_addr constant [7 x i8] c"usage:\00"
@.str.2 = private unnamed_addr constant [3 x i8] c"-v\00"
@.str.3 = private unnamed_addr constant [3 x i8] c"-q\00"

declare i32 @puts(ptr)

define void @usage() {
  %u = call i32 @puts(ptr @.str.1)
  %v = call i32 @puts(ptr @.str.2)
  %q = call i32 @puts(ptr @.str.3)
  ret void
}
