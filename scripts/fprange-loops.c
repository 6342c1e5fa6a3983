/* Accumulators in counted loops, the kinds issue 38 names: sums whose
 * addends and trip count bound them, products of factors in [0, 1],
 * integer sums that stay integral, sums of cosines, nested loops. Each
 * function's compare cannot hold (triangular: a bound one above the
 * sum's largest value). Read by scripts/bench-fprange-loops.sh. */
#include <math.h>
int sum_const(const unsigned char *p) { float s = 0; for (int i = 0; i < 100; i++) s += p[i] / 255.f; return s > 101; }
int sum_var(const unsigned char *p, unsigned n) { float s = 0; unsigned m = n < 100 ? n : 100; for (unsigned i = 0; i < m; i++) s += p[i] / 255.f; return s > 101; }
int sum_int_n(const unsigned char *p, int n) { float s = 0; if (n > 100) n = 100; for (int i = 0; i < n; i++) s += p[i] / 255.f; return s > 101; }
int prod_const(const unsigned char *p) { double s = 1; for (int i = 0; i < 50; i++) s *= p[i] / 255.0; return s > 1; }
int prod_var(const unsigned char *p, int n) { double s = 1; for (int i = 0; i < n; i++) s *= p[i] / 255.0; return s > 1; }
int integral_var(const unsigned char *p, int n) { double s = 0; for (int i = 0; i < n; i++) s += p[i]; return floor(s) != s; }
int integral_const(const unsigned char *p) { double s = 0; for (int i = 0; i < 64; i++) s += p[i]; return floor(s) != s; }
int cos_const(const double *p) { double s = 0; for (int i = 0; i < 50; i++) s += cos(p[i]); return s > 51; }
int cos_var(const double *p, int n) { double s = 0; if (n > 50) n = 50; for (int i = 0; i < n; i++) s += cos(p[i]); return s > 51; }
int isum_var(const int *p, int n) { double s = 0; if (n > 1000) n = 1000; for (int i = 0; i < n; i++) s += p[i] & 7; return s > 7001; }
int nest_const(const unsigned char *p) { float s = 0; for (int i = 0; i < 10; i++) for (int j = 0; j < 20; j++) s += p[i * 20 + j] / 255.f; return s > 201; }
int nest_var(const unsigned char *p, unsigned n, unsigned m) { float s = 0; if (n > 10) n = 10; if (m > 20) m = 20; for (unsigned i = 0; i < n; i++) for (unsigned j = 0; j < m; j++) s += p[i * 20 + j] / 255.f; return s > 201; }
int nest_tri(const unsigned char *p, unsigned n) { double s = 0; if (n > 30) n = 30; for (unsigned i = 0; i < n; i++) for (unsigned j = 0; j < i; j++) s += p[j] & 1; return s > 436; }
