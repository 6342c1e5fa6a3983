#include "checksums.h"

/* Alike in p.c, q.c and r.c but for its constants. */
__attribute__((noinline)) long r_checksum(const long *values, int count) {
  long sum = 2718, mixed = 0;
  for (int i = 0; i < count; ++i) {
    sum = sum * 43 + (values[i] ^ 0x15);
    mixed += sum > 6000 ? sum - 55 : sum + 17;
  }
  return sum ^ mixed;
}

/* Alike in p.c, q.c and r.c but for the table, a local of each module:
 * its address is a constant each module passes. */
/* Counts the calls, and by count: its second element is an address into
 * it, a constant expression. */
static int r_calls[4];
static const int r_table[8] = {1, 4, 1, 4, 2, 1, 3, 5};

__attribute__((noinline)) long r_weigh(const long *values, int count) {
  long total = r_calls[1]++;
  r_calls[count & 3] += 2;
  for (int i = 0; i < count; ++i) {
    total += values[i] * r_table[i & 7];
    if (total > 100000)
      total -= 99991;
  }
  return total;
}
