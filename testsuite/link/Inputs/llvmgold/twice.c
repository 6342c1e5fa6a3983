/* A small program for the tests of LLVMgold.so's options
 * (gold-emit-outputs.test, gold-split-dwarf.test, gold-remarks.test,
 * gold-mcpu-native.test): two equal functions for merge to fold, a call
 * the inliner cannot inline (printf), a loop to vectorize. */
#include <stdio.h>

__attribute__((noinline)) int twice_a(int x) { return x * 2 + 1; }
__attribute__((noinline)) int twice_b(int x) { return x * 2 + 1; }

int sum(const int *values, int count) {
  int total = 0;
  for (int i = 0; i < count; ++i)
    total += values[i];
  return total;
}

int main(int argc, char **argv) {
  (void)argv;
  int values[64];
  for (int i = 0; i < 64; ++i)
    values[i] = i * argc;
  int (*volatile pick)(int) = argc > 5 ? twice_a : twice_b;
  printf("%d %d\n", pick(argc), sum(values, 64));
  return 0;
}
