/* Outlining repeated regions so that their copies merge (outline.cpp).
 * Internal to merge/: ltofold_merge_module calls it around the merge. */
#ifndef LTOFOLD_OUTLINE_H
#define LTOFOLD_OUTLINE_H

#include "ltofold_merge.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ltofold_outline ltofold_outline;

/* Moves every region of `module` that has copies elsewhere, where that
 * would pay, into a function of its own; only regions every path of which
 * calls a function, unless `any_path`. Returns the state that
 * ltofold_outline_finish needs. */
ltofold_outline *ltofold_outline_regions(LLVMModuleRef module, bool any_path,
                                         ltofold_outline_stats *stats);
/* After the merge: outlined functions with too few calls to pay go back
 * into their callers. Frees `state`. */
void ltofold_outline_finish(ltofold_outline *state, ltofold_outline_stats *stats);
/* Whether `fn` is one of the functions ltofold_outline_regions made. */
bool ltofold_is_outlined(LLVMValueRef fn);
bool ltofold_is_outlined_name(const char *name);

/* similar.c: a call tied to its own function or frame (musttail; an
 * intrinsic that names the function or reads its frame or return
 * address). */
bool merge_is_tied_call(LLVMValueRef inst);

/* The size model's (size_model.c) first two names, in hundredths of
 * bytes: an instruction, by its module's target, and the branch of a
 * block on x86-64 (size_model_block_cost has every target's). */
unsigned merge_instruction_cost(LLVMValueRef inst);
unsigned merge_block_cost(void);

#ifdef __cplusplus
}
#endif

#endif
