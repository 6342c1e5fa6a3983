/* Helpers for unit tests that work on whole modules: loading the real
 * modules CMake builds (LTOFOLD_TEST_MODULES) and the hand-written ones in
 * inputs/ (LTOFOLD_TEST_INPUTS), listing definitions, and making a module in
 * which every definition has an exact copy.
 *
 * Ownership: a module returned here belongs to the caller's context and is
 * disposed of with it (or with LLVMDisposeModule); a function list is freed
 * with free(). Every helper fails the running Criterion test on error. */
#ifndef LTOFOLD_TEST_SUPPORT_MODULES_H
#define LTOFOLD_TEST_SUPPORT_MODULES_H

#include <llvm-c/Core.h>
#include <stddef.h>

/* Reads bitcode or text IR from `path`. */
LLVMModuleRef test_load_module(LLVMContextRef context, const char *path);

/* Parses text IR given as a string; `label` names it in failures. */
LLVMModuleRef test_parse_ir(LLVMContextRef context, const char *label,
                            const char *text);

/* The defined functions of `module`, in module order; *count gets their
 * number. */
LLVMValueRef *test_defined_functions(LLVMModuleRef module, size_t *count);

/* A new module, in `context`, holding everything `module` holds plus, for
 * every definition @F, a definition @"F.copy" with the same text except that
 * references of F to itself refer to the copy and it is in no comdat. So
 * F and F.copy are equal in every way but their names. */
LLVMModuleRef test_module_with_copies(LLVMContextRef context,
                                      LLVMModuleRef module);

/* The name of a value, for messages. */
const char *test_name(LLVMValueRef value);

#endif
