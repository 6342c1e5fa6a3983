/* An asm statement that names nothing (gold-partitions.test): the module is
 * cut as any other. */
#include <stdio.h>
#include "tally.h"

__attribute__((noinline)) static int settle(int x) {
  __asm__ volatile("nop" ::: "memory");
  return x + 1;
}

int main(int argc, char **argv) {
  (void)argv;
  printf("asm-plain %d %d\n", settle(argc), tally_get(0));
  return 0;
}
