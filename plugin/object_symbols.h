/* The defined symbols of an object file or a linked program, with their
 * sizes and addresses, and the size of its code sections: what the report
 * measures bytes saved from (report.h, docs/report.md "Bytes saved").
 * Read with LLVM's object library (llvm-c/Object.h): code sections of every
 * format LLVM reads (ELF, Mach-O, COFF, Wasm), symbols of ELF alone (the one
 * format LLVM-C gives symbol sizes for). */
#ifndef LTOFOLD_OBJECT_SYMBOLS_H
#define LTOFOLD_OBJECT_SYMBOLS_H

#include "report.h"

#include <llvm-c/Types.h>
#include <stddef.h>
#include <stdint.h>

/* A growing list of symbols; names are owned by the list. */
typedef struct ltofold_symbol_list {
  ltofold_symbol_size *symbols; /* owned, as is every name */
  size_t count;
  size_t capacity;
} ltofold_symbol_list;

/* Appends the symbols `file` defines (those in one of its sections: an
 * undefined or absolute symbol is no function's body) to `list`, each name
 * without `drop_suffix` where it ends in it (NULL: names as they are), and
 * adds its sizes to *sizes: the bytes of its code sections (.text and
 * .text.*) to text_bytes, and its loadable bytes (loadable_sections.h) to
 * loadable_bytes, or clears loadable_known where it is not ELF, as it
 * clears symbols_known (and reads no symbol); a caller summing several
 * files starts from both true. `context` is the
 * one LLVM reads IR files with; an IR file, an archive or anything else
 * that is not one object or program is an error. Returns 0, or -1 with
 * *error (malloc'd, the cause without the file's name). */
int ltofold_read_symbols(LLVMMemoryBufferRef file, LLVMContextRef context,
                         const char *drop_suffix, ltofold_symbol_list *list,
                         ltofold_file_sizes *sizes, char **error);

void ltofold_symbol_list_free(ltofold_symbol_list *list);

/* The GNU build ID of the ELF program or object at `path` (its
 * .note.gnu.build-id), as lowercase hex (malloc'd), or NULL when it has
 * none or cannot be read: the link's identity, which a report records so
 * that `report binary` measures only the program it describes. */
char *ltofold_file_build_id(const char *path);

/* The build ID of the output a link wrote at `path`, if it was written at
 * or after `link_started` (seconds since the epoch): an older file is an
 * earlier link's (this one failed, or has not written it yet). */
char *ltofold_output_build_id(const char *path, double link_started);

#endif
