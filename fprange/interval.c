/* The FP range type and directed-rounding arithmetic into each format.
 *
 * A range is a set of values of one format: a finite hull [lo, hi], which
 * zeros are in it, and the infinities and NaN as separate flags (the seed
 * wished it had kept those apart: sin of a finite value is "NaN or
 * [-1, 1]", and nnan downstream then leaves [-1, 1]). Bounds are stored as
 * _Float128, which holds every value of every supported format exactly.
 *
 * Rounding into a format goes through MPFR: the exact operation is rounded
 * toward -inf (or +inf) at FP_WORK_PRECISION bits in MPFR's wide exponent
 * range, then rounded into the format's precision and exponent range, with
 * subnormals emulated by mpfr_subnormalize: to nearest even, as LLVM IR
 * assumes outside strictfp functions, or, when the analysis must hold in
 * every rounding mode, the same way again (fp_round_result). */
#include "numbers.h"

#include <fenv.h>
#include <float.h>
#include <llvm-c/Core.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The largest finite values are constants here, folded by the compiler:
 * computed at run time, in binary128's software arithmetic, they were a
 * tenth of fprange's time (every unbounded range is made from them). */
static const fp_format formats[FP_FORMAT_COUNT] = {
    [FP_HALF] = {"half", 11, 15, (2 - 0x1p-10f128) * 0x1p15f128},
    [FP_BFLOAT] = {"bfloat", 8, 127, (2 - 0x1p-7f128) * 0x1p127f128},
    [FP_FLOAT] = {"float", 24, 127, (2 - 0x1p-23f128) * 0x1p127f128},
    [FP_DOUBLE] = {"double", 53, 1023, (2 - 0x1p-52f128) * 0x1p1023f128},
    [FP_X86_FP80] = {"x86_fp80", 64, 16383, (2 - 0x1p-63f128) * 0x1p16383f128},
    [FP_FP128] = {"fp128", 113, 16383, (2 - 0x1p-112f128) * 0x1p16383f128},
};

const fp_format *fp_format_get(fp_format_id id) { return &formats[id]; }

bool fp_format_of_type(LLVMTypeRef type, fp_format_id *id) {
  LLVMTypeKind kind = LLVMGetTypeKind(type);
  if (kind == LLVMVectorTypeKind || kind == LLVMScalableVectorTypeKind)
    kind = LLVMGetTypeKind(LLVMGetElementType(type));
  switch (kind) {
  case LLVMHalfTypeKind:
    *id = FP_HALF;
    return true;
  case LLVMBFloatTypeKind:
    *id = FP_BFLOAT;
    return true;
  case LLVMFloatTypeKind:
    *id = FP_FLOAT;
    return true;
  case LLVMDoubleTypeKind:
    *id = FP_DOUBLE;
    return true;
  case LLVMX86_FP80TypeKind:
    *id = FP_X86_FP80;
    return true;
  case LLVMFP128TypeKind:
    *id = FP_FP128;
    return true;
  default:
    return false;
  }
}

/* 2^e, exactly, built from the binary128 encoding (every power of two used
 * here is a normal or subnormal _Float128; x86-64 is little-endian). */
static fp_bound power_of_two(int e) {
  uint64_t words[2] = {0, 0}; /* low, high */
  if (e >= -16382) {
    words[1] = (uint64_t)(e + 16383) << 48;
  } else {
    int bit = e + 16494; /* position in the 112-bit significand */
    if (bit >= 64)
      words[1] = (uint64_t)1 << (bit - 64);
    else
      words[0] = (uint64_t)1 << bit;
  }
  fp_bound result;
  memcpy(&result, words, sizeof result);
  return result;
}

fp_bound fp_format_max(fp_format_id id) { return formats[id].max; }

fp_bound fp_format_min_normal(fp_format_id id) {
  return power_of_two(1 - formats[id].max_exponent);
}

fp_bound fp_format_denorm_min(fp_format_id id) {
  const fp_format *f = &formats[id];
  return power_of_two(2 - f->max_exponent - f->precision);
}

