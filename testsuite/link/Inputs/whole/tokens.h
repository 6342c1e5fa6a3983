/* Two modules' tokenizers, alike but for their constants (a.c, b.c), for
 * testsuite/link/thin-whole-program.test. */
typedef int step_fn(int c, long *state);
typedef long total_fn(const long *values, int count);

step_fn *decimal_step(void);
step_fn *octal_step(void);
total_fn *decimal_total(void);
total_fn *octal_total(void);
