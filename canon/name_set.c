/* The set of names given so far in a function, hashed by their text
 * (FNV-1a). (Values map to indices through merge/ptr_map.h.) */
#include "canon_internal.h"

#include <stdlib.h>
#include <string.h>

void canon_name_set_init(canon_name_set *set) {
  set->capacity = 64;
  set->count = 0;
  set->names = calloc(set->capacity, sizeof *set->names);
  if (!set->names)
    abort();
}

void canon_name_set_free(canon_name_set *set) {
  for (size_t i = 0; i < set->capacity; ++i)
    free(set->names[i]);
  free(set->names);
  memset(set, 0, sizeof *set);
}

static size_t name_slot(const char *name, size_t capacity) {
  return (size_t)canon_hash_string(CANON_FNV_OFFSET, name) & (capacity - 1);
}

static void name_set_insert(canon_name_set *set, char *owned) {
  size_t slot = name_slot(owned, set->capacity);
  while (set->names[slot])
    slot = (slot + 1) & (set->capacity - 1);
  set->names[slot] = owned;
  ++set->count;
}

bool canon_name_set_add(canon_name_set *set, const char *name) {
  size_t slot = name_slot(name, set->capacity);
  while (set->names[slot]) {
    if (!strcmp(set->names[slot], name))
      return false;
    slot = (slot + 1) & (set->capacity - 1);
  }
  if ((set->count + 1) * 2 > set->capacity) {
    char **old = set->names;
    size_t old_capacity = set->capacity;
    set->capacity *= 2;
    set->count = 0;
    set->names = calloc(set->capacity, sizeof *set->names);
    if (!set->names)
      abort();
    for (size_t i = 0; i < old_capacity; ++i)
      if (old[i])
        name_set_insert(set, old[i]);
    free(old);
  }
  char *copy = strdup(name);
  if (!copy)
    abort();
  name_set_insert(set, copy);
  return true;
}
