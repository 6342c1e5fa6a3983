/* Accumulators in loops of runtime trip counts, as clang -O2 shapes them
 * (runtime unrolling by 4 with a remainder loop; nested loops): the
 * "decided" functions compare with a bound their sums cannot reach, the
 * "reachable" ones with a value they reach for some input. main() runs
 * each on byte arrays of zeros, 255s and a pattern for every n up to past
 * the clamps, and prints the answers. */
#include <math.h>
#include <stdio.h>

#define NOINLINE __attribute__((noinline))

NOINLINE int sum_decided(const unsigned char *p, unsigned n) {
  float s = 0;
  unsigned m = n < 100 ? n : 100;
  for (unsigned i = 0; i < m; i++)
    s += p[i] / 255.f;
  return s > 101;
}

NOINLINE int sum_reachable(const unsigned char *p, unsigned n) {
  float s = 0;
  unsigned m = n < 100 ? n : 100;
  for (unsigned i = 0; i < m; i++)
    s += p[i] / 255.f;
  return s > 99.5f;
}

NOINLINE int masked_decided(const unsigned char *p, int i) {
  double s = 0;
  unsigned m = (unsigned)i & 127u;
  if (m > 50u)
    m = 50u;
  for (unsigned k = 0; k < m; k++)
    s += (p[k] & 7);
  return s > 351;
}

NOINLINE int masked_reachable(const unsigned char *p, int i) {
  double s = 0;
  unsigned m = (unsigned)i & 127u;
  if (m > 50u)
    m = 50u;
  for (unsigned k = 0; k < m; k++)
    s += (p[k] & 7);
  return s >= 350;
}

NOINLINE int cos_decided(const unsigned char *p, int n) {
  double s = 0;
  if (n > 50)
    n = 50;
  for (int i = 0; i < n; i++)
    s += cos(p[i] * 0.25);
  return s > 51;
}

NOINLINE int nested_decided(const unsigned char *p, unsigned n, unsigned m) {
  float s = 0;
  if (n > 10)
    n = 10;
  if (m > 20)
    m = 20;
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < m; j++)
      s += p[i * 20 + j] / 255.f;
  return s > 201;
}

NOINLINE int nested_reachable(const unsigned char *p, unsigned n, unsigned m) {
  float s = 0;
  if (n > 10)
    n = 10;
  if (m > 20)
    m = 20;
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < m; j++)
      s += p[i * 20 + j] / 255.f;
  return s > 199.5f;
}

int main(void) {
  static unsigned char bytes[3][256];
  for (int k = 0; k < 256; k++) {
    bytes[1][k] = 255;
    bytes[2][k] = (unsigned char)(k * 37 + 11);
  }
  for (int b = 0; b < 3; b++)
    for (unsigned n = 0; n < 130; n++)
      printf("%d %u: %d %d %d %d %d %d %d\n", b, n, sum_decided(bytes[b], n),
             sum_reachable(bytes[b], n), masked_decided(bytes[b], (int)n),
             masked_reachable(bytes[b], (int)n), cos_decided(bytes[b], (int)n),
             nested_decided(bytes[b], n / 8, n % 24),
             nested_reachable(bytes[b], n / 8, n % 24));
  return 0;
}
