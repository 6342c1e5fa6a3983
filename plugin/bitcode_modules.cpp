// How many modules a bitcode file holds: ThinLTO objects compiled with
// -fsplit-lto-unit (for whole-program devirtualization and CFI) carry a
// regular-LTO module beside the ThinLTO one. C++ because LLVM-C reads one
// module per file and only says "Expected a single module".
extern "C" {
#include "ir_reader.h"
}

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Support/MemoryBuffer.h>

using namespace llvm;

static MemoryBufferRef bufferOf(const char *Data, size_t Size, const char *Name) {
  return MemoryBufferRef(StringRef(Data, Size), Name);
}

extern "C" unsigned ltofold_bitcode_module_count(const char *Data, size_t Size) {
  Expected<std::vector<BitcodeModule>> Modules =
      getBitcodeModuleList(bufferOf(Data, Size, ""));
  if (!Modules) {
    consumeError(Modules.takeError());
    return 0;
  }
  return (unsigned)Modules->size();
}
