/* Symbols and code size of an object file or a linked program, for the
 * report's byte counts. One reader serves the gold plugin (the objects it
 * generated) and `ltofold report binary` (the program lld linked), so both
 * measure a function the same way: by the size its symbol has; and the
 * file's sizes the same way (its code sections, its loadable bytes). */
#include "object_symbols.h"

#include "loadable_sections.h"
#include "messages.h"

#include <llvm-c/Core.h>
#include <llvm-c/Object.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The kinds of file that hold code with a symbol table. */
static bool is_object(LLVMBinaryType type) {
  switch (type) {
  case LLVMBinaryTypeCOFF:
  case LLVMBinaryTypeELF32L:
  case LLVMBinaryTypeELF32B:
  case LLVMBinaryTypeELF64L:
  case LLVMBinaryTypeELF64B:
  case LLVMBinaryTypeMachO32L:
  case LLVMBinaryTypeMachO32B:
  case LLVMBinaryTypeMachO64L:
  case LLVMBinaryTypeMachO64B:
  case LLVMBinaryTypeWasm:
    return true;
  default:
    return false;
  }
}

/* ELF: the one format whose symbols LLVM-C gives sizes for.
 * LLVMGetSymbolSize is SymbolRef::getCommonSize, a common symbol's size:
 * for ELF every symbol's st_size, for Mach-O a symbol's value (its
 * address), for Wasm a crash inside LLVM on a function's symbol. */
static bool is_elf(LLVMBinaryType type) {
  return type == LLVMBinaryTypeELF32L || type == LLVMBinaryTypeELF32B ||
         type == LLVMBinaryTypeELF64L || type == LLVMBinaryTypeELF64B;
}

static const char *kind_name(LLVMBinaryType type) {
  switch (type) {
  case LLVMBinaryTypeArchive:
    return "an archive";
  case LLVMBinaryTypeIR:
    return "LLVM IR";
  case LLVMBinaryTypeMachOUniversalBinary:
    return "a Mach-O universal binary";
  default:
    return "a file of another kind";
  }
}

/* Code sections as ELF names them (a linked program has .text; an object
 * compiled with function sections has one .text.NAME per function), and
 * as Mach-O does. */
static bool is_code_section(const char *name) {
  return name && (!strcmp(name, ".text") || !strncmp(name, ".text.", 6) ||
                  !strcmp(name, "__text"));
}

static void append(ltofold_symbol_list *list, ltofold_symbol_size symbol) {
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 64;
    list->symbols =
        realloc(list->symbols, list->capacity * sizeof *list->symbols);
    if (!list->symbols)
      abort();
  }
  list->symbols[list->count++] = symbol;
}

int ltofold_read_symbols(LLVMMemoryBufferRef file, LLVMContextRef context,
                         const char *drop_suffix, ltofold_symbol_list *list,
                         ltofold_file_sizes *sizes, char **error) {
  char *message = NULL;
  LLVMBinaryRef binary = LLVMCreateBinary(file, context, &message);
  if (!binary) {
    *error = ltofold_format("not an object file: %s", message);
    LLVMDisposeMessage(message);
    return -1;
  }
  LLVMBinaryType type = LLVMBinaryGetType(binary);
  if (!is_object(type)) {
    *error =
        ltofold_format("not an object file or program (%s)", kind_name(type));
    LLVMDisposeBinary(binary);
    return -1;
  }
  size_t suffix = drop_suffix ? strlen(drop_suffix) : 0;
  /* Each iterator is NULL when there is nothing to iterate over (a
   * stripped program has no symbols): LLVM-C's convention, not an end
   * iterator. */
  LLVMSymbolIteratorRef it =
      is_elf(type) ? LLVMObjectFileCopySymbolIterator(binary) : NULL;
  LLVMSectionIteratorRef home = LLVMObjectFileCopySectionIterator(binary);
  sizes->symbols_known &= is_elf(type);
  for (; it && home && !LLVMObjectFileIsSymbolIteratorAtEnd(binary, it);
       LLVMMoveToNextSymbol(it)) {
    /* Only definitions: an object that uses a symbol another defines lists
     * it too, undefined, with size 0. */
    LLVMMoveToContainingSection(home, it);
    if (LLVMObjectFileIsSectionIteratorAtEnd(binary, home))
      continue;
    const char *name = LLVMGetSymbolName(it);
    size_t length = strlen(name);
    if (!length)
      continue;
    if (suffix && length > suffix &&
        !strcmp(name + length - suffix, drop_suffix))
      length -= suffix;
    char *copy = strndup(name, length);
    if (!copy)
      abort();
    append(list, (ltofold_symbol_size){copy, LLVMGetSymbolSize(it),
                                       LLVMGetSymbolAddress(it)});
  }
  LLVMDisposeSectionIterator(home);
  LLVMDisposeSymbolIterator(it);
  LLVMSectionIteratorRef section = LLVMObjectFileCopySectionIterator(binary);
  for (; section && !LLVMObjectFileIsSectionIteratorAtEnd(binary, section);
       LLVMMoveToNextSection(section))
    if (is_code_section(LLVMGetSectionName(section)))
      sizes->text_bytes += LLVMGetSectionSize(section);
  LLVMDisposeSectionIterator(section);
  uint64_t loadable = 0;
  if (ltofold_loadable_bytes(LLVMGetBufferStart(file), LLVMGetBufferSize(file),
                             &loadable))
    sizes->loadable_bytes += loadable;
  else
    sizes->loadable_known = false;
  LLVMDisposeBinary(binary);
  return 0;
}

