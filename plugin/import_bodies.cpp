// Bodies of another module's functions brought into a module, the way
// ThinLTO's importer brings them: the source is cut down to the wanted
// definitions (llvm::convertToDeclaration, which ThinLTO uses for the
// symbols a backend must not define, turns every other definition and
// alias into a declaration), and what is left is linked in. The wanted
// functions are renamed first, so that the destination's
// own symbols of those names (a declaration, or an available_externally
// copy the thin link imported) stay what they were. The source may be a
// lazily read module: only the wanted bodies are ever parsed.
#include "import_bodies.h"

#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/Error.h"
#include "llvm/Transforms/IPO/FunctionImport.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <vector>

using namespace llvm;

static char *copy_message(const std::string &text) {
  char *message = strdup(text.c_str());
  if (!message)
    abort();
  return message;
}

// Every global of `source` but the wanted functions becomes a declaration;
// the globals nothing refers to then go (the locals among them must: a
// local declaration is not valid IR). Returns the error, or "".
static std::string reduce_to(Module &source, const std::set<Function *> &wanted,
                             const std::string &stand_in_prefix) {
  std::vector<GlobalValue *> globals;
  std::set<GlobalValue *> locals;
  for (GlobalValue &global : source.global_values()) {
    globals.push_back(&global);
    if (global.hasLocalLinkage())
      locals.insert(&global);
  }
  for (GlobalValue *global : globals) {
    if (auto *variable = dyn_cast<GlobalVariable>(global);
        variable && variable->hasAppendingLinkage()) {
      variable->eraseFromParent(); // llvm.used, constructors: the home's own
      continue;
    }
    if (auto *function = dyn_cast<Function>(global);
        function && wanted.count(function))
      continue;
    if (auto *object = dyn_cast<GlobalObject>(global))
      object->setComdat(nullptr);
    if (!convertToDeclaration(*global))
      global->eraseFromParent(); // an alias, replaced by a declaration
  }
  source.setModuleInlineAsm("");
  // (Constant expressions the deleted bodies used linger as users until
  // removed.)
  for (bool erased = true; erased;) {
    std::vector<GlobalValue *> unused;
    for (GlobalValue &global : source.global_values()) {
      global.removeDeadConstantUsers();
      if (global.isDeclaration() && global.use_empty())
        unused.push_back(&global);
    }
    for (GlobalValue *global : unused)
      global->eraseFromParent();
    erased = !unused.empty();
  }
  // A local left is used by a wanted function: as a declaration it would
  // resolve to whatever the destination has of its name. Bodies imported
  // for similar merging may have it as a stand-in: a hidden declaration of
  // a name of its own, which resolves to nothing (such a body merges only
  // where the local is a constant that may vary, which its own module
  // passes; the stand-in goes with the body).
  unsigned stand_ins = 0;
  for (GlobalValue &global : source.global_values()) {
    if (!locals.count(&global) || wanted.count(dyn_cast<Function>(&global)))
      continue;
    if (stand_in_prefix.empty())
      return "'" + std::string(global.getName()) +
             "', a local of its module, is used by a function to import";
    global.setName(stand_in_prefix + std::to_string(stand_ins++));
    global.setLinkage(GlobalValue::ExternalLinkage);
    global.setVisibility(GlobalValue::HiddenVisibility);
  }
  return "";
}

// What of `source` but its bodies would change `dest` once linked: debug
// info (compile units of its own), named metadata (llvm.ident, linker
// options) and module flags (those the linker takes the largest of).
static void strip_module_facts(Module &source) {
  StripDebugInfo(source);
  std::vector<NamedMDNode *> named;
  for (NamedMDNode &node : source.named_metadata())
    named.push_back(&node);
  for (NamedMDNode *node : named)
    node->eraseFromParent();
}

extern "C" char *ltofold_import_bodies(LLVMModuleRef dest, LLVMModuleRef source,
                                       const char *const *names,
                                       const char *const *new_names,
                                       size_t count, bool bodies_only) {
  std::unique_ptr<Module> module(unwrap(source));
  std::set<Function *> wanted;
  for (size_t i = 0; i < count; ++i) {
    Function *function = module->getFunction(names[i]);
    if (!function || function->isDeclaration())
      return copy_message(std::string("no definition of '") + names[i] +
                          "' in " + module->getModuleIdentifier());
    function->setName(new_names[i]);
    // Global, since the IR linker brings a local in only where something
    // refers to it; hidden, and under a name of its own, it resolves to
    // nothing of the destination's.
    function->setLinkage(GlobalValue::ExternalLinkage);
    function->setVisibility(GlobalValue::HiddenVisibility);
    function->setComdat(nullptr);
    if (Error error = function->materialize())
      return copy_message(module->getModuleIdentifier() + ": " +
                          toString(std::move(error)));
    wanted.insert(function);
  }
  std::string error = reduce_to(
      *module, wanted,
      bodies_only && count ? std::string(new_names[0]) + ".local." : "");
  if (error.empty())
    if (Error lazy = module->materializeAll()) // what is left: declarations
      error = toString(std::move(lazy));
  if (!error.empty())
    return copy_message(module->getModuleIdentifier() + ": " + error);
  if (bodies_only)
    strip_module_facts(*module);
  if (Linker::linkModules(*unwrap(dest), std::move(module)))
    return copy_message("the IR linker failed");
  return nullptr;
}

extern "C" char *ltofold_materialize_function(LLVMValueRef function) {
  auto *fn = cast<Function>(unwrap(function));
  if (Error error = fn->materialize())
    return copy_message(fn->getParent()->getModuleIdentifier() + ": " +
                        toString(std::move(error)));
  return nullptr;
}

extern "C" void ltofold_drop_dead_constant_users(LLVMValueRef global) {
  if (auto *value = dyn_cast<GlobalValue>(unwrap(global)))
    value->removeDeadConstantUsers();
}
