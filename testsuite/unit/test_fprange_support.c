/* Real execution and random ranges for the fprange tests (see
 * test_fprange_support.h). No tests here. */
#include "test_fprange_support.h"

#include <fenv.h>
#include <math.h>
#include <string.h>

const int test_rounding_modes[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD,
                                    FE_TOWARDZERO};
const char *const test_rounding_names[4] = {"nearest", "upward", "downward",
                                            "toward-zero"};

const char *const test_op_names[TOP_COUNT] = {
    "fadd",  "fsub",  "fmul",      "fdiv",     "frem",      "fma",
    "sqrt",  "fneg",  "fabs",      "copysign", "floor",     "ceil",
    "trunc", "rint",  "nearbyint", "round",    "roundeven", "exp",
    "exp2",  "exp10", "log",       "log2",     "log10",     "sin",
    "cos",   "pow",   "minnum",    "maxnum",   "minimum",   "maximum"};

bool test_op_supported(fp_format_id format, test_op op) {
  if (format == FP_HALF || format == FP_BFLOAT)
    return op != TOP_FMA && op != TOP_REM; /* double rounding not harmless */
  return true;
}

/* IEEE 754-2019 minimum/maximum: NaN if either is, -0 below +0. */
#define DEFINE_MINIMUM(T, name, is_max)                                        \
  static T name(T a, T b) {                                                    \
    if (a != a || b != b)                                                      \
      return a + b;                                                            \
    if (a == b && a == 0)                                                      \
      return (signbit(a) != 0) == (is_max) ? b : a;                            \
    return (is_max) ? (a > b ? a : b) : (a < b ? a : b);                       \
  }
DEFINE_MINIMUM(float, minimum_f, false)
DEFINE_MINIMUM(float, maximum_f, true)
DEFINE_MINIMUM(double, minimum_d, false)
DEFINE_MINIMUM(double, maximum_d, true)
DEFINE_MINIMUM(long double, minimum_l, false)
DEFINE_MINIMUM(long double, maximum_l, true)
DEFINE_MINIMUM(_Float128, minimum_q, false)
DEFINE_MINIMUM(_Float128, maximum_q, true)

/* One executor per C type; SUFFIX picks the libm variant. */
#define DEFINE_EXECUTE(T, name, S)                                             \
  static T name(test_op op, T a_value, T b_value, T c_value) {                 \
    volatile T a = a_value, b = b_value, c = c_value;                          \
    volatile T r = 0;                                                          \
    switch (op) {                                                              \
    case TOP_ADD:                                                              \
      r = a + b;                                                               \
      break;                                                                   \
    case TOP_SUB:                                                              \
      r = a - b;                                                               \
      break;                                                                   \
    case TOP_MUL:                                                              \
      r = a * b;                                                               \
      break;                                                                   \
    case TOP_DIV:                                                              \
      r = a / b;                                                               \
      break;                                                                   \
    case TOP_REM:                                                              \
      r = fmod##S(a, b);                                                       \
      break;                                                                   \
    case TOP_FMA:                                                              \
      r = fma##S(a, b, c);                                                     \
      break;                                                                   \
    case TOP_SQRT:                                                             \
      r = sqrt##S(a);                                                          \
      break;                                                                   \
    case TOP_FNEG:                                                             \
      r = -a;                                                                  \
      break;                                                                   \
    case TOP_FABS:                                                             \
      r = fabs##S(a);                                                          \
      break;                                                                   \
    case TOP_COPYSIGN:                                                         \
      r = copysign##S(a, b);                                                   \
      break;                                                                   \
    case TOP_FLOOR:                                                            \
      r = floor##S(a);                                                         \
      break;                                                                   \
    case TOP_CEIL:                                                             \
      r = ceil##S(a);                                                          \
      break;                                                                   \
    case TOP_TRUNC:                                                            \
      r = trunc##S(a);                                                         \
      break;                                                                   \
    case TOP_RINT:                                                             \
      r = rint##S(a);                                                          \
      break;                                                                   \
    case TOP_NEARBYINT:                                                        \
      r = nearbyint##S(a);                                                     \
      break;                                                                   \
    case TOP_ROUND:                                                            \
      r = round##S(a);                                                         \
      break;                                                                   \
    case TOP_ROUNDEVEN:                                                        \
      r = roundeven##S(a);                                                     \
      break;                                                                   \
    case TOP_EXP:                                                              \
      r = exp##S(a);                                                           \
      break;                                                                   \
    case TOP_EXP2:                                                             \
      r = exp2##S(a);                                                          \
      break;                                                                   \
    case TOP_EXP10:                                                            \
      r = exp10##S(a);                                                         \
      break;                                                                   \
    case TOP_LOG:                                                              \
      r = log##S(a);                                                           \
      break;                                                                   \
    case TOP_LOG2:                                                             \
      r = log2##S(a);                                                          \
      break;                                                                   \
    case TOP_LOG10:                                                            \
      r = log10##S(a);                                                         \
      break;                                                                   \
    case TOP_SIN:                                                              \
      r = sin##S(a);                                                           \
      break;                                                                   \
    case TOP_COS:                                                              \
      r = cos##S(a);                                                           \
      break;                                                                   \
    case TOP_POW:                                                              \
      r = pow##S(a, b);                                                        \
      break;                                                                   \
    case TOP_MINNUM:                                                           \
      r = fmin##S(a, b);                                                       \
      break;                                                                   \
    case TOP_MAXNUM:                                                           \
      r = fmax##S(a, b);                                                       \
      break;                                                                   \
    case TOP_MINIMUM:                                                          \
      r = minimum_##S##_(a, b);                                                \
      break;                                                                   \
    case TOP_MAXIMUM:                                                          \
      r = maximum_##S##_(a, b);                                                \
      break;                                                                   \
    case TOP_COUNT:                                                            \
      break;                                                                   \
    }                                                                          \
    return r;                                                                  \
  }

