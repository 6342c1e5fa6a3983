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
