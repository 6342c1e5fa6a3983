/* Merging equal functions: the MergeFunctions algorithm, and past it.
 *
 * The idea (seeds/mergefunctions.rst). Put every function that might have a
 * twin into a worklist. Take them one by one and look each up in a tree of
 * unique functions ordered by the comparator (compare.c, fn_tree.c). If an
 * equal function is there, fold one into the other; if not, the function
 * joins the tree. Folding changes the bodies of the folded function's
 * callers, and a changed body may now equal another: so before a body
 * changes, its function leaves the tree and goes on the Deferred list, and
 * the loop runs again over Deferred until nothing changes. That is how
 * chains collapse: f1 calls g1, f2 calls g2, g1 == g2; once g2 is folded into
 * g1, f2 calls g1 and is compared again, and equals f1.
 *
 * Which of two equal functions stays (order_is_correct): strong before
 * interposable (a weak function may call the strong one, not the reverse);
 * non-ODR before ODR (two ODR functions need a new private body, see below,
 * while an ODR copy folded into a non-ODR function just goes away, and a
 * private body made for an ODR group keeps it as more copies arrive); one
 * that must stay anyway before one that may be dropped when unused
 * (linkonce, local: it can then vanish instead of becoming a thunk); one
 * whose address is significant before one whose address is not (the
 * first would become a thunk, the second just goes away); external before
 * local; then by name. The worklist is ordered by hash and
 * then by name, so neither the choice nor which pair meets first depends on
 * the order of functions in the module.
 *
 * How G is folded into F (merge_two), by what its linkage and address allow:
 *   - G local or its address insignificant (unnamed_addr; or local_unnamed_addr
 *     with local linkage, which in a whole program is the same thing): every
 *     use of G becomes a use of F and G is deleted, or, if G must still exist
 *     as a symbol, it becomes an alias of F;
 *   - G's address is significant: direct calls go to F, and G stays, its body
 *     replaced by a tail call to F (a thunk), so &G != &F still holds; an
 *     alias is never used here, since it would make the addresses equal;
 *   - G interposable: the linker may replace G, so nothing may call F in its
 *     place: G becomes a thunk (or alias) and keeps its linkage;
 *   - F interposable, or both ODR: the body moves to a new internal function
 *     and both F and G become thunks or aliases of it.
 * The kept body gets the larger alignment of the two. What could not be done
 * soundly is left alone and counted by reason in the result.
 *
 * One thing LLVM's pass does not do and we must: the comparator compares
 * only the instruction metadata that changes what an instruction computes
 * (!range, !nonnull...: compare.c); the rest states facts about one body
 * (!tbaa, !alias.scope, !noalias, !callees, !llvm.loop's mustprogress,
 * target kinds such as !amdgpu.no.fine.grained.memory, kinds we have never
 * heard of), so two functions equal up to those tags merge. But F's tags
 * then describe G's callers' memory, calls and loops too, and a tag that
 * says "no alias" or "calls only @a" for F may be false for G. So before
 * folding F keeps, of the tags whose meaning is in the tag itself, only
 * those G has too (a loop id: the same properties), and loses every other
 * kind: unknown ones, and those that point at loops or access groups of its
 * body, where the same tag can claim a different loop in each function.
 * Fewer facts, always true. Hints and debug links stay (!prof,
 * !DIAssignID...). The scopes that !alias.scope and !noalias name are
 * declared by llvm.experimental.noalias.scope.decl calls, which the
 * comparator matches by position, not identity; where two declarations name
 * different scopes, a tag both bodies share can mean a per-iteration scope
 * in one and a whole-function scope in the other, so F loses all its scope
 * tags.
 *
 * Past the seed: recursive groups. The seed gives up on ping/pong
 * (cross-recursive functions equal only if each is assumed equal to the other)
 * because comparing "up to the assumption" is not transitive. We recover them
 * in a separate pass that stays transitive: number the remaining functions by
 * class (all one class at first), compare with references to classified
 * functions replaced by their class number, split classes by that order, and
 * repeat until the classes stop splitting. Within one round the class numbers
 * are fixed, so each round's order is a true total order; the end result is
 * the coarsest partition in which equal functions call equal functions, and
 * folding each class into one member preserves behaviour. Interposable
 * functions never take part, since their bodies are not final. */
#include "merge_internal.h"
#include "llvm_arrays.h"
#include "profile.h"

#include <llvm-c/Comdat.h>
#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether F should keep the body and G fold into it (the rule at the
 * top). */
static bool order_is_correct(LLVMValueRef f, LLVMValueRef g) {
  if (is_interposable(f) != is_interposable(g))
    return !is_interposable(f);
  if (is_odr(f) != is_odr(g))
    return !is_odr(f);
  if (is_discardable_if_unused(f) != is_discardable_if_unused(g))
    return !is_discardable_if_unused(f);
  if (address_is_insignificant(f) != address_is_insignificant(g))
    return !address_is_insignificant(f);
  if (has_local_linkage(f) != has_local_linkage(g))
    return !has_local_linkage(f);
  return strcmp(function_name(f), function_name(g)) <= 0;
}

/* A GNU C or C++ personality on a function with no exception-handling pad
 * does nothing: without an invoke there is no landing pad, no LSDA, and
 * code generation emits no personality for the frame (LLVM's
 * isNoOpWithoutInvoke). Inlining and nounwind inference leave many such
 * functions; dropping the inert personality lets them compare equal to the
 * same body without one, as LLVM's pass does, while a personality that does
 * matter is still compared. */
static void drop_inert_personality(LLVMValueRef fn) {
  if (!LLVMHasPersonalityFn(fn))
    return;
  size_t length;
  const char *name = LLVMGetValueName2(LLVMGetPersonalityFn(fn), &length);
  if (strcmp(name, "__gxx_personality_v0") && strcmp(name, "__gcc_personality_v0"))
    return;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      switch (LLVMGetInstructionOpcode(i)) {
      case LLVMInvoke:
      case LLVMLandingPad:
      case LLVMCatchSwitch:
      case LLVMCatchPad:
      case LLVMCleanupPad:
        return;
      default:
        break;
      }
  LLVMSetPersonalityFn(fn, NULL);
}

