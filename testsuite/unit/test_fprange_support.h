/* Shared by the fprange unit tests: real execution of FP operations in each
 * format and rounding mode, random values and ranges.
 *
 * "Real execution" means the operation done by this machine: SSE for float
 * and double, x87 for x86_fp80, libgcc's soft-fp for fp128 (which reads the
 * SSE rounding mode), _Float16 for half (computed in float and rounded to
 * half, as LLVM lowers half on x86-64; float has 24 >= 2*11+2 bits, so the
 * double rounding is harmless for + - * / sqrt), and for bfloat float
 * arithmetic rounded to bfloat in the same mode (24 >= 2*8+2). Operands
 * and results go through volatile variables so that no operation moves
 * across fesetround. */
#ifndef LTOFOLD_TEST_FPRANGE_SUPPORT_H
#define LTOFOLD_TEST_FPRANGE_SUPPORT_H

#include "fprange_internal.h"

#include <stdbool.h>
#include <stdint.h>

extern const int test_rounding_modes[4];
extern const char *const test_rounding_names[4];

typedef enum test_op {
  TOP_ADD,
  TOP_SUB,
  TOP_MUL,
  TOP_DIV,
  TOP_REM,
  TOP_FMA,
  TOP_SQRT,
  TOP_FNEG,
  TOP_FABS,
  TOP_COPYSIGN,
  TOP_FLOOR,
  TOP_CEIL,
  TOP_TRUNC,
  TOP_RINT,
  TOP_NEARBYINT,
  TOP_ROUND,
  TOP_ROUNDEVEN,
  TOP_EXP,
  TOP_EXP2,
  TOP_EXP10,
  TOP_LOG,
  TOP_LOG2,
  TOP_LOG10,
  TOP_SIN,
  TOP_COS,
  TOP_POW,
  TOP_MINNUM,
  TOP_MAXNUM,
  TOP_MINIMUM,
  TOP_MAXIMUM,
  TOP_COUNT
} test_op;

extern const char *const test_op_names[TOP_COUNT];

/* Does `format` support `op` natively in this harness? */
bool test_op_supported(fp_format_id format, test_op op);
/* op(a, b, c) executed in `format` under rounding mode `mode`. */
fp_bound test_execute(fp_format_id format, test_op op, int mode, fp_bound a,
                      fp_bound b, fp_bound c);
/* The range our transfer functions give for op. */
fp_interval test_transfer(fp_arith *arith, fp_format_id format, test_op op,
                          const fp_interval *a, const fp_interval *b,
                          const fp_interval *c);
/* powi(a, n) executed (repeated multiplication, as compiler-rt does). */
fp_bound test_execute_powi(fp_format_id format, int mode, fp_bound a, int n);
/* Conversions executed: value of `from` rounded into `to`. */
fp_bound test_execute_convert(fp_format_id to, int mode, fp_bound value);
fp_bound test_execute_from_int(fp_format_id to, int mode, int64_t value);
fp_bound test_execute_from_uint(fp_format_id to, int mode, uint64_t value);

/* Deterministic random numbers (xorshift64*). */
typedef struct test_random {
  uint64_t state;
} test_random;
uint64_t test_next(test_random *random);
/* A value of the format: specials, boundaries, small integers, random
 * bit patterns, values near 1. */
fp_bound test_random_value(test_random *random, fp_format_id format);
/* A random range of the format, with random flags. */
fp_interval test_random_interval(test_random *random, fp_format_id format);
/* A member of a non-empty range (its ends, its specials, random inside). */
fp_bound test_random_member(test_random *random, fp_format_id format,
                            const fp_interval *r);

#endif
