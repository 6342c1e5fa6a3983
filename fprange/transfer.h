/* What each FP operation does to ranges, one operation at a time: the
 * layer above the numbers (numbers.h) and below the analysis, which applies
 * these to every instruction of a function. Neither file knows of
 * functions or blocks.
 *
 *   transfer.c  the transfer functions of the operations
 *   calls.c     which calls are operations fprange understands
 */
#ifndef LTOFOLD_FPRANGE_TRANSFER_H
#define LTOFOLD_FPRANGE_TRANSFER_H

#include "numbers.h"

/* ---- transfer functions (transfer.c) ---------------------------------- */

typedef enum fp_binary_op {
  FP_OP_ADD,
  FP_OP_SUB,
  FP_OP_MUL,
  FP_OP_DIV,
  FP_OP_REM
} fp_binary_op;

fp_interval fp_transfer_binary(fp_arith *arith, fp_format_id id,
                               fp_binary_op op, const fp_interval *a,
                               const fp_interval *b);
/* x - x (FP_OP_SUB) or x / x (FP_OP_DIV) for x in `x`. */
fp_interval fp_transfer_same_operand(const fp_arith *arith, fp_format_id id,
                                     fp_binary_op op, const fp_interval *x);
/* s = x + y rounded, then s - x (or s = x - y, then s + y... in general:
 * the rounded combination of x and y, undone by x): the result within the
 * rounding error of s around y. False (and *r untouched) when a NaN or an
 * infinity is possible in s, x or y. */
bool fp_transfer_undone_sum(fp_arith *arith, fp_format_id id,
                            const fp_interval *s, const fp_interval *x,
                            const fp_interval *y, fp_interval *r);
fp_interval fp_transfer_fma(fp_arith *arith, fp_format_id id,
                            const fp_interval *a, const fp_interval *b,
                            const fp_interval *c);
fp_interval fp_transfer_fneg(const fp_interval *a);
fp_interval fp_transfer_fabs(fp_format_id id, const fp_interval *a);
fp_interval fp_transfer_copysign(fp_format_id id, const fp_interval *a,
                                 const fp_interval *sign);
/* Conversion between formats (fptrunc/fpext): rounded both ways. */
fp_interval fp_transfer_convert(fp_arith *arith, fp_format_id to,
                                const fp_interval *a);
/* sitofp / uitofp of the integers in [lo, hi]. */
fp_interval fp_transfer_from_int(fp_arith *arith, fp_format_id id, __int128 lo,
                                 __int128 hi);
fp_interval fp_transfer_from_uint(fp_arith *arith, fp_format_id id,
                                  unsigned __int128 lo, unsigned __int128 hi);

typedef enum fp_unary_fn {
  FP_FN_SQRT,
  FP_FN_EXP,
  FP_FN_EXP2,
  FP_FN_EXP10,
  FP_FN_LOG,
  FP_FN_LOG2,
  FP_FN_LOG10,
  FP_FN_SIN,
  FP_FN_COS,
  FP_FN_FLOOR,
  FP_FN_CEIL,
  FP_FN_TRUNC,
  FP_FN_RINT, /* rint, nearbyint: current rounding mode, so any of them */
  FP_FN_ROUND,
  FP_FN_ROUNDEVEN,
  FP_FN_COUNT
} fp_unary_fn;

/* Ulps by which results of libm-style functions (exp, log, sin, cos, pow,
 * powi) are widened beyond the correctly rounded bound: the library call
 * need not be correctly rounded, in any rounding mode. glibc documents at
 * most a few ulps for these; 8 leaves room. sqrt and the rounding
 * functions are exact in IEEE 754 and get no margin. */
#define FP_LIBM_MARGIN_ULPS 8

fp_interval fp_transfer_unary(fp_arith *arith, fp_format_id id, fp_unary_fn fn,
                              const fp_interval *a);

typedef enum fp_minmax_kind {
  FP_MINNUM,
  FP_MAXNUM,
  FP_MINIMUM,
  FP_MAXIMUM,
  FP_MINIMUMNUM,
  FP_MAXIMUMNUM
} fp_minmax_kind;

/* nan_may_signal: a NaN in a or b may be a signaling one (minnum and
 * maxnum may then return NaN where a quiet NaN gives the other operand). */
fp_interval fp_transfer_minmax(fp_format_id id, fp_minmax_kind kind,
                               const fp_interval *a, const fp_interval *b,
                               bool nan_may_signal);
fp_interval fp_transfer_pow(fp_arith *arith, fp_format_id id,
                            const fp_interval *x, const fp_interval *y);
fp_interval fp_transfer_powi(fp_arith *arith, fp_format_id id,
                             const fp_interval *x, const int_range *n);
/* fptosi / fptoui into `width` bits: the integers it can give when not
 * poison (out-of-range inputs give poison, which constrains nothing). */
int_range fp_transfer_to_int(fp_format_id id, const fp_interval *a,
                             unsigned width, bool is_signed);

/* fcmp: which outcomes are possible. */
void fp_compare_outcomes(LLVMRealPredicate predicate, const fp_interval *a,
                         const fp_interval *b, bool *can_true, bool *can_false);
/* llvm.is.fpclass: the class bits (LLVM's FPClassTest) the set can have. */
unsigned fp_interval_classes(fp_format_id id, const fp_interval *a);
/* Applies fast-math flags: nnan drops NaN, ninf drops infinities, nsz
 * makes either zero possible wherever one is. */
void fp_apply_fast_math(fp_format_id id, fp_interval *r, LLVMFastMathFlags f);

/* ---- calls (calls.c) -------------------------------------------------- */

/* The operations fprange understands among calls: LLVM intrinsics and the
 * libm functions of the same meaning (declarations only). */
typedef enum fp_call_kind {
  CALL_OTHER,
  CALL_UNARY, /* *unary_fn says which */
  CALL_FABS,
  CALL_COPYSIGN,
  CALL_MINMAX, /* *minmax says which */
  CALL_FMA,
  CALL_FMULADD,
  CALL_POW,
  CALL_POWI,
  CALL_REM, /* fmod, as frem */
  CALL_IS_FPCLASS
} fp_call_kind;

fp_call_kind fp_classify_call(LLVMValueRef call, fp_unary_fn *unary_fn,
                              fp_minmax_kind *minmax);

/* The integer min/max intrinsics (a loop's trip count min(n, N) is one). */
typedef enum int_minmax_kind {
  INT_MINMAX_NONE,
  INT_SMIN,
  INT_SMAX,
  INT_UMIN,
  INT_UMAX
} int_minmax_kind;

int_minmax_kind int_classify_minmax(LLVMValueRef call);

#endif
