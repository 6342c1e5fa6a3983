/* Links against the default version of api (api@@VER_2). */
#include <stdio.h>

int api(int x);

int main(void) {
  printf("api(1) = %d\n", api(1));
  return 0;
}
