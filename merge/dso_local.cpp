// Whether a global's definition is known to be the one that runs: LLVM's
// dso_local (GlobalValue::isDSOLocal). C++ because LLVM-C has no accessor
// for it. Clang leaves it off the default-visibility definitions of code
// compiled for a shared library (-fPIC), which the dynamic loader may
// replace with another object's (an executable's, LD_PRELOAD's); LTO sets
// it where the link says no other definition can win.
#include <llvm/IR/GlobalValue.h>
#include <llvm/IR/Value.h>
#include <llvm-c/Core.h>

extern "C" bool ltofold_is_dso_local(LLVMValueRef global) {
  return llvm::cast<llvm::GlobalValue>(llvm::unwrap(global))->isDSOLocal();
}
