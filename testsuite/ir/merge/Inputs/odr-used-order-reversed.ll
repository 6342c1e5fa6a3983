; method-odr-used-order.ll with its functions in reverse order.
target triple = "x86_64-pc-linux-gnu"

@llvm.used = appending global [3 x ptr] [ptr @used_a, ptr @used_b, ptr @used_c], section "llvm.metadata"

declare void @sink(ptr)

define weak_odr void @used_c(ptr %p) {
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  ret void
}

define weak_odr void @used_b(ptr %p) {
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  ret void
}

define weak_odr void @used_a(ptr %p) {
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  call void @sink(ptr %p)
  ret void
}