static void collect_used(merge_state *st, const char *name) {
  LLVMValueRef array = LLVMGetNamedGlobal(st->module, name);
  if (!array || LLVMIsDeclaration(array))
    return;
  LLVMValueRef init = LLVMGetInitializer(array);
  if (!init)
    return;
  int count = LLVMGetNumOperands(init);
  for (int i = 0; i < count; ++i) {
    LLVMValueRef element = LLVMGetOperand(init, (unsigned)i);
    while (element && !LLVMIsAGlobalValue(element) && LLVMIsAConstantExpr(element))
      element = LLVMGetOperand(element, 0);
    if (element && LLVMIsAFunction(element))
      ptr_map_put(&st->used, element, 1);
  }
}

/* The functions that could not fold with it (fn_tree.h) get another chance
 * too: its replacement may be one they can fold with. */
static void defer(merge_state *st, LLVMValueRef fn) {
  if (fn_tree_remove(&st->tree, fn, push_deferred, st))
    fn_list_push(&st->deferred, fn);
}

/* The seed's removeUsers(), also through constant expressions, which LLVM's
 * version does not follow. */
static void defer_users(merge_state *st, LLVMValueRef value, unsigned depth) {
  for (LLVMUseRef use = LLVMGetFirstUse(value); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsAInstruction(user))
      defer(st, LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)));
    else if (LLVMIsAConstant(user) && !LLVMIsAGlobalValue(user) && depth < 8)
      defer_users(st, user, depth + 1);
  }
}

/* Replaces every use of `old` with `replacement` and deletes `old`. */
static void replace_and_delete(merge_state *st, LLVMValueRef old,
                               LLVMValueRef replacement) {
  defer_users(st, old, 0);
  LLVMReplaceAllUsesWith(old, replacement);
  forget_function(st, old);
  LLVMDeleteFunction(old);
}

/* Direct calls of `old` become calls of `replacement`: both have the same
 * function type (the caller checks). Other uses keep `old`. */
static size_t replace_direct_callers(merge_state *st, LLVMValueRef old,
                                     LLVMValueRef replacement) {
  fn_list callers = {0};
  for (LLVMUseRef use = LLVMGetFirstUse(old); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (!is_call_site(user))
      continue;
    unsigned callee = (unsigned)LLVMGetNumOperands(user) - 1;
    if (LLVMGetOperandUse(user, callee) == use)
      fn_list_push(&callers, user);
  }
  for (size_t i = 0; i < callers.count; ++i) {
    LLVMValueRef call = callers.items[i];
    defer(st, LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)));
    LLVMSetOperand(call, (unsigned)LLVMGetNumOperands(call) - 1, replacement);
  }
  free(callers.items);
  return callers.count;
}

static bool can_alias(merge_state *st, LLVMValueRef f, LLVMValueRef g) {
  if (!st->options->allow_aliases || !address_is_insignificant(g))
    return false;
  /* An alias lives in its aliasee's section group: if F's group were
   * discarded by the linker (another object's copy kept), G would vanish
   * with it. And CFI type tags hang on functions, not aliases. Both cases
   * keep G as a thunk instead. */
  if (LLVMGetComdat(g) != LLVMGetComdat(f))
    return false;
  return !has_type_metadata(st, g);
}

/* Whether G may become a thunk to F, or the reason it may not. */
static bool can_thunk(merge_state *st, LLVMValueRef f,
                      ltofold_skip_reason *reason) {
  if (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f))) {
    *reason = LTOFOLD_SKIP_VARARG_THUNK;
    return false;
  }
  if (forwards_in_memory(st, f)) {
    *reason = LTOFOLD_SKIP_INALLOCA;
    return false;
  }
  if (is_thunk_sized(f)) {
    *reason = LTOFOLD_SKIP_TOO_SMALL_FOR_THUNK;
    return false;
  }
  return true;
}

/* Replaces G by an alias of F with G's name, linkage and visibility. */
static void write_alias(merge_state *st, LLVMValueRef f, LLVMValueRef g) {
  LLVMValueRef alias = LLVMAddAlias2(st->module, LLVMGlobalGetValueType(g),
                                     0, f, "");
  LLVMSetLinkage(alias, LLVMGetLinkage(g));
  LLVMSetVisibility(alias, LLVMGetVisibility(g));
  LLVMSetDLLStorageClass(alias, LLVMGetDLLStorageClass(g));
  LLVMSetUnnamedAddress(alias, LLVMGlobalUnnamedAddr);
  size_t length;
  const char *name = LLVMGetValueName2(g, &length);
  char *saved = malloc(length + 1);
  if (!saved)
    abort();
  memcpy(saved, name, length + 1);
  replace_and_delete(st, g, alias);
  LLVMSetValueName2(alias, saved, length);
  free(saved);
}

/* Returns the method used, or LTOFOLD_FOLD_METHOD_COUNT if neither an alias
 * nor a thunk could be written (the reason is counted). */
static ltofold_fold_method write_thunk_or_alias(merge_state *st, LLVMValueRef f,
                                                LLVMValueRef g) {
  if (can_alias(st, f, g)) {
    write_alias(st, f, g);
    return LTOFOLD_FOLD_ALIAS;
  }
  ltofold_skip_reason reason;
  if (can_thunk(st, f, &reason)) {
    write_thunk(st, f, g, NULL, 0);
    return LTOFOLD_FOLD_THUNK;
  }
  st->result->skipped[reason]++;
  return LTOFOLD_FOLD_METHOD_COUNT;
}

