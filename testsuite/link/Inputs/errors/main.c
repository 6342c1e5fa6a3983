/* The program of the gold-errors-*.test links: uses the archive member
 * table.c (libtable.a). */
#include <stdio.h>

unsigned table_mix(unsigned x, unsigned n);
unsigned table_seed(void);

int main(int argc, char **argv) {
  (void)argv;
  printf("%08x\n", table_mix(table_seed(), (unsigned)argc * 1000u));
  return 0;
}
