/* Not built: what check-llvm-c-calls.py must find. A comment that names
 * LLVMGetMDNodeOperands(node, ops) is not a call. */
#include <llvm-c/Core.h>

unsigned long long entry_count(LLVMValueRef node) {
  LLVMValueRef ops[2];
  LLVMGetMDNodeOperands(node, ops); // a two-element guess
  return LLVMConstIntGetZExtValue(ops[1]);
}

void blocks(LLVMValueRef fn, LLVMBasicBlockRef *out) { LLVMGetBasicBlocks (fn, out); }

/* Adds nnan to whatever the instruction had: not a meet. */
void meet(LLVMValueRef inst) { LLVMSetFastMathFlags(inst, LLVMFastMathNoNaNs); }
