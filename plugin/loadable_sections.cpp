// Loadable bytes of an ELF file (loadable_sections.h). C++ because LLVM-C's
// object API (llvm-c/Object.h) gives a section's name, size and contents
// but not its flags or type, and "allocated, with contents" is exactly
// those two: SHF_ALLOC, and not SHT_NOBITS. llvm::object reads them from
// the section headers, as llvm-readelf does.
#include "loadable_sections.h"

#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Object/ELFObjectFile.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Support/MemoryBuffer.h>

using namespace llvm;

extern "C" bool ltofold_loadable_bytes(const char *data, size_t size,
                                       uint64_t *bytes) {
  Expected<std::unique_ptr<object::ObjectFile>> file =
      object::ObjectFile::createObjectFile(
          MemoryBufferRef(StringRef(data, size), ""));
  if (!file) {
    consumeError(file.takeError());
    return false;
  }
  const auto *elf = dyn_cast<object::ELFObjectFileBase>(file->get());
  if (!elf)
    return false;
  uint64_t sum = 0;
  for (object::ELFSectionRef section : elf->sections())
    if ((section.getFlags() & ELF::SHF_ALLOC) &&
        section.getType() != ELF::SHT_NOBITS)
      sum += section.getSize();
  *bytes = sum;
  return true;
}
