/* Internal to merge/: what merge.c (equal functions), similar.c
 * (functions equal up to constants) and regions.c (blocks that differ)
 * share: the pass's state, and the facts and rewrites every fold is made
 * of (fold_parts.c, which calls none of the three). merge.c drives:
 * merge.c -> similar.c -> regions.c, each -> fold_parts.c. */
#ifndef LTOFOLD_MERGE_INTERNAL_H
#define LTOFOLD_MERGE_INTERNAL_H

#include "round_memory.h"
#include "certify.h"
#include "fn_tree.h"
#include "outline.h"

typedef struct fn_list {
  LLVMValueRef *items; /* owned array */
  size_t count, capacity;
} fn_list;

void fn_list_push(fn_list *list, LLVMValueRef function);

typedef struct merge_state {
  LLVMModuleRef module;
  LLVMContextRef context;
  const ltofold_merge_options *options;
  ltofold_comparator *comparator; /* owned */
  fn_tree tree;
  fn_list deferred;
  /* The first worklist's definitions whose hash no other shared (owned),
   * and those it excluded (excluded_for). */
  struct candidate *singles;
  size_t single_count;
  ptr_map excluded;
  ptr_map used;      /* functions named in llvm.used / llvm.compiler.used */
  ptr_map thunks;    /* functions this pass turned into thunks */
  unsigned hint_md_kinds[8]; /* instruction metadata never dropped (hints) */
  unsigned hint_md_count;
  /* Facts whose meaning is in the tag itself, so that the same tag on both
   * sides means the same: kept where F and G agree. Every other kind not
   * compared (unknown kinds, tags that point at loops or access groups of
   * the body) is dropped from F whenever it folds. */
  unsigned agreeing_md_kinds[12];
  unsigned agreeing_md_count;
  unsigned alias_scope_kind, noalias_kind, loop_kind;
  unsigned naked_kind, inalloca_kind, preallocated_kind, optnone_kind, optsize_kind;
  ltofold_merge_result *result; /* not owned */
  certifier *cert;              /* owned; NULL unless options->certify */
  size_t fold_capacity;
  bool in_recursive_pass;
  /* Thunks similar.c wrote for members whose callers it all redirected:
   * deleted at the very end, after the check, when nothing uses them. */
  fn_list unused_thunks;
  /* similar.c, during its rounds: function -> why it was last skipped + 1,
   * until it merges; what is left is reported. */
  ptr_map similar_skips;
  /* similar.c, during its rounds: what they learnt of functions and pairs. */
  round_memory *round_memory; /* owned */
  /* similar.c: caller -> what a call that pushes its arguments adds to its
   * unwind entry + 1 (size_model_push_unwind_bytes), until its body
   * changes: groups are priced many times, and the callers are big. */
  ptr_map push_unwind;
  /* Functions a fold of which certification refused: they take no further
   * part (excluded_for, try_fold). */
  ptr_map refused;
} merge_state;

/* The pass's state for a run over `module` (merge.c; cross_module.c makes
 * one to use the facts and rewrites below outside a run), and its end. */
void merge_state_init(merge_state *st, LLVMModuleRef module,
                      const ltofold_merge_options *options,
                      ltofold_merge_result *result);
void merge_state_free(merge_state *st);

/* Linkage and address facts (fold_parts.c). */
bool is_interposable(LLVMValueRef fn);
bool is_odr(LLVMValueRef fn);
/* unnamed_addr, or local_unnamed_addr with local linkage. */
bool address_is_insignificant(LLVMValueRef fn);
/* !type or !kcfi_type: CFI names the function by its address. */
bool has_type_metadata(merge_state *st, LLVMValueRef fn);
/* LLVM's dso_local (merge/dso_local.cpp). */
bool ltofold_is_dso_local(LLVMValueRef global);
bool has_local_linkage(LLVMValueRef fn);
bool is_discardable_if_unused(LLVMValueRef fn);
bool has_fn_attribute(LLVMValueRef fn, unsigned kind);
bool forwards_in_memory(merge_state *st, LLVMValueRef fn);
/* G's uses may all become uses of another function (merge.c, at the top). */
bool uses_move_entirely(merge_state *st, LLVMValueRef g);
/* Whether `fn` takes no part in merging, and why. */
bool excluded_for(merge_state *st, LLVMValueRef fn, ltofold_skip_reason *reason);
/* Certification refused a fold of `fn`: it takes no further part, and the
 * warning names it. */
void refuse(merge_state *st, LLVMValueRef fn);
bool is_refused(const merge_state *st, LLVMValueRef fn);

/* A body of a call and a return at most: a thunk would be no smaller. */
bool is_thunk_sized(LLVMValueRef fn);
const char *function_name(LLVMValueRef fn);
size_t count_instructions(LLVMValueRef fn);
bool is_call_site(LLVMValueRef value);

/* Rewrites (fold_parts.c). */
/* Copies the attributes of a function or call site (function, return and
 * the first `params` parameters) to a function or call site. */
void copy_attributes(LLVMValueRef from, bool from_call_site, LLVMValueRef to,
                     bool to_call_site, unsigned params);
void copy_function_attributes(LLVMValueRef from, LLVMValueRef to,
                              bool to_call_site);