void fp_arith_init(fp_arith *arith) {
  mpfr_inits2(FP_WORK_PRECISION, arith->x, arith->y, arith->z, arith->t,
              arith->u, (mpfr_ptr)0);
  arith->nearest = true;
  arith->memo = NULL;
  /* volatile: computed at run time, in this process's environment. */
  volatile float float_min = FLT_MIN;
  volatile double double_min = DBL_MIN;
  volatile long double one = 1;
  arith->native = fegetround() == FE_TONEAREST && float_min / 2 != 0 &&
                  double_min / 2 != 0 && one + LDBL_EPSILON != one &&
                  LDBL_MANT_DIG == 64;
}

void fp_arith_free(fp_arith *arith) {
  mpfr_clears(arith->x, arith->y, arith->z, arith->t, arith->u, (mpfr_ptr)0);
  free(arith->memo);
}

void fp_set_bound(mpfr_t out, fp_bound value) {
  mpfr_set_float128(out, value, MPFR_RNDN);
}

fp_bound fp_round_to_format(fp_format_id id, mpfr_t x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x))
    return (fp_bound)NAN;
  if (mpfr_inf_p(x) || mpfr_zero_p(x))
    return mpfr_get_float128(x, rnd);
  const fp_format *f = &formats[id];
  MPFR_DECL_INIT(rounded, FP_WORK_PRECISION);
  mpfr_set(rounded, x, rnd);
  int inexact = mpfr_prec_round(rounded, f->precision, rnd);
  mpfr_exp_t saved_emin = mpfr_get_emin(), saved_emax = mpfr_get_emax();
  /* MPFR's exponent of 1.0 is 1, and the emulated subnormal range is
   * [emin, emin + precision - 1]. */
  mpfr_set_emin(3 - f->max_exponent - f->precision);
  mpfr_set_emax(f->max_exponent + 1);
  inexact = mpfr_check_range(rounded, inexact, rnd);
  mpfr_subnormalize(rounded, inexact, rnd);
  fp_bound result = mpfr_get_float128(rounded, rnd);
  mpfr_set_emin(saved_emin);
  mpfr_set_emax(saved_emax);
  return result;
}

fp_bound fp_round_result(const fp_arith *arith, fp_format_id id, mpfr_t x,
                         mpfr_rnd_t direction) {
  return fp_round_to_format(id, x, arith->nearest ? MPFR_RNDN : direction);
}

/* ---- exact conversions by the bits -------------------------------------- */

/* binary128: sign, 15 exponent bits (bias 16383), 112 fraction bits; a
 * narrower format the same way, in the low bits of a uint64_t. */
typedef unsigned __int128 bits128;
enum { Q_FRACTION = 112, Q_BIAS = 16383, Q_EXPONENT_MASK = 0x7fff };
typedef struct binary_layout {
  int fraction, exponent_bits, bias;
} binary_layout;
static const binary_layout DOUBLE_LAYOUT = {52, 11, 1023},
                           FLOAT_LAYOUT = {23, 8, 127};

static fp_bound bits_bound(bits128 b) {
  fp_bound x;
  memcpy(&x, &b, sizeof x);
  return x;
}

/* Classification and order by the bits, for the hottest paths. */
static bool nan_bits(bits128 b) {
  return (b << 1) > ((bits128)Q_EXPONENT_MASK << (Q_FRACTION + 1));
}

static bool zero_bits(bits128 b) { return (b << 1) == 0; }

/* a < b as IEEE compares them, for a and b not NaN (-0 == +0). */
static bool less_bits(bits128 a, bits128 b) {
  if (zero_bits(a) && zero_bits(b))
    return false;
  bits128 top = (bits128)1 << 127;
  bits128 key_a = a & top ? ~a : a | top, key_b = b & top ? ~b : b | top;
  return key_a < key_b;
}

/* Whether x, finite, is an integer: no fraction bit below its binary
 * point. */
static bool integer_bits(bits128 b) {
  int exponent = (int)(b >> Q_FRACTION) & Q_EXPONENT_MASK;
  if (exponent == 0)
    return zero_bits(b); /* subnormals are below 1 */
  int e = exponent - Q_BIAS;
  if (e < 0)
    return false;
  if (e >= Q_FRACTION)
    return true;
  return (b & (((bits128)1 << (Q_FRACTION - e)) - 1)) == 0;
}

