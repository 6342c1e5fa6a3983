/* Differs in ./got, but reads an uninitialized variable: a reducer must not
   keep a candidate like this. */
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  int x;
  if (argc > 5)
    x = 1;
  printf("%d %d\n", x, strstr(argv[0], "got") != 0);
  return 0;
}
