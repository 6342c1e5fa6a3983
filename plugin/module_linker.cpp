// One llvm::Linker for all of a link's modules. LLVM-C's LLVMLinkModules2
// makes a new IR linker per call, and each new one first walks the whole
// destination module (every struct type, every instruction's metadata):
// linking N modules one call at a time is quadratic. On pugixml's 41
// ThinLTO modules that walk was most of the second it took to link them;
// llvm-link and LLVM's own LTO keep one linker, as this does.
#include "module_linker.h"

#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"

#include <memory>

using namespace llvm;

struct ltofold_module_linker {
  Linker linker;
  explicit ltofold_module_linker(Module &whole) : linker(whole) {}
};

extern "C" ltofold_module_linker *ltofold_module_linker_new(LLVMModuleRef whole) {
  return new ltofold_module_linker(*unwrap(whole));
}

extern "C" LLVMBool ltofold_module_linker_link(ltofold_module_linker *linker,
                                               LLVMModuleRef module) {
  return linker->linker.linkInModule(std::unique_ptr<Module>(unwrap(module)));
}

extern "C" void ltofold_module_linker_free(ltofold_module_linker *linker) {
  delete linker;
}
