/* Modules linked into one (module_linker.cpp), as llvm-link links its
 * files: for the gold plugin (full LTO and ThinLTO links) and `ltofold
 * thin-merge`. */
#ifndef LTOFOLD_MODULE_LINKER_H
#define LTOFOLD_MODULE_LINKER_H

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ltofold_module_linker ltofold_module_linker;

/* A linker into `whole`, which it does not own. */
ltofold_module_linker *ltofold_module_linker_new(LLVMModuleRef whole);

/* Links `module` into the linker's module and disposes of it, as
 * LLVMLinkModules2 does; true on error (LLVM's diagnostics went to the
 * context's handler). */
LLVMBool ltofold_module_linker_link(ltofold_module_linker *linker,
                                    LLVMModuleRef module);

void ltofold_module_linker_free(ltofold_module_linker *linker);

#ifdef __cplusplus
}
#endif

#endif