/* ---- Folding one pair ---------------------------------------------------- */

/* A call of a function with debug info, in a function with debug info,
 * must carry a location (the verifier requires it, for inlining). Calls
 * merge moved to F from a function without debug info have none: they get
 * line 0 of their caller, the "no particular line" of DWARF. */
static void locate_calls(merge_state *st, LLVMValueRef f) {
  if (!LLVMGetSubprogram(f))
    return;
  for (LLVMUseRef use = LLVMGetFirstUse(f); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef call = LLVMGetUser(use);
    if (!is_call_site(call) || LLVMInstructionGetDebugLoc(call))
      continue;
    LLVMMetadataRef scope =
        LLVMGetSubprogram(LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)));
    if (scope)
      LLVMInstructionSetDebugLoc(
          call, LLVMDIBuilderCreateDebugLocation(st->context, 0, 0, scope, NULL));
  }
}

/* The last step for a function whose uses merge has moved where it could:
 * deleted when nothing uses it any more and its linkage allows, otherwise an
 * alias or thunk of F. Returns the method, or LTOFOLD_FOLD_METHOD_COUNT when
 * none applied (the reason is counted). */
static ltofold_fold_method finish_folded(merge_state *st, LLVMValueRef f,
                                         LLVMValueRef g) {
  take_max_alignment(f, g);
  if (is_discardable_if_unused(g) && !LLVMGetFirstUse(g)) {
    forget_function(st, g);
    LLVMDeleteFunction(g);
    return LTOFOLD_FOLD_REPLACED;
  }
  return write_thunk_or_alias(st, f, g);
}

/* Whether merge_into_private_body can fold G: both F's new public function
 * and G must become aliases of the body (only out of any section group,
 * since the body leaves F's), which costs nothing however small the body;
 * or thunks of it, which needs a body worth a call. */
static bool private_body_is_possible(merge_state *st, LLVMValueRef f,
                                     LLVMValueRef g,
                                     ltofold_skip_reason *reason) {
  if (can_alias(st, f, f) && can_alias(st, f, g) && !LLVMGetComdat(f))
    return true;
  return can_thunk(st, f, reason);
}

/* F and G both must keep a symbol that nothing may call the other in place
 * of. F's body becomes internal (local), under a new name; a new function takes F's
 * name, linkage and every use of F; then it and G become thunks or aliases
 * of the local body. F's self-references now go through the new function,
 * so F leaves the tree and is looked at again. */
static void merge_into_private_body(merge_state *st, LLVMValueRef f,
                                    LLVMValueRef g, const char *g_name,
                                    size_t g_instructions,
                                    const entry_count *g_count) {
  LLVMValueRef public_f = LLVMAddFunction(st->module, "", LLVMGlobalGetValueType(f));
  LLVMSetLinkage(public_f, LLVMGetLinkage(f));
  LLVMSetVisibility(public_f, LLVMGetVisibility(f));
  LLVMSetDLLStorageClass(public_f, LLVMGetDLLStorageClass(f));
  LLVMSetUnnamedAddress(public_f, LLVMGetUnnamedAddress(f));
  LLVMSetComdat(public_f, LLVMGetComdat(f));
  LLVMSetFunctionCallConv(public_f, LLVMGetFunctionCallConv(f));
  LLVMSetAlignment(public_f, LLVMGetAlignment(f));
  if (LLVMGetSection(f))
    LLVMSetSection(public_f, LLVMGetSection(f));
  if (LLVMGetGC(f))
    LLVMSetGC(public_f, LLVMGetGC(f));
  if (LLVMHasPrefixData(f))
    LLVMSetPrefixData(public_f, LLVMGetPrefixData(f));
  if (LLVMHasPrologueData(f))
    LLVMSetPrologueData(public_f, LLVMGetPrologueData(f));
  copy_function_attributes(f, public_f, false);
  copy_global_metadata(f, public_f);

  defer(st, f);
  defer_users(st, f, 0);
  LLVMReplaceAllUsesWith(f, public_f);
  size_t length;
  const char *name = LLVMGetValueName2(f, &length);
  char *saved = strndup(name, length);
  char *body_name = NULL;
  if (!saved || asprintf(&body_name, "%s.ltofold.body", saved) < 0)
    abort();
  LLVMSetValueName2(f, body_name, strlen(body_name));
  LLVMSetValueName2(public_f, saved, length);
  free(body_name);
  free(saved);
  /* Internal rather than private: the body keeps a local symbol, so the
   * object's symbol table shows its size (the report measures bytes saved
   * from it) and profilers and debuggers can name it. */
  LLVMSetLinkage(f, LLVMInternalLinkage);
  /* Out of F's section group: G's thunk calls the body, and G's group may be
   * kept while F's is discarded. */
  LLVMSetComdat(f, NULL);
  LLVMSetVisibility(f, LLVMDefaultVisibility);
  LLVMSetUnnamedAddress(f, LLVMGlobalUnnamedAddr);

  LLVMTypeRef type = LLVMGlobalGetValueType(f);
  if (is_odr(g) && LLVMGlobalGetValueType(g) == type)
    replace_direct_callers(st, g, f);
  if (is_odr(public_f))
    replace_direct_callers(st, public_f, f);
  locate_calls(st, f);
  ltofold_fold_method g_method = finish_folded(st, f, g);
  finish_folded(st, f, public_f);
  if (g_method != LTOFOLD_FOLD_METHOD_COUNT) {
    add_fold(st, function_name(f), g_name, g_method, g_instructions);
    entry_count_add(f, g_count);
  }
}

static bool has_direct_callers(LLVMValueRef fn) {
  for (LLVMUseRef use = LLVMGetFirstUse(fn); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (is_call_site(user) &&
        LLVMGetOperandUse(user, (unsigned)LLVMGetNumOperands(user) - 1) == use)
      return true;
  }
  return false;
}

