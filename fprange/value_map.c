/* A map from LLVM values to indices: open addressing, linear probing,
 * pointer keys hashed by a multiplicative hash. Lookups only; the analysis
 * never removes keys. */
#include "fprange_internal.h"

#include <stdlib.h>

void fprange_value_map_init(fprange_value_map *map) {
  map->keys = NULL;
  map->values = NULL;
  map->capacity = 0;
  map->count = 0;
}

void fprange_value_map_free(fprange_value_map *map) {
  free(map->keys);
  free(map->values);
  fprange_value_map_init(map);
}

static size_t slot_of(LLVMValueRef key, size_t capacity) {
  uint64_t h = (uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 20) & (capacity - 1);
}

static void grow(fprange_value_map *map) {
  size_t capacity = map->capacity ? map->capacity * 2 : 64;
  LLVMValueRef *keys = calloc(capacity, sizeof *keys);
  uint32_t *values = malloc(capacity * sizeof *values);
  if (!keys || !values)
    abort();
  for (size_t i = 0; i < map->capacity; ++i) {
    if (!map->keys[i])
      continue;
    size_t slot = slot_of(map->keys[i], capacity);
    while (keys[slot])
      slot = (slot + 1) & (capacity - 1);
    keys[slot] = map->keys[i];
    values[slot] = map->values[i];
  }
  free(map->keys);
  free(map->values);
  map->keys = keys;
  map->values = values;
  map->capacity = capacity;
}

void fprange_value_map_put(fprange_value_map *map, LLVMValueRef key,
                           uint32_t value) {
  if ((map->count + 1) * 2 > map->capacity)
    grow(map);
  size_t slot = slot_of(key, map->capacity);
  while (map->keys[slot] && map->keys[slot] != key)
    slot = (slot + 1) & (map->capacity - 1);
  if (!map->keys[slot])
    ++map->count;
  map->keys[slot] = key;
  map->values[slot] = value;
}

uint32_t fprange_value_map_get(const fprange_value_map *map, LLVMValueRef key) {
  if (!map->capacity)
    return UINT32_MAX;
  size_t slot = slot_of(key, map->capacity);
  while (map->keys[slot]) {
    if (map->keys[slot] == key)
      return map->values[slot];
    slot = (slot + 1) & (map->capacity - 1);
  }
  return UINT32_MAX;
}
