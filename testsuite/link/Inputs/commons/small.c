/* A tentative definition (a common with -fcommon) of two counters, and
 * main (gold-common-size.test). */
#include <stdio.h>

long counters[2];

void count_all(void);

int main(void) {
  count_all();
  long sum = 0;
  for (int i = 0; i < 32; i++)
    sum += counters[i];
  printf("sum %ld\n", sum);
  return 0;
}