#define minimum_f_ minimum_f
#define maximum_f_ maximum_f
#define minimum_l_ minimum_l
#define maximum_l_ maximum_l
#define minimum_f128_ minimum_q
#define maximum_f128_ maximum_q
#define minimum__ minimum_d
#define maximum__ maximum_d

DEFINE_EXECUTE(float, execute_float, f)
DEFINE_EXECUTE(long double, execute_long_double, l)
DEFINE_EXECUTE(_Float128, execute_float128, f128)
DEFINE_EXECUTE(double, execute_double, )

/* float -> bfloat rounded in the current mode, on the bits. */
static float round_to_bfloat(float x, int mode) {
  if (x != x)
    return x;
  uint32_t bits;
  memcpy(&bits, &x, 4);
  uint32_t low = bits & 0xFFFF, kept = bits & 0xFFFF0000u;
  bool negative = bits >> 31;
  bool up = false;
  if (low != 0 && ((bits >> 23) & 0xFF) != 0xFF) {
    switch (mode) {
    case FE_TONEAREST:
      up = low > 0x8000 || (low == 0x8000 && (kept & 0x10000));
      break;
    case FE_UPWARD:
      up = !negative;
      break;
    case FE_DOWNWARD:
      up = negative;
      break;
    default:
      up = false;
      break;
    }
  }
  if (up)
    kept += 0x10000; /* carries into the exponent, up to inf */
  float r;
  memcpy(&r, &kept, 4);
  return r;
}

static fp_bound execute_in_mode(fp_format_id format, test_op op, fp_bound a,
                                fp_bound b, fp_bound c) {
  switch (format) {
  case FP_HALF: {
    /* Operations on _Float16 are done in float and rounded once. */
    float r = execute_float(op, (float)(_Float16)a, (float)(_Float16)b,
                            (float)(_Float16)c);
    volatile _Float16 h = (_Float16)r;
    return h;
  }
  case FP_BFLOAT: {
    float r = execute_float(op, (float)a, (float)b, (float)c);
    return round_to_bfloat(r, fegetround());
  }
  case FP_FLOAT:
    return execute_float(op, (float)a, (float)b, (float)c);
  case FP_DOUBLE:
    return execute_double(op, (double)a, (double)b, (double)c);
  case FP_X86_FP80:
    return execute_long_double(op, (long double)a, (long double)b,
                               (long double)c);
  case FP_FP128:
    return execute_float128(op, a, b, c);
  case FP_FORMAT_COUNT:
    break;
  }
  return 0;
}