/* Whether merge_two(F, G) will fold G, by the same decisions it takes, but
 * without acting: merge_two is only called when it will, so a pair that
 * cannot fold leaves both functions untouched (their attributes and
 * metadata included) and G can be tried with another equal function. */
static bool fold_is_possible(merge_state *st, LLVMValueRef f, LLVMValueRef g,
                             ltofold_skip_reason *reason) {
  *reason = LTOFOLD_SKIP_TOO_SMALL_FOR_THUNK;
  if (is_interposable(f) || (is_odr(f) && is_odr(g)))
    return private_body_is_possible(st, f, g, reason);
  bool moves_uses = !is_interposable(g) &&
                    LLVMGlobalGetValueType(f) == LLVMGlobalGetValueType(g);
  bool moves_all = moves_uses && uses_move_entirely(st, g);
  if (moves_uses && (moves_all ? LLVMGetFirstUse(g) != NULL : has_direct_callers(g)))
    return true; /* replaced, or at least its callers redirected */
  if (is_discardable_if_unused(g) && !LLVMGetFirstUse(g))
    return true;
  return can_alias(st, f, g) || can_thunk(st, f, reason);
}

/* The seed's mergeTwoFunctions: fold G into F, which compare equal and can
 * fold (fold_is_possible). F keeps the body. */
static void merge_two(merge_state *st, LLVMValueRef f, LLVMValueRef g) {
  meet_metadata(st, f, g, NULL);
  intersect_attributes(st, f, g);
  /* Every fold below leaves F's body running for G's callers too. */
  entry_count g_count = entry_count_read(g);

  char *g_name = strdup(function_name(g));
  char *f_name = strdup(function_name(f));
  if (!g_name || !f_name)
    abort();
  size_t g_instructions = count_instructions(g);

  if (is_interposable(f) || (is_odr(f) && is_odr(g))) {
    merge_into_private_body(st, f, g, g_name, g_instructions, &g_count);
    free(g_name);
    free(f_name);
    entry_count_free(&g_count);
    return;
  }

  bool same_type = LLVMGlobalGetValueType(f) == LLVMGlobalGetValueType(g);
  bool callers_moved = false;
  if (!is_interposable(g) && same_type) {
    if (uses_move_entirely(st, g)) {
      callers_moved = LLVMGetFirstUse(g) != NULL;
      defer_users(st, g, 0);
      LLVMReplaceAllUsesWith(g, f);
    } else {
      callers_moved = replace_direct_callers(st, g, f) > 0;
    }
  }
  locate_calls(st, f);
  ltofold_fold_method method = finish_folded(st, f, g);
  if (method == LTOFOLD_FOLD_METHOD_COUNT && callers_moved)
    method = LTOFOLD_FOLD_CALLERS;
  if (method != LTOFOLD_FOLD_METHOD_COUNT) {
    add_fold(st, f_name, g_name, method, g_instructions);
    entry_count_add(f, &g_count);
  }
  entry_count_free(&g_count);
  free(g_name);
  free(f_name);
}

/* Folds `fn` with `member` (the node's representative or one of its
 * unfolded functions), the right way round, if that pair can fold. When fn
 * keeps the body it takes member's place in the node. An unfolded member's
 * body may have changed since it was found equal (it is in no tree when its
 * callees fold): with `compare_again` it is compared again, after the cheap
 * test of whether the pair could fold at all, so that a class of many
 * functions that cannot fold costs no comparisons. */
static bool try_fold(merge_state *st, fn_tree_node *node, LLVMValueRef member,
                     LLVMValueRef fn, bool compare_again,
                     ltofold_skip_reason *reason) {
  bool fn_kept = !order_is_correct(member, fn);
  LLVMValueRef kept = fn_kept ? fn : member, folded = fn_kept ? member : fn;
  if (is_refused(st, kept) || is_refused(st, folded)) {
    *reason = LTOFOLD_SKIP_CERTIFICATION;
    return false;
  }
  if (!fold_is_possible(st, kept, folded, reason) ||
      (compare_again && ltofold_compare_functions(st->comparator, member, fn)))
    return false;
  if (st->cert && !certify_equal(st->cert, kept, folded, NULL)) {
    refuse(st, kept);
    refuse(st, folded);
    *reason = LTOFOLD_SKIP_CERTIFICATION;
    return false;
  }
  if (fn_kept && member == node->function) {
    fn_tree_replace(&st->tree, node, fn);
  } else if (fn_kept) {
    fn_tree_remove_unfolded(&st->tree, member);
    fn_tree_add_unfolded(&st->tree, node, fn);
  }
  merge_two(st, kept, folded);
  return true;
}

/* The seed's insert(): into the tree, or folded with its equal there. An
 * equal function it cannot fold with (a type or linkage the fold needs)
 * does not end the search: the others found equal to it before and left
 * unfolded are tried too, and if none can fold, fn joins them. */
static void insert(merge_state *st, LLVMValueRef fn) {
  if (fn_tree_contains(&st->tree, fn)) /* deferred twice, already back */
    return;
  fn_tree_node *node = fn_tree_insert(&st->tree, fn, ltofold_function_hash(fn));
  if (!node)
    return;
  fn_tree_remove_unfolded(&st->tree, fn); /* a stale entry of an old body */
  ltofold_skip_reason first_reason, reason;
  if (try_fold(st, node, node->function, fn, false, &first_reason))
    return;
  for (size_t i = 0; i < node->unfolded_count; ++i)
    if (try_fold(st, node, node->unfolded[i], fn, true, &reason))
      return;
  st->result->skipped[first_reason]++;
  fn_tree_add_unfolded(&st->tree, node, fn);
}

/* Insert everything deferred, until nothing is deferred any more. */
static void run_worklist(merge_state *st) {
  while (st->deferred.count) {
    fn_list worklist = st->deferred;
    st->deferred = (fn_list){0};
    for (size_t i = 0; i < worklist.count; ++i)
      if (!ptr_map_get(&st->thunks, worklist.items[i], NULL))
        insert(st, worklist.items[i]);
    free(worklist.items);
  }
}

