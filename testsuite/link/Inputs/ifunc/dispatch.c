/* Functions chosen at load time (gold-parts-ifunc.test): an ifunc whose
 * resolver asks the CPU, so that LTO cannot resolve it at compile time,
 * and a function cloned per target by the compiler, which makes one. Every
 * choice computes the same, so the program prints the same on any CPU. */
static int scaled_wide(int x) { return 3 * x + 7; }
static int scaled_narrow(int x) { return x + x + x + 7; }

static void *choose_scaled(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") ? (void *)scaled_wide
                                        : (void *)scaled_narrow;
}

int scaled(int x) __attribute__((ifunc("choose_scaled")));

__attribute__((target_clones("avx2", "default"))) int twice_plus_one(int x) {
  return 2 * x + 1;
}