fp_bound test_execute(fp_format_id format, test_op op, int mode, fp_bound a,
                      fp_bound b, fp_bound c) {
  fesetround(mode);
  fp_bound r = execute_in_mode(format, op, a, b, c);
  fesetround(FE_TONEAREST);
  return r;
}

fp_bound test_execute_powi(fp_format_id format, int mode, fp_bound a, int n) {
  fesetround(mode);
  fp_bound r = 0;
  switch (format) {
  case FP_FLOAT: {
    volatile float x = (float)a;
    r = __builtin_powif(x, n);
    break;
  }
  case FP_DOUBLE: {
    volatile double x = (double)a;
    r = __builtin_powi(x, n);
    break;
  }
  case FP_X86_FP80: {
    volatile long double x = (long double)a;
    r = __builtin_powil(x, n);
    break;
  }
  default:
    r = (fp_bound)NAN;
    break;
  }
  fesetround(FE_TONEAREST);
  return r;
}

fp_bound test_execute_convert(fp_format_id to, int mode, fp_bound value) {
  fesetround(mode);
  volatile _Float128 v = value;
  fp_bound r = 0;
  switch (to) {
  case FP_HALF: {
    volatile _Float16 h = (_Float16)v;
    r = h;
    break;
  }
  case FP_BFLOAT: {
    volatile float f = (float)v; /* value is float-exact in these tests */
    r = round_to_bfloat(f, mode);
    break;
  }
  case FP_FLOAT: {
    volatile float f = (float)v;
    r = f;
    break;
  }
  case FP_DOUBLE: {
    volatile double d = (double)v;
    r = d;
    break;
  }
  case FP_X86_FP80: {
    volatile long double l = (long double)v;
    r = l;
    break;
  }
  case FP_FP128:
    r = v;
    break;
  case FP_FORMAT_COUNT:
    break;
  }
  fesetround(FE_TONEAREST);
  return r;
}

#define DEFINE_FROM_INTEGER(name, I)                                           \
  fp_bound name(fp_format_id to, int mode, I value) {                          \
    fesetround(mode);                                                          \
    volatile I v = value;                                                      \
    fp_bound r = 0;                                                            \
    switch (to) {                                                              \
    case FP_HALF: {                                                            \
      volatile _Float16 h = (_Float16)v;                                       \
      r = h;                                                                   \
      break;                                                                   \
    }                                                                          \
    case FP_FLOAT: {                                                           \
      volatile float f = (float)v;                                             \
      r = f;                                                                   \
      break;                                                                   \
    }                                                                          \
    case FP_DOUBLE: {                                                          \
      volatile double d = (double)v;                                           \
      r = d;                                                                   \
      break;                                                                   \
    }                                                                          \
    case FP_X86_FP80: {                                                        \
      volatile long double l = (long double)v;                                 \
      r = l;                                                                   \
      break;                                                                   \
    }                                                                          \
    case FP_FP128: {                                                           \
      volatile _Float128 q = (_Float128)v;                                     \
      r = q;                                                                   \
      break;                                                                   \
    }                                                                          \
    default:                                                                   \
      r = (fp_bound)NAN;                                                       \
      break;                                                                   \
    }                                                                          \
    fesetround(FE_TONEAREST);                                                  \
    return r;                                                                  \
  }
DEFINE_FROM_INTEGER(test_execute_from_int, int64_t)
DEFINE_FROM_INTEGER(test_execute_from_uint, uint64_t)

