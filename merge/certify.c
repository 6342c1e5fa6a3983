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
 * Before merging, the module is written as bitcode (which keeps the order
 * of functions, so the i-th function of one is the i-th of the other) and
 * read back lazily into the same context: only the bodies of functions a
 * claim names are read, when the check compares them (snapshot.h). Each fold
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
 * does not compare equal is a bug in merge: both functions go on the list
 * of refused ones, and merge puts the module back as it was and runs again
 * without them (merge.c), rather than emit a wrong program or stop the link.
 *
 * Similar folds (similar.c) are claims about the module merge made, not
 * only about the originals: "member M, now a thunk, does what it did". Each
 * global of the module merge made is matched with the original of the same
 * name (global variables, which merge never adds or removes, by position).
 * Then, for each claim:
 *
 *   4. M must be a thunk: one call of a merged body B, passing M's own
 *      parameters and then constants;
 *   5. every call of B anywhere must pass the constants of one of B's
 *      members (a redirected caller passes them itself); a call that
 *      passes those of exactly one member M is read, from here on, as a
 *      call of M (which is what M's thunk makes it);
 *   6. B's trailing parameters are bound to M's constants, and B so bound
 *      is compared with M's original, its globals read as their originals,
 *      with the classes of step 2; a select whose condition is bound is
 *      the operand it picks (a choice, similar.c), and flags may be fewer
 *      than the original's;
 *   7. every function with a call read as in step 5, other than merged
 *      bodies, is compared with itself as it was, the same way: so each
 *      redirected call passes the constants of the member it called.
 *
 * So the holes and choices similar.c found, the parameters it numbered,
 * the body it built and the constants each thunk and each redirected call
 * passes are all checked, from what is in the module, against what was. */
#include "certify.h"
#include "compare.h"
#include "snapshot.h"

#include <llvm-c/BitWriter.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct recorded_fold {
  LLVMValueRef kept, folded; /* originals, in the copy */
  bool same_address;         /* &folded == &kept after the fold */
} recorded_fold;

typedef struct similar_claim {
  LLVMValueRef original; /* in the copy */
  char *name;            /* owned: the member's name in the merged module */
} similar_claim;

struct certifier {
  LLVMMemoryBufferRef snapshot; /* owned: the module before merging, as bitcode */
  LLVMModuleRef original; /* owned: read lazily from it, in the module's context */
  ptr_map original_of;    /* function of the merged module -> its original */
  recorded_fold *folds;   /* owned array */
  size_t fold_count, fold_capacity;
  similar_claim *similar; /* owned array */
  size_t similar_count, similar_capacity;
};

/* The copy goes through bitcode rather than LLVMCloneModule: LLVM 22's
 * module cloner crashes on a blockaddress of a function defined after its
 * user, which the bitcode reader handles; and a lazy read costs a tenth of
 * a clone. */
certifier *certifier_begin(LLVMModuleRef module) {
  certifier *cert = calloc(1, sizeof *cert);
  if (!cert)
    abort();
  cert->snapshot = LLVMWriteBitcodeToMemoryBuffer(module);
  if (!cert->snapshot)
    abort();
  cert->original = snapshot_read_lazily(LLVMGetModuleContext(module), cert->snapshot);
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
  LLVMDisposeMemoryBuffer(cert->snapshot);
  ptr_map_free(&cert->original_of);
  free(cert->folds);
  for (size_t i = 0; i < cert->similar_count; ++i)
    free(cert->similar[i].name);
  free(cert->similar);
  free(cert);
}

