/* gold-module-asm.test: uses asm_helper and via_asm (asm.c, bitcode)
 * directly and asm_helper through native.c (a native object); defines
 * asm_target, which only via_asm uses (from module asm). */
#include <stdio.h>

int asm_helper(int);
int via_asm(int);
int native_call(int);

int asm_target(int x) { return x + 7; }

int main(void) {
  printf("%d %d %d\n", asm_helper(1), native_call(2), via_asm(1));
  return 0;
}
