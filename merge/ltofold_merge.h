/* ltofold merge: fold functions that are equal at the IR level.
 *
 * Takes one LLVM module (the whole program at link time, or any module given
 * to the `ltofold` command) and folds equal functions into one, choosing per
 * pair between replacing every use, a global alias, a thunk, or redirecting
 * direct callers, as merge.c explains. Knows nothing about linkers: the
 * caller owns the module and says, through the options, whether the target
 * supports aliases.
 *
 * Ownership: the module stays the caller's. A result filled by
 * ltofold_merge_module owns its strings and is released with
 * ltofold_merge_result_free. */
#ifndef LTOFOLD_MERGE_H
#define LTOFOLD_MERGE_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How a folded function was replaced. */
typedef enum ltofold_fold_method {
  LTOFOLD_FOLD_REPLACED,  /* every use replaced, the function deleted */
  LTOFOLD_FOLD_ALIAS,     /* became a global alias of the kept function */
  LTOFOLD_FOLD_THUNK,     /* body replaced by a tail call to the kept one */
  LTOFOLD_FOLD_CALLERS,   /* direct callers redirected; the body remains */
  LTOFOLD_FOLD_METHOD_COUNT
} ltofold_fold_method;

/* Why an equal or candidate function was left alone. Each is counted. */
typedef enum ltofold_skip_reason {
  LTOFOLD_SKIP_NAKED,              /* naked: its body is raw asm */
  LTOFOLD_SKIP_BLOCKADDRESS,       /* a block's address is taken */
  LTOFOLD_SKIP_DISTINCT_METADATA,  /* intrinsic with distinct metadata (CFI) */
  LTOFOLD_SKIP_TOO_SMALL_FOR_THUNK,/* a thunk would be no smaller */
  LTOFOLD_SKIP_VARARG_THUNK,       /* a variadic function cannot be thunked */
  LTOFOLD_SKIP_INALLOCA,           /* inalloca/preallocated cannot forward */
  LTOFOLD_SKIP_ENTRY_POINT,        /* a kernel, shader or interrupt handler */
  LTOFOLD_SKIP_CERTIFICATION,      /* a fold of it did not check: left alone */
  LTOFOLD_SKIP_REASON_COUNT
} ltofold_skip_reason;

typedef struct ltofold_merge_options {
  /* The object format supports aliases (ELF, COFF: yes; Mach-O: no). */
  bool allow_aliases;
  /* After the main pass, merge mutually recursive groups (see merge.c). */
  bool merge_recursive;
  /* After equal functions, fold functions equal up to constants into one
   * body that takes them as parameters, where that saves bytes
   * (similar.c). */
  bool merge_similar;
  /* With merge_similar, also merge pairs of functions some of whose blocks
   * differ between their phis and terminators (regions.c). */
  bool merge_blocks;
  /* With merge_similar, also merge pairs of functions whose blocks and
   * lengths differ, by aligning their code (shapes.c). */
  bool merge_shapes;
  /* Before merging, move regions that repeat inside functions (a
   * destructor, an error path) into functions of their own, so that their
   * copies fold; put back those too few copies merged with (outline.cpp). */
  bool outline;
  /* With outline, also regions some path of which makes no call (a
   * destructor's test when there is nothing to free): smaller, but a call
   * where there was none, which costs time in hot code. */
  bool outline_all;
  /* With outline, also straight-line sequences of instructions that repeat
   * inside blocks in no loop, where that pays in loadable bytes
   * (sequences.cpp). */
  bool outline_sequences;
  /* Check every fold just before it is made, by a comparison of its own
   * (certify.c); a fold that does not check is not made. Costs one
   * comparison per fold. */
  bool certify;
  /* For ltofold's own tests, NULL otherwise: the similar fold of the
   * function of this name passes a wrong constant, a bug on purpose that
   * certification must refuse. */
  const char *test_break;
} ltofold_merge_options;

/* One folded function. */
typedef struct ltofold_fold {
  char *kept;     /* owned: name of the function that stays */
  char *folded;   /* owned: name of the function folded into it */
  ltofold_fold_method method;
  unsigned instructions; /* instructions in the folded body */
  bool recursive_group;  /* found by the recursive-group pass */
  /* Folded by similar.c: `kept` is a merged body that takes `parameters`
   * constants more than `folded` did; `folded` passes its own. */
  bool similar;
  unsigned parameters;
} ltofold_fold;

