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

long a_total(const long *values, int count) { return mix(values, count) + 1; }

/* Alike in a.c and b.c, and global. */
__attribute__((noinline)) long a_sum(const long *values, int count) {
  long sum = 0;
  for (int i = 0; i < count; ++i)
    sum = sum * 31 + (values[i] ^ (values[i] >> 3));
  return sum;
}

/* Of the same shape as b_scale, and with the same constants, but for
 * the comparison. */
__attribute__((noinline)) long a_scale(long x) { return x > 7 ? x * 3 : x + 1; }

/* Refers to a table of its own module. */
__attribute__((noinline)) const char *a_name(int i) {
  static const char *const names[] = {"zero", "one", "two", "three"};
  return names[i & 3];
}
