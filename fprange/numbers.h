/* The numbers fprange computes with, below everything else in fprange/:
 * the formats and their values (fp_bound), the FP range type, rounding in a
 * direction into a format (MPFR, and the machine where it rounds the same),
 * and integer ranges. Nothing here knows of functions, blocks or the
 * analysis; every other file of fprange/ builds on these.
 *
 *   interval.c  formats, the FP range type, directed-rounding arithmetic
 *   intrange.c  integer ranges (inputs of sitofp/uitofp, fptosi results)
 */
#ifndef LTOFOLD_FPRANGE_NUMBERS_H
#define LTOFOLD_FPRANGE_NUMBERS_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MPFR_WANT_FLOAT128 1
#include <mpfr.h>

/* ---- formats (interval.c) ---------------------------------------------- */

typedef enum fp_format_id {
  FP_HALF,
  FP_BFLOAT,
  FP_FLOAT,
  FP_DOUBLE,
  FP_X86_FP80,
  FP_FP128,
  FP_FORMAT_COUNT
} fp_format_id;

/* Every value of every format is exactly a _Float128 (x86_fp80 included:
 * 64 < 113 significand bits, same exponent range, deeper subnormals). */
typedef _Float128 fp_bound;

/* A binary IEEE-style format: `precision` significand bits (with the hidden
 * bit), largest unbiased exponent `max_exponent`; subnormals below
 * 2^(1-max_exponent). x86_fp80 fits (its explicit integer bit changes the
 * encoding, not the set of values). */
typedef struct fp_format {
  const char *name;
  int precision;
  int max_exponent;
  fp_bound max; /* (2 - 2^(1 - precision)) 2^max_exponent */
} fp_format;

const fp_format *fp_format_get(fp_format_id id);

/* The format of an FP type, or of the elements of a vector of FP. False for
 * ppc_fp128 and non-FP types. */
bool fp_format_of_type(LLVMTypeRef type, fp_format_id *id);

/* Exact conversions between fp_bound and float or double by the bits of
 * IEEE binary128 (_Float128's layout on every target LLVM's x86-64 and
 * AArch64 Linux use): x86-64 has no _Float128 instructions, so the
 * compiler's own conversions and compares are library calls (libgcc's
 * soft float), which were most of fprange's time. to_*: false when x is
 * not a value of the format (NaN included). */
bool fp_bound_to_double(fp_bound x, double *out);
bool fp_bound_to_float(fp_bound x, float *out);
fp_bound fp_bound_from_double(double x);
fp_bound fp_bound_from_float(float x);
/* The bits of x, and tests on them, for the hottest paths (the same
 * reason). */
static inline unsigned __int128 fp_bound_bits(fp_bound x) {
  unsigned __int128 b;
  memcpy(&b, &x, sizeof b);
  return b;
}
/* The bits are those of +-inf; x is +-inf (isinf). */
static inline bool fp_bits_is_inf(unsigned __int128 b) {
  return b << 1 == (unsigned __int128)0x7fff << 113; /* exponent all ones */
}
static inline bool fp_bound_is_inf(fp_bound x) {
  return fp_bits_is_inf(fp_bound_bits(x));
}
/* a and b are the same value with the same sign (so -0 and +0 are not;
 * NaNs with the same bits are). */
static inline bool fp_bound_identical(fp_bound a, fp_bound b) {
  return fp_bound_bits(a) == fp_bound_bits(b);
}

fp_bound fp_format_max(fp_format_id id);        /* largest finite */
fp_bound fp_format_min_normal(fp_format_id id); /* smallest positive normal */
fp_bound fp_format_denorm_min(fp_format_id id); /* smallest positive */
/* The neighbours of a finite value x of the format (may return +-inf). */
fp_bound fp_next_up(fp_format_id id, fp_bound x);
fp_bound fp_next_down(fp_format_id id, fp_bound x);

/* ---- the FP range ------------------------------------------------------ */

