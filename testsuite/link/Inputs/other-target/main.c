/* gold-errors-other-target.test: the x86-64 side. */
#include <stdio.h>

int helper(int);
long long_size(void);

int main(void) {
  printf("%d %ld\n", helper(2), long_size());
  return 0;
}
