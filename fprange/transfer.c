/* Transfer functions: the range of an FP operation's result from the ranges
 * of its operands, in round-to-nearest-even (LLVM IR's default
 * environment) or, when fp_arith says so, in every rounding mode.
 *
 * The common shape: split each operand into pieces on which the operation
 * is monotone in each argument (a sign-constant finite part, each zero, each
 * infinity), evaluate the exact operation at the corners of each pair of
 * pieces with MPFR, rounded into the format (fp_round_result), and take the
 * hull. Rounding is monotone, so the hull of the corners bounds every
 * result in between.
 *
 * Correctly rounded operations (+ - * / sqrt fma, conversions, the
 * rounding functions) get no margin. libm functions (exp, log, sin, cos,
 * pow, powi) need not be correctly rounded: their bounds are widened by
 * FP_LIBM_MARGIN_ULPS, except for what holds for any correct libm in
 * round-to-nearest, whatever its last-ulp error: sin and cos within
 * [-1, 1], exp never negative, and exact results at the points where the
 * exact value is a value of the format (exp(0) = 1, exp2(k) = 2^k,
 * log(1) = 0, log2(2^k) = k, sin(0) = 0, cos(0) = 1). Signed zeros that can appear inside a piece (x + -x) are added
 * by each operation's own rule; NaN comes from NaN operands and from the
 * corner evaluations (inf - inf, 0 * inf, 0 / 0), which MPFR does as IEEE
 * 754 does. */
#include "transfer.h"

#include <llvm-c/Core.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

typedef int (*mpfr_binary_fn)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

/* A piece of an operand: every non-NaN value in [lo, hi] (lo == hi for a
 * zero or an infinity), on which the operation is monotone. */
typedef struct piece {
  fp_bound lo, hi;
} piece;

/* Splits the non-NaN part of r into at most 6 pieces. With split_at_zero
 * the finite part is cut into negative, -0, +0, positive; otherwise it is
 * one piece (zeros inside). */
static int split_pieces(fp_format_id id, const fp_interval *r,
                        bool split_at_zero, piece out[6]) {
  int n = 0;
  fp_bound infinity = (fp_bound)INFINITY;
  if (r->neg_inf)
    out[n++] = (piece){-infinity, -infinity};
  if (r->pos_inf)
    out[n++] = (piece){infinity, infinity};
  if (!r->has_finite)
    return n;
  if (!split_at_zero) {
    out[n++] = (piece){r->lo, r->hi};
    return n;
  }
  /* The nonzero values closest to zero: the smallest subnormal, or 1 for
   * integers. */
  fp_bound tiny = r->integer ? 1 : fp_format_denorm_min(id);
  if (r->lo < 0)
    out[n++] = (piece){r->lo, r->hi < -tiny ? r->hi : -tiny};
  if (r->hi > 0)
    out[n++] = (piece){r->lo > tiny ? r->lo : tiny, r->hi};
  if (r->lo <= 0 && r->hi >= 0) {
    if (r->neg_zero)
      out[n++] = (piece){-(fp_bound)0, -(fp_bound)0};
    if (r->pos_zero)
      out[n++] = (piece){0, 0};
  }
  return n;
}

/* Adds the result an operation can give on the side of `direction`, x being
 * its exact value rounded that way at work precision (fp_round_result).
 * A finite value that overflows brings the largest finite value of its
 * sign with it: in round-to-nearest, both ends of a range of exact results
 * can overflow while results between them stay finite. */
static void add_result(const fp_arith *arith, fp_format_id id, fp_interval *r,
                       mpfr_t x, mpfr_rnd_t direction) {
  fp_bound bound = fp_round_result(arith, id, x, direction);
  fp_interval_add_point(r, bound);
  if (isinf(bound) && !mpfr_inf_p(x))
    fp_interval_add_point(r, bound > 0 ? fp_format_max(id)
                                       : -fp_format_max(id));
}

/* ---- round-to-nearest on the machine ---------------------------------------
 *
 * In round-to-nearest, a correctly rounded operation in float, double or
 * x86_fp80 has one result, which the machine computes exactly as the
 * program will (when fp_arith.native says this process rounds that way):
 * far cheaper than MPFR, which stays for the other formats, for every
 * rounding mode, and for the functions libm need not round correctly.
 * The operands must be values of the format (bounds always are; checked).
 * This file is compiled without contraction (-ffp-contract=off), so each
 * expression below is one IEEE operation. */

typedef enum native_op { NATIVE_ADD, NATIVE_SUB, NATIVE_MUL, NATIVE_DIV,
                         NATIVE_FMA, NATIVE_NONE } native_op;

static native_op native_op_of(mpfr_binary_fn op) {
  return op == mpfr_add   ? NATIVE_ADD
         : op == mpfr_sub ? NATIVE_SUB
         : op == mpfr_mul ? NATIVE_MUL
         : op == mpfr_div ? NATIVE_DIV
                          : NATIVE_NONE;
}

#define NATIVE_EVALUATE(T, FMA, TO, FROM)                                      \
  do {                                                                         \
    T a, b, c = 0;                                                             \
    if (!TO(x, &a) || !TO(y, &b) || (op == NATIVE_FMA && !TO(z, &c)))          \
      return false;                                                            \
    T result = op == NATIVE_ADD   ? a + b                                      \
               : op == NATIVE_SUB ? a - b                                      \
               : op == NATIVE_MUL ? a * b                                      \
               : op == NATIVE_DIV ? a / b                                      \
                                  : FMA(a, b, c);                              \
    *out = FROM(result);                                                       \
    return true;                                                               \
  } while (0)

/* x86_fp80 by the compiler's conversions (library calls). */
static bool long_double_of(fp_bound x, long double *out) {
  *out = (long double)x;
  return (fp_bound)*out == x;
}

static fp_bound bound_of_long_double(long double x) { return x; }

/* op(x, y) (fma: x * y + z) rounded to nearest into the format, by the
 * machine; false when it cannot. */
static bool native_evaluate(const fp_arith *arith, fp_format_id id,
                            native_op op, fp_bound x, fp_bound y, fp_bound z,
                            fp_bound *out) {
  if (!arith->nearest || !arith->native || op == NATIVE_NONE)
    return false;
  switch (id) {
  case FP_FLOAT:
    NATIVE_EVALUATE(float, fmaf, fp_bound_to_float, fp_bound_from_float);
  case FP_DOUBLE:
    NATIVE_EVALUATE(double, fma, fp_bound_to_double, fp_bound_from_double);
  case FP_X86_FP80:
    NATIVE_EVALUATE(long double, fmal, long_double_of, bound_of_long_double);
  default:
    return false;
  }
}

/* Adds a result the machine computed; an overflow (a finite exact value
 * that became infinite) brings the largest finite value with it, as
 * add_result. */
static void add_native_result(fp_format_id id, fp_interval *r, fp_bound value,
                              bool exact_may_be_finite) {
  fp_interval_add_point(r, value);
  if (exact_may_be_finite && fp_bound_is_inf(value))
    fp_interval_add_point(r, value > 0 ? fp_format_max(id)
                                       : -fp_format_max(id));
}

