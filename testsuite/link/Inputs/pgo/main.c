/* Drives ops.c with a hot loop and a cold error path (pgo-*.test). Each
 * function is called as many times in every run, whatever the argument:
 * only the values change. */
#include "ops.h"

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) unsigned tweak(unsigned hash) {
  return hash ^ (hash >> 11);
}

int main(int argc, char **argv) {
  int seed = argc > 1 ? atoi(argv[1]) : 3;
  unsigned values[64];
  for (int i = 0; i < 64; ++i)
    values[i] = (unsigned)(seed * 2654435761u + i * 40503u);
  unsigned often = 0, less = 0;
  long folded = 0, failed = 0;
  for (int round = 0; round < 1000; ++round) {
    values[round & 63] += often;
    often ^= mix_often(values, 64);
    /* The hot loop: the near-twins run 3000 times each. */
    for (int k = 0; k < 3; ++k) {
      folded += fold_alpha(seed + round + k);
      folded ^= fold_beta(seed * 3 + round - k);
      folded += fold_gamma(seed - round + k);
    }
    if (round % 250 == 0) { /* the error path: 4 times */
      failed += fail_open(seed + round);
      failed += fail_read(seed - round);
    }
    if (round % 500 == 0) /* twice */
      failed += fail_write(seed * round);
  }
  for (int round = 0; round < 400; ++round) {
    values[round & 63] ^= less;
    less = less * 31 + mix_less(values, 64);
  }
  printf("often %u less %u folded %ld failed %ld\n", often, less, folded,
         failed);
  return 0;
}
