/* A module cut into parts for parallel code generation (split_module.cpp):
 * for `ltofold thin-merge` (cli_thin.c) and the gold plugin's partitions
 * (gold/codegen.c). */
#ifndef LTOFOLD_SPLIT_MODULE_H
#define LTOFOLD_SPLIT_MODULE_H

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Called with each part in turn (index 0 to count - 1); the part is freed
 * when it returns. Returns 0, or non-zero to stop. */
typedef int ltofold_part_visitor(LLVMModuleRef part, unsigned index, void *data);

/* Whether a local may become global under its own name. */
typedef int ltofold_name_filter(const char *name, void *data);

/* Cuts `module` into `count` parts that link back to it: every definition
 * in exactly one part, declarations of the rest; comdats stay whole, and an
 * alias with its aliasee. What must stay together goes, heaviest first (by
 * instructions), into the part with the fewest instructions so far, so
 * the parts depend on the module alone, never on the machine.
 *
 * With `local_suffix` NULL, locals stay local: each stays in the part of
 * everything that refers to it, so no symbol changes its name or binding
 * (modules that were separate, as a ThinLTO link's, still cut well).
 * Otherwise every local becomes a hidden global named NAME + local_suffix
 * (unnamed ones get a name), free to go where it is cheapest: a module of
 * one program, whose locals refer to each other everywhere, would otherwise
 * be one part. The suffix keeps the names apart from the symbols of the
 * link's other objects, which a hidden global would clash with or, worse,
 * take the references of; but for the locals `keep_name` (may be NULL)
 * accepts: names the linker already knows as this module's, whose symbol
 * the global then defines. `module` is changed so. Returns what the
 * visitor last returned. */
/* Whether the module may be cut at all: not when it calls LLVM's branch
 * funnel (whole-program devirtualization), whose operands must stay in one
 * part. */
bool ltofold_module_can_split(LLVMModuleRef module);
int ltofold_split_module(LLVMModuleRef module, unsigned count,
                         const char *local_suffix, ltofold_name_filter *keep_name,
                         void *keep_data, ltofold_part_visitor *visit,
                         void *data);

#ifdef __cplusplus
}
#endif

#endif