/* Adds op(x, y) rounded down and up into the format. */
static void add_corner(fp_arith *arith, fp_format_id id, fp_interval *r,
                       mpfr_binary_fn op, fp_bound x, fp_bound y) {
  fp_bound native;
  if (native_evaluate(arith, id, native_op_of(op), x, y, 0, &native)) {
    add_native_result(id, r, native,
                      !fp_bound_is_inf(x) && !fp_bound_is_inf(y) &&
                          !(op == mpfr_div && y == 0));
    return;
  }
  fp_set_bound(arith->x, x);
  fp_set_bound(arith->y, y);
  op(arith->t, arith->x, arith->y, MPFR_RNDD);
  add_result(arith, id, r, arith->t, MPFR_RNDD);
  op(arith->t, arith->x, arith->y, MPFR_RNDU);
  add_result(arith, id, r, arith->t, MPFR_RNDU);
}

static void add_piece_pair(fp_arith *arith, fp_format_id id, fp_interval *r,
                           mpfr_binary_fn op, piece p, piece q) {
  add_corner(arith, id, r, op, p.lo, q.lo);
  if (!fp_bound_identical(q.hi, q.lo))
    add_corner(arith, id, r, op, p.lo, q.hi);
  if (!fp_bound_identical(p.hi, p.lo)) {
    add_corner(arith, id, r, op, p.hi, q.lo);
    if (!fp_bound_identical(q.hi, q.lo))
      add_corner(arith, id, r, op, p.hi, q.hi);
  }
}

static bool has_finite_integers(const fp_interval *r) {
  return !r->has_finite || r->integer;
}

/* fmod: exact, |r| < |y|, |r| <= |x|, sign of x. Not monotone, so bounded
 * by magnitude rather than by corners. */
static fp_interval transfer_rem(fp_format_id id, const fp_interval *a,
                                const fp_interval *b) {
  fp_interval r = fp_interval_bottom();
  r.nan = a->nan || b->nan || a->pos_inf || a->neg_inf ||
          (b->has_finite && (b->pos_zero || b->neg_zero));
  if (!a->has_finite)
    return r;
  /* Largest |y| among finite nonzero y, or infinite y (then r = x). */
  bool y_infinite = b->pos_inf || b->neg_inf;
  bool y_finite_nonzero = b->has_finite && (b->lo < 0 || b->hi > 0);
  if (!y_infinite && !y_finite_nonzero)
    return r;
  fp_bound x_magnitude = -a->lo > a->hi ? -a->lo : a->hi;
  fp_bound bound = x_magnitude;
  if (!y_infinite) {
    fp_bound y_magnitude = -b->lo > b->hi ? -b->lo : b->hi;
    fp_bound below_y = fp_next_down(id, y_magnitude);
    if (below_y < bound)
      bound = below_y;
  }
  r.has_finite = true;
  r.lo = 0;
  r.hi = 0; /* the remainder can be zero, of the sign of x */
  if (a->lo < 0)
    r.lo = -bound > a->lo ? -bound : a->lo;
  if (a->hi > 0)
    r.hi = bound < a->hi ? bound : a->hi;
  r.pos_zero = fp_interval_may_be_positive(a);
  r.neg_zero = fp_interval_may_be_negative(a);
  r.integer = has_finite_integers(a) && has_finite_integers(b);
  fp_interval_normalize(id, &r);
  return r;
}

static fp_interval transfer_binary(fp_arith *arith, fp_format_id id,
                                   fp_binary_op op, const fp_interval *a,
                                   const fp_interval *b) {
  if (fp_interval_is_bottom(a) || fp_interval_is_bottom(b))
    return fp_interval_bottom();
  if (op == FP_OP_REM)
    return transfer_rem(id, a, b);
  static const mpfr_binary_fn functions[] = {
      [FP_OP_ADD] = mpfr_add,
      [FP_OP_SUB] = mpfr_sub,
      [FP_OP_MUL] = mpfr_mul,
      [FP_OP_DIV] = mpfr_div,
  };
  bool additive = op == FP_OP_ADD || op == FP_OP_SUB;
  piece pa[6], pb[6];
  int na = split_pieces(id, a, !additive, pa);
  int nb = split_pieces(id, b, !additive, pb);
  fp_interval r = fp_interval_bottom();
  for (int i = 0; i < na; ++i)
    for (int j = 0; j < nb; ++j)
      add_piece_pair(arith, id, &r, functions[op], pa[i], pb[j]);
  r.nan = r.nan || a->nan || b->nan;
  if (r.has_finite) {
    if (additive && r.lo <= 0 && r.hi >= 0) {
      /* An exact zero sum is +0 in round-to-nearest (-0 rounding down);
       * -0 otherwise only as -0 + -0 (or -0 - +0). Sums never underflow
       * to zero: a tiny sum is exact. */
      bool b_neg_zero = op == FP_OP_ADD ? b->neg_zero : b->pos_zero;
      r.pos_zero = true;
      r.neg_zero = !arith->nearest || (a->neg_zero && b_neg_zero);
    }
    r.integer =
        op != FP_OP_DIV && has_finite_integers(a) && has_finite_integers(b);
  }
  fp_interval_normalize(id, &r);
  return r;
}

fp_interval fp_transfer_same_operand(const fp_arith *arith, fp_format_id id,
                                     fp_binary_op op, const fp_interval *x) {
  fp_interval r = fp_interval_bottom();
  if (fp_interval_is_bottom(x))
    return r;
  bool has_zero = x->has_finite && (x->pos_zero || x->neg_zero);
  r.nan = x->nan || x->pos_inf || x->neg_inf || (op == FP_OP_DIV && has_zero);
  bool nonzero_finite = x->has_finite && (x->lo < 0 || x->hi > 0);
  if (op == FP_OP_SUB && x->has_finite) {
    /* x - x is exactly zero: +0 in round-to-nearest, -0 rounding down. */
    fp_interval_add_point(&r, 0);
    if (!arith->nearest)
      fp_interval_add_point(&r, -(fp_bound)0);
  } else if (op == FP_OP_DIV && nonzero_finite) {
    fp_interval_add_point(&r, 1);
  }
  fp_interval_normalize(id, &r);
  return r;
}

static bool finite_only(const fp_interval *r) {
  return r->has_finite && !r->nan && !r->pos_inf && !r->neg_inf;
}

bool fp_transfer_undone_sum(fp_arith *arith, fp_format_id id,
                            const fp_interval *s, const fp_interval *x,
                            const fp_interval *y, fp_interval *r) {
  if (!finite_only(s) || !finite_only(x) || !finite_only(y))
    return false;
  /* The largest rounding error of a result in s: half an ulp (an ulp in
   * any rounding mode) at its largest magnitude, or of the smallest
   * subnormal spacing. */
  fp_bound magnitude = -s->lo > s->hi ? -s->lo : s->hi;
  const fp_format *format = fp_format_get(id);
  fp_bound spacing = fp_format_denorm_min(id);
  if (magnitude >= fp_format_min_normal(id)) {
    fp_set_bound(arith->t, magnitude);
    /* MPFR's exponent e: magnitude in [2^(e-1), 2^e); ulp 2^(e-p). */
    mpfr_set_ui_2exp(arith->u, 1, mpfr_get_exp(arith->t) - format->precision,
                     MPFR_RNDN);
    spacing = mpfr_get_float128(arith->u, MPFR_RNDN);
  }
  fp_bound error = arith->nearest ? spacing / 2 : spacing;
  *r = fp_interval_bottom();
  fp_set_bound(arith->x, y->lo);
  fp_set_bound(arith->y, error);
  mpfr_sub(arith->t, arith->x, arith->y, MPFR_RNDD);
  add_result(arith, id, r, arith->t, MPFR_RNDD);
  fp_set_bound(arith->x, y->hi);
  mpfr_add(arith->t, arith->x, arith->y, MPFR_RNDU);
  add_result(arith, id, r, arith->t, MPFR_RNDU);
  if (r->lo <= 0 && r->hi >= 0)
    r->pos_zero = r->neg_zero = true;
  fp_interval_normalize(id, r);
  return true;
}

