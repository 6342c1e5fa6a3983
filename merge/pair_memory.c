/* pair_memory: refusals with the time they were made (pair_memory.h). The
 * clock advances with every change and every refusal; a refusal holds while
 * it is later than the last change of both functions. */
#include "pair_memory.h"
#include "ptr_map.h"

#include <stdlib.h>

typedef struct remembered_pair {
  LLVMValueRef member;
  uint64_t time;   /* the clock when refused */
  size_t previous; /* 1 + the representative's previous entry, or 0 */
  int why;
  uint64_t context;
} remembered_pair;

struct pair_memory {
  ptr_map changed;        /* function -> the clock at its last change */
  ptr_map last_of;        /* representative -> 1 + its last entry */
  remembered_pair *pairs; /* owned */
  size_t count, capacity;
  uint64_t clock;
};

pair_memory *pair_memory_new(void) {
  pair_memory *memory = calloc(1, sizeof *memory);
  if (!memory)
    abort();
  ptr_map_init(&memory->changed);
  ptr_map_init(&memory->last_of);
  return memory;
}

void pair_memory_free(pair_memory *memory) {
  if (!memory)
    return;
  ptr_map_free(&memory->changed);
  ptr_map_free(&memory->last_of);
  free(memory->pairs);
  free(memory);
}

void pair_memory_note_change(pair_memory *memory, LLVMValueRef fn) {
  ptr_map_put(&memory->changed, fn, ++memory->clock);
}

static uint64_t changed_at(const pair_memory *memory, LLVMValueRef fn) {
  uint64_t time = 0;
  ptr_map_get(&memory->changed, fn, &time);
  return time;
}

void pair_memory_remember(pair_memory *memory, LLVMValueRef rep,
                          LLVMValueRef member, int why, uint64_t context) {
  if (memory->count == memory->capacity) {
    memory->capacity = memory->capacity ? 2 * memory->capacity : 256;
    memory->pairs =
        realloc(memory->pairs, memory->capacity * sizeof *memory->pairs);
    if (!memory->pairs)
      abort();
  }
  uint64_t previous = 0;
  ptr_map_get(&memory->last_of, rep, &previous);
  memory->pairs[memory->count++] =
      (remembered_pair){member, ++memory->clock, (size_t)previous, why, context};
  ptr_map_put(&memory->last_of, rep, memory->count);
}

bool pair_memory_refused(const pair_memory *memory, LLVMValueRef rep,
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
