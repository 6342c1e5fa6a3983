// snapshot: a module as bitcode, read back lazily for the certifier, or put
// back in place when merge's folds do not check (snapshot.h).
//
// Putting back. A merge whose folds do not all certify must leave no trace, and the
// module cannot be swapped for a fresh one: lld's pass plugin holds it by
// reference, and the outlining state (outline.cpp) holds its functions by
// handle. So the snapshot is read into the module's own context and its
// contents move into the module: every global that has a namesake of the
// same kind and type in the module keeps the module's object, which takes
// the snapshot's body (or initializer, or aliasee) and properties; every
// use of the snapshot's global, metadata included, becomes a use of it.
// What merge created (merged bodies, private bodies, thunks' new functions)
// goes; what merge deleted comes back as the snapshot's object. Last, the
// module's lists take the snapshot's order, since merge's choices depend on
// the order of functions and the run after a restore must be the run that
// would have happened without the excluded functions.
//
#include "snapshot.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalAlias.h>
#include <llvm/IR/GlobalIFunc.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>

#include <vector>

using namespace llvm;

namespace {

// The module's comdat of the same name and kind as `comdat` (of another
// module), or null.
Comdat *comdat_in(Module &module, const Comdat *comdat) {
  if (!comdat)
    return nullptr;
  Comdat *own = module.getOrInsertComdat(comdat->getName());
  own->setSelectionKind(comdat->getSelectionKind());
  return own;
}

// What every global value keeps beside its definition.
void take_properties(GlobalValue &to, const GlobalValue &from, Module &module) {
  to.setLinkage(from.getLinkage());
  to.setVisibility(from.getVisibility());
  to.setDLLStorageClass(from.getDLLStorageClass());
  to.setUnnamedAddr(from.getUnnamedAddr());
  to.setThreadLocalMode(from.getThreadLocalMode());
  to.setDSOLocal(from.isDSOLocal());
  to.setPartition(from.getPartition());
  if (auto *object = dyn_cast<GlobalObject>(&to)) {
    auto &source = cast<GlobalObject>(from);
    object->setSection(source.getSection());
    object->setComdat(comdat_in(module, source.getComdat()));
    object->clearMetadata();
    object->copyMetadata(&source, 0);
  }
}

void take_function(Function &to, Function &from, Module &module) {
  to.deleteBody();
  to.splice(to.end(), &from);
  for (unsigned i = 0; i < from.arg_size(); ++i) {
    from.getArg(i)->replaceAllUsesWith(to.getArg(i));
    to.getArg(i)->takeName(from.getArg(i));
  }
  to.setAlignment(from.getAlign());
  to.setCallingConv(from.getCallingConv());
  to.setAttributes(from.getAttributes());
  if (from.hasGC())
    to.setGC(from.getGC());
  else
    to.clearGC();
  to.setPersonalityFn(from.hasPersonalityFn() ? from.getPersonalityFn() : nullptr);
  to.setPrefixData(from.hasPrefixData() ? from.getPrefixData() : nullptr);
  to.setPrologueData(from.hasPrologueData() ? from.getPrologueData() : nullptr);
  take_properties(to, from, module);
}

void take_variable(GlobalVariable &to, GlobalVariable &from, Module &module) {
  to.setInitializer(from.hasInitializer() ? from.getInitializer() : nullptr);
  to.setConstant(from.isConstant());
  to.setAlignment(from.getAlign());
  to.setExternallyInitialized(from.isExternallyInitialized());
  to.setAttributes(from.getAttributes());
  if (auto model = from.getCodeModel())
    to.setCodeModel(*model);
  else
    to.clearCodeModel();
  take_properties(to, from, module);
}

bool same_kind(const GlobalValue &a, const GlobalValue &b) {
  return a.getValueID() == b.getValueID() && a.getValueType() == b.getValueType() &&
         a.getAddressSpace() == b.getAddressSpace();
}

// The snapshot's globals, each list in its order.
std::vector<GlobalValue *> globals_of(Module &module) {
  std::vector<GlobalValue *> globals;
  for (GlobalValue &global : module.global_values())
    globals.push_back(&global);
  return globals;
}

} // namespace

extern "C" LLVMModuleRef snapshot_read_lazily(LLVMContextRef context,
                                              LLVMMemoryBufferRef snapshot) {
  Expected<std::unique_ptr<Module>> module =
      getLazyBitcodeModule(unwrap(snapshot)->getMemBufferRef(), *unwrap(context));
  if (!module || (*module)->materializeMetadata())
    abort(); /* our own bitcode, just written */
  return wrap(module->release());
}

extern "C" void snapshot_materialize(LLVMValueRef function) {
  if (Error failure = cast<Function>(unwrap(function))->materialize())
    abort(); /* our own bitcode, just written */
}

