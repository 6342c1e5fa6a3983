/* Internal to merge/: the independent check of every fold (certify.c).
 *
 * Ownership: the certifier owns its comparator and its list of refused
 * names; it holds the module by reference. */
#ifndef LTOFOLD_CERTIFY_H
#define LTOFOLD_CERTIFY_H

#include "ptr_map.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct certifier certifier;

certifier *certifier_new(LLVMModuleRef module);
void certifier_free(certifier *cert);

/* Names of functions, each malloc'd, in an owned array. */
typedef struct name_list {
  char **names;
  size_t count;
} name_list;
/* Adds `name` unless it is there already. */
void name_list_add(name_list *list, const char *name);
void name_list_free(name_list *list);

/* Whether `kept` and `folded` do the same, as they are now: what folding
 * one into the other claims. With `classes` (may be NULL), a call of a
 * function in the map compares by its class there: a claim about a whole
 * partition at once (merge.c's recursive groups), checked pair by pair. */
bool certify_equal(certifier *cert, LLVMValueRef kept, LLVMValueRef folded,
                   ptr_map *classes);

/* Whether `body`, its parameters after the first `own` bound to the
 * `count` `constants`, does what `member` does (similar.c: a merged body
 * and the function that becomes its thunk with those constants). */
bool certify_specialized(certifier *cert, LLVMValueRef body,
                         LLVMValueRef *constants, unsigned count,
                         LLVMValueRef member);

/* Whether `fn`, a function merge built (a merged body), is well formed
 * (LLVM's verifier): the comparator finds a pointer and an integer of its
 * width equal, so a body that passes one where the other is due would
 * compare equal to its members and still break code generation. */
bool certify_well_formed(LLVMValueRef fn);

/* Records that the folds of function `name` were refused (a check above
 * said no): the warning names it. */
void certifier_refuse(certifier *cert, const char *name);

/* The checks that held, and the names of the functions refused. */
size_t certifier_passed(const certifier *cert);
const name_list *certifier_refused(const certifier *cert);

#endif
