// The pass-plugin shim for lld and opt: the only C++ in ltofold, kept to what
// the new pass manager's plugin interface requires. It registers ltofold's
// pipeline names for opt, runs fprange at the start and canon and merge at
// the end of the full-LTO pipeline and of every ThinLTO backend's (where
// lld, or clang as a distributed backend, calls them), turns each
// -ltofold-KEY option into "KEY=VALUE", and hands everything to the C core
// (plugin_entry.h), which it also tells when the process ends.
#include "pass_callbacks.h"
#include "plugin_entry.h"
#include "version.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"

#include <cstdlib>
#include <unistd.h>

#include <memory>
#include <string>
#include <vector>

using namespace llvm;

namespace {

// One -ltofold-KEY option per entry of the C option table, registered when
// the library is loaded so the command line that loads it can use them.
struct OptionRegistry {
  std::vector<std::string> Keys;
  std::vector<std::unique_ptr<cl::opt<std::string>>> Options;
  OptionRegistry() {
    size_t Count = ltofold_plugin_option_count();
    Keys.reserve(Count); // cl::opt keeps a reference to its name
    for (size_t I = 0; I != Count; ++I) {
      Keys.push_back(std::string("ltofold-") + ltofold_plugin_option_key(I));
      Options.push_back(std::make_unique<cl::opt<std::string>>(
          StringRef(Keys.back()), cl::desc(ltofold_plugin_option_help(I)),
          cl::ValueOptional));
    }
  }
  std::vector<std::string> givenPairs() const {
    std::vector<std::string> Pairs;
    for (size_t I = 0; I != Options.size(); ++I)
      if (Options[I]->getNumOccurrences())
        Pairs.push_back(std::string(ltofold_plugin_option_key(I)) +
                        (Options[I]->getValue().empty()
                             ? ""
                             : "=" + Options[I]->getValue()));
    return Pairs;
  }
};

OptionRegistry &registry() {
  static OptionRegistry Registry;
  return Registry;
}
// Construct at load time, not at first use.
const OptionRegistry &LoadTimeRegistry = registry();

std::vector<std::string> givenOptions() { return registry().givenPairs(); }

// The end of the link, for the C core (ltofold_plugin_link_finish), which
// writes the link's report: a report that cannot be written fails the
// process, which has no other way left to fail the link.
void finishLink() {
  std::vector<std::string> Pairs = givenOptions();
  std::vector<const char *> Raw;
  for (const std::string &P : Pairs)
    Raw.push_back(P.c_str());
  if (ltofold_plugin_link_finish(Raw.data(), Raw.size()))
    _exit(1);
}

// The end of the process: lld leaves through llvm_shutdown and _exit,
// which destroys managed statics but runs no atexit handler; other hosts
// return from main, which runs atexit handlers. Both are asked; the core
// acts once.
struct ProcessEnd {
  ProcessEnd() { std::atexit(finishLink); }
  ~ProcessEnd() { finishLink(); }
};
ManagedStatic<ProcessEnd> TheEnd;

void registerCallbacks(PassBuilder &PB) {
  *TheEnd; // constructed now, destroyed by llvm_shutdown
  ltofold::registerPassBuilderCallbacks(PB, givenOptions);
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "ltofold", LTOFOLD_VERSION, registerCallbacks,
          nullptr};
}
