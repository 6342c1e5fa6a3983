/* A value in a section named as a C identifier (gold-start-stop.test):
 * no object names it, but any may reach it through the linker's
 * __start_limits and __stop_limits. */
#include <stdio.h>

float limit __attribute__((section("limits"))) = 1.0f;

void raise_limits(void);

__attribute__((noinline)) static int above_five(void) { return limit > 5.0f; }

int main(void) {
  raise_limits();
  printf("limit %g, above five: %d\n", limit, above_five());
  return 0;
}
