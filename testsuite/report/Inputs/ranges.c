/* Floating-point compares that fprange decides and -O2 leaves (sin is at
 * most 1, exp is not negative), built with debug info: the report lists
 * each fold with its source location, and the page shows it. */
#include <math.h>

double wave(double x) {
  double s = sin(x);
  if (s > 2.0)
    return 0.0;
  return s;
}

double growth(double x) {
  double e = exp(x);
  if (e < 0.0)
    return -1.0;
  return e + 1.0;
}
