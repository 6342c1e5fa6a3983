// fast_math: see fast_math.h. C++ because LLVM-C has no call that clears a
// fast-math flag.
#include "fast_math.h"

#include <llvm/IR/FMF.h>
#include <llvm/IR/Instruction.h>

extern "C" void ltofold_set_fast_math_flags(LLVMValueRef inst,
                                            LLVMFastMathFlags flags) {
  auto *instruction = llvm::cast<llvm::Instruction>(llvm::unwrap(inst));
  // Clear every flag, then let LLVM-C map its flag bits onto LLVM's.
  instruction->copyFastMathFlags(llvm::FastMathFlags());
  LLVMSetFastMathFlags(inst, flags);
}
