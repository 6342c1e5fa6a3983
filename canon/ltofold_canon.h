/* canon: puts IR into a canonical form (instruction order, value and block
 * names, operand order) so semantically equal code reads equal.
 *
 * (Contract header written by the plugin side; the canon implementation may
 * add fields and functions, but keeps these.) */
#ifndef LTOFOLD_CANON_H
#define LTOFOLD_CANON_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct ltofold_canon_options {
  bool reorder;       /* reorder instructions by def-use distance */
  bool rename;        /* name values, blocks and arguments */
  bool sort_operands; /* sort commutative operands and PHI inputs */
  /* Sort keys see a global (function, variable) only by its kind and type,
   * not its name: functions that differ only in which globals they use get
   * the same order (for merge, which folds callees first). Default off:
   * for diffing, names are a useful key. */
  bool ignore_global_names;
  /* Sort keys see a pointer in address space 0 as an integer of the
   * module's pointer size, as merge's comparator does. Default off. */
  bool pointers_as_integers;
  /* ltofold_canon_module only: sort the module's functions (definitions,
   * then declarations), global variables, aliases and ifuncs by name. The
   * printer numbers attribute groups in the order it meets them, so this
   * also makes their numbers canonical. Default on. */
  bool order_module;
} ltofold_canon_options;

void ltofold_canon_options_default(ltofold_canon_options *options);

typedef struct ltofold_canon_result {
  size_t functions; /* function definitions canonicalized */
  size_t instructions_moved;
  size_t operands_swapped; /* commutative operands and compares mirrored */
  size_t phis_sorted;
  size_t switches_sorted;   /* switches whose cases were put in order */
  size_t instructions_sunk; /* moved into the one block using them */
  size_t globals_moved;     /* module entries that changed place */
} ltofold_canon_result;

/* Canonicalizes every function definition of `module` (or one function).
 * The module verifies afterwards. Adds to *result (zero it first). */
void ltofold_canon_module(LLVMModuleRef module,
                          const ltofold_canon_options *options,
                          ltofold_canon_result *result);
void ltofold_canon_function(LLVMValueRef function,
                            const ltofold_canon_options *options,
                            ltofold_canon_result *result);

/* The length of `name` without the suffixes that change between builds of
 * the same source: ".llvm.NNN" (ThinLTO promotion) and numbered ".NNN"
 * (clashes, LTO renames). Value names built from a global's name use this
 * stem, so that a renamed callee does not rename its callers' values. */
size_t ltofold_canon_name_stem(const char *name, size_t length);

#endif
