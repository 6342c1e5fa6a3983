#include "tokens.h"
#include <stdio.h>

static long run(step_fn *step, const char *text, long *results) {
  long state[4] = {0, 1, 0, 0};
  long kinds = 0;
  for (const char *p = text; *p; ++p)
    kinds = kinds * 5 + step(*p, state) + 1;
  results[0] = state[0];
  results[1] = state[1];
  results[2] = state[2];
  results[3] = state[3];
  return kinds;
}

int main(int argc, char **argv) {
  const char *text = argc > 1 ? argv[1] : "12+7*3,45 x 6/2-1^77";
  step_fn *steps[2] = {decimal_step(), octal_step()};
  total_fn *totals[2] = {decimal_total(), octal_total()};
  for (int i = 0; i < 2; ++i) {
    long results[4];
    long kinds = run(steps[i], text, results);
    printf("%d: kinds %ld state %ld %ld %ld %ld total %ld\n", i, kinds,
           results[0], results[1], results[2], results[3], totals[i](results, 4));
  }
  return 0;
}