/* The bits of x in the narrower format, when x is exactly a value of it. */
static bool narrow_bits(fp_bound x, binary_layout to, uint64_t *out) {
  int fraction = to.fraction, bias = to.bias;
  bits128 b = fp_bound_bits(x);
  int exponent = (int)(b >> Q_FRACTION) & Q_EXPONENT_MASK;
  bits128 q_fraction = b & (((bits128)1 << Q_FRACTION) - 1);
  uint64_t sign_bit = (uint64_t)(b >> 127) << (fraction + to.exponent_bits);
  uint64_t top = ((uint64_t)1 << to.exponent_bits) - 1; /* all ones */
  if (exponent == Q_EXPONENT_MASK) { /* inf; NaN is no value */
    if (q_fraction)
      return false;
    *out = sign_bit | top << fraction;
    return true;
  }
  if (exponent == 0) { /* zero; binary128 subnormals are below every format */
    if (q_fraction)
      return false;
    *out = sign_bit;
    return true;
  }
  int shift = Q_FRACTION - fraction;
  if (q_fraction & (((bits128)1 << shift) - 1))
    return false; /* more significant bits than the format has */
  uint64_t f = (uint64_t)(q_fraction >> shift);
  int e = exponent - Q_BIAS; /* x = 1.f * 2^e */
  if (e > bias)
    return false;
  if (e >= 1 - bias) {
    *out = sign_bit | (uint64_t)(e + bias) << fraction | f;
    return true;
  }
  /* a subnormal of the format: (2^fraction + f) >> s, no bit lost */
  int s = 1 - bias - e;
  if (s > fraction)
    return false;
  uint64_t m = ((uint64_t)1 << fraction) | f;
  if (m & (((uint64_t)1 << s) - 1))
    return false;
  *out = sign_bit | m >> s;
  return true;
}

/* x of the narrower format, given by its bits, as binary128. */
static fp_bound widen_bits(uint64_t bits, binary_layout from) {
  int fraction = from.fraction, bias = from.bias;
  int exponent_bits = from.exponent_bits;
  bits128 sign = (bits128)(bits >> (fraction + exponent_bits) & 1) << 127;
  int exponent = (int)(bits >> fraction) & ((1 << exponent_bits) - 1);
  uint64_t f = bits & (((uint64_t)1 << fraction) - 1);
  int shift = Q_FRACTION - fraction;
  if (exponent == (1 << exponent_bits) - 1) /* inf, NaN (payload kept) */
    return bits_bound(sign | (bits128)Q_EXPONENT_MASK << Q_FRACTION |
                      (bits128)f << shift);
  if (exponent == 0) {
    if (!f)
      return bits_bound(sign);
    /* subnormal: f * 2^(1 - bias - fraction), normalized */
    int top = 63 - __builtin_clzll(f);
    int e = 1 - bias - fraction + top;
    bits128 rest = (bits128)(f & ~((uint64_t)1 << top)) << (Q_FRACTION - top);
    return bits_bound(sign | (bits128)(e + Q_BIAS) << Q_FRACTION | rest);
  }
  return bits_bound(sign | (bits128)(exponent - bias + Q_BIAS) << Q_FRACTION |
                    (bits128)f << shift);
}

bool fp_bound_to_double(fp_bound x, double *out) {
  uint64_t bits;
  if (!narrow_bits(x, DOUBLE_LAYOUT, &bits))
    return false;
  memcpy(out, &bits, sizeof *out);
  return true;
}

bool fp_bound_to_float(fp_bound x, float *out) {
  uint64_t bits;
  if (!narrow_bits(x, FLOAT_LAYOUT, &bits))
    return false;
  uint32_t narrow = (uint32_t)bits;
  memcpy(out, &narrow, sizeof *out);
  return true;
}

fp_bound fp_bound_from_double(double x) {
  uint64_t bits;
  memcpy(&bits, &x, sizeof bits);
  return widen_bits(bits, DOUBLE_LAYOUT);
}

