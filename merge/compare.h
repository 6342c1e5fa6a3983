/* Internal to merge/: the comparator's state, shared by compare.c (the
 * order), fn_tree.c (which calls it) and merge.c (which sets class mode). */
#ifndef LTOFOLD_COMPARE_H
#define LTOFOLD_COMPARE_H

#include "ltofold_merge.h"
#include "ptr_map.h"

#include <llvm-c/Target.h>

struct ltofold_comparator {
  LLVMModuleRef module;         /* not owned */
  LLVMContextRef context;       /* the module's */
  LLVMTargetDataRef data_layout;/* the module's own layout, not owned */
  LLVMTypeRef intptr_type;      /* what a pointer in address space 0 is */
  unsigned index_bits;          /* width of GEP offset arithmetic */

  /* Numbers that stay fixed across comparisons, so that the order stays one
   * order: globals (first seen, first numbered, as LLVM's GlobalNumberState)
   * and uniqued leaves that have no cheaper deterministic key (FP constants,
   * wide integers, attributes without a C getter, metadata nodes). Entries for
   * a global are removed before the global is deleted (merge.c), so that a
   * new object at the same address does not inherit them. Numbers come from
   * one counter that only grows: a number is never given twice, even after
   * its entry is removed (taking the map's size instead gave a new global
   * the number of a live one once another had been forgotten, and functions
   * calling different callees then compared equal). */
  ptr_map global_numbers;
  ptr_map leaf_numbers;
  uint64_t next_number;

  /* Serial numbers of the local values met so far, left and right: the
   * seed's sn_mapL/sn_mapR. Cleared at the start of each comparison. */
  ptr_map left_serials;
  ptr_map right_serials;
  uint64_t next_serial; /* the next number, the same on both sides */

  /* Class mode, for the recursive-group pass and certification: when set,
   * the callee of a call, if present in this map, compares by its class
   * number instead of its global number, and the self-reference rule is
   * off (cmp_constants). Values are class numbers. */
  ptr_map *function_classes;

  /* Scratch for the CFG walk: pending block pairs and visited left blocks. */
  LLVMBasicBlockRef *pending_left, *pending_right;
  size_t pending_count, pending_capacity;
  ptr_map visited;

  /* Metadata kinds the comparator treats as semantic. */
  unsigned semantic_md_kinds[8];
  unsigned semantic_md_count;

  /* Attribute kinds a function definition may lose without changing what
   * it does: facts about its parameters, return value and effects that
   * callers promised or analysis inferred (nonnull, range, memory, ...).
   * Function attributes of these kinds are not compared; merge keeps on
   * the kept body only those both functions have (comparator_is_droppable). */
  uint64_t droppable_kinds[4]; /* bit set over attribute kind numbers */

  /* Similar mode (similar.c): an operand that may become a parameter of a
   * merged body (comparator_may_vary) compares by its type alone, an
   * operation that may become a choice by its class, and flags not at all,
   * so the order is one on functions with all of those masked. */
  bool mask_constants;
  /* Specialization (certify.c): an argument of the left function present
   * here stands for the constant that is its value in the map. */
  ptr_map *bound_arguments;

  /* Structural mode: whether a left block whose middle differs from the
   * right one's may (NULL: any may); set by comparator_compare_structure. */
  bool (*block_may_differ)(LLVMBasicBlockRef left, LLVMBasicBlockRef right,
                           LLVMValueRef left_fn);
  bool block_refused; /* the last structural comparison stopped there */

  bool callee_position; /* the value being compared is a call's callee */
  uint64_t comparisons; /* full comparisons made */
  LLVMValueRef left_fn, right_fn; /* the functions under comparison */
};

/* Whether `attribute`, on a function definition, is one merge may drop. */
bool comparator_is_droppable(const ltofold_comparator *comparator,
                             LLVMAttributeRef attribute);

/* Removes `global` from the comparator's numbering; call before deleting it. */
void comparator_forget_global(ltofold_comparator *comparator,
                              LLVMValueRef global);
/* Removes every global and leaf from the numbering (certify.c: each check
 * starts afresh). Numbers given later are still new ones. */
