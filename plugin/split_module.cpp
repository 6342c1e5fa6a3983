// The module cut into parts with LLVM's own SplitModule, the partitioning
// that LTO's parallel code generation uses (lto-partitions=). C++ because
// the C API has no SplitModule. Locals are preserved rather than made
// global: a local made global would keep its name, which a symbol of a
// non-LTO object may have too.
#include "split_module.h"

#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/SplitModule.h"

#include <memory>

using namespace llvm;

extern "C" int ltofold_split_module(LLVMModuleRef ModuleRef, unsigned Count,
                                    ltofold_part_visitor *Visit, void *Data) {
  unsigned Index = 0;
  int Status = 0;
  SplitModule(
      *unwrap(ModuleRef), Count,
      [&](std::unique_ptr<Module> Part) {
        if (!Status)
          Status = Visit(wrap(Part.get()), Index, Data);
        ++Index;
      },
      /*PreserveLocals=*/true);
  return Status;
}
