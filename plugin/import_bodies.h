/* The bodies a group's home imports from another module of a distributed
 * ThinLTO link (import_bodies.cpp), as ThinLTO's own importer brings
 * functions in: the other module reduced to the wanted definitions, every
 * other global a declaration, then linked in. For `ltofold thin-fold`
 * (cli_thin_fold.c). */
#ifndef LTOFOLD_IMPORT_BODIES_H
#define LTOFOLD_IMPORT_BODIES_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Links into `dest` the definitions of the functions `names` of `source`
 * (same context; it may be read lazily: only those bodies are parsed),
 * each renamed to `new_names[i]` (hidden), so that
 * nothing of `dest` resolves to them; every other global of `source`
 * comes as a declaration or not at all. The wanted functions must refer to
 * no local of `source`. With `bodies_only`, what would change `dest`
 * beyond the new functions and declarations stays out: the bodies come
 * without debug info, and no named metadata or module flag comes. Takes
 * `source` (disposed of, linked or not). Returns NULL, or the error
 * (malloc'd). */
char *ltofold_import_bodies(LLVMModuleRef dest, LLVMModuleRef source,
                            const char *const *names,
                            const char *const *new_names, size_t count,
                            bool bodies_only);

/* Parses the body of `function`, of a module read lazily
 * (LLVMGetBitcodeModuleInContext2): LLVM-C reads a module lazily but has no
 * call that parses one body, which Function::materialize does in C++.
 * Nothing to do for a body already parsed. Returns NULL, or the error
 * (malloc'd). */
char *ltofold_materialize_function(LLVMValueRef function);

/* Removes the constant expressions that use `global` but are used by
 * nothing (left by bodies that went), so that its uses say whether
 * anything still refers to it. */
void ltofold_drop_dead_constant_users(LLVMValueRef global);

#ifdef __cplusplus
}
#endif

#endif
