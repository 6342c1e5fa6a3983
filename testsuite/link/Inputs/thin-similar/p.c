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
