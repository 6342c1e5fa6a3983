/* Families of functions equal up to constants, as code generators and
 * copy-paste make them: a handler per message kind (a tag, a counter), a
 * scaler per unit (an FP factor), a walker per direction (a callee and a
 * step), a recursive reducer per base, and exported entry points whose
 * addresses are compared. Linked through ltofold, the program must print
 * what it prints when linked plainly. */
#include "shapes.h"

#include <stdio.h>

struct counters stats_red, stats_green, stats_blue;

#define HANDLER(name, tag, counter)                                           \
  __attribute__((noinline)) long name(int value, int scale) {                \
    long sum = 0;                                                            \
    for (int i = 0; i < value; ++i) {                                        \
      sum += (long)i * scale + tag;                                          \
      counter.seen[i & 3] += tag;                                            \
      if (sum > 100000)                                                      \
        sum -= 99991;                                                        \
    }                                                                        \
    counter.total += sum;                                                    \
    return sum ^ tag;                                                        \
  }
HANDLER(handle_red, 17, stats_red)
HANDLER(handle_green, 23, stats_green)
HANDLER(handle_blue, 31, stats_blue)

#define SCALER(name, factor, offset)                                          \
  __attribute__((noinline)) static double name(const double *v, int n) {     \
    double acc = offset;                                                     \
    for (int i = 0; i < n; ++i) {                                            \
      double x = v[i] * factor;                                              \
      acc = acc * 0.5 + (x > 10.0 ? x - 10.0 : x + offset);                  \
    }                                                                        \
    return acc;                                                              \
  }
SCALER(to_metres, 0.3048, 1.5)
SCALER(to_inches, 12.0, 2.5)
SCALER(to_miles, 0.000189394, 3.5)

static int step_up(int x) { return x * 3 + 1; }
static int step_down(int x) { return x / 2 - 7; }

#define WALKER(name, step, stride)                                            \
  __attribute__((noinline)) static unsigned name(int start, int count) {     \
    int x = start;                                                           \
    unsigned checksum = 0;                                                   \
    for (int i = 0; i < count; ++i) {                                        \
      x = step(x) % 100003;                                                  \
      checksum = checksum * 31 + x + stride;                                 \
      checksum ^= checksum >> 13;                                            \
    }                                                                        \
    return checksum;                                                         \
  }
WALKER(walk_up, step_up, 5)
WALKER(walk_down, step_down, 9)

#define REDUCER(name, base)                                                   \
  __attribute__((noinline)) static long name(long n, long acc) {             \
    if (n < base)                                                            \
      return acc + n;                                                        \
    long digit = n % base;                                                   \
    acc = acc * 7 + digit * digit + base;                                    \
    acc ^= acc >> 3;                                                         \
    return name(n / base, acc) + digit;                                      \
  }
REDUCER(reduce_by_ten, 10)
REDUCER(reduce_by_seven, 7)

long run_shapes(int argc_value) {
  double values[5] = {1.0, 12.5, -3.25, 40.0, argc_value * 0.5};
  long total = 0;
  total += handle_red(argc_value + 10, 3);
  total += handle_green(argc_value + 20, 5);
  total += handle_blue(argc_value + 30, 7);
  printf("counters %ld %ld %ld %d %d %d\n", stats_red.total, stats_green.total,
         stats_blue.total, stats_red.seen[1], stats_green.seen[2],
         stats_blue.seen[3]);
  printf("scaled %.6f %.6f %.6f\n", to_metres(values, 5), to_inches(values, 5),
         to_miles(values, 5));
  printf("walked %u %u\n", walk_up(argc_value, 50), walk_down(argc_value + 1000, 50));
  printf("reduced %ld %ld\n", reduce_by_ten(123456789L + argc_value, 1),
         reduce_by_seven(987654321L - argc_value, 2));
  return total;
}