LLVMMemoryBufferRef certifier_snapshot(const certifier *cert) {
  return cert->snapshot;
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

static void refuse(name_list *refused, LLVMValueRef fn) {
  size_t length;
  name_list_add(refused, LLVMGetValueName2(fn, &length));
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

void certifier_record_similar(certifier *cert, LLVMValueRef original,
                              const char *name) {
  if (cert->similar_count == cert->similar_capacity) {
    cert->similar_capacity = cert->similar_capacity ? cert->similar_capacity * 2 : 16;
    cert->similar =
        realloc(cert->similar, cert->similar_capacity * sizeof *cert->similar);
    if (!cert->similar)
      abort();
  }
  char *copy = strdup(name);
  if (!copy)
    abort();
  cert->similar[cert->similar_count++] = (similar_claim){original, copy};
}

size_t certifier_claims(const certifier *cert) {
  return cert->fold_count + cert->similar_count;
}

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

/* ---- Steps 4 and 5: similar folds --------------------------------------- */

/* The original of a global of the merged module: the original function or
 * alias of the same name; a body merge.c moved out of F ("F.ltofold.body")
 * is F's. NULL for what merge created (merged bodies). */
static LLVMValueRef original_named(LLVMModuleRef original, LLVMValueRef global) {
  size_t length;
  const char *name = LLVMGetValueName2(global, &length);
  if (!length)
    return NULL;
  LLVMValueRef found = LLVMGetNamedFunction(original, name);
  if (!found)
    found = LLVMGetNamedGlobalAlias(original, name, length);
  static const char body_suffix[] = ".ltofold.body";
  size_t suffix = sizeof body_suffix - 1;
  if (!found && length > suffix && !strcmp(name + length - suffix, body_suffix)) {
    char *stem = strndup(name, length - suffix);
    if (!stem)
      abort();
    found = LLVMGetNamedFunction(original, stem);
    free(stem);
  }
  return found;
}

static void match_globals(LLVMModuleRef after, LLVMModuleRef original,
                          ptr_map *counterparts) {
  for (LLVMValueRef fn = LLVMGetFirstFunction(after); fn; fn = LLVMGetNextFunction(fn)) {
    LLVMValueRef found = original_named(original, fn);
    if (found)
      ptr_map_put(counterparts, fn, (uint64_t)(uintptr_t)found);
  }
  for (LLVMValueRef alias = LLVMGetFirstGlobalAlias(after); alias;
       alias = LLVMGetNextGlobalAlias(alias)) {
    LLVMValueRef found = original_named(original, alias);
    if (found)
      ptr_map_put(counterparts, alias, (uint64_t)(uintptr_t)found);
  }
  LLVMValueRef theirs = LLVMGetFirstGlobal(original);
  for (LLVMValueRef mine = LLVMGetFirstGlobal(after); mine && theirs;
       mine = LLVMGetNextGlobal(mine), theirs = LLVMGetNextGlobal(theirs))
    ptr_map_put(counterparts, mine, (uint64_t)(uintptr_t)theirs);
}

/* The call of a merged body that `fn` is made of, if `fn` is a thunk of
 * the shape similar.c writes; NULL otherwise. */
static LLVMValueRef thunk_call(LLVMValueRef fn) {
  if (!fn || LLVMCountBasicBlocks(fn) != 1)
    return NULL;
  LLVMValueRef call = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn));
  if (!call || LLVMGetInstructionOpcode(call) != LLVMCall)
    return NULL;
  LLVMValueRef ret = LLVMGetNextInstruction(call);
  if (!ret || LLVMGetInstructionOpcode(ret) != LLVMRet || LLVMGetNextInstruction(ret) ||
      (LLVMGetNumOperands(ret) && LLVMGetOperand(ret, 0) != call))
    return NULL;
  LLVMValueRef body = LLVMGetCalledValue(call);
  unsigned own = LLVMCountParams(fn), args = LLVMGetNumArgOperands(call);
  if (!LLVMIsAFunction(body) || LLVMIsDeclaration(body) ||
      args != LLVMCountParams(body) || args <= own)
    return NULL;
  for (unsigned i = 0; i < args; ++i) {
    LLVMValueRef arg = LLVMGetOperand(call, i);
    if (i < own ? arg != LLVMGetParam(fn, i) : !LLVMIsAConstant(arg))
      return NULL;
  }
  return call;
}

/* Whether the trailing `count` arguments of two calls are the same. */
static bool same_constants(LLVMValueRef a, LLVMValueRef b, unsigned count) {
  unsigned args_a = LLVMGetNumArgOperands(a), args_b = LLVMGetNumArgOperands(b);
  for (unsigned i = 1; i <= count; ++i)
    if (LLVMGetOperand(a, args_a - i) != LLVMGetOperand(b, args_b - i))
      return false;
  return true;
}

/* Step 5 for one merged body: `thunks` are its members' calls. A call that
 * passes the constants of exactly one member stands for a call of that
 * member (`redirected`: call -> member), as steps 6 and 7 read it; the
 * functions with such calls go to `callers`. */