static int mpfr_fma_corner(fp_arith *arith, fp_bound x, fp_bound y, fp_bound z,
                           mpfr_rnd_t rnd) {
  fp_set_bound(arith->x, x);
  fp_set_bound(arith->y, y);
  fp_set_bound(arith->z, z);
  return mpfr_fma(arith->t, arith->x, arith->y, arith->z, rnd);
}

static fp_interval transfer_fma(fp_arith *arith, fp_format_id id,
                                const fp_interval *a, const fp_interval *b,
                                const fp_interval *c) {
  if (fp_interval_is_bottom(a) || fp_interval_is_bottom(b) ||
      fp_interval_is_bottom(c))
    return fp_interval_bottom();
  piece pa[6], pb[6], pc[6];
  int na = split_pieces(id, a, true, pa);
  int nb = split_pieces(id, b, true, pb);
  int nc = split_pieces(id, c, false, pc);
  fp_interval r = fp_interval_bottom();
  for (int i = 0; i < na; ++i)
    for (int j = 0; j < nb; ++j)
      for (int k = 0; k < nc; ++k)
        for (int corner = 0; corner < 8; ++corner) {
          /* A piece that is one point has one corner (by the bits: a
           * piece from -0 to +0 gets its second corner, harmless). */
          if (((corner & 1) && fp_bound_identical(pa[i].hi, pa[i].lo)) ||
              ((corner & 2) && fp_bound_identical(pb[j].hi, pb[j].lo)) ||
              ((corner & 4) && fp_bound_identical(pc[k].hi, pc[k].lo)))
            continue;
          fp_bound x = corner & 1 ? pa[i].hi : pa[i].lo;
          fp_bound y = corner & 2 ? pb[j].hi : pb[j].lo;
          fp_bound z = corner & 4 ? pc[k].hi : pc[k].lo;
          fp_bound native;
          if (native_evaluate(arith, id, NATIVE_FMA, x, y, z, &native)) {
            add_native_result(id, &r, native,
                              !fp_bound_is_inf(x) && !fp_bound_is_inf(y) &&
                                  !fp_bound_is_inf(z));
            continue;
          }
          mpfr_fma_corner(arith, x, y, z, MPFR_RNDD);
          add_result(arith, id, &r, arith->t, MPFR_RNDD);
          mpfr_fma_corner(arith, x, y, z, MPFR_RNDU);
          add_result(arith, id, &r, arith->t, MPFR_RNDU);
        }
  r.nan = r.nan || a->nan || b->nan || c->nan;
  if (r.has_finite) {
    if (r.lo <= 0 && r.hi >= 0)
      r.pos_zero = r.neg_zero = true;
    r.integer = has_finite_integers(a) && has_finite_integers(b) &&
                has_finite_integers(c);
  }
  fp_interval_normalize(id, &r);
  return r;
}

/* ---------------------------------------------------------------------------
 * The memo of sums, products, quotients and fma.
 *
 * Each of these evaluates every corner of every piece of its operands (up
 * to 1,728 for an fma), and real code asks the same question again and
 * again: most of opus's and libccd's FP values have no finite bound, so
 * their operations see the same unbounded operands. A transfer is a
 * function of the operation, the format, the operands (every field, by the
 * bits) and the rounding assumption alone, so a result found is the result
 * of the same question asked again: a direct-mapped table keeps the last
 * one per slot. */
enum { MEMO_SLOTS = 1024, MEMO_FMA = FP_OP_REM + 1 };

typedef struct memo_entry {
  bool used;
  int operation; /* fp_binary_op, or MEMO_FMA */
  fp_format_id id;
  bool nearest;
  fp_interval operands[3]; /* the third only for fma */
  fp_interval result;
} memo_entry;

struct fp_transfer_memo {
  memo_entry slots[MEMO_SLOTS];
};

static bool same_fields(const fp_interval *a, const fp_interval *b) {
  return fp_bound_identical(a->lo, b->lo) && fp_bound_identical(a->hi, b->hi) &&
         a->has_finite == b->has_finite && a->pos_zero == b->pos_zero &&
         a->neg_zero == b->neg_zero && a->pos_inf == b->pos_inf &&
         a->neg_inf == b->neg_inf && a->nan == b->nan &&
         a->integer == b->integer;
}

static uint64_t mix(uint64_t h, const void *bytes, size_t size) {
  const unsigned char *p = bytes;
  for (size_t i = 0; i < size; ++i)
    h = (h ^ p[i]) * 0x100000001b3ull; /* FNV-1a */
  return h;
}

static uint64_t hash_interval(uint64_t h, const fp_interval *r) {
  h = mix(h, &r->lo, sizeof r->lo);
  h = mix(h, &r->hi, sizeof r->hi);
  unsigned flags = r->has_finite | r->pos_zero << 1 | r->neg_zero << 2 |
                   r->pos_inf << 3 | r->neg_inf << 4 | r->nan << 5 |
                   r->integer << 6;
  return mix(h, &flags, sizeof flags);
}

/* The slot of a question, and whether it holds its answer. */
static memo_entry *memo_slot(fp_arith *arith, int operation, fp_format_id id,
                             const fp_interval *operands, int count,
                             bool *found) {
  if (!arith->memo) {
    arith->memo = calloc(1, sizeof *arith->memo);
    if (!arith->memo)
      abort();
  }
  uint64_t h = 0xcbf29ce484222325ull;
  h = mix(h, &operation, sizeof operation);
  h = mix(h, &id, sizeof id);
  for (int i = 0; i < count; ++i)
    h = hash_interval(h, &operands[i]);
  memo_entry *e = &arith->memo->slots[h % MEMO_SLOTS];
  *found = e->used && e->operation == operation && e->id == id &&
           e->nearest == arith->nearest;
  for (int i = 0; i < count && *found; ++i)
    *found = same_fields(&e->operands[i], &operands[i]);
  return e;
}

static void memo_keep(fp_arith *arith, memo_entry *e, int operation,
                      fp_format_id id, const fp_interval *operands, int count,
                      const fp_interval *result) {
  e->used = true;
  e->operation = operation;
  e->id = id;
  e->nearest = arith->nearest;
  for (int i = 0; i < count; ++i)
    e->operands[i] = operands[i];
  e->result = *result;
}

/* op(a, b), or fma(a, b, c) for MEMO_FMA, from the memo or computed. */
static fp_interval memoized(fp_arith *arith, int operation, fp_format_id id,
                            const fp_interval *a, const fp_interval *b,
                            const fp_interval *c) {
  fp_interval operands[3] = {*a, *b, c ? *c : fp_interval_bottom()};
  int count = c ? 3 : 2;
  bool found;
  memo_entry *e = memo_slot(arith, operation, id, operands, count, &found);
  if (found)
    return e->result;
  fp_interval r = c ? transfer_fma(arith, id, a, b, c)
                    : transfer_binary(arith, id, (fp_binary_op)operation, a, b);
  memo_keep(arith, e, operation, id, operands, count, &r);
  return r;
}

fp_interval fp_transfer_binary(fp_arith *arith, fp_format_id id,
                               fp_binary_op op, const fp_interval *a,
                               const fp_interval *b) {
  return memoized(arith, op, id, a, b, NULL);
}

