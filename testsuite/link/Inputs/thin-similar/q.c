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
