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

#endif
