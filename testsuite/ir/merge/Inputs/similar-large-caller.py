"""Writes the module of ../similar-large-caller.test: two similar members and
@caller, which calls both and has FILLER more instructions ("large": 20,000
filler instructions, one past the limit with its calls; "small": 4)."""
import sys

FILLER = {"large": 20000, "small": 4}[sys.argv[1]]

print("""target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @sink(i32)
declare i32 @source(i32)
""")
for name, constant in (("m1", 1001), ("m2", 2002)):
    print(f"""define internal void @{name}(i32 %x) unnamed_addr {{
  %a = mul i32 %x, 17
  %b = add i32 %a, {constant}
  call void @sink(i32 %b)
  %c = xor i32 %b, 255
  call void @sink(i32 %c)
  %d = call i32 @source(i32 %c)
  %e = mul i32 %d, 33
  call void @sink(i32 %e)
  call void @sink(i32 %d)
  ret void
}}
""")
print("define void @caller(i32 %x) {")
print("  call void @m1(i32 %x)")
print("  call void @m2(i32 %x)")
previous = "%x"
for i in range(FILLER - 1):
    print(f"  %v{i} = add i32 {previous}, {i % 97 + 1}")
    previous = f"%v{i}"
print(f"  call void @sink(i32 {previous})")
print("  ret void")
print("}")