void ltofold_symbol_list_free(ltofold_symbol_list *list) {
  for (size_t i = 0; i < list->count; ++i)
    free((char *)list->symbols[i].name);
  free(list->symbols);
  *list = (ltofold_symbol_list){0};
}

/* A 32-bit word of a note, in the file's byte order. */
static uint32_t note_word(const unsigned char *bytes, bool big_endian) {
  return big_endian ? (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 |
                          (uint32_t)bytes[2] << 8 | bytes[3]
                    : (uint32_t)bytes[3] << 24 | (uint32_t)bytes[2] << 16 |
                          (uint32_t)bytes[1] << 8 | bytes[0];
}

/* The GNU build-ID note's descriptor in a .note.gnu.build-id section's
 * contents, as hex (malloc'd), or NULL: a note is its name's size, its
 * descriptor's size and its type (3, NT_GNU_BUILD_ID), then the name
 * ("GNU\0") and the descriptor, each padded to 4 bytes. */
static char *build_id_note(const unsigned char *bytes, uint64_t size,
                           bool big_endian) {
  for (uint64_t at = 0; size - at >= 12;) {
    uint32_t name_size = note_word(bytes + at, big_endian);
    uint32_t desc_size = note_word(bytes + at + 4, big_endian);
    uint32_t type = note_word(bytes + at + 8, big_endian);
    uint64_t name_at = at + 12, desc_at = name_at + ((name_size + 3ull) & ~3ull);
    uint64_t end = desc_at + ((desc_size + 3ull) & ~3ull);
    if (end > size || desc_at + desc_size > size)
      return NULL;
    if (type == 3 && name_size == 4 && !memcmp(bytes + name_at, "GNU", 4) &&
        desc_size) {
      char *hex = malloc(2 * (size_t)desc_size + 1);
      if (!hex)
        abort();
      for (uint32_t i = 0; i < desc_size; ++i)
        snprintf(hex + 2 * i, 3, "%02x", bytes[desc_at + i]);
      return hex;
    }
    at = end;
  }
  return NULL;
}

char *ltofold_output_build_id(const char *path, double link_started) {
  struct stat status;
  /* Modification times count whole seconds on some file systems. */
  if (stat(path, &status) ||
      (double)status.st_mtime < (double)(long long)link_started)
    return NULL;
  return ltofold_file_build_id(path);
}

char *ltofold_file_build_id(const char *path) {
  LLVMMemoryBufferRef file = NULL;
  char *message = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &file, &message)) {
    LLVMDisposeMessage(message);
    return NULL;
  }
  LLVMContextRef context = LLVMContextCreate();
  LLVMBinaryRef binary = LLVMCreateBinary(file, context, &message);
  LLVMDisposeMessage(message);
  char *hex = NULL;
  LLVMBinaryType type = binary ? LLVMBinaryGetType(binary) : LLVMBinaryTypeIR;
  bool elf = type == LLVMBinaryTypeELF32L || type == LLVMBinaryTypeELF32B ||
             type == LLVMBinaryTypeELF64L || type == LLVMBinaryTypeELF64B;
  bool big_endian = type == LLVMBinaryTypeELF32B || type == LLVMBinaryTypeELF64B;
  LLVMSectionIteratorRef section =
      elf ? LLVMObjectFileCopySectionIterator(binary) : NULL;
  for (; section && !hex && !LLVMObjectFileIsSectionIteratorAtEnd(binary, section);
       LLVMMoveToNextSection(section)) {
    const char *name = LLVMGetSectionName(section);
    if (name && !strcmp(name, ".note.gnu.build-id"))
      hex = build_id_note((const unsigned char *)LLVMGetSectionContents(section),
                          LLVMGetSectionSize(section), big_endian);
  }
  LLVMDisposeSectionIterator(section);
  if (binary)
    LLVMDisposeBinary(binary);
  LLVMDisposeMemoryBuffer(file);
  LLVMContextDispose(context);
  return hex;
}
