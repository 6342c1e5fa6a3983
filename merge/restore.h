/* restore: a module put back, in place, as a bitcode snapshot of it was
 * (merge/restore.cpp). Internal to merge/. */
#ifndef LTOFOLD_RESTORE_H
#define LTOFOLD_RESTORE_H

#include <llvm-c/Core.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Makes `module` what `snapshot` (bitcode written from it earlier) says:
 * the same globals, definitions and order. A global that has a namesake of
 * the same kind and type in both stays the same object (handles to it stay
 * valid); the module's others are deleted. Returns false, changing nothing,
 * when the snapshot cannot be read. */
bool ltofold_module_restore(LLVMModuleRef module, LLVMMemoryBufferRef snapshot);

#ifdef __cplusplus
}
#endif

#endif
