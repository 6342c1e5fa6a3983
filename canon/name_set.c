/* The set of names given so far in a function, hashed by their text
 * (FNV-1a). (Values map to indices through merge/ptr_map.h.) name_ties.c
 * builds names that are unique already; the set checks it, and gives the
 * least free ".N" to a name that is not.
 *
 * Each name also keeps the first ".N" suffix that may still be free after
 * it: a name taken N times then costs one probe, not N. A large function
 * names thousands of values alike (a chain of GEPs), and trying ".1",
 * ".2", ... from the start each time made canon quadratic (30 s of CPU
 * on LLVM's CodeGen/X86/large-gep-chain.ll). The result is the same: no
 * name leaves the set, so every suffix below the kept one is taken. */
#include "canon_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void canon_name_set_init(canon_name_set *set) {
  set->capacity = 64;
  set->count = 0;
  set->entries = calloc(set->capacity, sizeof *set->entries);
  if (!set->entries)
    abort();
}

void canon_name_set_free(canon_name_set *set) {
  for (size_t i = 0; i < set->capacity; ++i)
    free(set->entries[i].name);
  free(set->entries);
  memset(set, 0, sizeof *set);
}

static size_t name_slot(const char *name, size_t capacity) {
  return (size_t)canon_hash_string(CANON_FNV_OFFSET, name) & (capacity - 1);
}

/* The entry of `name`, or the empty slot where it would go. */
static canon_name_entry *find(canon_name_set *set, const char *name) {
  size_t slot = name_slot(name, set->capacity);
  while (set->entries[slot].name && strcmp(set->entries[slot].name, name))
    slot = (slot + 1) & (set->capacity - 1);
  return &set->entries[slot];
}

static void grow(canon_name_set *set) {
  canon_name_entry *old = set->entries;
  size_t old_capacity = set->capacity;
  set->capacity *= 2;
  set->entries = calloc(set->capacity, sizeof *set->entries);
  if (!set->entries)
    abort();
  for (size_t i = 0; i < old_capacity; ++i)
    if (old[i].name)
      *find(set, old[i].name) = old[i];
  free(old);
}

bool canon_name_set_add(canon_name_set *set, const char *name) {
  if (find(set, name)->name)
    return false;
  if ((set->count + 1) * 2 > set->capacity)
    grow(set);
  canon_name_entry *entry = find(set, name);
  entry->name = strdup(name);
  if (!entry->name)
    abort();
  entry->next_suffix = 1;
  ++set->count;
  return true;
}

void canon_name_set_add_unique(canon_name_set *set, const char *base,
                               char *out, size_t size) {
  snprintf(out, size, "%s", base);
  if (canon_name_set_add(set, out))
    return;
  unsigned suffix = find(set, base)->next_suffix;
  do
    snprintf(out, size, "%s.%u", base, suffix++);
  while (!canon_name_set_add(set, out));
  /* The entry may have moved while the set grew. */
  find(set, base)->next_suffix = suffix;
}