/* Why a function equal to others up to constants was not merged with them
 * (similar.c). Each is counted per function. */
typedef enum ltofold_similar_skip {
  LTOFOLD_SIMILAR_SKIP_UNPROFITABLE,   /* the merged body would not be smaller */
  LTOFOLD_SIMILAR_SKIP_PARAMETERS,     /* too many constants differ */
  LTOFOLD_SIMILAR_SKIP_TYPE,           /* another function type than the group's */
  LTOFOLD_SIMILAR_SKIP_SHAPE,          /* cannot take or forward more parameters */
  LTOFOLD_SIMILAR_SKIP_HOT,            /* profile data says it is hot */
  LTOFOLD_SIMILAR_SKIP_BLOCKS,         /* its blocks differ in a way no region holds */
  LTOFOLD_SIMILAR_SKIP_UNCERTIFIED,    /* merge-shapes: its pair's body did not certify */
  LTOFOLD_SIMILAR_SKIP_COUNT
} ltofold_similar_skip;

/* Regions outlined so that their copies merge (outline.cpp). */
typedef struct ltofold_outline_stats {
  size_t candidates;   /* regions that hash alike with another */
  size_t unprofitable; /* of those, in groups too small to pay (or overlapping) */
  size_t ineligible;   /* regions LLVM's CodeExtractor would not take */
  size_t outlined;     /* regions moved into functions of their own */
  size_t functions;    /* outlined functions left after the merge */
  size_t calls;        /* calls of them: the regions they stand for */
  size_t inlined_back; /* regions put back: too few copies merged */
  size_t sequences;       /* straight-line sequences moved into functions of
                           * their own (outline_sequences; also in
                           * `functions`, `calls` and `inlined_back`) */
  size_t sequence_groups; /* the sets of copies they were outlined in */
} ltofold_outline_stats;

typedef struct ltofold_merge_result {
  size_t functions;      /* definitions in the module before merging */
  size_t candidates;     /* functions that shared a hash with another */
  size_t merged;         /* functions folded into another */
  size_t merged_recursive; /* of those, found by the recursive-group pass */
  uint64_t comparisons;  /* full function comparisons (hash ties) */
  size_t by_method[LTOFOLD_FOLD_METHOD_COUNT];
  size_t skipped[LTOFOLD_SKIP_REASON_COUNT];
  ltofold_fold *folds;   /* owned array of `fold_count` entries */
  size_t fold_count;
  size_t similar_groups; /* merged bodies made by similar.c */
  size_t similar_merged; /* functions folded into them (also in `merged`) */
  size_t similar_parameters; /* parameters the merged bodies gained */
  size_t similar_choices; /* operations a merged body selects by a parameter */
  size_t similar_blocks;  /* blocks whose middles a merged body selects (regions.c) */
  size_t similar_skipped[LTOFOLD_SIMILAR_SKIP_COUNT];
  /* merge-shapes (shapes.c): pairs of different shapes aligned, whose
   * merged body was built, merged, and of those built, too big or not
   * certified. */
  size_t shapes_aligned, shapes_built, shapes_merged, shapes_unprofitable,
      shapes_uncertified;
  ltofold_outline_stats outline; /* with options.outline; the folds of the
                                  * outlined functions are not in `folds`,
                                  * `merged` or `by_method` */
  size_t certified;      /* with options.certify: folds checked */
  char *warning;         /* owned, or NULL: folds certification refused
                          * (names them; the module is still right) */
} ltofold_merge_result;

void ltofold_merge_options_default(ltofold_merge_options *options);

/* Merges equal functions of `module`. Fills *result (which the caller frees
 * with ltofold_merge_result_free). Returns the number of functions folded.
 * With options->certify, a run whose folds do not all check is undone and
 * run again without their functions (result->warning names them). */
size_t ltofold_merge_module(LLVMModuleRef module,
                            const ltofold_merge_options *options,
                            ltofold_merge_result *result);

void ltofold_merge_result_free(ltofold_merge_result *result);

