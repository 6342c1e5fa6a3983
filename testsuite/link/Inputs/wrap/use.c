/* Linked with --wrap=measure (gold-wrap.test): main's call of measure goes
 * to __wrap_measure, which calls the real one through __real_measure. */
#include <stdio.h>

int measure(int x);
int __real_measure(int x);
int weigh(int x);

int __wrap_measure(int x) { return -__real_measure(x); }

int main(int argc, char **argv) {
  (void)argv;
  printf("measure: %d\n", measure(argc + 5));
  printf("weigh: %d\n", weigh(argc + 5));
  printf("real: %d\n", __real_measure(argc + 5));
  return 0;
}
