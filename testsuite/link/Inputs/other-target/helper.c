/* gold-errors-other-target.test: compiled for i686 and for aarch64, and
 * linked (by mistake) into an x86-64 program with main.c. */
int helper(int x) { return x * 3; }
long long_size(void) { return (long)sizeof(long); }