fp_interval test_transfer(fp_arith *arith, fp_format_id format, test_op op,
                          const fp_interval *a, const fp_interval *b,
                          const fp_interval *c) {
  switch (op) {
  case TOP_ADD:
    return fp_transfer_binary(arith, format, FP_OP_ADD, a, b);
  case TOP_SUB:
    return fp_transfer_binary(arith, format, FP_OP_SUB, a, b);
  case TOP_MUL:
    return fp_transfer_binary(arith, format, FP_OP_MUL, a, b);
  case TOP_DIV:
    return fp_transfer_binary(arith, format, FP_OP_DIV, a, b);
  case TOP_REM:
    return fp_transfer_binary(arith, format, FP_OP_REM, a, b);
  case TOP_FMA:
    return fp_transfer_fma(arith, format, a, b, c);
  case TOP_SQRT:
    return fp_transfer_unary(arith, format, FP_FN_SQRT, a);
  case TOP_FNEG:
    return fp_transfer_fneg(a);
  case TOP_FABS:
    return fp_transfer_fabs(format, a);
  case TOP_COPYSIGN:
    return fp_transfer_copysign(format, a, b);
  case TOP_FLOOR:
    return fp_transfer_unary(arith, format, FP_FN_FLOOR, a);
  case TOP_CEIL:
    return fp_transfer_unary(arith, format, FP_FN_CEIL, a);
  case TOP_TRUNC:
    return fp_transfer_unary(arith, format, FP_FN_TRUNC, a);
  case TOP_RINT:
  case TOP_NEARBYINT:
    return fp_transfer_unary(arith, format, FP_FN_RINT, a);
  case TOP_ROUND:
    return fp_transfer_unary(arith, format, FP_FN_ROUND, a);
  case TOP_ROUNDEVEN:
    return fp_transfer_unary(arith, format, FP_FN_ROUNDEVEN, a);
  case TOP_EXP:
    return fp_transfer_unary(arith, format, FP_FN_EXP, a);
  case TOP_EXP2:
    return fp_transfer_unary(arith, format, FP_FN_EXP2, a);
  case TOP_EXP10:
    return fp_transfer_unary(arith, format, FP_FN_EXP10, a);
  case TOP_LOG:
    return fp_transfer_unary(arith, format, FP_FN_LOG, a);
  case TOP_LOG2:
    return fp_transfer_unary(arith, format, FP_FN_LOG2, a);
  case TOP_LOG10:
    return fp_transfer_unary(arith, format, FP_FN_LOG10, a);
  case TOP_SIN:
    return fp_transfer_unary(arith, format, FP_FN_SIN, a);
  case TOP_COS:
    return fp_transfer_unary(arith, format, FP_FN_COS, a);
  case TOP_POW:
    return fp_transfer_pow(arith, format, a, b);
  case TOP_MINNUM:
    return fp_transfer_minmax(format, FP_MINNUM, a, b, false);
  case TOP_MAXNUM:
    return fp_transfer_minmax(format, FP_MAXNUM, a, b, false);
  case TOP_MINIMUM:
    return fp_transfer_minmax(format, FP_MINIMUM, a, b, false);
  case TOP_MAXIMUM:
    return fp_transfer_minmax(format, FP_MAXIMUM, a, b, false);
  case TOP_COUNT:
    break;
  }
  return fp_interval_top(format);
}

/* ---- random values ---------------------------------------------------- */

uint64_t test_next(test_random *random) {
  uint64_t x = random->state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  random->state = x;
  return x * 0x2545F4914F6CDD1Dull;
}

static fp_bound round_nearest(fp_format_id format, fp_bound x) {
  MPFR_DECL_INIT(value, FP_WORK_PRECISION);
  fp_set_bound(value, x);
  fp_bound down = fp_round_to_format(format, value, MPFR_RNDD);
  fp_bound up = fp_round_to_format(format, value, MPFR_RNDU);
  return (x - down <= up - x) ? down : up;
}

fp_bound test_random_value(test_random *random, fp_format_id format) {
  uint64_t pick = test_next(random) % 16;
  fp_bound max = fp_format_max(format), tiny = fp_format_denorm_min(format);
  fp_bound sign = (test_next(random) & 1) ? -1 : 1;
  switch (pick) {
  case 0:
    return sign * 0;
  case 1:
    return sign * (fp_bound)INFINITY;
  case 2:
    return sign * max;
  case 3:
    return sign * tiny;
  case 4:
    return sign * fp_format_min_normal(format);
  case 5:
    return sign * (fp_bound)(test_next(random) % 64);
  case 6:
    return round_nearest(format,
                         sign * (fp_bound)(test_next(random) % 100000) / 8);
  case 7: { /* near 1 */
    fp_bound x = 1;
    for (uint64_t i = test_next(random) % 4; i > 0; --i)
      x = fp_next_up(format, x);
    return sign * x;
  }
  case 8: /* near a multiple of pi/2 */
    return round_nearest(format, sign * (fp_bound)1.5707963267948966 *
                                     (fp_bound)(test_next(random) % 8));
  default: {
    /* Uniform in exponent: 2^e * m over the whole range. */
    const fp_format *f = fp_format_get(format);
    int span = 2 * f->max_exponent + f->precision;
    int e = (int)(test_next(random) % (uint64_t)span) - f->max_exponent -
            f->precision + 1;
    if (pick > 12) /* most values moderate */
      e = (int)(test_next(random) % 40) - 20;
    fp_bound m = 1 + (fp_bound)(test_next(random) >> 11) * (fp_bound)0x1p-53;
    fp_bound x = m;
    while (e > 0) {
      x *= 2;
      --e;
    }
    while (e < 0) {
      x /= 2;
      ++e;
    }
    return round_nearest(format, sign * x);
  }
  }
}

