/* A common symbol (-fcommon) defined in two units (gold-thinlto.test). */
#include <stdio.h>
int bump(void);
int shared_count;
int main(void) {
  bump();
  bump();
  printf("count %d\n", shared_count);
  return 0;
}
