/* Prints 1 only when the executable's name has "got" in it: to the
   interestingness test this looks like a program that ltofold miscompiled
   (the ltofold link is ./got, the reference ./ref, the sanitized build
   ./san). */
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  printf("%d\n", argc > 0 && strstr(argv[0], "got") != 0);
  return 0;
}
