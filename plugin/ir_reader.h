/* Reading modules the same way in every front end: LLVM bitcode or text IR,
 * with one-line errors that name the file and the cause (a version mismatch
 * is told apart from a corrupt file). */
#ifndef LTOFOLD_IR_READER_H
#define LTOFOLD_IR_READER_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

/* Keeps the first error an LLVM context reports while it is installed (the
 * bitcode reader and the IR linker report through the context, not through
 * their return value). */
typedef struct ltofold_diagnostics {
  LLVMContextRef context;
  LLVMDiagnosticHandler previous; /* restored by _end */
  void *previous_data;
  char *first_error;              /* owned until _end hands it over */
} ltofold_diagnostics;

void ltofold_diagnostics_begin(ltofold_diagnostics *d, LLVMContextRef context);
/* Restores the context's handler; returns the first error (malloc'd, the
 * caller frees it) or NULL. */
char *ltofold_diagnostics_end(ltofold_diagnostics *d);

/* Whether a remark given to a diagnostic handler is one LLVM's options
 * (-pass-remarks=...) asked for: those are printed to stderr while the
 * handler is installed; the others, and every warning, are not. */
bool ltofold_remark_enabled(LLVMDiagnosticInfoRef info);

/* The raw bitcode magic or the bitcode wrapper's. */
bool ltofold_looks_like_bitcode(const char *data, size_t size);

/* Parses `size` bytes of bitcode at `data` (which must outlive a lazy
 * module) into `context`: lazily (globals and declarations; bodies on
 * demand) or fully. `name` names the input in errors. Returns NULL with a
 * malloc'd message in *error. */
LLVMModuleRef ltofold_parse_bitcode(LLVMContextRef context, const char *data,
                                    size_t size, const char *name, bool lazy,
                                    char **error);
/* The number of modules in a bitcode file (two in a ThinLTO object
 * compiled with -fsplit-lto-unit), 0 if it cannot be read
 * (bitcode_modules.cpp). */
unsigned ltofold_bitcode_module_count(const char *data, size_t size);

/* Reads the file at `path`, bitcode or text IR; "-" reads standard input.
 * An empty file is an error. Returns NULL with *error. */
LLVMModuleRef ltofold_read_module(LLVMContextRef context, const char *path,
                                  char **error);

/* How errors and reports name the input `path`: "<stdin>" for "-". */
const char *ltofold_input_name(const char *path);

#endif
