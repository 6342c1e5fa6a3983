#include "shapes.h"

#include <stdio.h>
#include <stdlib.h>

typedef long (*handler)(int, int);

/* The handlers' addresses escape into a table: they must stay distinct. */
handler table[3] = {handle_red, handle_green, handle_blue};

__attribute__((noinline)) static handler pick(int i) { return table[(i % 3 + 3) % 3]; }

int main(int argc, char **argv) {
  int value = argc > 1 ? atoi(argv[1]) : 3;
  printf("distinct %d %d %d\n", pick(value) != pick(value + 1),
         pick(value + 1) != pick(value + 2), pick(value) == pick(value + 3));
  long total = run_shapes(value);
  for (int i = 0; i < 3; ++i)
    total += pick(value + i)(value, i + 1);
  printf("total %ld\n", total);
  return 0;
}
