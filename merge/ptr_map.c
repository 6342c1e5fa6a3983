#include "ptr_map.h"

#include <stdlib.h>
#include <string.h>

static size_t hash_pointer(const void *key, size_t mask) {
  uint64_t x = (uint64_t)(uintptr_t)key;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (size_t)x & mask;
}

static bool slot_live(const ptr_map *map, const ptr_map_slot *slot) {
  return slot->generation == map->generation;
}

void ptr_map_init(ptr_map *map) {
  map->capacity = 16;
  map->slots = calloc(map->capacity, sizeof *map->slots);
  if (!map->slots)
    abort();
  map->count = 0;
  map->generation = 1;
}

void ptr_map_free(ptr_map *map) {
  free(map->slots);
  map->slots = NULL;
  map->capacity = map->count = 0;
}

void ptr_map_clear(ptr_map *map) {
  map->count = 0;
  if (!map->capacity)
    return;
  if (++map->generation == 0) { /* wrapped: really wipe, once in 4 billion */
    memset(map->slots, 0, map->capacity * sizeof *map->slots);
    map->generation = 1;
  }
}

static ptr_map_slot *find_slot(const ptr_map *map, const void *key) {
  size_t mask = map->capacity - 1;
  for (size_t i = hash_pointer(key, mask);; i = (i + 1) & mask) {
    ptr_map_slot *slot = &map->slots[i];
    if (!slot_live(map, slot) || slot->key == key)
      return slot;
  }
}

static void grow(ptr_map *map) {
  ptr_map old = *map;
  map->capacity = old.capacity ? old.capacity * 2 : 16;
  map->slots = calloc(map->capacity, sizeof *map->slots);
  if (!map->slots)
    abort();
  map->count = 0;
  map->generation = 1;
  for (size_t i = 0; i < old.capacity && old.generation; ++i)
    if (slot_live(&old, &old.slots[i]))
      ptr_map_put(map, old.slots[i].key, old.slots[i].value);
  free(old.slots);
}

bool ptr_map_get(const ptr_map *map, const void *key, uint64_t *value) {
  if (!map->capacity)
    return false;
  ptr_map_slot *slot = find_slot(map, key);
  if (!slot_live(map, slot))
    return false;
  if (value)
    *value = slot->value;
  return true;
}

void ptr_map_put(ptr_map *map, const void *key, uint64_t value) {
  if ((map->count + 1) * 4 > map->capacity * 3)
    grow(map);
  ptr_map_slot *slot = find_slot(map, key);
  if (!slot_live(map, slot)) {
    slot->key = key;
    slot->generation = map->generation;
    map->count++;
  }
  slot->value = value;
}

uint64_t ptr_map_get_or_put(ptr_map *map, const void *key,
                            uint64_t value_if_absent) {
  if ((map->count + 1) * 4 > map->capacity * 3)
    grow(map);
  ptr_map_slot *slot = find_slot(map, key);
  if (!slot_live(map, slot)) {
    slot->key = key;
    slot->value = value_if_absent;
    slot->generation = map->generation;
    map->count++;
  }
  return slot->value;
}

void ptr_map_remove(ptr_map *map, const void *key) {
  if (!map->capacity)
    return;
  size_t mask = map->capacity - 1;
  ptr_map_slot *slot = find_slot(map, key);
  if (!slot_live(map, slot))
    return;
  map->count--;
  /* Backward-shift: pull later members of the probe run into the hole so
   * that every remaining key stays reachable from its home slot. */
  size_t hole = (size_t)(slot - map->slots);
  for (size_t i = (hole + 1) & mask;; i = (i + 1) & mask) {
    ptr_map_slot *next = &map->slots[i];
    if (!slot_live(map, next))
      break;
    size_t home = hash_pointer(next->key, mask);
    /* Move `next` into the hole unless its home lies cyclically in (hole, i]. */
    bool home_after_hole =
        hole <= i ? (home > hole && home <= i) : (home > hole || home <= i);
    if (!home_after_hole) {
      map->slots[hole] = *next;
      hole = i;
    }
  }
  map->slots[hole].generation = 0;
}

bool ptr_map_next(const ptr_map *map, size_t *cursor, const void **key,
                  uint64_t *value) {
  for (; *cursor < map->capacity; ++*cursor) {
    const ptr_map_slot *slot = &map->slots[*cursor];
    if (slot_live(map, slot)) {
      *key = slot->key;
      *value = slot->value;
      ++*cursor;
      return true;
    }
  }
  return false;
}
