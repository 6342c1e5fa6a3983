// LLVM's CachePruning and create_directories behind a C interface
// (cache_dir.h). C++ because the C API has neither, and a second,
// hand-written pruner would not agree with the one lld and LLVMgold run on
// the same directory.
#include "cache_dir.h"

#include "messages.h"

#include "llvm/Support/CachePruning.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"

#include <cstdlib>
#include <cstring>
#include <string>

using namespace llvm;

static Expected<CachePruningPolicy> parsePolicy(const char *Policy) {
  return parseCachePruningPolicy(Policy ? Policy : "");
}

extern "C" int ltofold_cache_policy_check(const char *Policy, char **Error) {
  Expected<CachePruningPolicy> Parsed = parsePolicy(Policy);
  if (Parsed)
    return 0;
  *Error = ltofold_copy_message(toString(Parsed.takeError()));
  return -1;
}

extern "C" int ltofold_cache_prune(const char *Directory, const char *Policy,
                                   char **Error) {
  Expected<CachePruningPolicy> Parsed = parsePolicy(Policy);
  if (!Parsed) {
    *Error = ltofold_copy_message(toString(Parsed.takeError()));
    return -1;
  }
  // false is "nothing pruned this time" (prune_interval not elapsed, a
  // policy that prunes nothing), not an error.
  pruneCache(Directory, *Parsed);
  return 0;
}

extern "C" int ltofold_cache_create(const char *Directory, char **Error) {
  std::error_code Code = sys::fs::create_directories(Directory);
  if (!Code)
    return 0;
  *Error = ltofold_copy_message(std::string(Directory) +
                                ": cannot create: " + Code.message());
  return -1;
}
