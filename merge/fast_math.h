/* fast_math: setting an instruction's fast-math flags (merge/fast_math.cpp). */
#ifndef LTOFOLD_FAST_MATH_H
#define LTOFOLD_FAST_MATH_H

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Gives `inst` (an FP operation, LLVMCanValueUseFastMathFlags) exactly the
 * fast-math flags `flags`. LLVM-C's LLVMSetFastMathFlags only adds flags
 * (Instruction::setFastMathFlags ORs them in), so it cannot take the meet
 * of two instructions' flags: a merged body kept `nnan` from one member
 * for all of them. No file but fast_math.cpp calls LLVMSetFastMathFlags
 * (scripts/check-llvm-c-calls.py). */
void ltofold_set_fast_math_flags(LLVMValueRef inst, LLVMFastMathFlags flags);

#ifdef __cplusplus
}
#endif

#endif