const char *ltofold_fold_method_name(ltofold_fold_method method);
const char *ltofold_skip_reason_name(ltofold_skip_reason reason);
const char *ltofold_similar_skip_name(ltofold_similar_skip reason);

/* The comparator on its own, for tests and tools: a total order on the
 * functions of one module. Numbers given to globals persist between calls,
 * as the order requires. */
typedef struct ltofold_comparator ltofold_comparator;
ltofold_comparator *ltofold_comparator_new(LLVMModuleRef module);
void ltofold_comparator_free(ltofold_comparator *comparator);
/* -1, 0 or 1. Both must be definitions of the comparator's module. */
int ltofold_compare_functions(ltofold_comparator *comparator, LLVMValueRef left,
                              LLVMValueRef right);
/* Hash consistent with the order: equal functions have equal hashes. */
uint64_t ltofold_function_hash(LLVMValueRef function);

/* Merging across the modules of a distributed ThinLTO link, from summaries
 * (cross_module.c): what a summary says of each function, the check a
 * group's home module makes with the members' bodies imported, and the
 * rewrite each member's module makes. One per module; it holds the module
 * by reference. */
typedef struct ltofold_cross_module ltofold_cross_module;
ltofold_cross_module *ltofold_cross_module_new(LLVMModuleRef module);
void ltofold_cross_module_free(ltofold_cross_module *cross);

/* What a summary holds of one definition. Equal functions (the
 * comparator's order) have equal `hash` and `references` (but where the
 * comparator takes a pointer constant for an integer of its width); the
 * hashes only propose a group, the comparator and the certification
 * decide. */
typedef struct ltofold_function_summary {
  uint64_t hash;          /* ltofold_function_hash */
  uint64_t similar_hash;  /* the hash of similar mode: constants and the
                           * operations a merged body may choose masked */
  uint64_t references;    /* the names of the globals the body refers to
                           * and the values of its constants, in the
                           * comparator's walk (itself as itself), and
                           * its calling convention */
  size_t instructions;    /* the size estimate */
  bool local_references;  /* refers to a local of its module: equal to no
                           * function of another module */
  bool interposable;      /* another definition may run for it */
  bool address_taken;     /* used other than as a direct call's callee */
  bool may_alias;         /* ltofold_cross_module_may_alias */
  bool foldable;          /* merge would take it (not naked, ...) */
} ltofold_function_summary;

/* Fills *summary for `fn`; false for what merge never looks at
 * (declarations, available_externally copies). */
bool ltofold_summarize_function(ltofold_cross_module *cross, LLVMValueRef fn,
                                ltofold_function_summary *summary);

/* What the home module found of a member, its body imported next to the
 * kept function. */
typedef enum ltofold_cross_verdict {
  LTOFOLD_CROSS_EQUAL,         /* compared equal and certified: it folds */
  LTOFOLD_CROSS_DIFFERENT,     /* the comparator says not equal */
  LTOFOLD_CROSS_TYPE,          /* equal, but of another function type */
  LTOFOLD_CROSS_CERTIFICATION, /* the independent check refused */
  LTOFOLD_CROSS_VERDICT_COUNT
} ltofold_cross_verdict;
const char *ltofold_cross_verdict_name(ltofold_cross_verdict verdict);

/* Compares `member` with `kept` (both definitions of the module), and
 * certifies an equality (certify.c). When it holds, `kept` keeps only the
 * facts that hold for `member` too (droppable attributes, body metadata)
 * and the larger alignment, as merge does when it folds a pair: from then
 * on it runs for the member's callers. */
ltofold_cross_verdict ltofold_cross_module_check(ltofold_cross_module *cross,
                                                 LLVMValueRef kept,
                                                 LLVMValueRef member);

/* Whether `member` may become, instead of a thunk, an alias the home
 * defines in its place: global, hidden, of an address nothing can tell
 * from another's (unnamed_addr), in no comdat or section of its own, not
 * named by llvm.used nor a CFI target. Asked in the member's module. */
bool ltofold_cross_module_may_alias(ltofold_cross_module *cross,
                                    LLVMValueRef member);
/* In the home module: a hidden global alias of `kept` named `name` (the
 * member's), taking the place of the home's declaration or imported copy
 * of it; NULL when the name is the home's own. */
