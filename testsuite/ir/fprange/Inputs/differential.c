/* Differential execution input for differential.test: functions whose
 * compares and calls fprange can decide, run on edge and random inputs in
 * all four rounding modes (with the argument "nearest": in round-to-nearest
 * only). Before and after folding, the output must be the same. NaN results print as "nan" (LLVM does not promise a NaN's sign or
 * payload, with or without our folds). */
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))

NOINLINE double int_chain(int i) {
  double x = (double)(i & 1023);
  double y = x * 0.5 + 3.0;
  if (y > 600.0) /* never */
    return -1.0;
  if (y < 3.0) /* never */
    return -2.0;
  return floor(y) + (y >= 3.0);
}

NOINLINE float transcendental(float f, int i) {
  float s = sinf((float)(i & 255));
  if (fabsf(s) > 1.5f) /* never */
    return 100.0f;
  float e = expf((float)(i & 15));
  if (e < 0.0f) /* never */
    return -100.0f;
  float q = sqrtf((float)(unsigned)(i & 0xffff));
  if (q > 256.0f) /* never */
    return 200.0f;
  return s + e + q + (f != f ? 1.0f : 0.0f);
}

NOINLINE double rounding(int i, double d) {
  double x = (double)(short)i;
  double a = trunc(x) + ceil(x) + round(x) + nearbyint(x);
  double b = floor(d); /* d may be anything: stays */
  return a + (b == b ? 0.0 : 1.0);
}

NOINLINE double select_phi(int i, double d) {
  double x = (double)(i % 100);
  double y = x < 0.0 ? -x : x;    /* [0, 99] */
  double z = d > 0.0 ? d : 0.0;   /* NaN -> 0 */
  double w = z > 10.0 ? 10.0 : z; /* [0, 10] */
  if (y + w > 109.0) /* never */
    return -1.0;
  return y + w + copysign(1.0, y) + fmax(y, w + 200.0);
}

NOINLINE double loops(int n) {
  double acc = 0.0;
  for (int k = 0; k < 50; ++k) {
    double t = (double)k * 0.5;
    if (t > 25.0) /* never */
      acc += 1000.0;
    acc += t;
  }
  double g = 1.0;
  for (int k = 0; k < (n & 31); ++k)
    g *= 0.5;
  if (g > 1.0) /* never */
    return -1.0;
  return acc + g;
}

/* Accumulators of counted loops: bounded by the trip count (the "never"
 * branches fold), while sums the loop can reach must stay (an unsound
 * bound would fold them and change the output). */
NOINLINE double accumulators(int i) {
  float scaled = 0.0f;
  double whole = 0.0;
  for (int k = 0; k < 100; ++k) {
    scaled += (float)((i + 37 * k) & 255) / 255.0f;
    whole += (double)((i >> (k & 15)) & 7);
  }
  if (scaled > 101.0f || whole > 700.5) /* never */
    return -1.0;
  if (scaled > 50.0f) /* often */
    return scaled + 0.5;
  return scaled + whole;
}

/* A stack array filled in a loop and read at a variable index. */
NOINLINE double stack_array(int i) {
  float buf[32];
  for (int k = 0; k < 32; ++k)
    buf[k] = (float)((i + k) & 255) * 0.25f;
  float x = buf[(i >> 5) & 31];
  if (x > 64.0f) /* never */
    return -1.0;
  return x + buf[i & 31];
}

typedef float v4 __attribute__((vector_size(16)));
typedef int v4i __attribute__((vector_size(16)));

/* Vectors, lane by lane: lane 0 is always above 500, lane 1 always below,
 * lane 2 either way. */
NOINLINE double vectors(int i) {
  v4 x = {(float)(i & 255), (float)((i >> 8) & 255), (float)((i >> 16) & 255),
          (float)((i >> 24) & 127)};
  v4 y = x + (v4){1000.0f, -1000.0f, 400.0f, 600.0f};
  v4i c = y > (v4){500.0f, 500.0f, 500.0f, 500.0f};
  if (y[1] > 0.0f) /* never */
    return -1.0;
  return (double)(c[0] + 2 * c[1] + 4 * c[2] + 8 * c[3]) + y[i & 3];
}

