#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

int64_t run_static(int64_t *a, int n, int k);
extern int64_t (*const exported[])(int64_t *, int, int);

int main(int argc, char **argv) {
  int k = argc > 1 ? atoi(argv[1]) : 3;
  int64_t a[16];
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < 16; ++i)
      a[i] = (int64_t)i * 37 - 100 + round * k;
    printf("static %" PRId64 "\n", run_static(a, 16, k));
    for (int f = 0; f < 3; ++f) {
      for (int i = 0; i < 16; ++i)
        a[i] = (int64_t)i * 11 - 40 - round;
      printf("exported %d %" PRId64 "\n", f, exported[f](a, 16, k + f));
    }
  }
  return 0;
}
