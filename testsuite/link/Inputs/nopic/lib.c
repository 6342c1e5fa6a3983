/* A shared library compiled without -fPIC (gold-shared-nopic.test): every
 * global is dso_local, as in an executable. It reads a variable the
 * program defines, takes the address of a libc function, and calls and
 * reads a weak definition of its own, which the program may replace. */
#include <stdio.h>

extern int program_scale;

__attribute__((weak)) int library_offset = 7;

__attribute__((weak)) int adjust(int x) { return x + library_offset; }

int scaled(int x) { return adjust(x) * program_scale; }

void *libc_puts(void) { return (void *)puts; }
