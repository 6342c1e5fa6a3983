/* Families of functions that differ in operations: an operator, a compare,
 * a signed or unsigned widening. Some are static and only called (their
 * callers can pass the choice themselves), some are exported and their
 * addresses escape through a table (they stay as thunks). */
#include <stdint.h>

#define STEP(NAME, LINKAGE, OP, CMP, WIDEN)                                   \
  LINKAGE __attribute__((noinline)) int64_t NAME(int64_t *a, int n, int k) {  \
    int64_t acc = 0;                                                          \
    for (int i = 0; i < n; ++i) {                                             \
      int64_t v = a[i] OP (WIDEN)k;                                           \
      if (v CMP acc)                                                          \
        acc = (acc * 3) ^ v;                                                  \
      else                                                                    \
        acc = acc + (v >> 2);                                                 \
      a[i] = acc ^ (acc >> 7);                                                \
    }                                                                         \
    return acc;                                                               \
  }

STEP(add_less, static, +, <, int32_t)
STEP(sub_less, static, -, <, int32_t)
STEP(add_more, static, +, >, int32_t)
STEP(add_less_unsigned, static, +, <, uint32_t)
STEP(xor_at_most, , ^, <=, int32_t)
STEP(or_at_least, , |, >=, int32_t)
STEP(and_at_least, , &, >=, int32_t)

int64_t run_static(int64_t *a, int n, int k) {
  return add_less(a, n, k) + sub_less(a, n, k + 1) + add_more(a, n, k + 2) +
         add_less_unsigned(a, n, k + 3);
}

int64_t (*const exported[])(int64_t *, int, int) = {xor_at_most, or_at_least,
                                                     and_at_least};