/* ---- Recursive groups ------------------------------------------------------ */

static int compare_candidates(const void *a, const void *b, void *data) {
  const candidate *ca = a, *cb = b;
  if (ca->hash != cb->hash)
    return ca->hash < cb->hash ? -1 : 1;
  return ltofold_compare_functions(data, ca->function, cb->function);
}

static void collect_tree(fn_tree_node *node, candidate *out, size_t *count) {
  while (node) {
    collect_tree(node->left, out, count);
    out[*count] = (candidate){node->function, node->hash, *count};
    (*count)++;
    node = node->right;
  }
}

/* The member of all[start, stop) that keeps the body (order_is_correct). */
static LLVMValueRef class_keeper(const candidate *all, size_t start, size_t stop) {
  LLVMValueRef kept = all[start].function;
  for (size_t i = start + 1; i < stop; ++i)
    if (!order_is_correct(kept, all[i].function))
      kept = all[i].function;
  return kept;
}

/* Certification of a whole partition into classes (certify.c): every
 * member of a class of two or more against the one that keeps the body,
 * whether or not it can fold (the other folds count on it being equal all
 * the same). A pair that does not check refuses both. */
static bool certify_classes(merge_state *st, const candidate *all, size_t count,
                            const size_t *class_end, ptr_map *classes) {
  bool holds = true;
  for (size_t start = 0; start < count; start = class_end[start]) {
    size_t stop = class_end[start];
    if (stop - start < 2)
      continue;
    LLVMValueRef kept = class_keeper(all, start, stop);
    for (size_t i = start; i < stop; ++i)
      if (all[i].function != kept &&
          !certify_equal(st->cert, kept, all[i].function, classes)) {
        refuse(st, kept);
        refuse(st, all[i].function);
        holds = false;
      }
  }
  return holds;
}

/* Splits classes until stable; returns the number of functions folded. */
static size_t merge_recursive_groups(merge_state *st) {
  candidate *all = malloc((st->tree.size + 1) * sizeof *all);
  if (!all)
    abort();
  size_t total = 0;
  collect_tree(st->tree.root, all, &total); /* in tree order: deterministic */
  /* Only functions sharing a hash can share a class; interposable bodies are
   * not final. Keep the rest, in order. */
  size_t count = 0;
  for (size_t i = 0; i < total; ++i) {
    if (shares_hash(all, total, i) && !is_interposable(all[i].function))
      all[count++] = all[i];
  }
  ptr_map classes;
  ptr_map_init(&classes);
  for (size_t i = 0; i < count; ++i)
    ptr_map_put(&classes, all[i].function, 0);
  st->comparator->function_classes = &classes;
  /* Classes only split: a function alone in its class stays alone, so it
   * keeps its number for the comparisons of the others and leaves the
   * sort. Stable when a sort forms as many classes as went into it (none
   * split). */
  uint64_t next_number = 1;
  size_t classes_in = 1;
  bool split = true;
  while (count > 0 && split) {
    qsort_r(all, count, sizeof *all, compare_candidates, st->comparator);
    /* Renumber: a class is a run of equal neighbours. Assign after the scan,
     * so the scan sees one fixed numbering. */
    uint64_t *numbers = malloc((count + 1) * sizeof *numbers);
    if (!numbers)
      abort();
    for (size_t i = 0; i < count; ++i) {
      if (i > 0 && compare_candidates(&all[i - 1], &all[i], st->comparator))
        next_number++;
      numbers[i] = next_number;
    }
    size_t formed = (size_t)(next_number - numbers[0]) + 1;
    next_number++;
    split = formed != classes_in;
    if (split) {
      classes_in = 0;
      size_t kept = 0;
      for (size_t i = 0; i < count; ++i) {
        ptr_map_put(&classes, all[i].function, numbers[i]);
        bool alone = (i == 0 || numbers[i - 1] != numbers[i]) &&
                     (i + 1 == count || numbers[i + 1] != numbers[i]);
        if (alone)
          continue;
        classes_in += i == 0 || numbers[i - 1] != numbers[i];
        all[kept++] = all[i];
      }
      count = kept;
    }
    free(numbers);
  }
  st->comparator->function_classes = NULL;

  /* Fold each class of two or more into its best member. */
  size_t *class_end = malloc((count + 1) * sizeof *class_end);
  if (!class_end)
    abort();
  for (size_t i = count; i-- > 0;) {
    uint64_t mine, next;
    ptr_map_get(&classes, all[i].function, &mine);
    bool same_as_next = i + 1 < count &&
                        ptr_map_get(&classes, all[i + 1].function, &next) &&
                        next == mine;
    class_end[i] = same_as_next ? class_end[i + 1] : i + 1;
  }
  if (st->cert && !certify_classes(st, all, count, class_end, &classes)) {
    free(class_end);
    ptr_map_free(&classes);
    free(all);
    return 0; /* the partition does not hold: no class folds */
  }
  /* First take every member of such a class out of the tree, not deferred:
   * all but the kept one are about to be deleted or become thunks, and
   * folding one class must not put a member of another on the Deferred
   * list. */
  for (size_t i = 0; i < count; ++i)
    if (class_end[i] - i >= 2 || (i > 0 && class_end[i - 1] == class_end[i]))
      fn_tree_remove(&st->tree, all[i].function, push_deferred, st);
  size_t folded = 0;
  st->in_recursive_pass = true;
  for (size_t start = 0; start < count; start = class_end[start]) {
    size_t stop = class_end[start];
    if (stop - start < 2)
      continue;
    LLVMValueRef kept = class_keeper(all, start, stop);
    for (size_t i = start; i < stop; ++i)
      if (all[i].function != kept) {
        ltofold_skip_reason reason;
        if (fold_is_possible(st, kept, all[i].function, &reason)) {
          merge_two(st, kept, all[i].function);
          folded++;
        } else { /* left alone: still a candidate */
          st->result->skipped[reason]++;
          fn_list_push(&st->deferred, all[i].function);
        }
      }
    fn_list_push(&st->deferred, kept);
  }
  free(class_end);
  st->in_recursive_pass = false;
  ptr_map_free(&classes);
  free(all);
  return folded;
}