void take_max_alignment(LLVMValueRef keep, LLVMValueRef other);
void erase_body(LLVMValueRef fn);
/* G's body becomes a tail call of F passing G's arguments and then
 * `extra` (F's trailing parameters, `extra_count` of them). */
void write_thunk(merge_state *st, LLVMValueRef f, LLVMValueRef g,
                 LLVMValueRef *extra, unsigned extra_count);
/* F keeps only the body-local metadata and droppable attributes that hold
 * for G too (of blocks in `differing`, may be NULL, only where they are
 * the same: their phis and terminators, regions.c). */
void meet_metadata(merge_state *st, LLVMValueRef f, LLVMValueRef g,
                   const ptr_map *differing);
void intersect_attributes(merge_state *st, LLVMValueRef f, LLVMValueRef g);
void forget_function(merge_state *st, LLVMValueRef fn);
/* A function whose body a fold changes goes back on the Deferred list
 * (fn_tree_remove's callback; `data` is the merge_state). */
void push_deferred(LLVMValueRef fn, void *data);
/* Copies every metadata attachment of one global to another. */
void copy_global_metadata(LLVMValueRef from, LLVMValueRef to);

/* A function with its hash, as the searches sort them. */
typedef struct candidate {
  LLVMValueRef function;
  uint64_t hash;
  size_t index; /* module order, to break hash ties deterministically */
} candidate;
/* In an array sorted by hash: whether item i shares its hash with another. */
bool shares_hash(const candidate *sorted, size_t count, size_t i);
/* qsort order: by hash, ties by name (the order of functions in the module
 * must not matter), unnamed functions in module order. */
int compare_hashed(const void *a, const void *b);

/* Adds a fold to the result (and nothing to the certifier). */
ltofold_fold *add_fold(merge_state *st, const char *kept, const char *folded,
                       ltofold_fold_method method, size_t instructions);

/* regions.c: blocks that differ in a pair merged by similar.c. Whether the
 * blocks of `rep` in `differing` (-> the member's) can become regions, with
 * `partners` (member value -> representative value, compare.c); counts the
 * values of their middles used past them. */
bool regions_possible(LLVMValueRef rep, const ptr_map *differing,
                      const ptr_map *partners, size_t *crossing);
/* What regions_possible requires of each pair of blocks alone, which the
 * comparison asks as it finds them (no block in a loop, no EH pad, no
 * alloca of an entry block in the middles). */
bool regions_block_may_differ(LLVMBasicBlockRef b, LLVMBasicBlockRef c,
                              LLVMValueRef rep);
/* Makes the regions in `body`, which holds the representative's blocks;
 * `selector` is true for the member. Returns how many regions it made. */
size_t regions_build(LLVMValueRef body, LLVMValueRef member,
                     const ptr_map *differing, const ptr_map *partners,
                     LLVMValueRef selector);

/* similar.c: folds functions equal up to constants. Returns the number of
 * functions folded. */
size_t merge_similar_functions(merge_state *st);

/* similar.c, for shapes.c: whether `fn` may take part in similar merging
 * now (a definition used somewhere, no thunk, merged body or outlined
 * function, not excluded or refused, can take parameters, not hot by
 * `hottest`); the size model's bytes for a function; what folding the pair
 * (a, b) into `body` saves in bytes (negative: it costs), `body` taking
 * a's parameters and then an i1 selector, false for a and true for b;
 * and that fold, each member replaced by a thunk or its calls redirected
 * as for every similar group. */
bool similar_may_take_part(merge_state *st, LLVMValueRef fn, uint64_t hottest);
size_t merge_body_bytes(LLVMValueRef fn);
/* A new, empty merged body of function type `type` for a group whose
 * representative is `rep`: internal, unnamed_addr, named after rep, in its
 * calling convention, section and GC. */
LLVMValueRef similar_new_body(merge_state *st, LLVMValueRef rep,
                              LLVMTypeRef type);
typedef struct selector_pair selector_pair;
selector_pair *similar_selector_pair_new(merge_state *st, LLVMValueRef a,
                                         LLVMValueRef b);
void similar_selector_pair_free(selector_pair *pair);
long similar_selector_pair_saved(merge_state *st, const selector_pair *pair,
                                 LLVMValueRef body);
void similar_selector_pair_fold(merge_state *st, const selector_pair *pair,
                                LLVMValueRef body);
/* The selector member m (0: a, 1: b) of that fold passes, as the fold
 * writes it (--merge-test-break included), for the check. */
LLVMValueRef similar_selector_pair_constant(merge_state *st,
                                            const selector_pair *pair,
                                            size_t m);

/* similar.c, for cross_module.c: the group `members` (members[0] its
 * representative, every member in its class of the masked order, of one
 * function type) merged as similar.c merges a group of a round: holes,
 * price (a group that saves no more than the engine's minimum stays),
 * merged body, certification of each member, each folded; but never in
 * parts. Returns the merged body, or NULL when the group stays. */
LLVMValueRef similar_merge_one_group(merge_state *st, LLVMValueRef *members,
                                     size_t count, const ptr_map *no_redirect);

/* shapes.c: merges pairs of functions of different shapes (merge-shapes),
 * after similar.c's rounds. */
void merge_shapes(merge_state *st, uint64_t hottest);

#endif
