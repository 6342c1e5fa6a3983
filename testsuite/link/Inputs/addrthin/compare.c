/* Takes the addresses of twins.c's functions and compares them: C says
 * they differ. */
#include <stdio.h>

float sum_a(const int *a, int n);
float sum_b(const int *a, int n);

void *volatile first, *volatile second;

int main(int argc, char **argv) {
  (void)argv;
  int a[4] = {1, 2, 3, argc};
  first = (void *)sum_a;
  second = (void *)sum_b;
  printf("%g %g same address: %d\n", sum_a(a, 4), sum_b(a, 4), first == second);
  return 0;
}
