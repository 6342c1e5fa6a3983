// Module order: functions, global variables, aliases and ifuncs, each list
// sorted by name. The one C++ file of canon: the LLVM-C API can read these
// lists but has no call that moves an element within one, and rebuilding a
// function or variable to move it would mean cloning it whole. Everything
// else canon does stays in C; this file only moves list nodes, which
// changes no value, name or use.
#include "canon_internal.h"

#include <llvm/IR/Module.h>

#include <algorithm>
#include <type_traits>
#include <vector>

namespace {

bool byName(const llvm::GlobalValue *a, const llvm::GlobalValue *b) {
  return a->getName() < b->getName();
}

// Puts the values of `range` into the order `less` gives (stable: values
// without a name keep their relative order, first) by taking each out of
// its list and appending it, with `reinsert`; returns how many were out of
// place. A value taken out of a module's list leaves the symbol table and
// comes back under the same name (nothing else holds it meanwhile).
template <typename Range, typename Less, typename Reinsert>
size_t sortValues(Range range, Less less, Reinsert reinsert) {
  using Value = std::remove_reference_t<decltype(*range.begin())>;
  std::vector<Value *> values;
  for (Value &value : range)
    values.push_back(&value);
  std::vector<Value *> sorted = values;
  std::stable_sort(sorted.begin(), sorted.end(), less);
  size_t moved = 0;
  for (size_t i = 0; i < sorted.size(); ++i)
    moved += sorted[i] != values[i];
  if (moved)
    for (Value *value : sorted)
      reinsert(value);
  return moved;
}

} // namespace

extern "C" size_t canon_order_module(LLVMModuleRef moduleRef) {
  llvm::Module &module = *llvm::unwrap(moduleRef);
  // Functions: definitions first, then declarations, each by name. Within
  // the function list, splice moves a node without leaving the symbol
  // table.
  auto &functions = module.getFunctionList();
  size_t moved = sortValues(
      module.functions(),
      [](const llvm::Function *a, const llvm::Function *b) {
        if (a->isDeclaration() != b->isDeclaration())
          return b->isDeclaration();
        return byName(a, b);
      },
      [&](llvm::Function *f) {
        functions.splice(functions.end(), functions, f->getIterator());
      });
  moved += sortValues(module.globals(), byName, [&](llvm::GlobalVariable *g) {
    module.removeGlobalVariable(g);
    module.insertGlobalVariable(g);
  });
  moved += sortValues(module.aliases(), byName, [&](llvm::GlobalAlias *a) {
    module.removeAlias(a);
    module.insertAlias(a);
  });
  moved += sortValues(module.ifuncs(), byName, [&](llvm::GlobalIFunc *i) {
    module.removeIFunc(i);
    module.insertIFunc(i);
  });
  return moved;
}