typedef struct function_set {
  LLVMValueRef *items; /* owned, in the order first met */
  size_t count;
  ptr_map seen;
} function_set;

static bool check_calls_of(LLVMValueRef body, LLVMValueRef *thunks, size_t count,
                           ptr_map *redirected, function_set *callers) {
  unsigned bound = LLVMCountParams(body) - LLVMCountParams(
      LLVMGetBasicBlockParent(LLVMGetInstructionParent(thunks[0])));
  for (LLVMUseRef use = LLVMGetFirstUse(body); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    bool call = LLVMIsAInstruction(user) &&
                (LLVMGetInstructionOpcode(user) == LLVMCall ||
                 LLVMGetInstructionOpcode(user) == LLVMInvoke) &&
                LLVMGetCalledValue(user) == body &&
                LLVMGetOperandUse(user, (unsigned)LLVMGetNumOperands(user) - 1) == use;
    size_t known = 0, which = 0;
    for (size_t k = 0; call && k < count; ++k)
      if (same_constants(user, thunks[k], bound)) {
        known++;
        which = k;
      }
    if (!known) /* a use that passes constants no member has */
      return false;
    bool is_thunk = false;
    for (size_t k = 0; k < count; ++k)
      is_thunk |= user == thunks[k];
    if (known == 1 && !is_thunk) {
      ptr_map_put(redirected, user,
                  (uint64_t)(uintptr_t)LLVMGetBasicBlockParent(
                      LLVMGetInstructionParent(thunks[which])));
      LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user));
      if (!ptr_map_get(&callers->seen, caller, NULL)) {
        ptr_map_put(&callers->seen, caller, 1);
        callers->items = realloc(callers->items,
                                 (callers->count + 1) * sizeof *callers->items);
        if (!callers->items)
          abort();
        callers->items[callers->count++] = caller;
      }
    }
  }
  return true;
}

/* Refuses every member whose thunk calls `body`. */
static void refuse_members_of(const certifier *cert, LLVMValueRef *calls,
                              LLVMValueRef body, name_list *refused) {
  for (size_t j = 0; j < cert->similar_count; ++j)
    if (calls[j] && LLVMGetCalledValue(calls[j]) == body)
      name_list_add(refused, cert->similar[j].name);
}

