// function_copy: a function's body kept aside, and put back
// (function_copy.h). The copy is LLVM's CloneFunction: a call of the
// function in its body stays a call of the function (only the arguments
// and blocks are mapped), so the copy compares with a body built from the
// original as the original would, and putting it back leaves the calls as
// they were. The copy shares the original's debug subprogram until it is
// deleted or given back; nothing verifies the module in between.
#include "function_copy.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

#include <memory>

using namespace llvm;

extern "C" LLVMValueRef ltofold_copy_function(LLVMValueRef fn_ref) {
  Function *fn = unwrap<Function>(fn_ref);
  // On the heap: GCC's -Wmaybe-uninitialized misreads the inline buckets
  // of a ValueToValueMapTy on the stack under -fsanitize (the ASan build).
  auto map = std::make_unique<ValueToValueMapTy>();
  Function *copy = CloneFunction(fn, *map);
  copy->setLinkage(GlobalValue::InternalLinkage);
  copy->setName(fn->getName() + ".ltofold.copy");
  return wrap(copy);
}

extern "C" void ltofold_restore_from_copy(LLVMValueRef fn_ref, LLVMValueRef copy_ref) {
  Function *fn = unwrap<Function>(fn_ref);
  Function *copy = unwrap<Function>(copy_ref);
  while (!fn->empty()) // (none: its blocks moved to the merged body)
    fn->begin()->eraseFromParent();
  for (auto [from, to] : zip(copy->args(), fn->args()))
    from.replaceAllUsesWith(&to);
  fn->splice(fn->end(), copy);
  fn->setAttributes(copy->getAttributes());
  fn->setSubprogram(copy->getSubprogram());
  copy->setSubprogram(nullptr);
  copy->eraseFromParent();
}