fp_interval fp_transfer_fma(fp_arith *arith, fp_format_id id,
                            const fp_interval *a, const fp_interval *b,
                            const fp_interval *c) {
  return memoized(arith, MEMO_FMA, id, a, b, c);
}

fp_interval fp_transfer_fneg(const fp_interval *a) {
  fp_interval r = *a;
  r.lo = -a->hi;
  r.hi = -a->lo;
  r.pos_zero = a->neg_zero;
  r.neg_zero = a->pos_zero;
  r.pos_inf = a->neg_inf;
  r.neg_inf = a->pos_inf;
  return r;
}

fp_interval fp_transfer_fabs(fp_format_id id, const fp_interval *a) {
  fp_interval r = *a;
  r.neg_inf = false;
  r.pos_inf = a->pos_inf || a->neg_inf;
  if (a->has_finite) {
    if (a->lo >= 0) {
      r.lo = a->lo;
      r.hi = a->hi;
    } else if (a->hi <= 0) {
      r.lo = -a->hi;
      r.hi = -a->lo;
    } else {
      r.lo = 0;
      r.hi = -a->lo > a->hi ? -a->lo : a->hi;
    }
    bool had_zero = a->pos_zero || a->neg_zero;
    r.neg_zero = false;
    r.pos_zero = had_zero;
    /* A hull that straddled zero without holding it: the smallest
     * magnitude is still nonzero, but we only keep the hull's end. */
    if (a->lo < 0 && a->hi > 0 && !had_zero)
      r.lo = fp_format_denorm_min(id);
  }
  fp_interval_normalize(id, &r);
  return r;
}

fp_interval fp_transfer_copysign(fp_format_id id, const fp_interval *a,
                                 const fp_interval *sign) {
  if (fp_interval_is_bottom(a) || fp_interval_is_bottom(sign))
    return fp_interval_bottom();
  fp_interval magnitude = fp_transfer_fabs(id, a);
  fp_interval negative = fp_transfer_fneg(&magnitude);
  bool can_negative = fp_interval_may_be_negative(sign);
  bool can_positive = fp_interval_may_be_positive(sign);
  if (can_negative && can_positive)
    return fp_interval_join(&magnitude, &negative);
  return can_negative ? negative : magnitude;
}

fp_interval fp_transfer_convert(fp_arith *arith, fp_format_id to,
                                const fp_interval *a) {
  fp_interval r = fp_interval_bottom();
  r.nan = a->nan;
  r.pos_inf = a->pos_inf;
  r.neg_inf = a->neg_inf;
  if (!a->has_finite)
    return r;
  fp_bound ends[2] = {a->lo, a->hi};
  for (int i = 0; i < 2; ++i) {
    fp_set_bound(arith->t, ends[i]);
    add_result(arith, to, &r, arith->t, MPFR_RNDD);
    add_result(arith, to, &r, arith->t, MPFR_RNDU);
  }
  if (r.has_finite && r.lo <= 0 && r.hi >= 0) {
    /* Tiny values flush to a zero of their own sign. */
    r.pos_zero = r.pos_zero || a->pos_zero || a->hi > 0;
    r.neg_zero = r.neg_zero || a->neg_zero || a->lo < 0;
  }
  r.integer = a->integer;
  fp_interval_normalize(to, &r);
  return r;
}

static fp_interval from_rounded_ends(fp_arith *arith, fp_format_id id) {
  /* arith->x and arith->y hold the exact low and high ends. */
  fp_interval r = fp_interval_bottom();
  add_result(arith, id, &r, arith->x, MPFR_RNDD);
  add_result(arith, id, &r, arith->x, MPFR_RNDU);
  add_result(arith, id, &r, arith->y, MPFR_RNDD);
  add_result(arith, id, &r, arith->y, MPFR_RNDU);
  if (r.has_finite) {
    r.integer = true;
    r.neg_zero = false; /* integer 0 converts to +0 */
    r.pos_zero = r.lo <= 0 && r.hi >= 0;
  }
  fp_interval_normalize(id, &r);
  return r;
}

static void set_int128(mpfr_t out, __int128 value) {
  /* Exact at work precision (128 bits). */
  unsigned __int128 magnitude =
      value < 0 ? -(unsigned __int128)value : (unsigned __int128)value;
  mpfr_set_ui(out, (unsigned long)(magnitude >> 64), MPFR_RNDN);
  mpfr_mul_2ui(out, out, 64, MPFR_RNDN);
  mpfr_add_ui(out, out, (unsigned long)(uint64_t)magnitude, MPFR_RNDN);
  if (value < 0)
    mpfr_neg(out, out, MPFR_RNDN);
}

static void set_uint128(mpfr_t out, unsigned __int128 value) {
  mpfr_set_ui(out, (unsigned long)(value >> 64), MPFR_RNDN);
  mpfr_mul_2ui(out, out, 64, MPFR_RNDN);
  mpfr_add_ui(out, out, (unsigned long)(uint64_t)value, MPFR_RNDN);
}

fp_interval fp_transfer_from_int(fp_arith *arith, fp_format_id id, __int128 lo,
                                 __int128 hi) {
  set_int128(arith->x, lo);
  set_int128(arith->y, hi);
  return from_rounded_ends(arith, id);
}

fp_interval fp_transfer_from_uint(fp_arith *arith, fp_format_id id,
                                  unsigned __int128 lo, unsigned __int128 hi) {
  set_uint128(arith->x, lo);
  set_uint128(arith->y, hi);
  return from_rounded_ends(arith, id);
}

/* ---- unary functions ---------------------------------------------------- */

