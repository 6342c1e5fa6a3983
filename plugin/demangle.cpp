// Demangling for `ltofold diff`'s summary, by LLVM's demangler (Itanium
// C++, Rust, D and Microsoft names): the LLVM-C API has none.
#include <llvm/Demangle/Demangle.h>

#include <cstdlib>
#include <cstring>
#include <string>

// The demangled form of `name` (malloc'd), or NULL when it is not a
// mangled name.
extern "C" char *ltofold_demangle(const char *name) {
  std::string demangled = llvm::demangle(name);
  if (demangled == name)
    return nullptr;
  return strdup(demangled.c_str());
}
