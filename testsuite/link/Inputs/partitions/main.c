#include "tally.h"
#include <stdio.h>
#include <stdlib.h>

static int (*const steps[])(int, int) = {tally_add, tally_sub};
static int calls;

__attribute__((noinline)) static int step(int which, int key, int amount) {
  ++calls;
  return steps[which & 1](key, amount);
}

__attribute__((noinline)) static int check_twice(int x) { return weigh_small(x) * 2; }
__attribute__((noinline)) static int check_thrice(int x) { return weigh_large(x) * 3; }

__attribute__((constructor)) static void main_start(void) { shared_scale += 1; }

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    step(i, atoi(argv[i]), i);
  printf("tally %d %d %d calls %d\n", tally_get(1), tally_get(2), tally_get(3), calls);
  printf("weigh %d %d\n", check_twice(argc * 9), check_thrice(argc * 7));
  printf("distinct %d %d\n", steps[0] != steps[1],
         (void *)weigh_small != (void *)weigh_large);
  return 0;
}
