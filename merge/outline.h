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
/* sequences.cpp: moves every straight-line sequence of instructions that
 * repeats, where that would pay, into a function of its own; `state`'s
 * finish weighs and puts back those as it does regions. */
void ltofold_outline_sequences(LLVMModuleRef module, ltofold_outline *state,
                               ltofold_outline_stats *stats);
/* A function made of `bytes` of a caller's code, that each copy calls for
 * `call_bytes` and that costs `function_bytes` of its own: named as the
 * outlined are, and weighed by ltofold_outline_finish (`straight`: one
 * block, put back by inlining alone). */
void ltofold_outline_adopt(ltofold_outline *state, LLVMValueRef fn, long bytes,
                           long call_bytes, long function_bytes, bool straight);
/* The functions defined in `module` that a direct call in a loop (a block
 * on a cycle) of any function names: where sequences are not outlined
 * from, and functions of different shapes not merged (sequences.cpp's
 * rule). A malloc'd array in *callees, its length returned; the order
 * means nothing. */
size_t ltofold_loop_callees(LLVMModuleRef module, LLVMValueRef **callees);
/* The functions outlining made so far, in the order it made them:
 * ltofold_outline_made(state, i) for i below the count (NULL once the
 * merge folded it into another). */
size_t ltofold_outline_made_count(const ltofold_outline *state);
LLVMValueRef ltofold_outline_made(const ltofold_outline *state, size_t i);
/* What must stay in its function: its frame, its unwinding, its returns,
 * calls tied to it (outline.cpp's rule for regions). */
bool ltofold_outline_is_tied(LLVMValueRef inst);
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
