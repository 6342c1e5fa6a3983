/* The program of gold-shared-nopic.test: it defines the library's
 * program_scale and replaces its weak adjust. */
#include <stdio.h>

int program_scale = 3;

int adjust(int x) { return x - 1; }

int scaled(int x);
void *libc_puts(void);

int main(void) {
  printf("scaled(5) = %d\n", scaled(5));
  printf("puts is libc's: %s\n", libc_puts() == (void *)puts ? "yes" : "no");
  return 0;
}
