/* Certifying folds: an independent check of every fold, just before it is
 * made.
 *
 * merge.c finds equal functions with a comparator whose state lives across
 * folds (numbers of globals, a tree of unique bodies, a Deferred list, class
 * numbers), and similar.c finds similar ones by holes, choices and regions
 * it numbers and prices. A bug in that bookkeeping (a number given twice, a
 * tree entry whose body changed under it, a constant taken from the wrong
 * member) folds functions that are not equal, and no test of the comparator
 * alone can see it. So each fold is checked again, when merge is about to
 * make it, by a comparison that shares none of that state: a comparator of
 * the certifier's own, whose numbering starts afresh for every check, given
 * the two functions as they are at that moment and nothing merge found.
 *
 *   - An equal fold "G into F": F and G compare equal (ltofold_compare_
 *     functions; a call of the function itself is the same on both sides,
 *     the seed's self-reference rule). For merge.c's recursive groups, which
 *     are equal only if each member's calls of the group are, the claim is
 *     the whole partition: every pair (kept, member) compares equal with a
 *     call of a function in the partition read as a call of its class; the
 *     classes are then a bisimulation, and folding each into one member
 *     keeps behaviour. All pairs are checked before any folds.
 *   - A similar fold "member M becomes a thunk of merged body B with
 *     constants K": B with its new parameters bound to K compares equal to
 *     M (comparator_compare_specialized: a select whose condition is bound
 *     is the operand it picks, a region the path its bound branch takes,
 *     and B's flags may be fewer than M's). The representative, whose
 *     blocks become B's, is compared as a copy taken before B is built
 *     (similar.c). B must also pass LLVM's verifier: the comparator finds
 *     a pointer and an integer of its width equal, which a body built from
 *     two members' blocks may mix up. Every member is checked before any
 *     folds.
 *
 * Why this suffices. Each fold replaces G by F (its uses, or its body by a
 * call of F) where the check just said F does what G does, with the module
 * as it is: the program after the fold does what it did before. By
 * induction over the folds, the final module does what the first did. The
 * rewrites themselves (LLVM's replaceAllUsesWith, the thunk and call
 * writers) are not re-derived; what is checked is every claim of equality
 * that a fold rests on.
 *
 * A fold that does not check is not made, and its functions take no
 * further part in the run (merge.c's `refused`); the warning names them.
 * An earlier certifier read a bitcode copy of the module taken before
 * merging and compared the originals after it; that copy (a write of the
 * whole module, and a read of every folded body) cost more than merge
 * itself on programs where half the functions fold. */
#include "certify.h"
#include "compare.h"

#include <llvm-c/Analysis.h>
#include <stdlib.h>
#include <string.h>

struct certifier {
  ltofold_comparator *comparator; /* owned; numbering cleared per check */
  ptr_map no_classes;             /* empty: see certify_specialized */
  name_list refused;              /* owned */
  size_t passed;
};

certifier *certifier_new(LLVMModuleRef module) {
  certifier *cert = calloc(1, sizeof *cert);
  if (!cert)
    abort();
  cert->comparator = ltofold_comparator_new(module);
  ptr_map_init(&cert->no_classes);
  return cert;
}

void certifier_free(certifier *cert) {
  if (!cert)
    return;
  ltofold_comparator_free(cert->comparator);
  ptr_map_free(&cert->no_classes);
  name_list_free(&cert->refused);
  free(cert);
}

void name_list_add(name_list *list, const char *name) {
  for (size_t i = 0; i < list->count; ++i)
    if (!strcmp(list->names[i], name))
      return;
  list->names = realloc(list->names, (list->count + 1) * sizeof *list->names);
  char *copy = strdup(name);
  if (!list->names || !copy)
    abort();
  list->names[list->count++] = copy;
}

void name_list_free(name_list *list) {
  for (size_t i = 0; i < list->count; ++i)
    free(list->names[i]);
  free(list->names);
  list->names = NULL;
  list->count = 0;
}

/* A comparator with nothing of an earlier check: no global or leaf keeps
 * a number, no class, no binding. */
static ltofold_comparator *fresh_comparator(certifier *cert) {
  ltofold_comparator *c = cert->comparator;
  comparator_forget_numbers(c);
  c->function_classes = NULL;
  c->bound_arguments = NULL;
  return c;
}

static bool counted(certifier *cert, bool holds) {
  cert->passed += holds;
  return holds;
}

bool certify_equal(certifier *cert, LLVMValueRef kept, LLVMValueRef folded,
                   ptr_map *classes) {
  ltofold_comparator *c = fresh_comparator(cert);
  c->function_classes = classes;
  bool holds = ltofold_compare_functions(c, kept, folded) == 0;
  c->function_classes = NULL;
  return counted(cert, holds);
}

bool certify_specialized(certifier *cert, LLVMValueRef body,
                         LLVMValueRef *constants, unsigned count,
                         LLVMValueRef member) {
  if (LLVMCountParams(body) < count ||
      LLVMCountParams(body) - count != LLVMCountParams(member))
    return false;
  unsigned own = LLVMCountParams(member);
  ltofold_comparator *c = fresh_comparator(cert);
  ptr_map bound;
  ptr_map_init(&bound);
  for (unsigned i = 0; i < count; ++i)
    ptr_map_put(&bound, LLVMGetParam(body, own + i), (uint64_t)(uintptr_t)constants[i]);
  c->bound_arguments = &bound;
  /* Class mode with no classes: a call compares by its callee alone. The
   * seed's self-reference rule (a call of the function under comparison
   * on each side) does not apply: the body bound to M's constants calls
   * M where M calls itself (a recursive member's callee is a hole, M's
   * own address its constant), and that is the same call. */
  c->function_classes = &cert->no_classes;
  bool holds = comparator_compare_specialized(c, body, member) == 0;
  c->function_classes = NULL;
  c->bound_arguments = NULL;
  ptr_map_free(&bound);
  return counted(cert, holds);
}

bool certify_well_formed(LLVMValueRef fn) {
  return !LLVMVerifyFunction(fn, LLVMReturnStatusAction);
}

void certifier_refuse(certifier *cert, const char *name) {
  name_list_add(&cert->refused, name);
}

size_t certifier_passed(const certifier *cert) { return cert->passed; }

const name_list *certifier_refused(const certifier *cert) { return &cert->refused; }
