/* Certifying folds: an independent check of what merge.c did.
 *
 * merge.c finds equal functions with a comparator whose state lives across
 * folds (numbers of globals, a tree of unique bodies, a Deferred list, class
 * numbers), and each fold changes the bodies of the folded function's
 * callers. A bug in that bookkeeping (a number given twice, a tree entry
 * whose body changed under it) folds functions that are not equal, and no
 * test of the comparator alone can see it. So every fold is checked again,
 * from the functions as they were before merge touched them, by a check that
 * shares none of that state.
 *
 * Before merging, the module is copied (through bitcode, which keeps the
 * order of functions, so the i-th function of one is the i-th of the
 * other). Each fold
 * "G into F" is recorded as the pair of their originals, whatever merge did
 * to names and bodies afterwards. After merging:
 *
 *   1. the recorded pairs are joined into fold groups (union-find over the
 *      originals): two originals in one group now run the same body;
 *   2. every original function gets a callee class (its group) and an
 *      address class: its group where the fold made the two addresses one
 *      (G replaced by F everywhere, or an alias of F), otherwise itself (a
 *      thunk, or redirected callers, keep &G != &F);
 *   3. each recorded pair is compared again, with a comparator made fresh
 *      for the copy, in which a called function compares by its callee
 *      class and a function whose address is used compares by its address
 *      class.
 *
 * Why this is the right question: the folds are correct exactly when the
 * groups form a bisimulation, that is when the bodies of two members are
 * equal once every call goes to "some member of the callee's group" and
 * every address to "the address it has now". With the classes fixed, the
 * fresh comparator is a true total order (compare.c), so checking the
 * recorded pairs checks every pair of a group by transitivity. A pair that
 * does not compare equal is an internal error naming both functions; the
 * caller stops rather than emit the module. */
#include "certify.h"
#include "compare.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct recorded_fold {
  LLVMValueRef kept, folded; /* originals, in the copy */
  bool same_address;         /* &folded == &kept after the fold */
} recorded_fold;

struct certifier {
  LLVMContextRef context; /* owned: the copy's own context */
  LLVMModuleRef original; /* owned: the copy taken before merging */
  ptr_map original_of;    /* function of the merged module -> its original */
  recorded_fold *folds;   /* owned array */
  size_t fold_count, fold_capacity;
};

/* The copy goes through bitcode, into a context of its own, rather than
 * LLVMCloneModule: LLVM 22's module cloner crashes on a blockaddress of a
 * function defined after its user, which the bitcode reader handles. The
 * bitcode writer keeps the order of functions. */
static LLVMModuleRef copy_module(LLVMModuleRef module, LLVMContextRef context) {
  LLVMMemoryBufferRef bitcode = LLVMWriteBitcodeToMemoryBuffer(module);
  LLVMModuleRef copy = NULL;
  if (!bitcode || LLVMParseBitcodeInContext2(context, bitcode, &copy))
    abort(); /* our own module, just written: cannot fail to read back */
  LLVMDisposeMemoryBuffer(bitcode);
  return copy;
}

certifier *certifier_begin(LLVMModuleRef module) {
  certifier *cert = calloc(1, sizeof *cert);
  if (!cert)
    abort();
  cert->context = LLVMContextCreate();
  cert->original = copy_module(module, cert->context);
  ptr_map_init(&cert->original_of);
  LLVMValueRef copy = LLVMGetFirstFunction(cert->original);
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn && copy;
       fn = LLVMGetNextFunction(fn), copy = LLVMGetNextFunction(copy))
    ptr_map_put(&cert->original_of, fn, (uint64_t)(uintptr_t)copy);
  return cert;
}

void certifier_free(certifier *cert) {
  if (!cert)
    return;
  LLVMDisposeModule(cert->original);
  LLVMContextDispose(cert->context);
  ptr_map_free(&cert->original_of);
  free(cert->folds);
  free(cert);
}

LLVMValueRef certifier_original(const certifier *cert, LLVMValueRef fn) {
  uint64_t original;
  if (!cert || !ptr_map_get(&cert->original_of, fn, &original))
    return NULL;
  return (LLVMValueRef)(uintptr_t)original;
}

