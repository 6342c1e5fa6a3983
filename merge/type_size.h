/* type_size: sizes of types where they have one (merge/type_size.c).
 *
 * LLVMABISizeOfType, LLVMStoreSizeOfType, LLVMSizeOfTypeInBits and
 * LLVMOffsetOfElement convert LLVM's TypeSize to a number, which aborts the
 * process ("Cannot implicitly convert a scalable size to a fixed-width size")
 * for a scalable vector (<vscale x 4 x i32>, AArch64 SVE, RISC-V V), a struct
 * holding one, or a target type laid out as one (target("aarch64.svcount")).
 * Every size ltofold computes asks here first; a type without a fixed size
 * is an unknown size, and whatever needed it is not done. */
#ifndef LTOFOLD_TYPE_SIZE_H
#define LTOFOLD_TYPE_SIZE_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdbool.h>
#include <stdint.h>

/* Whether `type` is sized and its size is a number of bytes known now, not
 * a multiple of vscale. Target extension types count as not fixed: LLVM-C
 * cannot tell their layout. */
bool ltofold_has_fixed_size(LLVMTypeRef type);

/* The ABI size of `type` in bytes (LLVMABISizeOfType) into *bytes, or
 * false when it has no fixed size. */
bool ltofold_fixed_abi_size(LLVMTargetDataRef layout, LLVMTypeRef type,
                            uint64_t *bytes);

#endif
