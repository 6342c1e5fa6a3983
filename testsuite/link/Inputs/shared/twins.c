/* libtwins.so: a shared library whose exported functions come in identical
 * pairs. Exported functions can be called, and their addresses compared,
 * from outside the library, so ltofold may only fold them into thunks or
 * aliases that keep every address distinct; the static helpers at the end
 * are only called here and may fold completely. */
#include "twins.h"

unsigned checksum_bytes(const unsigned char *data, size_t size) {
  unsigned a = 1, b = 0;
  for (size_t i = 0; i < size; i++) {
    a = (a + data[i]) % 65521;
    b = (b + a) % 65521;
  }
  return b << 16 | a;
}

unsigned checksum_octets(const unsigned char *data, size_t size) {
  unsigned a = 1, b = 0;
  for (size_t i = 0; i < size; i++) {
    a = (a + data[i]) % 65521;
    b = (b + a) % 65521;
  }
  return b << 16 | a;
}

long span_of(const int *values, size_t count) {
  if (!count)
    return 0;
  long low = values[0], high = values[0];
  for (size_t i = 1; i < count; i++) {
    if (values[i] < low)
      low = values[i];
    if (values[i] > high)
      high = values[i];
  }
  return high - low;
}

long range_of(const int *values, size_t count) {
  if (!count)
    return 0;
  long low = values[0], high = values[0];
  for (size_t i = 1; i < count; i++) {
    if (values[i] < low)
      low = values[i];
    if (values[i] > high)
      high = values[i];
  }
  return high - low;
}

static __attribute__((noinline)) long weigh_low(const int *values, size_t count) {
  long total = 0;
  for (size_t i = 0; i < count; i++)
    total += (long)values[i] * (long)(i + 1);
  return total;
}

static __attribute__((noinline)) long weigh_high(const int *values, size_t count) {
  long total = 0;
  for (size_t i = 0; i < count; i++)
    total += (long)values[i] * (long)(i + 1);
  return total;
}

long report(const int *values, size_t count, unsigned char tag) {
  return weigh_low(values, count) * 256 + tag;
}

long heaviness(const int *values, size_t count) {
  return weigh_high(values, count) / 2;
}

size_t twins_exports(twins_function *out, const char **names, size_t room) {
  static const struct {
    const char *name;
    twins_function function;
  } exports[] = {
      {"checksum_bytes", (twins_function)checksum_bytes},
      {"checksum_octets", (twins_function)checksum_octets},
      {"span_of", (twins_function)span_of},
      {"range_of", (twins_function)range_of},
      {"report", (twins_function)report},
      {"heaviness", (twins_function)heaviness},
  };
  size_t n = 0;
  for (; n < room && n < sizeof exports / sizeof exports[0]; n++) {
    out[n] = exports[n].function;
    names[n] = exports[n].name;
  }
  return n;
}
