/* ptr_map: the pointer-keyed map merge, fprange and canon share. */
#include "ptr_map.h"

#include <criterion/criterion.h>

static int cells[5000];

Test(ptr_map, zeroed_map_is_empty_and_usable) {
  ptr_map map = {0};
  uint64_t value = 7;
  cr_assert_not(ptr_map_get(&map, &cells[0], &value));
  cr_assert_eq(value, 7);
  ptr_map_remove(&map, &cells[0]);
  ptr_map_clear(&map);
  ptr_map_put(&map, &cells[0], 42);
  cr_assert(ptr_map_get(&map, &cells[0], &value));
  cr_assert_eq(value, 42);
  ptr_map_free(&map);
}

Test(ptr_map, put_get_remove_clear_through_growth) {
  ptr_map map;
  ptr_map_init(&map);
  for (int i = 0; i < 5000; ++i)
    ptr_map_put(&map, &cells[i], (uint64_t)i * 3);
  cr_assert_eq(map.count, 5000);
  for (int i = 0; i < 5000; i += 2)
    ptr_map_remove(&map, &cells[i]);
  for (int i = 0; i < 5000; ++i) {
    uint64_t value = 0;
    bool present = ptr_map_get(&map, &cells[i], &value);
    cr_assert_eq(present, i % 2 == 1, "cell %d", i);
    if (present)
      cr_assert_eq(value, (uint64_t)i * 3);
  }
  cr_assert_eq(ptr_map_get_or_put(&map, &cells[1], 99), 3);
  cr_assert_eq(ptr_map_get_or_put(&map, &cells[0], 99), 99);
  ptr_map_clear(&map);
  cr_assert_not(ptr_map_get(&map, &cells[1], NULL));
  cr_assert_eq(map.count, 0);
  ptr_map_free(&map);
}