/* ---- The result ------------------------------------------------------------ */

static int compare_folds_by_folded(const void *a, const void *b) {
  return strcmp((*(ltofold_fold *const *)a)->folded,
                (*(ltofold_fold *const *)b)->folded);
}

/* A function kept in one fold may itself be folded later (B kept C, then A
 * kept B). Point every fold at the function that finally holds the body, so
 * the result never names a function that is gone. Chains are short and
 * acyclic (a folded function never comes back); the bound is a safeguard. */
static void resolve_kept_chains(ltofold_merge_result *r) {
  ltofold_fold **by_folded = malloc((r->fold_count + 1) * sizeof *by_folded);
  if (!by_folded)
    abort();
  for (size_t i = 0; i < r->fold_count; ++i)
    by_folded[i] = &r->folds[i];
  qsort(by_folded, r->fold_count, sizeof *by_folded, compare_folds_by_folded);
  for (size_t i = 0; i < r->fold_count; ++i) {
    ltofold_fold *fold = &r->folds[i];
    for (size_t steps = 0; steps < r->fold_count; ++steps) {
      ltofold_fold key = {.folded = fold->kept};
      ltofold_fold *key_pointer = &key;
      ltofold_fold **found =
          bsearch(&key_pointer, by_folded, r->fold_count, sizeof *by_folded,
                  compare_folds_by_folded);
      /* A "callers" fold leaves its function in place: it can keep others. */
      if (!found || (*found)->method == LTOFOLD_FOLD_CALLERS ||
          *found == fold)
        break;
      char *final_kept = strdup((*found)->kept);
      if (!final_kept)
        abort();
      free(fold->kept);
      fold->kept = final_kept;
    }
  }
  free(by_folded);
}

/* The folds of outlined functions into each other are the outlining's
 * (result->outline), not functions of the program folded. */
static void drop_outlined_folds(ltofold_merge_result *r) {
  size_t kept = 0;
  for (size_t i = 0; i < r->fold_count; ++i) {
    ltofold_fold *fold = &r->folds[i];
    if (!ltofold_is_outlined_name(fold->folded)) {
      r->folds[kept++] = *fold;
      continue;
    }
    r->merged--;
    r->by_method[fold->method]--;
    free(fold->kept);
    free(fold->folded);
  }
  r->fold_count = kept;
}

/* ---- Entry point ----------------------------------------------------------- */

static unsigned enum_kind(const char *name) {
  return LLVMGetEnumAttributeKindForName(name, strlen(name));
}

void ltofold_merge_options_default(ltofold_merge_options *options) {
  options->allow_aliases = true;
  options->merge_recursive = true;
  options->merge_similar = true;
  options->merge_blocks = true;
  options->merge_shapes = false;
  options->outline = true;
  options->outline_all = false;
  options->outline_sequences = true;
  options->certify = true;
  options->test_break = NULL;
}

/* The pass's state for a run over `module`. */
void merge_state_init(merge_state *st, LLVMModuleRef module,
                       const ltofold_merge_options *options,
                       ltofold_merge_result *result) {
  memset(st, 0, sizeof *st);
  st->module = module;
  st->context = LLVMGetModuleContext(module);
  st->options = options;
  st->result = result;
  st->comparator = ltofold_comparator_new(module);
  fn_tree_init(&st->tree, st->comparator);
  ptr_map_init(&st->used);
  ptr_map_init(&st->thunks);
  ptr_map_init(&st->refused);
  ptr_map_init(&st->excluded);
  st->naked_kind = enum_kind("naked");
  st->optnone_kind = enum_kind("optnone");
  st->optsize_kind = enum_kind("optsize");
  st->inalloca_kind = enum_kind("inalloca");
  st->preallocated_kind = enum_kind("preallocated");
  static const char *const hints[] = {"dbg", "prof", "DIAssignID", "heapallocsite",
                                      "srcloc", "annotation"};
  for (size_t i = 0; i < sizeof hints / sizeof *hints; ++i)
    st->hint_md_kinds[st->hint_md_count++] = LLVMGetMDKindIDInContext(
        st->context, hints[i], (unsigned)strlen(hints[i]));
  static const char *const agreeing[] = {
      "tbaa", "tbaa.struct", "alias.scope", "noalias", "invariant.load",
      "invariant.group", "nontemporal", "fpmath", "callees", "llvm.loop",
      "unpredictable"};
  for (size_t i = 0; i < sizeof agreeing / sizeof *agreeing; ++i)
    st->agreeing_md_kinds[st->agreeing_md_count++] = LLVMGetMDKindIDInContext(
        st->context, agreeing[i], (unsigned)strlen(agreeing[i]));
  st->alias_scope_kind = LLVMGetMDKindIDInContext(st->context, "alias.scope", 11);
  st->noalias_kind = LLVMGetMDKindIDInContext(st->context, "noalias", 7);
  st->loop_kind = LLVMGetMDKindIDInContext(st->context, "llvm.loop", 9);
  collect_used(st, "llvm.used");
  collect_used(st, "llvm.compiler.used");
}

void merge_state_free(merge_state *st) {
  fn_tree_free(&st->tree);
  free(st->deferred.items);
  free(st->singles);
  ptr_map_free(&st->excluded);
  free(st->unused_thunks.items);
  ptr_map_free(&st->used);
  ptr_map_free(&st->thunks);
  ptr_map_free(&st->refused);
  ptr_map_free(&st->push_unwind);
  ltofold_comparator_free(st->comparator);
  certifier_free(st->cert);
}

