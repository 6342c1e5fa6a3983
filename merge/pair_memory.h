/* pair_memory: the pairs of functions similar.c's pair search refused,
 * remembered across its rounds, and when either function changed since.
 *
 * What the pair search's structural test (form_pair) says of two functions
 * depends on their two bodies alone; what a pair that passes it saves
 * depends on the two bodies and on how the uses of each split into calls
 * that can pass constants and others, which the caller gives as the
 * refusal's `context` (0 for what depends on the bodies alone). Of the
 * functions a round leaves to the
 * next, the only bodies that change are those of callers whose calls were
 * redirected to a merged body (members become thunks and merged bodies are
 * new, and neither takes part again). So a pair refused is remembered with
 * the time, and refused again without comparing, unless one of the two
 * changed since: the rounds after the first cost what changed, not the
 * whole search again (on a template-heavy program, rounds two and three
 * compared 2,600 pairs each to merge 4 functions; on a generated program of
 * 100,000 functions, they formed and priced 58,000 pairs each again to
 * merge none).
 *
 * A change not noted could only lose a merge, never make a wrong one: every
 * merge is certified. Keys are pointers, so a function deleted while the
 * memory lives must be noted as changed, or another made at its address
 * would inherit its refusals. The similar rounds delete only functions that
 * never take part in a pair (a refused group's merged body and the copy of
 * its representative), and make none that do. */
#ifndef LTOFOLD_PAIR_MEMORY_H
#define LTOFOLD_PAIR_MEMORY_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct pair_memory pair_memory;

pair_memory *pair_memory_new(void);
void pair_memory_free(pair_memory *memory);

/* `fn`'s body changed: what was remembered of its pairs no longer holds. */
void pair_memory_note_change(pair_memory *memory, LLVMValueRef fn);

/* The pair (rep, member) was refused for reason `why`, given `context`. */
void pair_memory_remember(pair_memory *memory, LLVMValueRef rep,
                          LLVMValueRef member, int why, uint64_t context);

/* Whether (rep, member) was refused and neither changed since; the reason
 * in *why and its context in *context: the refusal holds if the context is
 * still the same. The order of the two matters: rep is the one tried
 * first. */
bool pair_memory_refused(const pair_memory *memory, LLVMValueRef rep,
                         LLVMValueRef member, int *why, uint64_t *context);

#endif
