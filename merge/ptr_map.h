/* ptr_map: an open-addressing hash map from pointers to 64-bit values,
 * shared by merge, fprange and canon.
 *
 * The comparator keeps several of these (serial numbers of the values met on
 * each side, numbers of globals, the function -> tree node index). LLVM-C has
 * no container types, and a pointer-keyed map is small enough that writing
 * it here costs less than pulling in a general container library.
 *
 * Linear probing with backward-shift deletion, so there are no tombstones.
 * ptr_map_clear is O(1): every slot carries the generation it was written
 * in, and a slot from an older generation counts as empty. That matters
 * because the comparator clears its two serial-number maps once per
 * comparison, and a comparison of two tiny functions must not pay for the
 * largest function ever seen.
 *
 * Iteration order is never used for anything that reaches the output, so the
 * pointer hash cannot make results depend on addresses. */
#ifndef LTOFOLD_PTR_MAP_H
#define LTOFOLD_PTR_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ptr_map_slot {
  const void *key;
  uint64_t value;
  uint32_t generation; /* slot is live iff equal to the map's generation */
} ptr_map_slot;

typedef struct ptr_map {
  ptr_map_slot *slots; /* owned; capacity is a power of two */
  size_t capacity;
  size_t count;        /* live entries */
  uint32_t generation; /* starts at 1; 0 marks never-written slots */
} ptr_map;

/* A zeroed ptr_map is an empty map too; init allocates up front. */
void ptr_map_init(ptr_map *map);
void ptr_map_free(ptr_map *map);
/* Forgets every entry in O(1). */
void ptr_map_clear(ptr_map *map);
/* Returns true and stores the value in *value if key is present. */
bool ptr_map_get(const ptr_map *map, const void *key, uint64_t *value);
/* Inserts or overwrites. */
void ptr_map_put(ptr_map *map, const void *key, uint64_t value);
/* Returns the value for key, inserting `value_if_absent` first if needed. */
uint64_t ptr_map_get_or_put(ptr_map *map, const void *key,
                            uint64_t value_if_absent);
/* Removes key if present. */
void ptr_map_remove(ptr_map *map, const void *key);
/* The next live entry from *cursor (start at 0), in no particular order:
 * false when there is none. */
bool ptr_map_next(const ptr_map *map, size_t *cursor, const void **key,
                  uint64_t *value);

#endif