/* `fn` with its hash into hashed[*count] if it can take part (else the
 * reason is counted with `counted`); drops an inert personality first, so
 * that the certifier sees it gone too. */
static void add_hashed(merge_state *st, LLVMValueRef fn, candidate *hashed,
                       size_t *count, bool counted) {
  ltofold_skip_reason reason;
  if (excluded_for(st, fn, &reason)) {
    st->result->skipped[reason] += counted;
    ptr_map_put(&st->excluded, fn, 1);
    return;
  }
  drop_inert_personality(fn);
  hashed[*count] = (candidate){fn, ltofold_function_hash(fn), *count};
  (*count)++;
}

/* The worklist: every definition whose hash another shares, by hash, ties
 * in module order. The others are kept in st->singles, for
 * collect_outlined. */
static void collect_candidates(merge_state *st) {
  size_t total = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(st->module); fn;
       fn = LLVMGetNextFunction(fn))
    total++;
  candidate *hashed = malloc((total + 1) * sizeof *hashed);
  st->singles = malloc((total + 1) * sizeof *st->singles);
  if (!hashed || !st->singles)
    abort();
  size_t count = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(st->module); fn;
       fn = LLVMGetNextFunction(fn))
    if (!LLVMIsDeclaration(fn) &&
        LLVMGetLinkage(fn) != LLVMAvailableExternallyLinkage)
      add_hashed(st, fn, hashed, &count, true);
  qsort(hashed, count, sizeof *hashed, compare_hashed);
  for (size_t i = 0; i < count; ++i) {
    if (shares_hash(hashed, count, i)) {
      fn_list_push(&st->deferred, hashed[i].function);
      st->result->candidates += !ltofold_is_outlined(hashed[i].function);
    } else {
      st->singles[st->single_count++] = hashed[i];
    }
  }
  free(hashed);
}

/* `fn` onto `list` unless `seen` has it (and then it has). */
static void push_once(fn_list *list, ptr_map *seen, LLVMValueRef fn) {
  if (ptr_map_get(seen, fn, NULL))
    return;
  ptr_map_put(seen, fn, 1);
  fn_list_push(list, fn);
}

/* The functions outlining made, and those that call them now (their code
 * moved there), each once, in the order outlining made them. */
static fn_list outlining_changed(const ltofold_outline *outlined) {
  ptr_map seen;
  ptr_map_init(&seen);
  fn_list changed = {0};
  for (size_t i = 0; i < ltofold_outline_made_count(outlined); ++i) {
    LLVMValueRef fn = ltofold_outline_made(outlined, i);
    if (!fn)
      continue;
    push_once(&changed, &seen, fn);
    for (LLVMUseRef use = LLVMGetFirstUse(fn); use; use = LLVMGetNextUse(use)) {
      LLVMValueRef user = LLVMGetUser(use);
      if (LLVMIsAInstruction(user))
        push_once(&changed, &seen,
                  LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)));
    }
  }
  ptr_map_free(&seen);
  return changed;
}

static int compare_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* The hashes of the tree's functions, sorted (*count of them; malloc'd). */
static uint64_t *tree_hashes(merge_state *st, size_t *count) {
  candidate *nodes = malloc((st->tree.size + 1) * sizeof *nodes);
  uint64_t *hashes = malloc((st->tree.size + 1) * sizeof *hashes);
  if (!nodes || !hashes)
    abort();
  *count = 0;
  collect_tree(st->tree.root, nodes, count);
  for (size_t i = 0; i < *count; ++i)
    hashes[i] = nodes[i].hash;
  free(nodes);
  qsort(hashes, *count, sizeof *hashes, compare_u64);
  return hashes;
}

/* After outlining, which ran on the program as the first worklist left
 * it: the worklist again, for what outlining made and changed. Those
 * functions leave the tree (a body changed under its entry would misplace
 * searches) and go on the worklist if their hash is shared, with the
 * functions of the first worklist that shared none and now share one of
 * theirs; the tree holds the others already. So copies fold, functions
 * whose copies folded fold in turn, and a new function equal to an old
 * one folds with it, as in one worklist over everything. */
static void collect_outlined(merge_state *st, const ltofold_outline *outlined) {
  fn_list changed = outlining_changed(outlined);
  candidate *hashed =
      malloc((changed.count + st->single_count + 1) * sizeof *hashed);
  if (!hashed)
    abort();
  ptr_map is_changed;
  ptr_map_init(&is_changed);
  size_t count = 0;
  for (size_t i = 0; i < changed.count; ++i) {
    LLVMValueRef fn = changed.items[i];
    /* (what could not fold with it gets another chance: on the worklist) */
    fn_tree_remove(&st->tree, fn, push_deferred, st);
    fn_tree_remove_unfolded(&st->tree, fn);
    ptr_map_put(&is_changed, fn, 1);
    /* Outlining only takes code out of a function it had (no block whose
     * address is taken, no intrinsic call it would need to compare by
     * identity): what the first worklist did not exclude stays in. */
    if (ltofold_is_outlined(fn) || ptr_map_get(&st->excluded, fn, NULL))
      add_hashed(st, fn, hashed, &count, false);
    else if (!is_refused(st, fn))
      hashed[count++] = (candidate){fn, ltofold_function_hash(fn), 0};
  }
  for (size_t i = 0; i < st->single_count; ++i)
    if (!ptr_map_get(&is_changed, st->singles[i].function, NULL))
      hashed[count++] = st->singles[i]; /* (bodies changed only in callees) */
  for (size_t i = 0; i < count; ++i)
    hashed[i].index = i; /* ties of unnamed functions: in this order */
  qsort(hashed, count, sizeof *hashed, compare_hashed);
  size_t node_count;
  uint64_t *nodes = tree_hashes(st, &node_count);
  for (size_t start = 0, stop; start < count; start = stop) {
    bool any_changed = false;
    for (stop = start; stop < count && hashed[stop].hash == hashed[start].hash;
         ++stop)
      any_changed = any_changed ||
                    ptr_map_get(&is_changed, hashed[stop].function, NULL);
    bool in_tree = bsearch(&hashed[start].hash, nodes, node_count,
                           sizeof *nodes, compare_u64) != NULL;
    if (any_changed && (stop - start > 1 || in_tree))
      for (size_t i = start; i < stop; ++i)
        fn_list_push(&st->deferred, hashed[i].function);
  }
  /* once each: one released from the tree above may be pushed again */
  fn_list deferred = {0};
  ptr_map seen;
  ptr_map_init(&seen);
  for (size_t i = 0; i < st->deferred.count; ++i)
    push_once(&deferred, &seen, st->deferred.items[i]);
  free(st->deferred.items);
  st->deferred = deferred;
  free(nodes);
  free(hashed);
  free(changed.items);
  ptr_map_free(&seen);
  ptr_map_free(&is_changed);
}

