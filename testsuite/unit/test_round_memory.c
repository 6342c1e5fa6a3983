/* round_memory: facts hold until their function changes; refusals, with
 * their context, until either function of the pair changes. */
#include "round_memory.h"

#include <criterion/criterion.h>

/* The memory only compares the pointers; it never reads through them. */
static char functions[4];
#define FN(i) ((LLVMValueRef)(void *)&functions[i])

Test(round_memory, a_refusal_holds_until_either_function_changes) {
  round_memory *memory = round_memory_new();
  int why = -1;
  uint64_t context = 1;
  cr_assert_not(round_memory_refused(memory, FN(0), FN(1), &why, &context));
  round_memory_remember_refusal(memory, FN(0), FN(1), 3, 0);
  cr_assert(round_memory_refused(memory, FN(0), FN(1), &why, &context));
  cr_assert_eq(why, 3);
  cr_assert_eq(context, 0);
  /* the other order is another try */
  cr_assert_not(round_memory_refused(memory, FN(1), FN(0), &why, &context));
  /* a change elsewhere leaves it */
  round_memory_note_change(memory, FN(2));
  cr_assert(round_memory_refused(memory, FN(0), FN(1), &why, &context));
  /* a change of the member, then of the representative, ends it */
  round_memory_note_change(memory, FN(1));
  cr_assert_not(round_memory_refused(memory, FN(0), FN(1), &why, &context));
  round_memory_remember_refusal(memory, FN(0), FN(1), 0, 42);
  cr_assert(round_memory_refused(memory, FN(0), FN(1), &why, &context));
  cr_assert_eq(why, 0);
  cr_assert_eq(context, 42, "the context is the latest refusal's");
  round_memory_note_change(memory, FN(0));
  cr_assert_not(round_memory_refused(memory, FN(0), FN(1), &why, &context));
  round_memory_free(memory);
}

Test(round_memory, many_members_of_one_representative) {
  round_memory *memory = round_memory_new();
  static char many[1000];
  for (int i = 0; i < 1000; ++i)
    round_memory_remember_refusal(memory, FN(0), (LLVMValueRef)(void *)&many[i], i % 7,
                         (uint64_t)i);
  round_memory_note_change(memory, (LLVMValueRef)(void *)&many[500]);
  for (int i = 0; i < 1000; ++i) {
    int why = -1;
    uint64_t context;
    bool refused = round_memory_refused(memory, FN(0),
                                       (LLVMValueRef)(void *)&many[i], &why,
                                       &context);
    cr_assert_eq(refused, i != 500, "member %d", i);
    if (refused) {
      cr_assert_eq(why, i % 7);
      cr_assert_eq(context, (uint64_t)i);
    }
  }
  round_memory_free(memory);
}

Test(round_memory, facts_hold_until_their_function_changes) {
  round_memory *memory = round_memory_new();
  function_facts facts = {0};
  cr_assert_not(round_memory_facts(memory, FN(0), &facts));
  round_memory_remember_facts(memory, FN(0),
                              &(function_facts){.hash = 7, .takes_parameters = true});
  round_memory_remember_facts(memory, FN(1), &(function_facts){.excluded = true});
  cr_assert(round_memory_facts(memory, FN(0), &facts));
  cr_assert(facts.hash == 7 && facts.takes_parameters && !facts.excluded);
  cr_assert(round_memory_facts(memory, FN(1), &facts));
  cr_assert(facts.excluded);
  round_memory_note_change(memory, FN(0));
  cr_assert_not(round_memory_facts(memory, FN(0), &facts), "changed since");
  cr_assert(round_memory_facts(memory, FN(1), &facts), "the other is not");
  /* learnt again after the change: they hold, the new ones */
  round_memory_remember_facts(memory, FN(0), &(function_facts){.hash = 9});
  cr_assert(round_memory_facts(memory, FN(0), &facts));
  cr_assert(facts.hash == 9 && !facts.takes_parameters);
  round_memory_free(memory);
}
