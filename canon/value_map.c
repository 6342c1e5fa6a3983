/* Two small hash tables for the canonicalizer: values to indices, and the
 * set of names given so far in a function.
 *
 * The value map hashes pointers, which differ from run to run; that is fine
 * because it is only ever used to look an entry up, never walked, so no
 * output order can depend on it. The name set hashes the text (FNV-1a). */
#include "canon_internal.h"

#include <stdlib.h>
#include <string.h>

static size_t pointer_slot(LLVMValueRef key, size_t capacity) {
  uintptr_t bits = (uintptr_t)key;
  bits ^= bits >> 17;
  bits *= 0x9e3779b97f4a7c15ULL;
  bits ^= bits >> 29;
  return (size_t)bits & (capacity - 1);
}

void canon_value_map_init(canon_value_map *map, size_t expected) {
  size_t capacity = 16;
  while (capacity < expected * 2 + 1)
    capacity *= 2;
  map->keys = calloc(capacity, sizeof *map->keys);
  map->values = calloc(capacity, sizeof *map->values);
  if (!map->keys || !map->values)
    abort();
  map->capacity = capacity;
  map->count = 0;
}

void canon_value_map_free(canon_value_map *map) {
  free(map->keys);
  free(map->values);
  memset(map, 0, sizeof *map);
}

static void value_map_grow(canon_value_map *map) {
  canon_value_map bigger;
  canon_value_map_init(&bigger, map->capacity);
  for (size_t i = 0; i < map->capacity; ++i)
    if (map->keys[i])
      canon_value_map_put(&bigger, map->keys[i], map->values[i]);
  canon_value_map_free(map);
  *map = bigger;
}

void canon_value_map_put(canon_value_map *map, LLVMValueRef key, size_t value) {
  if ((map->count + 1) * 2 > map->capacity)
    value_map_grow(map);
  size_t slot = pointer_slot(key, map->capacity);
  while (map->keys[slot] && map->keys[slot] != key)
    slot = (slot + 1) & (map->capacity - 1);
  if (!map->keys[slot])
    ++map->count;
  map->keys[slot] = key;
  map->values[slot] = value;
}

bool canon_value_map_get(const canon_value_map *map, LLVMValueRef key,
                         size_t *value) {
  if (!map->capacity)
    return false;
  size_t slot = pointer_slot(key, map->capacity);
  while (map->keys[slot]) {
    if (map->keys[slot] == key) {
      *value = map->values[slot];
      return true;
    }
    slot = (slot + 1) & (map->capacity - 1);
  }
  return false;
}

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
