/* snapshot: a module as bitcode, read back lazily or put back in place
 * (merge/snapshot.cpp). Internal to merge/. C++ behind: LLVM-C can neither
 * materialize one function of a lazily read module nor move a body from
 * one function to another. */
#ifndef LTOFOLD_SNAPSHOT_H
#define LTOFOLD_SNAPSHOT_H

#include <llvm-c/Core.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A module read from `snapshot` into `context` without its function
 * bodies, which snapshot_materialize reads one by one (the certifier needs
 * the bodies of the folded functions only: reading all of them cost as much
 * as the merge). Module-level metadata is read. Does not take `snapshot`,
 * which must outlive the module. Aborts if it cannot be read (our own
 * bitcode, just written). */
LLVMModuleRef snapshot_read_lazily(LLVMContextRef context,
                                   LLVMMemoryBufferRef snapshot);
/* Reads the body of `function`, of a module from snapshot_read_lazily, if
 * it is not read yet. */
void snapshot_materialize(LLVMValueRef function);

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