typedef int (*mpfr_unary_fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

/* Adds [low, high] widened by `margin` ulps each way; a bound widened into
 * an infinity keeps the largest finite value as well. */
static void add_widened(fp_format_id id, fp_interval *r, fp_bound low,
                        fp_bound high, int margin) {
  fp_interval_add_point(r, low);
  fp_interval_add_point(r, high);
  if (margin == 0)
    return;
  for (int i = 0; i < margin; ++i) {
    low = fp_next_down(id, low);
    high = fp_next_up(id, high);
  }
  fp_interval_add_point(r, low);
  fp_interval_add_point(r, high);
  if (isinf(high) && high > 0)
    fp_interval_add_point(r, fp_format_max(id));
  if (isinf(low) && low < 0)
    fp_interval_add_point(r, -fp_format_max(id));
  if (r->has_finite && r->lo <= 0 && r->hi >= 0)
    r->pos_zero = r->neg_zero = true;
}

/* Library functions that return the exact value, in round-to-nearest,
 * wherever it is a value of the format: exp(0), exp2(k), log(1), log2(2^k),
 * sin(0), cos(0) (exp10 and log10 are left out: not every libm gets
 * log10(1000) = 3 exactly). */
static bool exact_where_representable(mpfr_unary_fn f) {
  return f == mpfr_exp || f == mpfr_exp2 || f == mpfr_log || f == mpfr_log2 ||
         f == mpfr_sin || f == mpfr_cos;
}

/* Adds f(x) rounded down and up, widened by `margin` ulps each way (no
 * margin where a correct libm is exact). */
static void add_function_value(fp_arith *arith, fp_format_id id, fp_interval *r,
                               mpfr_unary_fn f, fp_bound x, int margin) {
  fp_set_bound(arith->x, x);
  int inexact = f(arith->t, arith->x, MPFR_RNDD);
  fp_bound low = fp_round_result(arith, id, arith->t, MPFR_RNDD);
  inexact |= f(arith->t, arith->x, MPFR_RNDU);
  fp_bound high = fp_round_result(arith, id, arith->t, MPFR_RNDU);
  if (arith->nearest && !inexact && low == high &&
      exact_where_representable(f))
    margin = 0;
  if (isinf(high) && !mpfr_inf_p(arith->t)) /* overflowed: as add_result */
    fp_interval_add_point(r, high > 0 ? fp_format_max(id)
                                      : -fp_format_max(id));
  add_widened(id, r, low, high, margin);
}

static int mpfr_rint_any(mpfr_ptr out, mpfr_srcptr x, mpfr_rnd_t rnd) {
  /* Rounding down for the low end, up for the high end: covers every
   * rounding mode rint/nearbyint can run in. */
  return rnd == MPFR_RNDD ? mpfr_floor(out, x) : mpfr_ceil(out, x);
}
static int mpfr_floor_fn(mpfr_ptr out, mpfr_srcptr x, mpfr_rnd_t rnd) {
  return mpfr_floor(out, x);
}
static int mpfr_ceil_fn(mpfr_ptr out, mpfr_srcptr x, mpfr_rnd_t rnd) {
  return mpfr_ceil(out, x);
}
static int mpfr_trunc_fn(mpfr_ptr out, mpfr_srcptr x, mpfr_rnd_t rnd) {
  return mpfr_trunc(out, x);
}
static int mpfr_round_fn(mpfr_ptr out, mpfr_srcptr x, mpfr_rnd_t rnd) {
  return mpfr_round(out, x);
}
static int mpfr_roundeven_fn(mpfr_ptr out, mpfr_srcptr x, mpfr_rnd_t rnd) {
  return mpfr_roundeven(out, x);
}

/* Monotone non-decreasing functions of the whole extended line: the hull of
 * the values at the two ends (and at the infinities, if present). */
static fp_interval monotone_unary(fp_arith *arith, fp_format_id id,
                                  const fp_interval *a, mpfr_unary_fn f,
                                  int margin) {
  fp_interval r = fp_interval_bottom();
  r.nan = a->nan;
  fp_bound infinity = (fp_bound)INFINITY;
  if (a->neg_inf)
    add_function_value(arith, id, &r, f, -infinity, 0);
  if (a->pos_inf)
    add_function_value(arith, id, &r, f, infinity, 0);
  if (a->has_finite) {
    add_function_value(arith, id, &r, f, a->lo, margin);
    add_function_value(arith, id, &r, f, a->hi, margin);
  }
  return r;
}

static fp_interval rounding_function(fp_arith *arith, fp_format_id id,
                                     const fp_interval *a, mpfr_unary_fn f) {
  fp_interval r = monotone_unary(arith, id, a, f, 0);
  if (r.has_finite) {
    r.integer = true;
    if (r.lo <= 0 && r.hi >= 0) {
      /* A zero result keeps the sign of the input (ceil(-0.5) = -0). */
      r.pos_zero = a->pos_zero || (a->has_finite && a->hi > 0);
      r.neg_zero = a->neg_zero || (a->has_finite && a->lo < 0);
    }
  }
  fp_interval_normalize(id, &r);
  return r;
}

static fp_interval transfer_sqrt(fp_arith *arith, fp_format_id id,
                                 const fp_interval *a) {
  fp_interval r = fp_interval_bottom();
  r.nan = a->nan || a->neg_inf || (a->has_finite && a->lo < 0);
  r.pos_inf = a->pos_inf;
  if (a->has_finite && a->hi >= 0) {
    if (a->neg_zero)
      fp_interval_add_point(&r, -(fp_bound)0);
    if (a->pos_zero)
      fp_interval_add_point(&r, 0);
    if (a->hi > 0) {
      fp_bound tiny = fp_format_denorm_min(id);
      add_function_value(arith, id, &r, mpfr_sqrt, a->lo > tiny ? a->lo : tiny,
                         0);
      add_function_value(arith, id, &r, mpfr_sqrt, a->hi, 0);
    }
    r.integer = false;
  }
  fp_interval_normalize(id, &r);
  return r;
}

/* exp, exp2, exp10: increasing, exp(-inf) = +0, never negative. */
static fp_interval transfer_exp(fp_arith *arith, fp_format_id id,
                                const fp_interval *a, mpfr_unary_fn f) {
  fp_interval r = monotone_unary(arith, id, a, f, FP_LIBM_MARGIN_ULPS);
  if (r.has_finite) {
    if (r.lo < 0)
      r.lo = 0;
    r.neg_zero = false;
    r.pos_zero = r.lo == 0;
    r.integer = false;
  }
  fp_interval_normalize(id, &r);
  return r;
}

/* log, log2, log10: NaN below zero, -inf at zero, increasing above. */
static fp_interval transfer_log(fp_arith *arith, fp_format_id id,
                                const fp_interval *a, mpfr_unary_fn f) {
  fp_interval r = fp_interval_bottom();
  r.nan = a->nan || a->neg_inf || (a->has_finite && a->lo < 0);
  r.pos_inf = a->pos_inf;
  if (a->has_finite && (a->pos_zero || a->neg_zero))
    r.neg_inf = true;
  if (a->has_finite && a->hi > 0) {
    fp_bound tiny = fp_format_denorm_min(id);
    add_function_value(arith, id, &r, f, a->lo > tiny ? a->lo : tiny,
                       FP_LIBM_MARGIN_ULPS);
    add_function_value(arith, id, &r, f, a->hi, FP_LIBM_MARGIN_ULPS);
    r.integer = false;
  }
  fp_interval_normalize(id, &r);
  return r;
}

/* sin and cos of a correct libm in round-to-nearest stay in [-1, 1]; r is
 * normalized on return. */
static fp_interval clamp_to_unit(const fp_arith *arith, fp_format_id id,
                                 fp_interval *r) {
  if (arith->nearest && r->has_finite) {
    if (r->lo < -1)
      r->lo = -1;
    if (r->hi > 1)
      r->hi = 1;
  }
  fp_interval_normalize(id, r);
  return *r;
}

/* Does [lo, hi] hold a point c + 2k*pi (c = offset_halves * pi/2)? Errs on
 * the side of yes. Only called with |lo|, |hi| <= 2^60. */
static bool holds_phase(fp_arith *arith, fp_bound lo, fp_bound hi,
                        int offset_halves) {
  mpfr_const_pi(arith->z, MPFR_RNDN);
  mpfr_mul_si(arith->u, arith->z, offset_halves, MPFR_RNDN);
  mpfr_div_2ui(arith->u, arith->u, 1, MPFR_RNDN); /* c */
  mpfr_mul_2ui(arith->z, arith->z, 1, MPFR_RNDN); /* 2 pi */
  fp_set_bound(arith->x, lo);
  fp_set_bound(arith->y, hi);
  mpfr_sub(arith->x, arith->x, arith->u, MPFR_RNDN);
  mpfr_div(arith->x, arith->x, arith->z, MPFR_RNDN);
  mpfr_sub(arith->y, arith->y, arith->u, MPFR_RNDN);
  mpfr_div(arith->y, arith->y, arith->z, MPFR_RNDN);
  /* Slack far above the rounding error of the steps above. */
  mpfr_sub_d(arith->x, arith->x, 0x1p-40, MPFR_RNDN);
  mpfr_add_d(arith->y, arith->y, 0x1p-40, MPFR_RNDN);
  mpfr_ceil(arith->x, arith->x);
  mpfr_floor(arith->y, arith->y);
  return mpfr_lessequal_p(arith->x, arith->y);
}

static fp_interval transfer_sin_cos(fp_arith *arith, fp_format_id id,
                                    const fp_interval *a, bool is_cos) {
  fp_interval r = fp_interval_bottom();
  r.nan = a->nan || a->pos_inf || a->neg_inf;
  if (!a->has_finite) {
    fp_interval_normalize(id, &r);
    return r;
  }
  /* Clamped to [-1, 1] in round-to-nearest only: glibc's sinf rounding
   * downward gives values below -1. */
  fp_bound limit = (fp_bound)0x1p60;
  if (a->lo < -limit || a->hi > limit || a->hi - a->lo >= 7) {
    add_widened(id, &r, -1, 1, FP_LIBM_MARGIN_ULPS);
    r.pos_zero = r.neg_zero = true;
    return clamp_to_unit(arith, id, &r);
  }
  /* sin peaks at pi/2 + 2k pi, bottoms at -pi/2; cos at 0 and pi. */
  bool has_max = holds_phase(arith, a->lo, a->hi, is_cos ? 0 : 1);
  bool has_min = holds_phase(arith, a->lo, a->hi, is_cos ? 2 : -1);
  mpfr_unary_fn f = is_cos ? mpfr_cos : mpfr_sin;
  add_function_value(arith, id, &r, f, a->lo, FP_LIBM_MARGIN_ULPS);
  add_function_value(arith, id, &r, f, a->hi, FP_LIBM_MARGIN_ULPS);
  if (has_max)
    add_widened(id, &r, 1, 1, FP_LIBM_MARGIN_ULPS);
  if (has_min)
    add_widened(id, &r, -1, -1, FP_LIBM_MARGIN_ULPS);
  r.integer = false;
  if (r.lo <= 0 && r.hi >= 0)
    r.pos_zero = r.neg_zero = true;
  return clamp_to_unit(arith, id, &r);
}

fp_interval fp_transfer_unary(fp_arith *arith, fp_format_id id, fp_unary_fn fn,
                              const fp_interval *a) {
  if (fp_interval_is_bottom(a))
    return fp_interval_bottom();
  switch (fn) {
  case FP_FN_SQRT:
    return transfer_sqrt(arith, id, a);
  case FP_FN_EXP:
    return transfer_exp(arith, id, a, mpfr_exp);
  case FP_FN_EXP2:
    return transfer_exp(arith, id, a, mpfr_exp2);
  case FP_FN_EXP10:
    return transfer_exp(arith, id, a, mpfr_exp10);
  case FP_FN_LOG:
    return transfer_log(arith, id, a, mpfr_log);
  case FP_FN_LOG2:
    return transfer_log(arith, id, a, mpfr_log2);
  case FP_FN_LOG10:
    return transfer_log(arith, id, a, mpfr_log10);
  case FP_FN_SIN:
    return transfer_sin_cos(arith, id, a, false);
  case FP_FN_COS:
    return transfer_sin_cos(arith, id, a, true);
  case FP_FN_FLOOR:
    return rounding_function(arith, id, a, mpfr_floor_fn);
  case FP_FN_CEIL:
    return rounding_function(arith, id, a, mpfr_ceil_fn);
  case FP_FN_TRUNC:
    return rounding_function(arith, id, a, mpfr_trunc_fn);
  case FP_FN_RINT:
    return rounding_function(arith, id, a,
                             arith->nearest ? mpfr_roundeven_fn
                                            : mpfr_rint_any);
  case FP_FN_ROUND:
    return rounding_function(arith, id, a, mpfr_round_fn);
  case FP_FN_ROUNDEVEN:
    return rounding_function(arith, id, a, mpfr_roundeven_fn);
  case FP_FN_COUNT:
    break;
  }
  return fp_interval_top(id);
}

/* ---- min / max ---------------------------------------------------------- */

fp_interval fp_transfer_minmax(fp_format_id id, fp_minmax_kind kind,
                               const fp_interval *a, const fp_interval *b,
                               bool nan_may_signal) {
  if (fp_interval_is_bottom(a) || fp_interval_is_bottom(b))
    return fp_interval_bottom();
  bool is_min =
      kind == FP_MINNUM || kind == FP_MINIMUM || kind == FP_MINIMUMNUM;
  fp_interval a_numbers = *a, b_numbers = *b;
  a_numbers.nan = b_numbers.nan = false;
  fp_bound a_low, a_high, b_low, b_high;
  bool a_has = fp_interval_extent(a, &a_low, &a_high);
  bool b_has = fp_interval_extent(b, &b_low, &b_high);
  fp_interval r = fp_interval_bottom();
  if (a_has && b_has) {
    /* Both numbers: the result is one of them, between the two mins (or
     * maxes). Equal zeros of either sign may come out either way. */
    r = fp_interval_join(&a_numbers, &b_numbers);
    fp_bound low = is_min ? (a_low < b_low ? a_low : b_low)
                          : (a_low > b_low ? a_low : b_low);
    fp_bound high = is_min ? (a_high < b_high ? a_high : b_high)
                           : (a_high > b_high ? a_high : b_high);
    fp_interval_clip(id, &r, low, false, high, false, false);
  }
  bool propagates = kind == FP_MINIMUM || kind == FP_MAXIMUM;
  if (propagates) {
    r.nan = a->nan || b->nan;
  } else {
    /* minnum(NaN, y) = y: NaN only from two NaNs, or for minnum and
     * maxnum from one signaling NaN (LLVM 22's LangRef and glibc's fmin
     * return a quiet NaN then); minimumnum returns y for either kind. */
    if (a->nan)
      r = fp_interval_join(&r, &b_numbers);
    if (b->nan)
      r = fp_interval_join(&r, &a_numbers);
    bool signals =
        nan_may_signal && kind != FP_MINIMUMNUM && kind != FP_MAXIMUMNUM;
    r.nan = (a->nan && b->nan) || (signals && (a->nan || b->nan));
  }
  if (r.has_finite)
    r.integer = has_finite_integers(a) && has_finite_integers(b);
  fp_interval_normalize(id, &r);
  return r;
}

/* ---- powers -------------------------------------------------------------- */

static bool positive_finite_only(const fp_interval *r) {
  return r->has_finite && !r->nan && !r->pos_inf && !r->neg_inf && r->lo > 0;
}

static fp_interval add_margin(fp_format_id id, fp_interval r, int margin) {
  if (r.has_finite)
    add_widened(id, &r, r.lo, r.hi, margin);
  if (r.pos_inf)
    fp_interval_add_point(&r, fp_format_max(id));
  if (r.neg_inf)
    fp_interval_add_point(&r, -fp_format_max(id));
  return r;
}

fp_interval fp_transfer_pow(fp_arith *arith, fp_format_id id,
                            const fp_interval *x, const fp_interval *y) {
  if (fp_interval_is_bottom(x) || fp_interval_is_bottom(y))
    return fp_interval_bottom();
  fp_bound y_low, y_high;
  if (!positive_finite_only(x) || !fp_interval_extent(y, &y_low, &y_high))
    return fp_interval_top(id);
  /* x > 0: x^y is monotone in y for each x and in x for each y, so its
   * extremes are at the corners. */
  fp_interval r = fp_interval_bottom();
  add_piece_pair(arith, id, &r, mpfr_pow, (piece){x->lo, x->hi},
                 (piece){y_low, y_high});
  r = add_margin(id, r, FP_LIBM_MARGIN_ULPS);
  if (r.has_finite) {
    if (r.lo < 0)
      r.lo = 0;
    r.neg_zero = false;
    r.pos_zero = r.lo == 0;
    r.integer = false;
  }
  r.nan = y->nan;
  fp_interval_normalize(id, &r);
  return r;
}

/* value times (1 + d)^roundings (up) or (1 - d)^roundings (down), d the
 * largest relative error of one rounding into the format's precision: half
 * an ulp in round-to-nearest, a whole one in any rounding mode. Rounded
 * outward at work precision; value is positive. */
static void scale_by_roundings(fp_arith *arith, fp_format_id id, mpfr_t value,
                               long roundings, bool up) {
  int precision = fp_format_get(id)->precision;
  mpfr_set_ui_2exp(arith->y, 1, arith->nearest ? -precision : 1 - precision,
                   MPFR_RNDN);
  if (up)
    mpfr_add_ui(arith->y, arith->y, 1, MPFR_RNDU);
  else
    mpfr_ui_sub(arith->y, 1, arith->y, MPFR_RNDD);
  mpfr_rnd_t direction = up ? MPFR_RNDU : MPFR_RNDD;
  mpfr_pow_ui(arith->y, arith->y, (unsigned long)roundings, direction);
  mpfr_mul(value, value, arith->y, direction);
}

/* |x|^k for k in [k_lo, k_hi] (k >= 0) computed by repeated
 * multiplication, in whatever order (squaring, as the compiler's runtime
 * and backends do, or a chain): the result is x^k times a product of
 * (1 + e_i)^(c_i), one e_i per rounding, |e_i| <= d, where the c_i (how
 * often each rounded intermediate is a factor of the result) add up to at
 * most k - 1. So the exact corners, scaled by (1 -+ d)^(k - 1), bound it;
 * widened further by the libm margin, as for any function the runtime
 * provides. An intermediate that leaves the normal range may saturate (at
 * max or inf, depending on the rounding mode) or lose its precision, so
 * then the bound opens up to the end of the format or to zero. */
static fp_interval power_by_squaring(fp_arith *arith, fp_format_id id,
                                     const fp_interval *base, long k_lo,
                                     long k_hi) {
  fp_interval r = fp_interval_bottom();
  long exponents[2] = {k_lo, k_hi};
  fp_bound bases[2] = {base->lo, base->hi};
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) {
      long roundings = exponents[j] > 1 ? exponents[j] - 1 : 0;
      fp_set_bound(arith->x, bases[i]);
      mpfr_pow_si(arith->t, arith->x, exponents[j], MPFR_RNDD);
      scale_by_roundings(arith, id, arith->t, roundings, false);
      add_result(arith, id, &r, arith->t, MPFR_RNDD);
      mpfr_pow_si(arith->t, arith->x, exponents[j], MPFR_RNDU);
      scale_by_roundings(arith, id, arith->t, roundings, true);
      add_result(arith, id, &r, arith->t, MPFR_RNDU);
    }
  r = add_margin(id, r, FP_LIBM_MARGIN_ULPS);
  if (r.has_finite && r.lo < fp_format_min_normal(id)) {
    r.lo = 0;
    r.pos_zero = true;
  }
  if (r.pos_inf || (r.has_finite && r.hi >= fp_format_max(id))) {
    r.hi = fp_format_max(id);
    r.pos_inf = true;
  }
  r.neg_zero = false;
  r.integer = false;
  fp_interval_normalize(id, &r);
  return r;
}

