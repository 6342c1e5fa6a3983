/* Input for differential-addresses.test: groups of functions with identical
 * bodies, used in each of the ways that decide how ltofold may fold them.
 *
 *   A  external functions whose addresses the program takes and compares:
 *      they must stay distinct (thunks), whatever else happens;
 *   B  static functions reached only through a table of function pointers:
 *      their addresses escape into the table, so they too must stay
 *      distinct, and every call through the table must still work;
 *   C  static functions only called directly: free to fold completely;
 *   D  mutually recursive twins (even/odd pairs), only called directly;
 *   E  near twins that must NOT fold (signed vs unsigned division, a
 *      different constant), here to catch a comparator that is too lenient.
 *
 * The program runs every function on the numbers given as arguments and
 * prints the results, then prints, for every pair of functions whose address
 * it took, whether the two addresses are equal. The comparisons go through
 * launder(), which hides the pointers from the optimizer, so they happen at
 * run time and see what the linker really produced.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

/* Hides a pointer's origin, so comparisons of it are not folded. */
static void *launder(void *pointer) {
  __asm__ volatile("" : "+r"(pointer));
  return pointer;
}

/* --- A: external, addresses taken and compared --------------------------- */

NOINLINE int mix_a(int x, int y) {
  int h = x * 31 + y;
  for (int i = 0; i < (y & 7); i++)
    h = h * 17 + (x ^ i);
  return h;
}
NOINLINE int mix_b(int x, int y) {
  int h = x * 31 + y;
  for (int i = 0; i < (y & 7); i++)
    h = h * 17 + (x ^ i);
  return h;
}
NOINLINE int mix_c(int x, int y) {
  int h = x * 31 + y;
  for (int i = 0; i < (y & 7); i++)
    h = h * 17 + (x ^ i);
  return h;
}

/* --- B: static, called through a table ----------------------------------- */

static long op_sum(const int *values, int count) {
  long total = 0;
  for (int i = 0; i < count; i++)
    total += values[i];
  return total;
}
static long op_total(const int *values, int count) { /* twin of op_sum */
  long total = 0;
  for (int i = 0; i < count; i++)
    total += values[i];
  return total;
}
static long op_max(const int *values, int count) {
  long best = count ? values[0] : 0;
  for (int i = 1; i < count; i++)
    if (values[i] > best)
      best = values[i];
  return best;
}
static long op_largest(const int *values, int count) { /* twin of op_max */
  long best = count ? values[0] : 0;
  for (int i = 1; i < count; i++)
    if (values[i] > best)
      best = values[i];
  return best;
}
static long op_weave(const int *values, int count) {
  unsigned long h = 1469598103u;
  for (int i = 0; i < count; i++)
    h = (h ^ (unsigned)values[i]) * 16777619u;
  return (long)(h & 0xffffff);
}
static long op_weave_again(const int *values, int count) { /* twin of op_weave */
  unsigned long h = 1469598103u;
  for (int i = 0; i < count; i++)
    h = (h ^ (unsigned)values[i]) * 16777619u;
  return (long)(h & 0xffffff);
}

typedef long (*operation)(const int *, int);
static const struct {
  const char *name;
  operation run;
} operations[] = {
    {"sum", op_sum},     {"total", op_total},      {"max", op_max},
    {"largest", op_largest}, {"weave", op_weave}, {"weave_again", op_weave_again},
};
#define OPERATION_COUNT (int)(sizeof operations / sizeof operations[0])

/* --- C: static, only called directly ------------------------------------- */

static NOINLINE unsigned digits_sum(unsigned n) {
  unsigned total = 0;
  while (n) {
    total += n % 10;
    n /= 10;
  }
  return total;
}
static NOINLINE unsigned digits_add(unsigned n) { /* twin of digits_sum */
  unsigned total = 0;
  while (n) {
    total += n % 10;
    n /= 10;
  }
  return total;
}
static NOINLINE unsigned digits_total(unsigned n) { /* twin of digits_sum */
  unsigned total = 0;
  while (n) {
    total += n % 10;
    n /= 10;
  }
  return total;
}

/* --- D: mutually recursive twins ------------------------------------------ */

static NOINLINE int odd_a(unsigned n);
static NOINLINE int even_a(unsigned n) { return n == 0 ? 1 : odd_a(n - 1); }
static NOINLINE int odd_a(unsigned n) { return n == 0 ? 0 : even_a(n - 1); }
static NOINLINE int odd_b(unsigned n);
static NOINLINE int even_b(unsigned n) { return n == 0 ? 1 : odd_b(n - 1); }
static NOINLINE int odd_b(unsigned n) { return n == 0 ? 0 : even_b(n - 1); }

/* --- E: near twins that must stay apart ----------------------------------- */

static NOINLINE int split_signed(int a, int b) { return b ? a / b + a % b : a; }
static NOINLINE unsigned split_unsigned(unsigned a, unsigned b) {
  return b ? a / b + a % b : a;
}
static NOINLINE int scale_by_3(int a) { return a * 3 + 1; }
static NOINLINE int scale_by_5(int a) { return a * 5 + 1; }

int main(int argc, char **argv) {
  int values[16];
  int count = 0;
  for (int i = 1; i < argc && count < 16; i++)
    values[count++] = (int)strtol(argv[i], NULL, 10);

  for (int i = 0; i < count; i++) {
    int x = values[i], y = values[(i + 1) % count];
    printf("A mix(%d,%d): %d %d %d\n", x, y, mix_a(x, y), mix_b(x, y), mix_c(x, y));
    printf("C digits(%d): %u %u %u\n", x, digits_sum((unsigned)x),
           digits_add((unsigned)x), digits_total((unsigned)x));
    unsigned n = (unsigned)x % 1000;
    printf("D parity(%u): %d %d %d %d\n", n, even_a(n), odd_a(n), even_b(n), odd_b(n));
    printf("E split(%d,%d): %d %u scale: %d %d\n", x, y, split_signed(x, y),
           split_unsigned((unsigned)x, (unsigned)y), scale_by_3(x), scale_by_5(x));
  }
  for (int k = 0; k < OPERATION_COUNT; k++)
    printf("B %s: %ld\n", operations[k].name, operations[k].run(values, count));

  /* Every address the program took, compared at run time. */
  void *addresses[3 + OPERATION_COUNT];
  const char *names[3 + OPERATION_COUNT];
  int taken = 0;
  addresses[taken] = launder((void *)mix_a), names[taken++] = "mix_a";
  addresses[taken] = launder((void *)mix_b), names[taken++] = "mix_b";
  addresses[taken] = launder((void *)mix_c), names[taken++] = "mix_c";
  for (int k = 0; k < OPERATION_COUNT; k++)
    addresses[taken] = launder((void *)operations[k].run),
    names[taken++] = operations[k].name;
  int equal_pairs = 0, pairs = 0;
  for (int i = 0; i < taken; i++)
    for (int j = i + 1; j < taken; j++, pairs++)
      if (addresses[i] == addresses[j]) {
        printf("addresses: %s == %s\n", names[i], names[j]);
        equal_pairs++;
      }
  printf("addresses: %d of %d pairs equal\n", equal_pairs, pairs);
  /* The direct comparison, as C code writes it (may fold at compile time). */
  printf("mix_a == mix_b: %s\n", mix_a == mix_b ? "true" : "false");
  return 0;
}
