/* The interface of libtwins.so (lld-plugin-shared.test). */
#ifndef TWINS_H
#define TWINS_H

#include <stddef.h>

unsigned checksum_bytes(const unsigned char *data, size_t size);
unsigned checksum_octets(const unsigned char *data, size_t size);
long span_of(const int *values, size_t count);
long range_of(const int *values, size_t count);
long report(const int *values, size_t count, unsigned char tag);
long heaviness(const int *values, size_t count);

/* Every exported function, for address comparisons in the program. */
typedef void (*twins_function)(void);
size_t twins_exports(twins_function *out, const char **names, size_t room);

#endif