fp_interval test_random_interval(test_random *random, fp_format_id format) {
  fp_interval r = fp_interval_bottom();
  fp_bound a, b;
  do
    a = test_random_value(random, format);
  while (isinf(a));
  do
    b = test_random_value(random, format);
  while (isinf(b));
  if (test_next(random) % 4 == 0)
    b = a;                             /* a point */
  else if (test_next(random) % 3 == 0) /* a narrow range */
    b = fp_next_up(format, fp_next_up(format, a));
  if (isinf(b))
    b = a;
  r.has_finite = test_next(random) % 8 != 0;
  r.lo = a < b ? a : b;
  r.hi = a < b ? b : a;
  r.pos_zero = test_next(random) % 2;
  r.neg_zero = test_next(random) % 2;
  r.pos_inf = test_next(random) % 5 == 0;
  r.neg_inf = test_next(random) % 5 == 0;
  r.nan = test_next(random) % 4 == 0;
  r.integer = false;
  if (test_next(random) % 5 == 0 && r.has_finite && r.lo > -(fp_bound)0x1p100 &&
      r.hi < (fp_bound)0x1p100) {
    /* integer-valued: integer bounds */
    fp_bound lo = (fp_bound)(__int128)r.lo, hi = (fp_bound)(__int128)r.hi;
    if (lo < r.lo)
      lo += 1;
    if (hi > r.hi)
      hi -= 1;
    if (lo <= hi && lo == round_nearest(format, lo) &&
        hi == round_nearest(format, hi)) {
      r.lo = lo;
      r.hi = hi;
      r.integer = true;
    }
  }
  fp_interval_normalize(format, &r);
  if (fp_interval_is_bottom(&r))
    r = fp_interval_point(test_random_value(random, format));
  return r;
}

fp_bound test_random_member(test_random *random, fp_format_id format,
                            const fp_interval *r) {
  for (int attempt = 0; attempt < 64; ++attempt) {
    fp_bound x;
    switch (test_next(random) % 10) {
    case 0:
      x = r->lo;
      break;
    case 1:
      x = r->hi;
      break;
    case 2:
      x = (fp_bound)NAN;
      break;
    case 3:
      x = (test_next(random) & 1 ? 1 : -1) * (fp_bound)INFINITY;
      break;
    case 4:
      x = (test_next(random) & 1 ? 1 : -1) * (fp_bound)0;
      break;
    case 5:
      x = fp_next_up(format, r->lo);
      break;
    case 6:
      x = fp_next_down(format, r->hi);
      break;
    default: {
      fp_bound u = (fp_bound)(test_next(random) >> 11) * (fp_bound)0x1p-53;
      x = round_nearest(format, r->lo / 2 * (1 - u) + r->hi / 2 * u +
                                    r->lo / 2 * (1 - u) + r->hi / 2 * u);
      if (r->integer) {
        x = (fp_bound)(__int128)x;
        x = round_nearest(format, x);
      }
      break;
    }
    }
    if (fp_interval_contains(r, x))
      return x;
  }
  if (r->nan)
    return (fp_bound)NAN;
  if (r->pos_inf)
    return (fp_bound)INFINITY;
  if (r->neg_inf)
    return -(fp_bound)INFINITY;
  if (r->pos_zero)
    return 0;
  if (r->neg_zero)
    return -(fp_bound)0;
  return r->lo;
}
