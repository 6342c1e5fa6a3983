#include "checksums.h"

/* Alike in p.c, q.c and r.c but for its constants, and weak: another
 * definition may take its place at run time, so it merges with none. */
__attribute__((noinline, weak)) long s_checksum(const long *values, int count) {
  long sum = 3141, mixed = 0;
  for (int i = 0; i < count; ++i) {
    sum = sum * 47 + (values[i] ^ 0x33);
    mixed += sum > 7000 ? sum - 33 : sum + 19;
  }
  return sum ^ mixed;
}
