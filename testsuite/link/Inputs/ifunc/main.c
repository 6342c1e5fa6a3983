/* Calls the functions of dispatch.c from another source file, so that a
 * cut into parts may put the calls and the ifuncs apart. */
#include <stdio.h>

int scaled(int x);
int twice_plus_one(int x);

int main(int argc, char **argv) {
  (void)argv;
  printf("scaled(%d) = %d\n", argc, scaled(argc));
  printf("twice_plus_one(%d) = %d\n", argc, twice_plus_one(argc));
  return 0;
}
