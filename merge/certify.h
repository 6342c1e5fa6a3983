/* Internal to merge/: the independent check of every fold (certify.c).
 *
 * Ownership: certifier_begin copies the module into a context of its own;
 * the certifier owns both and frees them in certifier_free. Functions
 * returned by certifier_original belong to the copy. */
#ifndef LTOFOLD_CERTIFY_H
#define LTOFOLD_CERTIFY_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct certifier certifier;

/* Takes a copy of `module` as it is before any fold. */
certifier *certifier_begin(LLVMModuleRef module);
void certifier_free(certifier *cert);

/* The module as certifier_begin saw it, as bitcode (owned by `cert`): what
 * merge puts back when its folds do not check (snapshot.h). */
LLVMMemoryBufferRef certifier_snapshot(const certifier *cert);

/* Names of functions, each malloc'd, in an owned array. */
typedef struct name_list {
  char **names;
  size_t count;
} name_list;
/* Adds `name` unless it is there already. */
void name_list_add(name_list *list, const char *name);
void name_list_free(name_list *list);

/* The copy of `fn` (a function of the module given to certifier_begin) as it
 * was then, or NULL for a function created since (or when `cert` is NULL). */
LLVMValueRef certifier_original(const certifier *cert, LLVMValueRef fn);

/* Merge claims that the two originals behave the same, and, when
 * `same_address`, that their addresses are now one. Either may be NULL
 * (a function merge created), which fails the check. */
void certifier_record(certifier *cert, LLVMValueRef kept_original,
                      LLVMValueRef folded_original, bool same_address);

/* similar.c claims that the function now named `name` (a thunk that calls
 * a merged body with constants) behaves as `original` did. */
void certifier_record_similar(certifier *cert, LLVMValueRef original,
                              const char *name);

/* The number of claims recorded. */
size_t certifier_claims(const certifier *cert);

/* Checks every claim recorded against `final`, the module merge made.
 * Returns true if all hold; otherwise false, with the names (as in the
 * module merge was given) of the functions of every claim that does not
 * added to `refused`: folding those functions again could repeat it. */
bool certifier_check(certifier *cert, LLVMModuleRef final, name_list *refused);

#endif