/* |x|^n for |x| in the finite nonzero magnitudes [low, high] and one
 * exponent n != 0: x^-k is computed as 1 / x^k, so an x^k that overflows
 * gives 0 and one that underflows to 0 gives inf. */
static fp_interval powi_of_magnitudes(fp_arith *arith, fp_format_id id,
                                      fp_bound low, fp_bound high, long n) {
  fp_interval magnitudes = fp_interval_range(low, high);
  long k = n > 0 ? n : -n;
  fp_interval power = power_by_squaring(arith, id, &magnitudes, k, k);
  if (n > 0)
    return power;
  fp_interval one = fp_interval_point(1);
  return fp_transfer_binary(arith, id, FP_OP_DIV, &one, &power);
}

/* x^n for one exponent n, piece by piece of x, as repeated multiplication
 * (the compiler's runtime, or the multiplications a backend expands it
 * into) gives it: the magnitude from |x|, the sign of x kept for odd n;
 * +-0 gives +-0 (n > 0) or +-inf (n < 0) and +-inf the reverse, with the
 * same rule of signs; NaN stays NaN. n = 0 gives 1 for every x (the
 * multiplication never starts: powi(NaN, 0) = powi(0, 0) = 1), and NaN too
 * where x may be NaN, which costs nothing and leaves LLVM's folding of
 * powi(NaN, 0) out of the question. */
