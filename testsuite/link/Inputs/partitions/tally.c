#include "tally.h"

int shared_scale = 3;
static int table[16];
static int writes;

__attribute__((noinline)) static int slot(int key) { return (unsigned)key % 16; }

__attribute__((noinline)) static void note(void) { ++writes; }

__attribute__((noinline)) int tally_add(int key, int amount) {
  note();
  return table[slot(key)] += amount * shared_scale;
}

__attribute__((noinline)) int tally_sub(int key, int amount) {
  note();
  return table[slot(key)] -= amount * shared_scale;
}

__attribute__((noinline)) int tally_get(int key) { return table[slot(key)] + writes * 1000; }

__attribute__((constructor)) static void tally_start(void) { table[1] = 7; }

/* Similar, not equal: merge folds them into one body with a parameter. */
__attribute__((noinline)) int weigh_small(int x) {
  int total = 0;
  for (int i = 0; i < x; ++i)
    total += (i * 17) ^ (total >> 3);
  return total + 11;
}

__attribute__((noinline)) int weigh_large(int x) {
  int total = 0;
  for (int i = 0; i < x; ++i)
    total += (i * 17) ^ (total >> 3);
  return total + 4093;
}