LLVMValueRef ltofold_cross_module_add_alias(LLVMModuleRef home,
                                            LLVMValueRef kept,
                                            const char *name);
/* In the member's module, once the home defines the member as an alias:
 * its definition here becomes a declaration. */
void ltofold_cross_module_drop_body(ltofold_cross_module *cross,
                                    LLVMValueRef member);

/* In the member's module: `member` now runs `kept`, a function of the same
 * type (the home's symbol, declared here). Every use moves to `kept` and
 * `member` goes when its address does not matter (REPLACED), otherwise its
 * body becomes a tail call of `kept` (THUNK). Returns the method, or
 * LTOFOLD_FOLD_METHOD_COUNT with *reason when neither may be written. */
ltofold_fold_method ltofold_cross_module_fold(ltofold_cross_module *cross,
                                              LLVMValueRef kept,
                                              LLVMValueRef member,
                                              ltofold_skip_reason *reason);

/* Similar functions across modules. Places in a body: the first operand
 * of an instruction (numbered in layout order, debug intrinsics' calls not
 * counted) that is `constant`, so that another module that has the same
 * body finds its own constant there; false when none is. */
bool ltofold_find_constant(LLVMValueRef fn, LLVMValueRef constant,
                           size_t *instruction, unsigned *operand);
/* The constant at that place, or NULL when there is none. */
LLVMValueRef ltofold_constant_at(LLVMValueRef fn, size_t instruction,
                                 unsigned operand);
/* Where a member's module finds a constant its thunk passes: the operand
 * `operand` of instruction number `instruction` (ltofold_constant_at); or,
 * where `instruction` is SIZE_MAX, the i1 `value` (the operation a choice
 * takes: no constant of the body). */
typedef struct ltofold_constant_place {
  size_t instruction;
  unsigned operand;
  bool value;
} ltofold_constant_place;
/* In the home module: `kept` and those of `members` (imported bodies)
 * that merge's similar mode puts in its class merge into one body with
 * parameters, as merge merges a group of similar functions (price, merged
 * body from kept's blocks, certification of every member, each a thunk
 * calling the body with its constants); the body becomes the hidden global
 * `body_name`. Returns it, or NULL when nothing merged. places[i] (malloc'd,
 * place_counts[i] of them) says where members[i]'s constants are in its
 * body, as it was; NULL when it did not fold, or when a constant is in no
 * place (then its module keeps its body). */
LLVMValueRef ltofold_cross_module_merge_similar(
    ltofold_cross_module *cross, LLVMValueRef kept, LLVMValueRef *members,
    size_t count, const char *body_name, ltofold_constant_place **places,
    unsigned *place_counts);
/* In the member's module: `member` becomes a thunk that calls the home's
 * merged body `symbol` (declared here: the member's parameters, then the
 * constants' types) with its arguments and `constants`. False, with
 * *reason, when no thunk may be written or the name is taken otherwise. */
bool ltofold_cross_module_similar_thunk(ltofold_cross_module *cross,
                                        LLVMValueRef member, const char *symbol,
                                        LLVMValueRef *constants, unsigned count,
                                        ltofold_skip_reason *reason);

/* How many instructions `fn`'s body has. */
size_t ltofold_instruction_count(LLVMValueRef fn);

/* What merge's size model (size_model.c) predicts llc emits for a
 * definition, in bytes, for `ltofold size-model` and the test that holds
 * the model to llc's output: its code, the padding after it, its unwind
 * entry (FDE and .eh_frame_hdr entry; 0 without one), and, when it is a
 * thunk (a call of another function with constants and its own
 * parameters in place, then a return), the model's price of that thunk's
 * code and of the constant-pool entries it adds to .rodata (0 otherwise);
 * and what one call more with two arguments on the stack would add to
 * its unwind entry (`stack_calls`). The target is the module's triple (x86-64
 * for any other than AArch64). */
typedef struct ltofold_size_prediction {
  const char *target; /* "x86-64" or "aarch64" */
  unsigned code, padding, unwind, thunk, pool, stack_calls;
} ltofold_size_prediction;
void ltofold_predict_size(LLVMValueRef function,
                          ltofold_size_prediction *prediction);

#endif