/* Every lane decided, each its own way. */
NOINLINE double vector_lanes(int i) {
  v4 x = {(float)(i & 255), (float)((i >> 8) & 255), (float)((i >> 16) & 255),
          (float)((i >> 24) & 127)};
  v4 y = x * (v4){2.0f, -3.0f, 0.5f, 1.0f} + (v4){1.0f, 0.0f, 200.0f, -200.0f};
  v4i c = y > (v4){0.0f, 0.0f, 100.0f, 0.0f};
  return (double)(c[0] + 2 * c[1] + 4 * c[2] + 8 * c[3]) + y[(i >> 3) & 3];
}

NOINLINE double branch_refined(double d) {
  if (d > 1.0 && d < 2.0) {
    double e = d * d;
    if (e > 4.0) /* never */
      return -1.0;
    if (!(e >= 1.0)) /* never */
      return -2.0;
    return e;
  }
  if (fabs(d) < 0.5) {
    if (d > 0.5) /* never */
      return -3.0;
    return d * 2.0;
  }
  return 0.0;
}

NOINLINE double division(int i, int j) {
  double num = (double)(i & 0xff);
  double den = (double)((j & 0xff) + 1); /* [1, 256] */
  double q = num / den;
  if (q > 255.0) /* never */
    return -1.0;
  if (q < 0.0) /* never */
    return -2.0;
  return q;
}

NOINLINE double types(int i, long double l) {
  _Float16 h = (_Float16)(i & 2047);
  float hf = (float)h;
  long double x = (long double)(unsigned)(i & 0xffff);
  __float128 q = (__float128)(i & 7);
  double r = hf + (double)x + (double)q;
  if (hf > 2048.0f) /* never */
    r += 1.0;
  if (x > 65535.0L) /* never */
    r += 2.0;
  if (q > 7) /* never */
    r += 3.0;
  return r + (l > 0 ? 1.0 : 0.0);
}

NOINLINE int fp_to_int(int i) {
  float x = (float)(i & 255) * 0.25f;
  int n = (int)x;
  if (n > 64) /* never */
    return -1;
  return n;
}

static void print_double(double v) {
  if (v != v) {
    printf(" nan");
    return;
  }
  uint64_t bits;
  memcpy(&bits, &v, 8);
  printf(" %016llx", (unsigned long long)bits);
}

int main(int argc, char **argv) {
  static const int modes[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD,
                               FE_TOWARDZERO};
  int mode_count = argc > 1 && strcmp(argv[1], "nearest") == 0 ? 1 : 4;
  double edges[] = {0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.0, 1e-310, -1e-310,
                    1e308, -1e308, INFINITY, -INFINITY, NAN, 10.0, 0.49999,
                    1.9999999999999998, 1.0000000000000002};
  int iedges[] = {0, 1, -1, 2, 255, 256, 1023, 1024, 0x7fffffff, -0x7fffffff - 1,
                  65535, 65536, -100, 99, 31};
  uint64_t state = 88172645463325252ull;
  for (int m = 0; m < mode_count; ++m) {
    fesetround(modes[m]);
    for (int k = 0; k < 600; ++k) {
      double d;
      int i, j;
      if (k < (int)(sizeof edges / sizeof *edges)) {
        d = edges[k];
      } else {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        uint64_t bits = state;
        memcpy(&d, &bits, 8);
        if (k % 3 == 0)
          d = (double)(int64_t)(state % 2000) / 500.0 - 2.0;
      }
      if (k < (int)(sizeof iedges / sizeof *iedges)) {
        i = iedges[k];
        j = iedges[(k + 3) % (sizeof iedges / sizeof *iedges)];
      } else {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        i = (int)state;
        j = (int)(state >> 32);
      }
      printf("%d %d", m, k);
      print_double(int_chain(i));
      print_double(transcendental((float)d, i));
      print_double(rounding(i, d));
      print_double(select_phi(i, d));
      print_double(loops(i));
      print_double(accumulators(i));
      print_double(stack_array(i));
      print_double(vectors(i));
      print_double(vector_lanes(i));
      print_double(branch_refined(d));
      print_double(division(i, j));
      print_double(types(i, (long double)d));
      printf(" %d\n", fp_to_int(i));
    }
  }
  fesetround(FE_TONEAREST);
  return 0;
}
