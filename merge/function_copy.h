/* function_copy: a copy of a function's body, and putting it back
 * (merge/function_copy.cpp). Internal to merge/. C++ behind: LLVM-C can
 * neither clone a function nor move a body from one function to another.
 *
 * similar.c builds a merged body out of its representative's blocks; the
 * certifier compares the body with the representative as it was, which the
 * copy keeps, and when the check fails the representative takes its body
 * back from the copy. */
#ifndef LTOFOLD_FUNCTION_COPY_H
#define LTOFOLD_FUNCTION_COPY_H

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A copy of `fn`, a definition, in its module: an internal function with
 * the same type, attributes and body; a call of `fn` in it stays a call of
 * `fn`. The caller deletes it (LLVMDeleteFunction) or gives it back. */
LLVMValueRef ltofold_copy_function(LLVMValueRef fn);

/* `fn`, whose body is gone (moved or erased), takes `copy`'s body,
 * attributes and debug subprogram, and `copy` is deleted. */
void ltofold_restore_from_copy(LLVMValueRef fn, LLVMValueRef copy);

#ifdef __cplusplus
}
#endif

#endif