static bool check_similar(certifier *cert, LLVMModuleRef after,
                          ptr_map *callee_classes, ptr_map *address_classes,
                          name_list *refused) {
  ptr_map counterparts, bound, redirected;
  ptr_map_init(&counterparts);
  ptr_map_init(&bound);
  ptr_map_init(&redirected);
  function_set callers = {0};
  ptr_map_init(&callers.seen);
  match_globals(after, cert->original, &counterparts);
  LLVMValueRef *calls = malloc((cert->similar_count + 1) * sizeof *calls);
  if (!calls)
    abort();
  bool ok = true;
  /* Step 4. A claim that fails a step is refused and left out of the
   * steps after it (calls[k] NULL); the others are still checked, so that
   * one run of merge finds every fold to refuse. */
  for (size_t k = 0; k < cert->similar_count; ++k) {
    const similar_claim *claim = &cert->similar[k];
    calls[k] = thunk_call(LLVMGetNamedFunction(after, claim->name));
    if (!calls[k] || !claim->original) { /* no thunk of a merged body */
      calls[k] = NULL;
      name_list_add(refused, claim->name);
      ok = false;
    }
  }
  /* Step 5, per merged body: its members' calls are together once sorted
   * by body; the claims are few, so a quadratic grouping is fine. */
  for (size_t k = 0; k < cert->similar_count; ++k) {
    if (!calls[k])
      continue;
    LLVMValueRef body = LLVMGetCalledValue(calls[k]);
    bool first = true;
    for (size_t j = 0; j < k && first; ++j)
      first = !calls[j] || LLVMGetCalledValue(calls[j]) != body;
    if (!first)
      continue;
    size_t count = 0;
    LLVMValueRef *mine = malloc((cert->similar_count + 1) * sizeof *mine);
    if (!mine)
      abort();
    for (size_t j = k; j < cert->similar_count; ++j)
      if (calls[j] && LLVMGetCalledValue(calls[j]) == body)
        mine[count++] = calls[j];
    if (!check_calls_of(body, mine, count, &redirected, &callers)) {
      refuse_members_of(cert, calls, body, refused);
      ok = false;
    }
    free(mine);
  }
  /* Step 6: each member's merged body, bound to its constants, against
   * the member as it was. */
  ltofold_comparator *comparator = ltofold_comparator_new(cert->original);
  comparator->function_classes = callee_classes;
  comparator->address_classes = address_classes;
  comparator->counterparts = &counterparts;
  comparator->bound_arguments = &bound;
  comparator->redirected_calls = &redirected;
  for (size_t k = 0; k < cert->similar_count; ++k) {
    const similar_claim *claim = &cert->similar[k];
    if (!calls[k])
      continue;
    LLVMValueRef thunk = LLVMGetNamedFunction(after, claim->name);
    LLVMValueRef body = LLVMGetCalledValue(calls[k]);
    ptr_map_clear(&bound);
    snapshot_materialize(claim->original);
    for (unsigned i = LLVMCountParams(thunk); i < LLVMCountParams(body); ++i)
      ptr_map_put(&bound, LLVMGetParam(body, i),
                  (uint64_t)(uintptr_t)LLVMGetOperand(calls[k], i));
    if (comparator_compare_specialized(comparator, body, claim->original)) {
      name_list_add(refused, claim->name);
      ok = false;
    }
  }
  /* Step 7: every other function with such calls (a caller that passes a
   * member's constants itself) against itself as it was. Where one does
   * not check, the members it calls are refused: they are what moved its
   * calls. */
  ptr_map_clear(&bound);
  for (size_t i = 0; i < callers.count; ++i) {
    LLVMValueRef caller = callers.items[i];
    uint64_t original;
    bool is_body = false;
    for (size_t k = 0; k < cert->similar_count && !is_body; ++k)
      is_body = calls[k] && LLVMGetCalledValue(calls[k]) == caller;
    if (is_body) /* step 6 */
      continue;
    if (ptr_map_get(&counterparts, caller, &original)) {
      snapshot_materialize((LLVMValueRef)(uintptr_t)original);
      if (!comparator_compare_specialized(comparator, caller,
                                          (LLVMValueRef)(uintptr_t)original))
        continue;
    }
    ok = false;
    for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(caller); block;
         block = LLVMGetNextBasicBlock(block))
      for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst;
           inst = LLVMGetNextInstruction(inst))
        if (ptr_map_get(&redirected, inst, NULL))
          refuse_members_of(cert, calls, LLVMGetCalledValue(inst), refused);
  }
  free(calls);
  free(callers.items);
  ptr_map_free(&callers.seen);
  ltofold_comparator_free(comparator);
  ptr_map_free(&counterparts);
  ptr_map_free(&bound);
  ptr_map_free(&redirected);
  return ok;
}

bool certifier_check(certifier *cert, LLVMModuleRef final, name_list *refused) {
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
  for (size_t k = 0; k < cert->fold_count; ++k) {
    uint64_t a, b;
    const recorded_fold *fold = &cert->folds[k];
    if (!fold->kept || !fold->folded || !ptr_map_get(&index_of, fold->kept, &a) ||
        !ptr_map_get(&index_of, fold->folded, &b)) {
      /* a fold of a function merge created: nothing to check it against */
      if (fold->kept)
        refuse(refused, fold->kept);
      if (fold->folded)
        refuse(refused, fold->folded);
      ok = false;
      continue;
    }
    join(callee_parent, a, b);
    if (fold->same_address)
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
  for (size_t k = 0; k < cert->fold_count; ++k) {
    const recorded_fold *fold = &cert->folds[k];
    if (!fold->kept || !fold->folded || !ptr_map_get(&index_of, fold->kept, NULL) ||
        !ptr_map_get(&index_of, fold->folded, NULL))
      continue;
    snapshot_materialize(fold->kept);
    snapshot_materialize(fold->folded);
    if (ltofold_compare_functions(comparator, fold->kept, fold->folded)) {
      refuse(refused, fold->kept);
      refuse(refused, fold->folded);
      ok = false;
    }
  }
  ltofold_comparator_free(comparator);
  if (cert->similar_count &&
      !check_similar(cert, final, &callee_classes, &address_classes, refused))
    ok = false;
  ptr_map_free(&callee_classes);
  ptr_map_free(&address_classes);
  ptr_map_free(&index_of);
  free(functions);
  free(callee_parent);
  free(address_parent);
  return ok;
}
