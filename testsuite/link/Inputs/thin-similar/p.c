#include "checksums.h"

/* Alike in p.c, q.c and r.c but for its constants. */
__attribute__((noinline)) long p_checksum(const long *values, int count) {
  long sum = 1234, mixed = 0;
  for (int i = 0; i < count; ++i) {
    sum = sum * 37 + (values[i] ^ 0x2f);
    mixed += sum > 5000 ? sum - 77 : sum + 11;
  }
  return sum ^ mixed;
}

/* One more in the same module: see q.c. */
__attribute__((noinline)) long p_checksum_again(const long *values, int count) {
  long sum = 1414, mixed = 0;
  for (int i = 0; i < count; ++i) {
    sum = sum * 59 + (values[i] ^ 0x1b);
    mixed += sum > 2000 ? sum - 71 : sum + 29;
  }
  return sum ^ mixed;
}

/* Alike in p.c, q.c and r.c but for the table, a local of each module:
 * its address is a constant each module passes. */
/* Counts the calls, and by count: its second element is an address into
 * it, a constant expression. */
static int p_calls[4];
static const int p_table[8] = {3, 1, 4, 1, 5, 9, 2, 6};

__attribute__((noinline)) long p_weigh(const long *values, int count) {
  long total = p_calls[1]++;
  p_calls[count & 3] += 2;
  for (int i = 0; i < count; ++i) {
    total += values[i] * p_table[i & 7];
    if (total > 100000)
      total -= 99991;
  }
  return total;
}
