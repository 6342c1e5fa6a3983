; The same CFG with its blocks laid out in a different order merges: the
; comparator walks blocks in CFG order from the entry, so layout is immaterial.
; BUG: not merged. The comparator finds the two equal, but
; ltofold_function_hash (merge/compare.c) hashes opcodes in block *layout*
; order, so the functions get different hashes, are never candidates and are
; never compared. The hash must walk blocks in the comparator's CFG order
; (as LLVM's FunctionComparator::functionHash does). LLVM's mergefunc merges.
; RUN: %ltofold merge %s -o - -S | FileCheck %s --implicit-check-not=@laid_out_forwards
; RUN: %ltofold merge %s -o %t.unused.bc --stats 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: ltofold merge: 3 functions, 2 candidates, 1 folded

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Equal functions keep the first by name (order_is_correct), here the backwards one.
; CHECK-LABEL: define internal i32 @laid_out_backwards(
define internal i32 @laid_out_forwards(i32 %x) unnamed_addr {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %pos, label %neg
pos:
  %a = mul i32 %x, 3
  br label %done
neg:
  %b = sub i32 0, %x
  %b2 = add i32 %b, 1
  br label %done
done:
  %r = phi i32 [ %a, %pos ], [ %b2, %neg ]
  ret i32 %r
}

define internal i32 @laid_out_backwards(i32 %x) unnamed_addr {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %pos, label %neg
done:
  %r = phi i32 [ %a, %pos ], [ %b2, %neg ]
  ret i32 %r
neg:
  %b = sub i32 0, %x
  %b2 = add i32 %b, 1
  br label %done
pos:
  %a = mul i32 %x, 3
  br label %done
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT: call i32 @laid_out_backwards(i32 %x)
; CHECK-NEXT: call i32 @laid_out_backwards(i32 %x)
define i32 @caller(i32 %x) {
  %1 = call i32 @laid_out_forwards(i32 %x)
  %2 = call i32 @laid_out_backwards(i32 %x)
  %s = add i32 %1, %2
  ret i32 %s
}