extern "C" bool ltofold_module_restore(LLVMModuleRef module_ref,
                                       LLVMMemoryBufferRef snapshot_ref) {
  Module &module = *unwrap(module_ref);
  MemoryBufferRef buffer = unwrap(snapshot_ref)->getMemBufferRef();
  Expected<std::unique_ptr<Module>> parsed =
      parseBitcodeFile(buffer, module.getContext());
  if (!parsed) {
    consumeError(parsed.takeError());
    return false;
  }
  std::unique_ptr<Module> snapshot = std::move(*parsed);

  // Pair the snapshot's globals with the module's by name; a namesake of
  // another kind or type is renamed out of the way, to be deleted.
  std::vector<GlobalValue *> order = globals_of(*snapshot);
  DenseMap<GlobalValue *, GlobalValue *> kept; // snapshot's -> module's
  DenseMap<GlobalValue *, bool> paired;        // module's globals that stay
  for (GlobalValue *global : order) {
    GlobalValue *own = global->hasName() ? module.getNamedValue(global->getName())
                                         : nullptr;
    if (own && same_kind(*own, *global)) {
      kept[global] = own;
      paired[own] = true;
    } else if (own) {
      own->setName("");
    }
  }
  // The module's globals that the snapshot does not have: gone, once
  // nothing refers to them.
  std::vector<GlobalValue *> doomed;
  for (GlobalValue &global : module.global_values())
    if (!paired.count(&global))
      doomed.push_back(&global);
  for (GlobalValue *global : doomed) {
    if (auto *function = dyn_cast<Function>(global))
      function->deleteBody();
    else if (auto *variable = dyn_cast<GlobalVariable>(global))
      variable->setInitializer(nullptr);
    else if (auto *alias = dyn_cast<GlobalAlias>(global))
      alias->setAliasee(PoisonValue::get(alias->getType()));
    else if (auto *ifunc = dyn_cast<GlobalIFunc>(global))
      ifunc->setResolver(PoisonValue::get(ifunc->getType()));
  }

  // The snapshot's globals the module has no namesake for move over as
  // they are; uses of the others become uses of the module's.
  for (GlobalValue *global : order) {
    if (kept.count(global))
      continue;
    if (auto *function = dyn_cast<Function>(global)) {
      function->removeFromParent();
      module.getFunctionList().push_back(function);
    } else if (auto *variable = dyn_cast<GlobalVariable>(global)) {
      variable->removeFromParent();
      module.insertGlobalVariable(variable);
    } else if (auto *alias = dyn_cast<GlobalAlias>(global)) {
      alias->removeFromParent();
      module.insertAlias(alias);
    } else if (auto *ifunc = dyn_cast<GlobalIFunc>(global)) {
      ifunc->removeFromParent();
      module.insertIFunc(ifunc);
    }
    if (auto *object = dyn_cast<GlobalObject>(global))
      object->setComdat(comdat_in(module, object->getComdat()));
  }
  for (GlobalValue *global : order)
    if (kept.count(global))
      global->replaceAllUsesWith(kept[global]);

  // Definitions and properties.
  for (GlobalValue *from : order) {
    if (!kept.count(from))
      continue;
    GlobalValue *to = kept[from];
    if (auto *function = dyn_cast<Function>(to))
      take_function(*function, *cast<Function>(from), module);
    else if (auto *variable = dyn_cast<GlobalVariable>(to))
      take_variable(*variable, *cast<GlobalVariable>(from), module);
    else if (auto *alias = dyn_cast<GlobalAlias>(to)) {
      alias->setAliasee(cast<GlobalAlias>(from)->getAliasee());
      take_properties(*alias, *from, module);
    } else if (auto *ifunc = dyn_cast<GlobalIFunc>(to)) {
      ifunc->setResolver(cast<GlobalIFunc>(from)->getResolver());
      take_properties(*ifunc, *from, module);
    }
  }

  for (GlobalValue *global : doomed) {
    if (!global->use_empty())
      global->replaceAllUsesWith(PoisonValue::get(global->getType()));
    global->eraseFromParent();
  }

  // The snapshot's order.
  for (GlobalValue *global : order) {
    GlobalValue *own = kept.count(global) ? kept[global] : global;
    if (auto *function = dyn_cast<Function>(own))
      module.getFunctionList().splice(module.end(), module.getFunctionList(),
                                      function->getIterator());
    else if (auto *variable = dyn_cast<GlobalVariable>(own)) {
      module.removeGlobalVariable(variable);
      module.insertGlobalVariable(variable);
    } else if (auto *alias = dyn_cast<GlobalAlias>(own)) {
      module.removeAlias(alias);
      module.insertAlias(alias);
    } else if (auto *ifunc = dyn_cast<GlobalIFunc>(own)) {
      module.removeIFunc(ifunc);
      module.insertIFunc(ifunc);
    }
  }
  return true;
}