fp_bound fp_bound_from_float(float x) {
  uint32_t bits;
  memcpy(&bits, &x, sizeof bits);
  return widen_bits(bits, FLOAT_LAYOUT);
}

/* x + half the smallest subnormal lies strictly between x and its upper
 * neighbour; rounding it up into the format gives the neighbour. */
fp_bound fp_next_up(fp_format_id id, fp_bound x) {
  if (isnan(x) || (isinf(x) && x > 0))
    return x;
  if (isinf(x))
    return -fp_format_max(id);
  MPFR_DECL_INIT(sum, FP_WORK_PRECISION);
  MPFR_DECL_INIT(half_tiny, FP_WORK_PRECISION);
  fp_set_bound(sum, x);
  mpfr_set_ui_2exp(half_tiny, 1,
                   1 - formats[id].max_exponent - formats[id].precision,
                   MPFR_RNDN);
  mpfr_add(sum, sum, half_tiny, MPFR_RNDU);
  return fp_round_to_format(id, sum, MPFR_RNDU);
}

fp_bound fp_next_down(fp_format_id id, fp_bound x) {
  return -fp_next_up(id, -x);
}

/* ---- the range type ----------------------------------------------------- */

fp_interval fp_interval_bottom(void) {
  fp_interval r = {0};
  return r;
}

fp_interval fp_interval_top(fp_format_id id) {
  fp_interval r = {.lo = -fp_format_max(id),
                   .hi = fp_format_max(id),
                   .has_finite = true,
                   .pos_zero = true,
                   .neg_zero = true,
                   .pos_inf = true,
                   .neg_inf = true,
                   .nan = true,
                   .integer = false};
  return r;
}

static bool is_integer_value(fp_bound x) {
  bits128 b = fp_bound_bits(x);
  return !nan_bits(b) && integer_bits(b);
}

fp_interval fp_interval_point(fp_bound x) {
  fp_interval r = fp_interval_bottom();
  fp_interval_add_point(&r, x);
  return r;
}

fp_interval fp_interval_range(fp_bound lo, fp_bound hi) {
  fp_interval r = fp_interval_bottom();
  r.has_finite = true;
  r.lo = lo;
  r.hi = hi;
  r.pos_zero = r.neg_zero = lo <= 0 && hi >= 0;
  r.integer = false;
  return r;
}

bool fp_interval_is_bottom(const fp_interval *r) {
  return !r->has_finite && !r->pos_inf && !r->neg_inf && !r->nan;
}

bool fp_interval_equal(const fp_interval *a, const fp_interval *b) {
  if (a->has_finite != b->has_finite || a->pos_inf != b->pos_inf ||
      a->neg_inf != b->neg_inf || a->nan != b->nan)
    return false;
  if (!a->has_finite)
    return true;
  return a->lo == b->lo && a->hi == b->hi && a->pos_zero == b->pos_zero &&
         a->neg_zero == b->neg_zero && a->integer == b->integer &&
         signbit(a->lo) == signbit(b->lo) && signbit(a->hi) == signbit(b->hi);
}

/* By the bits: the hottest function of fprange (every corner of every
 * transfer function comes through it). */
void fp_interval_add_point(fp_interval *r, fp_bound x) {
  bits128 b = fp_bound_bits(x);
  bool negative = b >> 127;
  if (nan_bits(b)) {
    r->nan = true;
    return;
  }
  if (fp_bits_is_inf(b)) {
    if (negative)
      r->neg_inf = true;
    else
      r->pos_inf = true;
    return;
  }
  if (!r->has_finite) {
    r->has_finite = true;
    r->lo = r->hi = x;
    r->integer = integer_bits(b);
  } else {
    if (less_bits(b, fp_bound_bits(r->lo)))
      r->lo = x;
    if (less_bits(fp_bound_bits(r->hi), b))
      r->hi = x;
    r->integer = r->integer && integer_bits(b);
  }
  if (zero_bits(b)) {
    if (negative)
      r->neg_zero = true;
    else
      r->pos_zero = true;
  }
}

