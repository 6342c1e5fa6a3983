/* A program that defines one function of each exported pair of
 * libtwins.so itself: the first of each pair with -DFIRST, the second
 * otherwise. The dynamic loader binds the library's calls of those names
 * to these (interposition), but the other function of each pair must still
 * run the library's own code, however ltofold folded the pair: not a thunk
 * that calls the interposed name. */
#include <stdio.h>

#include "twins.h"

#ifdef FIRST
unsigned checksum_bytes(const unsigned char *data, size_t size) {
  (void)data;
  return (unsigned)size + 1000000u;
}

long span_of(const int *values, size_t count) {
  (void)values;
  return -(long)count;
}
#else
unsigned checksum_octets(const unsigned char *data, size_t size) {
  (void)data;
  return (unsigned)size + 1000000u;
}

long range_of(const int *values, size_t count) {
  (void)values;
  return -(long)count;
}
#endif

int main(void) {
  const unsigned char bytes[] = "interposition";
  const int values[] = {4, -9, 17, 3};
  printf("checksum_bytes: %08x\n", checksum_bytes(bytes, sizeof bytes - 1));
  printf("checksum_octets: %08x\n", checksum_octets(bytes, sizeof bytes - 1));
  printf("span_of: %ld\n", span_of(values, 4));
  printf("range_of: %ld\n", range_of(values, 4));
  return 0;
}
