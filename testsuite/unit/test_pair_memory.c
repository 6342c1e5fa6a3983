/* pair_memory: refusals, with their context, hold until either function of
 * the pair changes. */
#include "pair_memory.h"

#include <criterion/criterion.h>

/* The memory only compares the pointers; it never reads through them. */
static char functions[4];
#define FN(i) ((LLVMValueRef)(void *)&functions[i])

Test(pair_memory, a_refusal_holds_until_either_function_changes) {
  pair_memory *memory = pair_memory_new();
  int why = -1;
  uint64_t context = 1;
  cr_assert_not(pair_memory_refused(memory, FN(0), FN(1), &why, &context));
  pair_memory_remember(memory, FN(0), FN(1), 3, 0);
  cr_assert(pair_memory_refused(memory, FN(0), FN(1), &why, &context));
  cr_assert_eq(why, 3);
  cr_assert_eq(context, 0);
  /* the other order is another try */
  cr_assert_not(pair_memory_refused(memory, FN(1), FN(0), &why, &context));
  /* a change elsewhere leaves it */
  pair_memory_note_change(memory, FN(2));
  cr_assert(pair_memory_refused(memory, FN(0), FN(1), &why, &context));
  /* a change of the member, then of the representative, ends it */
  pair_memory_note_change(memory, FN(1));
  cr_assert_not(pair_memory_refused(memory, FN(0), FN(1), &why, &context));
  pair_memory_remember(memory, FN(0), FN(1), 0, 42);
  cr_assert(pair_memory_refused(memory, FN(0), FN(1), &why, &context));
  cr_assert_eq(why, 0);
  cr_assert_eq(context, 42, "the context is the latest refusal's");
  pair_memory_note_change(memory, FN(0));
  cr_assert_not(pair_memory_refused(memory, FN(0), FN(1), &why, &context));
  pair_memory_free(memory);
}

Test(pair_memory, many_members_of_one_representative) {
  pair_memory *memory = pair_memory_new();
  static char many[1000];
  for (int i = 0; i < 1000; ++i)
    pair_memory_remember(memory, FN(0), (LLVMValueRef)(void *)&many[i], i % 7,
                         (uint64_t)i);
  pair_memory_note_change(memory, (LLVMValueRef)(void *)&many[500]);
  for (int i = 0; i < 1000; ++i) {
    int why = -1;
    uint64_t context;
    bool refused = pair_memory_refused(memory, FN(0),
                                       (LLVMValueRef)(void *)&many[i], &why,
                                       &context);
    cr_assert_eq(refused, i != 500, "member %d", i);
    if (refused) {
      cr_assert_eq(why, i % 7);
      cr_assert_eq(context, (uint64_t)i);
    }
  }
  pair_memory_free(memory);
}