fp_interval fp_interval_join(const fp_interval *a, const fp_interval *b) {
  if (!a->has_finite && !b->has_finite) {
    fp_interval r = fp_interval_bottom();
    r.pos_inf = a->pos_inf || b->pos_inf;
    r.neg_inf = a->neg_inf || b->neg_inf;
    r.nan = a->nan || b->nan;
    return r;
  }
  fp_interval r = a->has_finite ? *a : *b;
  if (a->has_finite && b->has_finite) {
    r.lo = b->lo < a->lo ? b->lo : a->lo;
    r.hi = b->hi > a->hi ? b->hi : a->hi;
    r.integer = a->integer && b->integer;
    r.pos_zero = a->pos_zero || b->pos_zero;
    r.neg_zero = a->neg_zero || b->neg_zero;
  }
  r.pos_inf = a->pos_inf || b->pos_inf;
  r.neg_inf = a->neg_inf || b->neg_inf;
  r.nan = a->nan || b->nan;
  /* A zero that was outside one hull may now be inside the other's gap:
   * it is still excluded unless one of them had it. */
  return r;
}

fp_interval fp_interval_meet(fp_format_id id, const fp_interval *a,
                             const fp_interval *b) {
  fp_interval r = fp_interval_bottom();
  r.nan = a->nan && b->nan;
  r.pos_inf = a->pos_inf && b->pos_inf;
  r.neg_inf = a->neg_inf && b->neg_inf;
  if (a->has_finite && b->has_finite) {
    r.has_finite = true;
    r.lo = a->lo > b->lo ? a->lo : b->lo;
    r.hi = a->hi < b->hi ? a->hi : b->hi;
    r.pos_zero = a->pos_zero && b->pos_zero;
    r.neg_zero = a->neg_zero && b->neg_zero;
    r.integer = a->integer || b->integer;
    if (r.lo > r.hi)
      r.has_finite = false;
  }
  fp_interval_normalize(id, &r);
  return r;
}

void fp_interval_normalize(fp_format_id id, fp_interval *r) {
  if (r->has_finite) {
    if (r->lo == 0 && !r->pos_zero && !r->neg_zero)
      r->lo = fp_format_denorm_min(id);
    if (r->hi == 0 && !r->pos_zero && !r->neg_zero)
      r->hi = -fp_format_denorm_min(id);
    if (r->lo > r->hi)
      r->has_finite = false;
  }
  if (!r->has_finite) {
    r->lo = r->hi = 0;
    r->integer = false;
    r->pos_zero = r->neg_zero = false;
    return;
  }
  if (r->lo > 0 || r->hi < 0)
    r->pos_zero = r->neg_zero = false;
  /* Canonical zeros in the bounds, so that equal sets compare equal. */
  if (r->lo == 0)
    r->lo = r->neg_zero ? -(fp_bound)0 : (fp_bound)0;
  if (r->hi == 0)
    r->hi = r->pos_zero ? (fp_bound)0 : -(fp_bound)0;
}

bool fp_interval_contains(const fp_interval *r, fp_bound x) {
  if (isnan(x))
    return r->nan;
  if (isinf(x))
    return x > 0 ? r->pos_inf : r->neg_inf;
  if (!r->has_finite || x < r->lo || x > r->hi)
    return false;
  if (x == 0)
    return signbit(x) ? r->neg_zero : r->pos_zero;
  return !r->integer || is_integer_value(x);
}

bool fp_interval_extent(const fp_interval *r, fp_bound *low, fp_bound *high) {
  if (!r->has_finite && !r->pos_inf && !r->neg_inf)
    return false;
  *low = r->neg_inf ? -(fp_bound)INFINITY
                    : (r->has_finite ? r->lo : (fp_bound)INFINITY);
  *high = r->pos_inf ? (fp_bound)INFINITY
                     : (r->has_finite ? r->hi : -(fp_bound)INFINITY);
  return true;
}

bool fp_interval_may_be_negative(const fp_interval *r) {
  return r->nan || r->neg_inf || (r->has_finite && (r->lo < 0 || r->neg_zero));
}

bool fp_interval_may_be_positive(const fp_interval *r) {
  return r->nan || r->pos_inf || (r->has_finite && (r->hi > 0 || r->pos_zero));
}

