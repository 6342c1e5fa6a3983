/* Products that are subnormal for every x the program accepts: above zero
 * in IEEE arithmetic, zero where the process flushes subnormals (FTZ, which
 * crtfastmath.o sets at start-up in a program linked with -ffast-math).
 * Compiled without fast-math: nothing in the IR says which. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static int tiny_float(float x) {
  return x * 1e-38f > 0.0f;
}

__attribute__((noinline)) static int tiny_double(double x) {
  return x * 1e-307 > 0.0;
}

int main(int argc, char **argv) {
  float x = argc > 1 ? strtof(argv[1], NULL) : 0.03f;
  if (!(x >= 0.001f && x <= 0.061f))
    return 2;
  printf("%d %d\n", tiny_float(x), tiny_double(x));
  return 0;
}
