#include "parts.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long values[16];
  int count = argc > 1 ? atoi(argv[1]) % 16 : 9;
  for (int i = 0; i < 16; ++i)
    values[i] = (i * 7919L) % 1009 - 300;
  printf("%ld %ld %ld\n", a_total(values, count), b_total(values, count),
         c_total(values, count));
  printf("%ld %ld\n", a_sum(values, count), b_sum(values, count));
  printf("%ld %ld\n", a_scale(count), b_scale(count));
  printf("%s %s\n", a_name(count), b_name(count + 1));
  return 0;
}