/* Every fold of one run: the worklist, then the recursive groups and the
 * similar functions. */
static void fold_all(merge_state *st) {
  run_worklist(st);
  if (st->options->merge_recursive)
    while (merge_recursive_groups(st) > 0)
      run_worklist(st);
  if (st->options->merge_similar)
    merge_similar_functions(st);
}

/* Members of similar groups whose callers all pass their constants
 * themselves now: gone, once the check has seen them. */
static void delete_unused_thunks(merge_state *st) {
  for (size_t i = 0; i < st->unused_thunks.count; ++i) {
    LLVMValueRef fn = st->unused_thunks.items[i];
    if (!LLVMGetFirstUse(fn)) {
      forget_function(st, fn);
      LLVMDeleteFunction(fn);
    }
  }
}

/* The warning for the functions certification refused. */
static char *refusal_warning(const name_list *refused) {
  size_t length = 0;
  for (size_t i = 0; i < refused->count; ++i)
    length += strlen(refused->names[i]) + 4;
  char *names = calloc(length + 1, 1);
  if (!names)
    abort();
  for (size_t i = 0; i < refused->count; ++i) {
    if (i)
      strcat(names, ", ");
    strcat(names, "'");
    strcat(names, refused->names[i]);
    strcat(names, "'");
  }
  char *warning = NULL;
  if (asprintf(&warning,
               "merge: folds of %s did not check (certify.c); left unfolded "
               "(please report)",
               names) < 0)
    abort();
  free(names);
  return warning;
}

size_t ltofold_merge_module(LLVMModuleRef module,
                            const ltofold_merge_options *options,
                            ltofold_merge_result *result) {
  memset(result, 0, sizeof *result);
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn;
       fn = LLVMGetNextFunction(fn))
    result->functions += !LLVMIsDeclaration(fn) &&
                         LLVMGetLinkage(fn) != LLVMAvailableExternallyLinkage;
  /* (counted before outlining adds functions) */
  merge_state st;
  merge_state_init(&st, module, options, result);
  collect_candidates(&st);
  /* Every fold is checked as it is made (certify.c); one that does not
   * check is not made: a bug in merge costs those folds, never a wrong
   * program or a failed link. */
  st.cert = options->certify ? certifier_new(module) : NULL;
  /* Equal functions fold before outlining, which then reads one copy of
   * each: a piece of code repeated only because its function is copied
   * is not outlined from every copy to fold away with them, and each
   * repeat is priced by the copies that stay. */
  ltofold_outline *outlined = NULL;
  if (options->outline) {
    run_worklist(&st);
    outlined =
        ltofold_outline_regions(module, options->outline_all, &result->outline);
    if (options->outline_sequences)
      ltofold_outline_sequences(module, outlined, &result->outline);
    collect_outlined(&st, outlined);
  }
  fold_all(&st);
  if (st.cert) {
    const name_list *refused = certifier_refused(st.cert);
    result->certified = certifier_passed(st.cert);
    result->skipped[LTOFOLD_SKIP_CERTIFICATION] = refused->count;
    if (refused->count)
      result->warning = refusal_warning(refused);
  }
  delete_unused_thunks(&st);
  if (outlined) {
    drop_outlined_folds(result);
    ltofold_outline_finish(outlined, &result->outline);
  }
  resolve_kept_chains(result);
  result->comparisons = st.comparator->comparisons;
  merge_state_free(&st);
  return result->merged;
}

void ltofold_merge_result_free(ltofold_merge_result *result) {
  for (size_t i = 0; i < result->fold_count; ++i) {
    free(result->folds[i].kept);
    free(result->folds[i].folded);
  }
  free(result->folds);
  result->folds = NULL;
  result->fold_count = 0;
  free(result->warning);
  result->warning = NULL;
}

const char *ltofold_fold_method_name(ltofold_fold_method method) {
  static const char *const names[] = {"replaced", "alias", "thunk", "callers"};
  return method < LTOFOLD_FOLD_METHOD_COUNT ? names[method] : "none";
}

const char *ltofold_similar_skip_name(ltofold_similar_skip reason) {
  static const char *const names[] = {"unprofitable", "parameters", "type",
                                      "shape", "hot", "blocks",
                                      "uncertified"};
  return reason < LTOFOLD_SIMILAR_SKIP_COUNT ? names[reason] : "unknown";
}

const char *ltofold_skip_reason_name(ltofold_skip_reason reason) {
  static const char *const names[] = {
      "naked", "blockaddress", "distinct-metadata", "too-small-for-thunk",
      "vararg-thunk", "inalloca", "entry-point", "certification"};
  return reason < LTOFOLD_SKIP_REASON_COUNT ? names[reason] : "unknown";
}