void certifier_record(certifier *cert, LLVMValueRef kept_original,
                      LLVMValueRef folded_original, bool same_address) {
  if (cert->fold_count == cert->fold_capacity) {
    cert->fold_capacity = cert->fold_capacity ? cert->fold_capacity * 2 : 64;
    cert->folds = realloc(cert->folds, cert->fold_capacity * sizeof *cert->folds);
    if (!cert->folds)
      abort();
  }
  cert->folds[cert->fold_count++] =
      (recorded_fold){kept_original, folded_original, same_address};
}

size_t certifier_claims(const certifier *cert) { return cert->fold_count; }

/* ---- Step 1 and 2: groups and classes ------------------------------------- */

/* Union-find over function indices (module order of the copy). */
static size_t find_root(size_t *parent, size_t i) {
  while (parent[i] != i) {
    parent[i] = parent[parent[i]];
    i = parent[i];
  }
  return i;
}

static void join(size_t *parent, size_t a, size_t b) {
  a = find_root(parent, a);
  b = find_root(parent, b);
  if (a != b) /* the smaller index is the root: deterministic */
    parent[a > b ? a : b] = a < b ? a : b;
}

/* Fills `classes` (function of the copy -> root index) from `parent`. */
static void fill_classes(LLVMValueRef *functions, size_t count, size_t *parent,
                         ptr_map *classes) {
  for (size_t i = 0; i < count; ++i)
    ptr_map_put(classes, functions[i], find_root(parent, i));
}

/* ---- Step 3: the comparison ---------------------------------------------- */

static char *describe_failure(const recorded_fold *fold) {
  size_t length;
  const char *kept = LLVMGetValueName2(fold->kept, &length);
  const char *folded = LLVMGetValueName2(fold->folded, &length);
  char *message = NULL;
  if (asprintf(&message,
               "internal error: the fold of '%s' into '%s' does not check "
               "against the original functions (please report)",
               folded, kept) < 0)
    abort();
  return message;
}

bool certifier_check(certifier *cert, char **error) {
  *error = NULL;
  size_t count = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(cert->original); fn;
       fn = LLVMGetNextFunction(fn))
    count++;
  LLVMValueRef *functions = malloc((count + 1) * sizeof *functions);
  size_t *callee_parent = malloc((count + 1) * sizeof *callee_parent);
  size_t *address_parent = malloc((count + 1) * sizeof *address_parent);
  if (!functions || !callee_parent || !address_parent)
    abort();
  ptr_map index_of;
  ptr_map_init(&index_of);
  size_t i = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(cert->original); fn;
       fn = LLVMGetNextFunction(fn), ++i) {
    functions[i] = fn;
    callee_parent[i] = address_parent[i] = i;
    ptr_map_put(&index_of, fn, i);
  }
  bool ok = true;
  for (size_t k = 0; k < cert->fold_count && ok; ++k) {
    uint64_t a, b;
    if (!ptr_map_get(&index_of, cert->folds[k].kept, &a) ||
        !ptr_map_get(&index_of, cert->folds[k].folded, &b)) {
      *error = strdup("internal error: a fold involves a function that merge "
                      "created (please report)");
      ok = false;
      break;
    }
    join(callee_parent, a, b);
    if (cert->folds[k].same_address)
      join(address_parent, a, b);
  }
  ptr_map callee_classes, address_classes;
  ptr_map_init(&callee_classes);
  ptr_map_init(&address_classes);
  fill_classes(functions, count, callee_parent, &callee_classes);
  fill_classes(functions, count, address_parent, &address_classes);

  ltofold_comparator *comparator = ltofold_comparator_new(cert->original);
  comparator->function_classes = &callee_classes;
  comparator->address_classes = &address_classes;
  for (size_t k = 0; k < cert->fold_count && ok; ++k) {
    const recorded_fold *fold = &cert->folds[k];
    if (ltofold_compare_functions(comparator, fold->kept, fold->folded)) {
      *error = describe_failure(fold);
      ok = false;
    }
  }
  ltofold_comparator_free(comparator);
  ptr_map_free(&callee_classes);
  ptr_map_free(&address_classes);
  ptr_map_free(&index_of);
  free(functions);
  free(callee_parent);
  free(address_parent);
  return ok;
}
