#include <stdio.h>
#include <stdlib.h>

struct rec {
  int id, kind;
  double weight;
  char name[24];
};
extern int made, logged, rejected;
int run_records(int seed);
int format_short(const struct rec *r, char *out, int size);
int format_named(const struct rec *r, char *out, int size);

int (*volatile formats[2])(const struct rec *, char *, int) = {format_short,
                                                               format_named};

int main(int argc, char **argv) {
  int seed = argc > 1 ? atoi(argv[1]) : 3;
  int total = run_records(seed);
  struct rec r = {seed, seed & 3, seed * 1.25, "fmt"};
  char out[64];
  for (int i = 0; i < 2; ++i) {
    int n = formats[i](&r, out, (int)sizeof out);
    printf("format %d: %d %s\n", i, n, out);
  }
  printf("total %d made %d logged %d rejected %d\n", total, made, logged, rejected);
  printf("distinct %d\n", formats[0] != formats[1]);
  return 0;
}