void comparator_forget_numbers(ltofold_comparator *comparator);

/* Whether operand `index` of `inst` may become a parameter when `inst`
 * moves into a merged body (similar.c): a fact of the instruction alone. */
bool comparator_position_may_vary(LLVMValueRef inst, unsigned index);
/* Whether `value` is a merged body of similar.c, of this run or an earlier
 * one (by its name, NAME.ltofold.similar): it is called only with one
 * member's constants, and takes part in no later merge. */
bool comparator_is_merged_body(LLVMValueRef value);
/* Whether `value` is a constant that a parameter may carry instead. */
bool comparator_constant_may_vary(LLVMValueRef value);
/* Both: operand `index` of `inst` is a constant that may vary there. */
bool comparator_operand_may_vary(LLVMValueRef inst, unsigned index);

/* The class of an operation that may differ between the members of a
 * group of similar functions (a choice), or 0: integer and FP arithmetic
 * without division, compares, extensions and conversions. In similar mode
 * the order and the hash compare the class instead of the opcode. */
unsigned comparator_choice_class(LLVMValueRef inst);
/* Whether two instructions of one choice class do the same operation:
 * same opcode and predicate (flags aside). */
bool comparator_same_operation(LLVMValueRef left, LLVMValueRef right);
/* Whether two instructions have the same poison-generating and fast-math
 * flags; and, on `inst`, keeps only those `other` has too (a merged body
 * takes the flags every member has, and then does what each does). */
bool comparator_same_flags(LLVMValueRef left, LLVMValueRef right);
void comparator_meet_flags(LLVMValueRef inst, LLVMValueRef other);
/* ltofold_function_hash, or with `masked`, the hash of similar mode. */
uint64_t comparator_function_hash(LLVMValueRef function, bool masked);
/* The blocks of `function` reachable from its entry, in the order the
 * comparator walks them (depth first along successors, each block once,
 * the last successor pushed first taken): malloc'd, *count of them. */
LLVMBasicBlockRef *comparator_block_walk(LLVMValueRef function, size_t *count);

/* Compares `body`, a merged body whose trailing parameters are bound in
 * c->bound_arguments, with `original`, which takes the leading ones:
 * 0 when body, so bound, does what original does. A select whose condition
 * is a bound i1 is the operand it picks, and operations without effect
 * that only such selects leave unpicked are left out; a region of blocks
 * that differed (similar.c) is the path its bound branch takes. */
int comparator_compare_specialized(ltofold_comparator *comparator,
                                   LLVMValueRef body, LLVMValueRef original);

/* Calls visit(left, right, data) for each pair of corresponding instructions
 * of two functions that compare equal, in the comparator's walk order; of a
 * left block in `differing` (comparator_compare_structure; may be NULL),
 * only the phis and the terminator. */
void comparator_walk_pairs(ltofold_comparator *comparator, LLVMValueRef left,
                           LLVMValueRef right, const ptr_map *differing,
                           void (*visit)(LLVMValueRef, LLVMValueRef, void *),
                           void *data);

/* Structural mode (similar.c, with mask_constants): compares two functions
 * as the masked order does, block pair by block pair in its walk, except
 * that a pair whose phis and terminators compare equal but whose
 * instructions in between do not is put in `differing` (left block ->
 * right block) instead of ending the comparison. 0 when nothing else
 * differs. Not an order: similar.c pairs functions by trying. A block pair
 * that `block_may_differ` (may be NULL) refuses ends the comparison, not 0,
 * with comparator->block_refused set. */
int comparator_compare_structure(ltofold_comparator *comparator,
                                 LLVMValueRef left, LLVMValueRef right,
                                 ptr_map *differing,
                                 bool (*block_may_differ)(LLVMBasicBlockRef,
                                                          LLVMBasicBlockRef,
                                                          LLVMValueRef));
/* After a comparison: each right value numbered in it -> the left value
 * met at the same point (the seed's serial numbers, read back). */
void comparator_partners(const ltofold_comparator *comparator, ptr_map *partners);

#endif
