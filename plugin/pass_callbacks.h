// ltofold's passes in a pass builder (pass_callbacks.cpp). C++ only.
#ifndef LTOFOLD_PASS_CALLBACKS_H
#define LTOFOLD_PASS_CALLBACKS_H

#include "llvm/Passes/PassBuilder.h"

#include <string>
#include <vector>

namespace ltofold {

// The "KEY=VALUE" options a run takes on top of LTOFOLD_OPTIONS.
using OptionSource = std::vector<std::string> (*)();

// Registers ltofold's passes at the LTO extension points of PB (full LTO;
// ThinLTO post-link backends) and its pipeline names (ltofold-merge, ...).
void registerPassBuilderCallbacks(llvm::PassBuilder &PB, OptionSource Options);

} // namespace ltofold

#endif
