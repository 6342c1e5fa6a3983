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

/* One more in the same module (p.c has one too): where the module's own
 * merge leaves the two (merge-similar=false in its backend), they merge
 * with the others, the two of the home in the home, the two of another
 * module each into a thunk of the home's body. */
__attribute__((noinline)) long q_checksum_again(const long *values, int count) {
  long sum = 1618, mixed = 0;
  for (int i = 0; i < count; ++i) {
    sum = sum * 53 + (values[i] ^ 0x27);
    mixed += sum > 3000 ? sum - 61 : sum + 23;
  }
  return sum ^ mixed;
}

/* Alike in p.c, q.c and r.c but for the table, a local of each module:
 * its address is a constant each module passes. */
/* Counts the calls, and by count: its second element is an address into
 * it, a constant expression. */
static int q_calls[4];
static const int q_table[8] = {2, 7, 1, 8, 2, 8, 1, 8};

__attribute__((noinline)) long q_weigh(const long *values, int count) {
  long total = q_calls[1]++;
  q_calls[count & 3] += 2;
  for (int i = 0; i < count; ++i) {
    total += values[i] * q_table[i & 7];
    if (total > 100000)
      total -= 99991;
  }
  return total;
}
