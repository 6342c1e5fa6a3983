// The module cut into parts with LLVM's own SplitModule, the partitioning
// that LTO's parallel code generation uses (lto-partitions=). C++ because
// the C API has no SplitModule. Where locals are to move between parts,
// they are renamed first: SplitModule would make them global under their
// own names (split_module.h says why that is not safe).
#include "split_module.h"

#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/SplitModule.h"

#include <memory>
#include <string>

using namespace llvm;

static void renameLocals(Module &M, const char *Suffix,
                         ltofold_name_filter *KeepName, void *KeepData) {
  for (GlobalValue &GV : M.global_values()) {
    if (!GV.hasLocalLinkage() || GV.getName().starts_with("llvm."))
      continue;
    if (GV.hasName() && KeepName && KeepName(GV.getName().str().c_str(), KeepData))
      continue;
    std::string Name = GV.hasName() ? GV.getName().str() : "__ltofold_unnamed";
    GV.setName(Name + Suffix);
  }
}

extern "C" int ltofold_split_module(LLVMModuleRef ModuleRef, unsigned Count,
                                    const char *LocalSuffix,
                                    ltofold_name_filter *KeepName, void *KeepData,
                                    ltofold_part_visitor *Visit, void *Data) {
  Module &M = *unwrap(ModuleRef);
  if (LocalSuffix)
    renameLocals(M, LocalSuffix, KeepName, KeepData);
  unsigned Index = 0;
  int Status = 0;
  SplitModule(
      M, Count,
      [&](std::unique_ptr<Module> Part) {
        if (!Status)
          Status = Visit(wrap(Part.get()), Index, Data);
        ++Index;
      },
      /*PreserveLocals=*/LocalSuffix == nullptr);
  return Status;
}