/* A set of values of one format, as: the finite values lie in [lo, hi]
 * (when has_finite); which zeros are possible (only when 0 is in [lo, hi];
 * both false then means zero is excluded); whether +inf, -inf, NaN are
 * possible, tracked apart from the finite part; and whether every finite
 * value is an integer. The empty set ("bottom": nothing flows here yet, or
 * the code is unreachable) has every flag false. */
typedef struct fp_interval {
  fp_bound lo, hi;
  bool has_finite;
  bool pos_zero, neg_zero;
  bool pos_inf, neg_inf;
  bool nan;
  bool integer;
} fp_interval;

fp_interval fp_interval_bottom(void);
fp_interval fp_interval_top(fp_format_id id);
/* {x} for a value x of the format (NaN, inf and signed zero included). */
fp_interval fp_interval_point(fp_bound x);
/* Finite [lo, hi] with no specials; zeros of both signs when 0 is inside. */
fp_interval fp_interval_range(fp_bound lo, fp_bound hi);
bool fp_interval_is_bottom(const fp_interval *r);
bool fp_interval_equal(const fp_interval *a, const fp_interval *b);
/* Adds one value of the format to the set (NaN, inf, signed zero too). */
void fp_interval_add_point(fp_interval *r, fp_bound x);
fp_interval fp_interval_join(const fp_interval *a, const fp_interval *b);
/* The elements in both. */
fp_interval fp_interval_meet(fp_format_id id, const fp_interval *a,
                             const fp_interval *b);
/* Re-establishes the invariants: zero flags false when 0 is not inside,
 * a bound at a zero that is excluded moves to the nearest nonzero value. */
void fp_interval_normalize(fp_format_id id, fp_interval *r);
/* Does the set contain x (with its sign of zero; any NaN for NaN)? */
bool fp_interval_contains(const fp_interval *r, fp_bound x);
/* Lowest and highest non-NaN element, infinities included; false when the
 * set holds at most NaN. */
bool fp_interval_extent(const fp_interval *r, fp_bound *low, fp_bound *high);
/* Can the set hold a value with the sign bit set / clear (NaN: either)? */
bool fp_interval_may_be_negative(const fp_interval *r);
bool fp_interval_may_be_positive(const fp_interval *r);
/* Keeps the elements x with low <= x <= high (strict when the flag says),
 * NaN dropped unless keep_nan. Used by branch refinement. */
void fp_interval_clip(fp_format_id id, fp_interval *r, fp_bound low,
                      bool low_strict, fp_bound high, bool high_strict,
                      bool keep_nan);
/* How subnormals of a format may become zeros in a function (its
 * "denormal-fp-math" attributes, and the program's: program.c; output
 * flushing and input treated as zero alike): not at all; to a zero of
 * their sign; to +0; either. */
typedef enum fp_flush {
  FP_FLUSH_NONE,
  FP_FLUSH_PRESERVE_SIGN,
  FP_FLUSH_POSITIVE_ZERO,
  FP_FLUSH_ANY
} fp_flush;
/* Adds the zeros the set's subnormals may flush to. */
void fp_interval_flush(fp_format_id id, fp_interval *r, fp_flush flush);
/* The mode that allows the zeros either allows. */
fp_flush fp_flush_join(fp_flush a, fp_flush b);

/* Widening: a bound that moved since `old` jumps to the end of the format
 * (the infinity becomes possible); the other flags are joined. */
fp_interval fp_interval_widen(fp_format_id id, const fp_interval *old,
                              const fp_interval *next);

/* ---- directed-rounding arithmetic (interval.c) -------------------------- */

