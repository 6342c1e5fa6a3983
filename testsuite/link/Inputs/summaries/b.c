#include "parts.h"

/* Alike in a.c, b.c and c.c: local, its address unused. */
static __attribute__((noinline)) long mix(const long *values, int count) {
  long sum = 0, weight = 1;
  for (int i = 0; i < count; ++i) {
    sum += values[i] * weight;
    weight = weight * 3 % 1000003;
  }
  return sum ^ (sum >> 7);
}

long b_total(const long *values, int count) { return mix(values, count) + 1; }

/* Alike in a.c and b.c, and global. */
__attribute__((noinline)) long b_sum(const long *values, int count) {
  long sum = 0;
  for (int i = 0; i < count; ++i)
    sum = sum * 31 + (values[i] ^ (values[i] >> 3));
  return sum;
}

/* Of the same shape as a_scale, and with the same constants, but for
 * the comparison. */
__attribute__((noinline)) long b_scale(long x) { return x < 7 ? x * 3 : x + 1; }

/* Refers to a table of its own module. */
__attribute__((noinline)) const char *b_name(int i) {
  static const char *const names[] = {"zero", "one", "two", "three"};
  return names[i & 3];
}
