/* round_memory: facts and refusals with the time they were learnt
 * (round_memory.h). The clock advances with every change and everything
 * learnt; what was learnt holds while it is later than the last change of
 * the functions it is of. */
#include "round_memory.h"
#include "ptr_map.h"

#include <stdlib.h>

typedef struct remembered_facts {
  function_facts facts;
  uint64_t time; /* the clock when learnt */
} remembered_facts;

typedef struct remembered_pair {
  LLVMValueRef member;
  uint64_t time;   /* the clock when refused */
  size_t previous; /* 1 + the representative's previous entry, or 0 */
  int why;
  uint64_t context;
} remembered_pair;

struct round_memory {
  ptr_map changed;        /* function -> the clock at its last change */
  ptr_map facts_of;       /* function -> 1 + its entry in facts */
  remembered_facts *facts; /* owned */
  size_t facts_count, facts_capacity;
  ptr_map last_of;        /* representative -> 1 + its last entry in pairs */
  remembered_pair *pairs; /* owned */
  size_t count, capacity;
  uint64_t clock;
};

round_memory *round_memory_new(void) {
  round_memory *memory = calloc(1, sizeof *memory);
  if (!memory)
    abort();
  ptr_map_init(&memory->changed);
  ptr_map_init(&memory->facts_of);
  ptr_map_init(&memory->last_of);
  return memory;
}

void round_memory_free(round_memory *memory) {
  if (!memory)
    return;
  ptr_map_free(&memory->changed);
  ptr_map_free(&memory->facts_of);
  ptr_map_free(&memory->last_of);
  free(memory->facts);
  free(memory->pairs);
  free(memory);
}

void round_memory_note_change(round_memory *memory, LLVMValueRef fn) {
  ptr_map_put(&memory->changed, fn, ++memory->clock);
}

static uint64_t changed_at(const round_memory *memory, LLVMValueRef fn) {
  uint64_t time = 0;
  ptr_map_get(&memory->changed, fn, &time);
  return time;
}

/* Room in *items (of `size` bytes each) for one more than `count`. */
static void *room_for_one_more(void *items, size_t count, size_t *capacity,
                               size_t size) {
  if (count < *capacity)
    return items;
  *capacity = *capacity ? 2 * *capacity : 256;
  items = realloc(items, *capacity * size);
  if (!items)
    abort();
  return items;
}

void round_memory_remember_facts(round_memory *memory, LLVMValueRef fn,
                                 const function_facts *facts) {
  uint64_t entry = 0;
  if (!ptr_map_get(&memory->facts_of, fn, &entry)) {
    memory->facts = room_for_one_more(memory->facts, memory->facts_count,
                                      &memory->facts_capacity, sizeof *memory->facts);
    entry = ++memory->facts_count;
    ptr_map_put(&memory->facts_of, fn, entry);
  }
  memory->facts[entry - 1] = (remembered_facts){*facts, ++memory->clock};
}

bool round_memory_facts(const round_memory *memory, LLVMValueRef fn,
                        function_facts *facts) {
  uint64_t entry = 0;
  if (!ptr_map_get(&memory->facts_of, fn, &entry) ||
      memory->facts[entry - 1].time <= changed_at(memory, fn))
    return false;
  *facts = memory->facts[entry - 1].facts;
  return true;
}

void round_memory_remember_refusal(round_memory *memory, LLVMValueRef rep,
                                   LLVMValueRef member, int why, uint64_t context) {
  memory->pairs = room_for_one_more(memory->pairs, memory->count,
                                    &memory->capacity, sizeof *memory->pairs);
  uint64_t previous = 0;
  ptr_map_get(&memory->last_of, rep, &previous);
  memory->pairs[memory->count++] =
      (remembered_pair){member, ++memory->clock, (size_t)previous, why, context};
  ptr_map_put(&memory->last_of, rep, memory->count);
}

bool round_memory_refused(const round_memory *memory, LLVMValueRef rep,
                          LLVMValueRef member, int *why, uint64_t *context) {
  uint64_t entry = 0;
  ptr_map_get(&memory->last_of, rep, &entry);
  for (; entry; entry = memory->pairs[entry - 1].previous) {
    const remembered_pair *pair = &memory->pairs[entry - 1];
    if (pair->member != member)
      continue;
    /* the pair's latest entry decides */
    if (pair->time <= changed_at(memory, rep) ||
        pair->time <= changed_at(memory, member))
      return false;
    *why = pair->why;
    *context = pair->context;
    return true;
  }
  return false;
}
