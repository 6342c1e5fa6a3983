/* profile: the function entry counts of profile-guided builds, as merge
 * reads and keeps them (merge/profile.c). */
#ifndef LTOFOLD_MERGE_PROFILE_H
#define LTOFOLD_MERGE_PROFILE_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A function's `!prof !{!"function_entry_count", i64 N, i64 GUID...}` (or
 * "synthetic_function_entry_count", without GUIDs). */
typedef struct entry_count {
  bool present;   /* the function has one */
  bool known;     /* N is a count: not -1, which sample profiles write
                     for a function without samples */
  bool synthetic; /* synthetic_function_entry_count */
  uint64_t count; /* N when known, else 0 */
  uint64_t *imports; /* the GUIDs sample-profile builds import into the
                        function, sorted, distinct; owned */
  unsigned import_count;
} entry_count;

/* Reads fn's entry count (a zeroed struct when it has none, or one of a
 * form LLVM would not read either). Free with entry_count_free. */
entry_count entry_count_read(LLVMValueRef fn);
void entry_count_free(entry_count *count);

/* The largest known entry count of the module's functions, 0 if none. */
uint64_t hottest_entry_count(LLVMModuleRef module);
/* The similar-merge hot rule: fn's count is at least 1% of `hottest`
 * (false when no function has a known count). */
bool is_hot(LLVMValueRef fn, uint64_t hottest);

/* F's body now also runs where G's ran: F's entry count becomes the sum of
 * both (saturating), its imports their union, as LLVM's MergeFunctions
 * does. `g` was read from G before the fold. Nothing changes where either
 * has no count, or their kinds differ. */
void entry_count_add(LLVMValueRef f, const entry_count *g);

/* `body`, a new function that runs for each of `members` (similar.c's
 * merged body), gets the sum of their entry counts, where they have them. */
void entry_count_set_sum(LLVMValueRef body, const LLVMValueRef *members,
                         size_t count);

#endif