static fp_interval powi_single_exponent(fp_arith *arith, fp_format_id id,
                                        const fp_interval *x, long n) {
  fp_interval r = fp_interval_bottom();
  if (n == 0) {
    r = fp_interval_point(1);
    r.nan = x->nan;
    return r;
  }
  bool odd = (n & 1) != 0;
  fp_bound infinity = (fp_bound)INFINITY;
  fp_bound zero_image = n > 0 ? 0 : infinity;     /* of +0 */
  fp_bound infinity_image = n > 0 ? infinity : 0; /* of +inf */
  if (x->pos_zero)
    fp_interval_add_point(&r, zero_image);
  if (x->neg_zero)
    fp_interval_add_point(&r, odd ? -zero_image : zero_image);
  if (x->pos_inf)
    fp_interval_add_point(&r, infinity_image);
  if (x->neg_inf)
    fp_interval_add_point(&r, odd ? -infinity_image : infinity_image);
  r.nan = x->nan;
  if (!x->has_finite)
    return r;
  fp_bound tiny = x->integer ? 1 : fp_format_denorm_min(id);
  if (x->hi > 0) {
    fp_interval part =
        powi_of_magnitudes(arith, id, x->lo > tiny ? x->lo : tiny, x->hi, n);
    r = fp_interval_join(&r, &part);
  }
  if (x->lo < 0) {
    fp_interval part =
        powi_of_magnitudes(arith, id, x->hi < -tiny ? -x->hi : tiny, -x->lo, n);
    if (odd)
      part = fp_transfer_fneg(&part);
    r = fp_interval_join(&r, &part);
  }
  return r;
}

fp_interval fp_transfer_powi(fp_arith *arith, fp_format_id id,
                             const fp_interval *x, const int_range *n) {
  if (fp_interval_is_bottom(x) || !n->known)
    return fp_interval_bottom();
  if (n->lo < -(1 << 30) || n->hi > (1 << 30))
    return fp_interval_top(id);
  if (n->lo == n->hi) {
    fp_interval r = powi_single_exponent(arith, id, x, (long)n->lo);
    r.integer = false;
    fp_interval_normalize(id, &r);
    return r;
  }
  /* A range of exponents: positive finite bases, where x^k is monotone in
   * k too, so the corners bound it. */
  if (!positive_finite_only(x))
    return fp_interval_top(id);
  fp_interval r = fp_interval_bottom();
  if (n->hi >= 0) {
    fp_interval part = power_by_squaring(
        arith, id, x, n->lo > 0 ? (long)n->lo : 0, (long)n->hi);
    r = fp_interval_join(&r, &part);
  }
  if (n->lo < 0) {
    /* x^-k = 1 / x^k */
    fp_interval power = power_by_squaring(
        arith, id, x, n->hi < 0 ? (long)-n->hi : 1, (long)-n->lo);
    fp_interval one = fp_interval_point(1);
    fp_interval part = fp_transfer_binary(arith, id, FP_OP_DIV, &one, &power);
    r = fp_interval_join(&r, &part);
  }
  r.integer = false;
  fp_interval_normalize(id, &r);
  return r;
}

