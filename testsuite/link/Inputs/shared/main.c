/* Uses libtwins.so: calls every exported function on the numbers given as
 * arguments, then compares the addresses of the exports as seen from the
 * program (its own references) and from inside the library
 * (twins_exports). No two may be equal. */
#include "twins.h"

#include <stdio.h>
#include <stdlib.h>

static void *launder(void *pointer) {
  __asm__ volatile("" : "+r"(pointer));
  return pointer;
}

int main(int argc, char **argv) {
  int values[32];
  unsigned char bytes[32];
  size_t count = 0;
  for (int i = 1; i < argc && count < 32; i++, count++) {
    values[count] = atoi(argv[i]);
    bytes[count] = (unsigned char)values[count];
  }
  printf("checksum: %08x %08x\n", checksum_bytes(bytes, count), checksum_octets(bytes, count));
  printf("span: %ld %ld\n", span_of(values, count), range_of(values, count));
  printf("report: %ld %ld\n", report(values, count, 'x'), heaviness(values, count));

  void *outside[] = {(void *)checksum_bytes, (void *)checksum_octets, (void *)span_of,
                     (void *)range_of, (void *)report, (void *)heaviness};
  enum { room = sizeof outside / sizeof outside[0] };
  twins_function inside[room];
  const char *names[room];
  size_t exports = twins_exports(inside, names, room);
  int equal = 0, mismatched = 0;
  for (size_t i = 0; i < exports; i++) {
    if (launder(outside[i]) != launder((void *)inside[i])) {
      printf("addresses: %s differs inside and outside the library\n", names[i]);
      mismatched++;
    }
    for (size_t j = i + 1; j < exports; j++)
      if (launder(outside[i]) == launder(outside[j])) {
        printf("addresses: %s == %s\n", names[i], names[j]);
        equal++;
      }
  }
  printf("addresses: %zu exports, %d equal pairs, %d mismatched\n", exports, equal,
         mismatched);
  return 0;
}