/* MPFR scratch for the transfer functions, and the rounding they assume.
 * Owned by whoever runs the analysis (one per thread; MPFR's own exponent
 * range is left as found). Every intermediate is computed at
 * FP_WORK_PRECISION bits in MPFR's wide default exponent range, rounded
 * toward -inf for a lower bound and +inf for an upper one, then rounded once
 * more into the format with subnormals emulated (fp_round_result):
 *  - nearest (LLVM IR's default floating-point environment outside
 *    strictfp): to nearest, ties to even. Rounding to nearest is monotone,
 *    so the nearest of a value below (above) the exact result is at or
 *    below (above) the nearest of the exact result: the bound is the
 *    result a correctly rounded operation gives, or one value further out
 *    in the rare double-rounding tie.
 *  - otherwise, every rounding mode: toward -inf (+inf) again; a directed
 *    rounding of a directed rounding the same way on a finer grid is the
 *    rounding of the exact value, so the two steps lose nothing. */
#define FP_WORK_PRECISION 128
typedef struct fp_arith {
  mpfr_t x, y, z, t, u;
  bool nearest; /* round to nearest even (the default), or any mode */
  /* This process computes float, double and long double (x86_fp80) in
   * round-to-nearest with subnormals and full precision, so correctly
   * rounded operations in those formats can run on the machine itself
   * (transfer.c), not in MPFR. Checked by fp_arith_init. */
  bool native;
  /* The results of the costliest transfers (sums, products, quotients,
   * fma: every corner of every piece of their operands), by operands
   * (transfer.c); NULL until the first. */
  struct fp_transfer_memo *memo;
} fp_arith;

void fp_arith_init(fp_arith *arith);
void fp_arith_free(fp_arith *arith);
void fp_set_bound(mpfr_t out, fp_bound value); /* exact */
/* Rounds x (already rounded toward `rnd` at work precision) into format
 * `id`, toward `rnd` (MPFR_RNDD or MPFR_RNDU), with overflow to +-inf and
 * subnormals as the format has them. */
fp_bound fp_round_to_format(fp_format_id id, mpfr_t x, mpfr_rnd_t rnd);
/* The bound an operation's result can reach on the side of `direction`
 * (MPFR_RNDD: lowest, MPFR_RNDU: highest) when its exact value was
 * rounded that way into x at work precision: rounded into the format to
 * nearest, or in `direction` when any rounding mode is possible. */
fp_bound fp_round_result(const fp_arith *arith, fp_format_id id, mpfr_t x,
                         mpfr_rnd_t direction);

/* ---- integer ranges (intrange.c) -------------------------------------- */

/* The signed values of an integer of `width` bits (1..128) lie in
 * [lo, hi]; i1 true is -1. `known` false means bottom (nothing yet).
 * from_fp: the range came through fptosi/fptoui (so an icmp decided by it
 * is an fprange fold). */
typedef struct int_range {
  __int128 lo, hi;
  unsigned width;
  bool known;
  bool from_fp;
} int_range;

int_range int_range_full(unsigned width);
int_range int_range_point(unsigned width, __int128 value);
int_range int_range_make(unsigned width, __int128 lo, __int128 hi);
int_range int_range_join(const int_range *a, const int_range *b);
bool int_range_equal(const int_range *a, const int_range *b);
__int128 int_min_of(unsigned width);
__int128 int_max_of(unsigned width);
/* The unsigned view: [lo, hi] of the values read as unsigned, as a hull. */
void int_range_unsigned(const int_range *r, unsigned __int128 *lo,
                        unsigned __int128 *hi);
/* The range of llvm.smin/smax (is_unsigned false) or llvm.umin/umax of
 * operands in x and y (the hull over lanes for vectors). */
int_range int_range_min(const int_range *x, const int_range *y,
                        bool is_unsigned);
int_range int_range_max(const int_range *x, const int_range *y,
                        bool is_unsigned);
/* The i1 result of a compare that can be true / false. */
int_range int_range_bool(bool can_true, bool can_false);
/* Is the i1 range exactly true / exactly false? */
bool int_range_is_true(const int_range *r);
bool int_range_is_false(const int_range *r);

#endif
