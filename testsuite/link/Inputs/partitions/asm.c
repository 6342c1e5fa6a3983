/* A unit with module-level asm naming a static (gold-partitions.test). */
#include <stdio.h>
#include "tally.h"

static int answer(void) __attribute__((used));
static int answer(void) { return 42; }
__asm__(".globl asm_answer\n"
        ".type asm_answer,@function\n"
        "asm_answer: jmp answer\n");
int asm_answer(void);

int main(void) {
  printf("asm %d\n", asm_answer());
  return tally_get(0) == 0 ? 0 : 0;
}
