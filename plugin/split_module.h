/* A module cut into parts for parallel code generation (split_module.cpp),
 * for `ltofold thin-merge` (cli_thin.c). */
#ifndef LTOFOLD_SPLIT_MODULE_H
#define LTOFOLD_SPLIT_MODULE_H

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Called with each part in turn (index 0 to count - 1); the part is freed
 * when it returns. Returns 0, or non-zero to stop. */
typedef int ltofold_part_visitor(LLVMModuleRef part, unsigned index, void *data);

/* Cuts `module` into `count` parts that link back to it: every definition
 * in exactly one part, declarations of the rest. A definition stays in the
 * part of the functions and variables that refer to it when it is local
 * (no symbol changes its name or binding), and comdats stay whole; the
 * rest is spread by the hash of its name, so the parts depend on the names
 * alone. Returns what the visitor last returned. */
int ltofold_split_module(LLVMModuleRef module, unsigned count,
                         ltofold_part_visitor *visit, void *data);

#ifdef __cplusplus
}
#endif

#endif
