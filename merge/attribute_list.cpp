// The identity of a function's or a call site's attribute list. LLVM
// uniques attribute lists in the context, so two values with one list have
// the same attributes at every index; LLVM-C has no accessor for the list
// itself, only for its attributes one index at a time, which the comparator
// (compare.c) otherwise fetches and compares one by one.
#include <llvm/IR/Function.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm-c/Core.h>

extern "C" const void *ltofold_attribute_list(LLVMValueRef value) {
  llvm::Value *v = llvm::unwrap(value);
  if (auto *fn = llvm::dyn_cast<llvm::Function>(v))
    return fn->getAttributes().getRawPointer();
  if (auto *call = llvm::dyn_cast<llvm::CallBase>(v))
    return call->getAttributes().getRawPointer();
  return nullptr;
}
