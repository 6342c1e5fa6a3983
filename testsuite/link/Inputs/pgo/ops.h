/* The functions of ops.c that main.c calls, and the one of main.c that
 * ops.c calls. */
unsigned tweak(unsigned hash);
unsigned mix_often(const unsigned *values, int count);
unsigned mix_less(const unsigned *values, int count);
long fold_alpha(int value);
long fold_beta(int value);
long fold_gamma(int value);
long fail_open(int code);
long fail_read(int code);
long fail_write(int code);
