/* gold-constructors.test: constructors and destructors, with and without
 * priorities, in two translation units (this one and constructors-b.c via
 * -DSECOND). Each prints when it runs; the order is fixed by the
 * priorities (lower first for constructors, the reverse for destructors)
 * and, within a priority, by no rule a test could rely on, so those
 * print the same line. */
#include <stdio.h>

#ifndef SECOND
__attribute__((constructor(101))) static void first(void) { puts("constructor 101"); }
__attribute__((constructor(202))) static void second(void) { puts("constructor 202"); }
__attribute__((constructor)) static void plain_a(void) { puts("constructor (none)"); }
__attribute__((destructor(101))) static void last(void) { puts("destructor 101"); }
__attribute__((destructor)) static void plain_dtor_a(void) { puts("destructor (none)"); }

int main(void) {
  puts("main");
  return 0;
}
#else
__attribute__((constructor(150))) static void middle(void) { puts("constructor 150"); }
__attribute__((constructor)) static void plain_b(void) { puts("constructor (none)"); }
__attribute__((destructor(150))) static void middle_dtor(void) { puts("destructor 150"); }
#endif