/* ---- conversions to integers, compares, classes, flags ------------------- */

int_range fp_transfer_to_int(fp_format_id id, const fp_interval *a,
                             unsigned width, bool is_signed) {
  int_range full = int_range_full(width);
  if (!a->has_finite || width > 64 || a->lo < -(fp_bound)0x1p100 ||
      a->hi > (fp_bound)0x1p100)
    return full;
  __int128 low = (__int128)a->lo, high = (__int128)a->hi; /* truncation */
  __int128 type_low = is_signed ? int_min_of(width) : 0;
  __int128 type_high =
      is_signed ? int_max_of(width) : (((__int128)1 << width) - 1);
  /* Out-of-range conversions are poison, so only in-range results count. */
  if (low < type_low)
    low = type_low;
  if (high > type_high)
    high = type_high;
  if (low > high)
    return full;
  if (!is_signed && high > int_max_of(width)) {
    /* Unsigned results above the signed maximum read as negative. */
    if (low > int_max_of(width)) {
      low -= (__int128)1 << width;
      high -= (__int128)1 << width;
    } else {
      return full;
    }
  }
  int_range r = int_range_make(width, low, high);
  r.from_fp = true;
  return r;
}

/* Outcome bits for fcmp: less, equal, greater, unordered. */
enum { OUT_LT = 1, OUT_EQ = 2, OUT_GT = 4, OUT_UNO = 8 };

static unsigned predicate_true_set(LLVMRealPredicate predicate) {
  switch (predicate) {
  case LLVMRealPredicateFalse:
    return 0;
  case LLVMRealOEQ:
    return OUT_EQ;
  case LLVMRealOGT:
    return OUT_GT;
  case LLVMRealOGE:
    return OUT_GT | OUT_EQ;
  case LLVMRealOLT:
    return OUT_LT;
  case LLVMRealOLE:
    return OUT_LT | OUT_EQ;
  case LLVMRealONE:
    return OUT_LT | OUT_GT;
  case LLVMRealORD:
    return OUT_LT | OUT_EQ | OUT_GT;
  case LLVMRealUNO:
    return OUT_UNO;
  case LLVMRealUEQ:
    return OUT_UNO | OUT_EQ;
  case LLVMRealUGT:
    return OUT_UNO | OUT_GT;
  case LLVMRealUGE:
    return OUT_UNO | OUT_GT | OUT_EQ;
  case LLVMRealULT:
    return OUT_UNO | OUT_LT;
  case LLVMRealULE:
    return OUT_UNO | OUT_LT | OUT_EQ;
  case LLVMRealUNE:
    return OUT_UNO | OUT_LT | OUT_GT;
  case LLVMRealPredicateTrue:
    return OUT_LT | OUT_EQ | OUT_GT | OUT_UNO;
  }
  return OUT_LT | OUT_EQ | OUT_GT | OUT_UNO;
}

static bool is_integral(fp_bound x) {
  if (x <= -(fp_bound)0x1p112 || x >= (fp_bound)0x1p112)
    return true;
  return (fp_bound)(__int128)x == x;
}

/* Can a non-NaN member of a equal one of b? Shared infinities, or finite
 * parts that overlap, unless one side holds only integers and the other
 * only one non-integer. */
static bool values_may_equal(const fp_interval *a, const fp_interval *b) {
  if ((a->pos_inf && b->pos_inf) || (a->neg_inf && b->neg_inf))
    return true;
  if (!a->has_finite || !b->has_finite || a->lo > b->hi || b->lo > a->hi)
    return false;
  if (a->integer && b->lo == b->hi && !is_integral(b->lo))
    return false;
  if (b->integer && a->lo == a->hi && !is_integral(a->lo))
    return false;
  return true;
}

void fp_compare_outcomes(LLVMRealPredicate predicate, const fp_interval *a,
                         const fp_interval *b, bool *can_true,
                         bool *can_false) {
  unsigned possible = 0;
  if (a->nan || b->nan)
    possible |= OUT_UNO;
  fp_bound a_low, a_high, b_low, b_high;
  if (fp_interval_extent(a, &a_low, &a_high) &&
      fp_interval_extent(b, &b_low, &b_high)) {
    if (a_low < b_high)
      possible |= OUT_LT;
    if (a_high > b_low)
      possible |= OUT_GT;
    if (a_low <= b_high && b_low <= a_high && values_may_equal(a, b))
      possible |= OUT_EQ;
  }
  unsigned true_set = predicate_true_set(predicate);
  *can_true = (possible & true_set) != 0;
  *can_false = (possible & ~true_set) != 0;
}

/* LLVM's FPClassTest bits. */
enum {
  CLASS_SNAN = 1 << 0,
  CLASS_QNAN = 1 << 1,
  CLASS_NEG_INF = 1 << 2,
  CLASS_NEG_NORMAL = 1 << 3,
  CLASS_NEG_SUBNORMAL = 1 << 4,
  CLASS_NEG_ZERO = 1 << 5,
  CLASS_POS_ZERO = 1 << 6,
  CLASS_POS_SUBNORMAL = 1 << 7,
  CLASS_POS_NORMAL = 1 << 8,
  CLASS_POS_INF = 1 << 9
};

unsigned fp_interval_classes(fp_format_id id, const fp_interval *a) {
  unsigned classes = 0;
  if (a->nan)
    classes |= CLASS_SNAN | CLASS_QNAN;
  if (a->neg_inf)
    classes |= CLASS_NEG_INF;
  if (a->pos_inf)
    classes |= CLASS_POS_INF;
  if (!a->has_finite)
    return classes;
  fp_bound normal = fp_format_min_normal(id);
  if (a->neg_zero)
    classes |= CLASS_NEG_ZERO;
  if (a->pos_zero)
    classes |= CLASS_POS_ZERO;
  if (a->lo <= -normal)
    classes |= CLASS_NEG_NORMAL;
  if (a->lo < 0 && a->hi > -normal)
    classes |= CLASS_NEG_SUBNORMAL;
  if (a->hi >= normal)
    classes |= CLASS_POS_NORMAL;
  if (a->hi > 0 && a->lo < normal)
    classes |= CLASS_POS_SUBNORMAL;
  if (a->integer)
    classes &= ~(unsigned)(CLASS_NEG_SUBNORMAL | CLASS_POS_SUBNORMAL);
  return classes;
}

void fp_apply_fast_math(fp_format_id id, fp_interval *r, LLVMFastMathFlags f) {
  if (f & LLVMFastMathNoNaNs)
    r->nan = false;
  if (f & LLVMFastMathNoInfs)
    r->pos_inf = r->neg_inf = false;
  if ((f & LLVMFastMathNoSignedZeros) && r->has_finite &&
      (r->pos_zero || r->neg_zero)) {
    r->pos_zero = r->neg_zero = true;
    if (r->lo > 0)
      r->lo = 0;
    if (r->hi < 0)
      r->hi = 0;
  }
  fp_interval_normalize(id, r);
}
