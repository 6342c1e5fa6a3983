#include "checksums.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long values[32];
  int count = argc > 1 ? atoi(argv[1]) % 32 : 23;
  for (int i = 0; i < 32; ++i)
    values[i] = (i * 7919L) % 1009 - 300;
  printf("%ld %ld\n", p_checksum(values, count), q_checksum(values, count));
  printf("%ld %ld\n", r_checksum(values, count), s_checksum(values, count));
  printf("%ld %ld\n", p_checksum_again(values, count),
         q_checksum_again(values, count));
  printf("%ld %ld %ld\n", p_weigh(values, count), q_weigh(values, count),
         r_weigh(values, count));
  return 0;
}
