/* An asm statement whose text names a static (gold-partitions.test): cutting
 * would rename the static, so the module stays whole. x86-64. */
#include <stdio.h>
#include "tally.h"

static int counter __attribute__((used));

__attribute__((noinline)) static void bump(void) {
  __asm__ volatile("incl counter(%%rip)" ::: "memory");
}

int main(void) {
  bump();
  bump();
  printf("asm-named %d %d\n", counter, tally_get(0));
  return 0;
}
