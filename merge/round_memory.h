/* round_memory: what similar.c's rounds learn of functions and of pairs of
 * functions from their bodies, remembered from one round to the next until
 * a body changes.
 *
 * Of the functions a round leaves to the next, the only bodies that change
 * are those of callers whose calls were redirected to a merged body
 * (members become thunks and merged bodies are new, and neither takes part
 * again). So what a round computed from a body is remembered with the
 * time, and used again unless the body changed since: the rounds after the
 * first cost what changed, not the whole search again (on a template-heavy
 * program, rounds two and three compared 2,600 pairs each to merge 4
 * functions; on a generated program of 100,000 functions, they formed and
 * priced 58,000 pairs each again to merge none, and hashed and scanned all
 * 100,000 functions again).
 *
 * - Facts of a function: its masked hash, whether merge excludes it,
 *   whether it can take parameters, and the hash of its shape (similar.c).
 * - Refusals of the pair search: what its structural test (form_pair) says
 *   of two functions depends on their two bodies alone; what a pair that
 *   passes it saves depends on the two bodies and on how the uses of each
 *   split into calls that can pass constants and others, which the caller
 *   gives as the refusal's `context` (0 for what depends on the bodies
 *   alone).
 *
 * A change not noted could only lose a merge, never make a wrong one: every
 * merge is certified. Keys are pointers, so a function deleted while the
 * memory lives must be noted as changed, or another made at its address
 * would inherit what was learnt of it. The similar rounds delete only
 * functions nothing is learnt of (a refused group's merged body and the
 * copy of its representative), and make none that do. */
#ifndef LTOFOLD_ROUND_MEMORY_H
#define LTOFOLD_ROUND_MEMORY_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct round_memory round_memory;

round_memory *round_memory_new(void);
void round_memory_free(round_memory *memory);

/* `fn`'s body changed: what was remembered of it and of its pairs no longer
 * holds. */
void round_memory_note_change(round_memory *memory, LLVMValueRef fn);

/* What similar.c learns of one function from its body. */
typedef struct function_facts {
  bool excluded;         /* excluded_for (fold_parts.c) */
  uint64_t hash;         /* the masked hash; unless excluded */
  bool takes_parameters; /* can_take_parameters; unless excluded */
  uint64_t shape;        /* shape_hash, once asked for (shape_known) */
  bool shape_known;
} function_facts;

void round_memory_remember_facts(round_memory *memory, LLVMValueRef fn,
                                 const function_facts *facts);
/* Whether facts of `fn` are remembered from after its last change; them in
 * *facts. */
bool round_memory_facts(const round_memory *memory, LLVMValueRef fn,
                        function_facts *facts);

/* The pair (rep, member) was refused for reason `why`, given `context`. */
void round_memory_remember_refusal(round_memory *memory, LLVMValueRef rep,
                                   LLVMValueRef member, int why, uint64_t context);

/* Whether (rep, member) was refused and neither changed since; the reason
 * in *why and its context in *context: the refusal holds if the context is
 * still the same. The order of the two matters: rep is the one tried
 * first. */
bool round_memory_refused(const round_memory *memory, LLVMValueRef rep,
                          LLVMValueRef member, int *why, uint64_t *context);

#endif
