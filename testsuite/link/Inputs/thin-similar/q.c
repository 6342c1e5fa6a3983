#include "checksums.h"

/* Alike in p.c, q.c and r.c but for its constants. */
__attribute__((noinline)) long q_checksum(const long *values, int count) {
  long sum = 4321, mixed = 0;
  for (int i = 0; i < count; ++i) {
    sum = sum * 41 + (values[i] ^ 0x3d);
    mixed += sum > 4000 ? sum - 91 : sum + 13;
  }
  return sum ^ mixed;
}

/* Alike in p.c, q.c and r.c but for the table, a local of each module:
 * its address is a constant each module passes. */
static const int q_table[8] = {2, 7, 1, 8, 2, 8, 1, 8};

__attribute__((noinline)) long q_weigh(const long *values, int count) {
  long total = 0;
  for (int i = 0; i < count; ++i) {
    total += values[i] * q_table[i & 7];
    if (total > 100000)
      total -= 99991;
  }
  return total;
}