void fp_interval_clip(fp_format_id id, fp_interval *r, fp_bound low,
                      bool low_strict, fp_bound high, bool high_strict,
                      bool keep_nan) {
  if (isnan(low) || isnan(high)) {
    /* Compared with NaN: no ordered relation holds. */
    *r = fp_interval_bottom();
    return;
  }
  r->nan = r->nan && keep_nan;
  fp_bound infinity = (fp_bound)INFINITY;
  if (r->neg_inf && !(low == -infinity && !low_strict && -infinity <= high &&
                      !(high == -infinity && high_strict)))
    r->neg_inf = false;
  if (r->pos_inf && !(high == infinity && !high_strict && infinity >= low &&
                      !(low == infinity && low_strict)))
    r->pos_inf = false;
  if (r->has_finite) {
    fp_bound new_low = low_strict ? fp_next_up(id, low) : low;
    fp_bound new_high = high_strict ? fp_next_down(id, high) : high;
    if (new_low > r->lo)
      r->lo = new_low;
    if (new_high < r->hi)
      r->hi = new_high;
    if (r->integer && r->has_finite && !isinf(r->lo) && !isinf(r->hi)) {
      /* Integer-valued: the bounds move in to integers (x < 100 is
       * x <= 99). Integers this small are values of every format. */
      if (r->lo > -(fp_bound)0x1p112 && r->lo < (fp_bound)0x1p112 &&
          !is_integer_value(r->lo)) {
        fp_bound t = (fp_bound)(__int128)r->lo;
        r->lo = t < r->lo ? t + 1 : t;
      }
      if (r->hi > -(fp_bound)0x1p112 && r->hi < (fp_bound)0x1p112 &&
          !is_integer_value(r->hi)) {
        fp_bound t = (fp_bound)(__int128)r->hi;
        r->hi = t > r->hi ? t - 1 : t;
      }
    }
    if (r->lo > r->hi || isinf(r->lo) || isinf(r->hi))
      r->has_finite = false;
  }
  fp_interval_normalize(id, r);
}

void fp_interval_flush(fp_format_id id, fp_interval *r, fp_flush flush) {
  if (flush == FP_FLUSH_NONE || !r->has_finite || r->integer)
    return;
  fp_bound normal = fp_format_min_normal(id);
  bool negative_subnormal = r->lo < 0 && r->hi > -normal;
  bool positive_subnormal = r->hi > 0 && r->lo < normal;
  if (negative_subnormal && flush != FP_FLUSH_POSITIVE_ZERO)
    fp_interval_add_point(r, -(fp_bound)0);
  if (positive_subnormal ||
      (negative_subnormal && flush != FP_FLUSH_PRESERVE_SIGN))
    fp_interval_add_point(r, 0);
}

fp_flush fp_flush_join(fp_flush a, fp_flush b) {
  if (a == FP_FLUSH_NONE || a == b)
    return b;
  return b == FP_FLUSH_NONE ? a : FP_FLUSH_ANY;
}

fp_interval fp_interval_widen(fp_format_id id, const fp_interval *old,
                              const fp_interval *next) {
  /* A moving bound jumps to the next threshold out of -max, -1, 0, 1,
   * max (max bringing the infinity with it): a halving loop stops at 0, a
   * counter at max, and the sequence of jumps is finite. */
  fp_bound max = fp_format_max(id);
  fp_bound thresholds[5] = {-max, -1, 0, 1, max};
  fp_interval r = fp_interval_join(old, next);
  if (old->has_finite && r.has_finite) {
    if (r.hi > old->hi) {
      int t = 0;
      while (thresholds[t] < r.hi)
        ++t;
      r.hi = thresholds[t];
      if (t == 4)
        r.pos_inf = true;
      if (t == 2)
        r.pos_zero = true;
    }
    if (r.lo < old->lo) {
      int t = 4;
      while (thresholds[t] > r.lo)
        --t;
      r.lo = thresholds[t];
      if (t == 0)
        r.neg_inf = true;
      if (t == 2)
        r.pos_zero = true;
    }
  }
  fp_interval_normalize(id, &r);
  return r;
}
