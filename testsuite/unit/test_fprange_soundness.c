/* Soundness of fprange's transfer functions against real execution.
 *
 * For random ranges (with NaN, infinities, signed zeros, subnormals and the
 * format's extremes among their members) and random members of them, every
 * operation is executed on this machine in all four rounding modes; the
 * range the transfer function computed must contain each result, with its
 * sign of zero, NaN-ness and (if claimed) integrality. Each transfer
 * function is checked twice: computed for round-to-nearest (LLVM IR's
 * default) against execution in that mode, and computed for any rounding
 * mode against execution in all four. Each format is
 * checked with its own native type (see test_fprange_support.h). Half
 * precision is also checked exhaustively for every unary operation. */
#include "test_fprange_support.h"

#include <criterion/criterion.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { MEMBERS_PER_RANGE = 6, MAX_REPORTED = 5 };

typedef struct failure_log {
  unsigned count;
  char first[MAX_REPORTED][1024];
} failure_log;

static void describe(fp_format_id format, const fp_interval *r, char *out,
                     size_t size) {
  char lo[64], hi[64];
  fp_format_bound(format, r->lo, lo, sizeof lo);
  fp_format_bound(format, r->hi, hi, sizeof hi);
  snprintf(out, size, "[%s, %s]%s%s%s%s%s%s%s", r->has_finite ? lo : "-",
           r->has_finite ? hi : "-", r->nan ? " nan" : "",
           r->pos_inf ? " +inf" : "", r->neg_inf ? " -inf" : "",
           r->pos_zero ? " +0" : "", r->neg_zero ? " -0" : "",
           r->integer ? " int" : "", r->has_finite ? "" : " (no finite)");
}

static void note_failure(failure_log *log, fp_format_id format, const char *op,
                         int mode, fp_bound x, fp_bound y, fp_bound z,
                         fp_bound got, const fp_interval *range) {
  if (log->count < MAX_REPORTED) {
    char xs[64], ys[64], zs[64], gs[64], rs[256];
    fp_format_bound(format, x, xs, sizeof xs);
    fp_format_bound(format, y, ys, sizeof ys);
    fp_format_bound(format, z, zs, sizeof zs);
    fp_format_bound(format, got, gs, sizeof gs);
    if (got == 0)
      snprintf(gs, sizeof gs, "%s0", signbit(got) ? "-" : "+");
    describe(format, range, rs, sizeof rs);
    snprintf(log->first[log->count], sizeof log->first[0],
             "%s %s (%s): args %s %s %s gave %s, outside %s",
             fp_format_get(format)->name, op, test_rounding_names[mode], xs, ys,
             zs, gs, rs);
  }
  log->count++;
}

static void report(const failure_log *log) {
  for (unsigned i = 0; i < log->count && i < MAX_REPORTED; ++i)
    cr_log_error("%s", log->first[i]);
  cr_expect_eq(log->count, 0, "%u results outside their range", log->count);
}

/* Round-to-nearest ranges are checked in that mode; every-mode ranges in
 * all four (test_rounding_modes[0] is to nearest). */
static int modes_checked(const fp_arith *arith) {
  return arith->nearest ? 1 : 4;
}

static bool is_unary(test_op op) {
  return op >= TOP_SQRT && op != TOP_COPYSIGN && op != TOP_POW &&
         op < TOP_MINNUM;
}

static void check_random(fp_format_id format, test_op op, unsigned ranges,
                         uint64_t seed, bool nearest, failure_log *log) {
  fp_arith arith;
  fp_arith_init(&arith);
  arith.nearest = nearest;
  test_random random = {seed * 0x9E3779B97F4A7C15ull + op + 1};
  for (unsigned t = 0; t < ranges; ++t) {
    fp_interval a = test_random_interval(&random, format);
    fp_interval b = test_random_interval(&random, format);
    fp_interval c = test_random_interval(&random, format);
    fp_interval r = test_transfer(&arith, format, op, &a, &b, &c);
    for (int m = 0; m < MEMBERS_PER_RANGE; ++m) {
      fp_bound x = test_random_member(&random, format, &a);
      fp_bound y = test_random_member(&random, format, &b);
      fp_bound z = test_random_member(&random, format, &c);
      for (int mode = 0; mode < modes_checked(&arith); ++mode) {
        fp_bound got =
            test_execute(format, op, test_rounding_modes[mode], x, y, z);
        if (!fp_interval_contains(&r, got))
          note_failure(log, format, test_op_names[op], mode, x, y, z, got, &r);
      }
    }
  }
  fp_arith_free(&arith);
}

static void check_format(fp_format_id format, unsigned ranges) {
  failure_log log = {0};
  for (int any = 0; any < 2; ++any)
    for (int op = 0; op < TOP_COUNT; ++op)
      if (test_op_supported(format, (test_op)op))
        check_random(format, (test_op)op,
                     is_unary((test_op)op) ? ranges : 2 * ranges, format,
                     !any, &log);
  report(&log);
}

TestSuite(fprange_soundness, .timeout = 300);

Test(fprange_soundness, half) { check_format(FP_HALF, 300); }
Test(fprange_soundness, bfloat) { check_format(FP_BFLOAT, 300); }
Test(fprange_soundness, float) { check_format(FP_FLOAT, 300); }
Test(fprange_soundness, double) { check_format(FP_DOUBLE, 300); }
Test(fprange_soundness, x86_fp80) { check_format(FP_X86_FP80, 200); }
Test(fprange_soundness, fp128) { check_format(FP_FP128, 60); }

/* Every half value, every unary operation, every rounding mode. */
static void half_exhaustive_unary_in(bool nearest) {
  static const test_op ops[] = {TOP_SQRT,      TOP_FNEG,  TOP_FABS, TOP_FLOOR,
                                TOP_CEIL,      TOP_TRUNC, TOP_RINT, TOP_ROUND,
                                TOP_ROUNDEVEN, TOP_EXP,   TOP_EXP2, TOP_LOG,
                                TOP_LOG2,      TOP_LOG10, TOP_SIN,  TOP_COS};
  fp_arith arith;
  fp_arith_init(&arith);
  arith.nearest = nearest;
  failure_log log = {0};
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    uint16_t b16 = (uint16_t)bits;
    _Float16 h;
    memcpy(&h, &b16, 2);
    fp_bound x = h;
    fp_interval point = fp_interval_point(x);
    for (size_t i = 0; i < sizeof ops / sizeof *ops; ++i) {
      fp_interval r =
          test_transfer(&arith, FP_HALF, ops[i], &point, &point, &point);
      for (int mode = 0; mode < modes_checked(&arith); ++mode) {
        fp_bound got =
            test_execute(FP_HALF, ops[i], test_rounding_modes[mode], x, x, x);
        if (!fp_interval_contains(&r, got))
          note_failure(&log, FP_HALF, test_op_names[ops[i]], mode, x, x, x, got,
                       &r);
      }
    }
  }
  fp_arith_free(&arith);
  report(&log);
}
Test(fprange_soundness, half_exhaustive_unary, .timeout = 600) {
  half_exhaustive_unary_in(true);
  half_exhaustive_unary_in(false);
}

/* Every half value x, added to, multiplied and divided by a set of ranges. */
static void half_exhaustive_binary_in(bool nearest) {
  static const test_op ops[] = {TOP_ADD, TOP_MUL, TOP_DIV};
  fp_arith arith;
  fp_arith_init(&arith);
  arith.nearest = nearest;
  test_random random = {12345};
  failure_log log = {0};
  for (int k = 0; k < 4; ++k) {
    fp_interval b = test_random_interval(&random, FP_HALF);
    fp_bound y = test_random_member(&random, FP_HALF, &b);
    for (uint32_t bits = 0; bits < 0x10000; bits += 1) {
      uint16_t b16 = (uint16_t)bits;
      _Float16 h;
      memcpy(&h, &b16, 2);
      fp_bound x = h;
      fp_interval point = fp_interval_point(x);
      for (size_t i = 0; i < sizeof ops / sizeof *ops; ++i) {
        fp_interval r = test_transfer(&arith, FP_HALF, ops[i], &point, &b, &b);
        for (int mode = 0; mode < modes_checked(&arith); ++mode) {
          fp_bound got =
              test_execute(FP_HALF, ops[i], test_rounding_modes[mode], x, y, y);
          if (!fp_interval_contains(&r, got))
            note_failure(&log, FP_HALF, test_op_names[ops[i]], mode, x, y, y,
                         got, &r);
        }
      }
    }
  }
  fp_arith_free(&arith);
  report(&log);
}
Test(fprange_soundness, half_exhaustive_binary, .timeout = 600) {
  half_exhaustive_binary_in(true);
  half_exhaustive_binary_in(false);
}

/* fptrunc / fpext: from each wider format into each narrower. */
static void conversions_in(bool nearest) {
  fp_arith arith;
  fp_arith_init(&arith);
  arith.nearest = nearest;
  failure_log log = {0};
  test_random random = {777};
  for (int from = FP_HALF; from < FP_FORMAT_COUNT; ++from)
    for (int to = FP_HALF; to < FP_FORMAT_COUNT; ++to) {
      if (to == FP_BFLOAT && from != FP_FLOAT && from != FP_BFLOAT &&
          from != FP_HALF)
        continue; /* the harness rounds to bfloat from float only */
      for (int t = 0; t < 300; ++t) {
        fp_interval a = test_random_interval(&random, (fp_format_id)from);
        fp_interval r = fp_transfer_convert(&arith, (fp_format_id)to, &a);
        for (int m = 0; m < MEMBERS_PER_RANGE; ++m) {
          fp_bound x = test_random_member(&random, (fp_format_id)from, &a);
          for (int mode = 0; mode < modes_checked(&arith); ++mode) {
            fp_bound got = test_execute_convert((fp_format_id)to,
                                                test_rounding_modes[mode], x);
            if (!fp_interval_contains(&r, got))
              note_failure(&log, (fp_format_id)to, "convert", mode, x, 0, 0,
                           got, &r);
          }
        }
      }
    }
  fp_arith_free(&arith);
  report(&log);
}
Test(fprange_soundness, conversions) {
  conversions_in(true);
  conversions_in(false);
}

/* sitofp / uitofp of integer ranges. */
static void int_to_fp_in(bool nearest) {
  fp_arith arith;
  fp_arith_init(&arith);
  arith.nearest = nearest;
  failure_log log = {0};
  test_random random = {99};
  for (int to = FP_HALF; to < FP_FORMAT_COUNT; ++to) {
    if (to == FP_BFLOAT)
      continue;
    for (int t = 0; t < 400; ++t) {
      int shift = (int)(test_next(&random) % 64);
      int64_t a = (int64_t)test_next(&random) >> shift;
      int64_t b = (int64_t)test_next(&random) >> shift;
      if (t % 3 == 0)
        b = a + (int64_t)(test_next(&random) % 5);
      int64_t lo = a < b ? a : b, hi = a < b ? b : a;
      fp_interval signed_range =
          fp_transfer_from_int(&arith, (fp_format_id)to, lo, hi);
      uint64_t ulo = (uint64_t)lo, uhi = (uint64_t)hi;
      if (ulo > uhi) {
        uint64_t swap = ulo;
        ulo = uhi;
        uhi = swap;
      }
      fp_interval unsigned_range =
          fp_transfer_from_uint(&arith, (fp_format_id)to, ulo, uhi);
      for (int m = 0; m < 8; ++m) {
        uint64_t span = (uint64_t)hi - (uint64_t)lo;
        int64_t x = m == 0 ? lo
                    : m == 1
                        ? hi
                        : (int64_t)((uint64_t)lo +
                                    (span ? test_next(&random) % span : 0));
        uint64_t uspan = uhi - ulo;
        uint64_t ux = m == 0   ? ulo
                      : m == 1 ? uhi
                               : ulo + (uspan ? test_next(&random) % uspan : 0);
        for (int mode = 0; mode < modes_checked(&arith); ++mode) {
          fp_bound got = test_execute_from_int((fp_format_id)to,
                                               test_rounding_modes[mode], x);
          if (!fp_interval_contains(&signed_range, got))
            note_failure(&log, (fp_format_id)to, "sitofp", mode, (fp_bound)x, 0,
                         0, got, &signed_range);
          got = test_execute_from_uint((fp_format_id)to,
                                       test_rounding_modes[mode], ux);
          if (!fp_interval_contains(&unsigned_range, got))
            note_failure(&log, (fp_format_id)to, "uitofp", mode, (fp_bound)ux,
                         0, 0, got, &unsigned_range);
        }
      }
    }
  }
  fp_arith_free(&arith);
  report(&log);
}
Test(fprange_soundness, int_to_fp) {
  int_to_fp_in(true);
  int_to_fp_in(false);
}

/* powi: repeated multiplication, as the compiler's runtime does it. */
static void powi_in(bool nearest) {
  fp_arith arith;
  fp_arith_init(&arith);
  arith.nearest = nearest;
  failure_log log = {0};
  test_random random = {4242};
  for (int format = FP_FLOAT; format <= FP_X86_FP80; ++format)
    for (int t = 0; t < 400; ++t) {
      fp_interval a = test_random_interval(&random, (fp_format_id)format);
      int n_lo = (int)(test_next(&random) % 41) - 20;
      int n_hi = n_lo + (int)(test_next(&random) % 4);
      if (t % 2)
        n_hi = n_lo;
      int_range n = int_range_make(32, n_lo, n_hi);
      fp_interval r = fp_transfer_powi(&arith, (fp_format_id)format, &a, &n);
      for (int m = 0; m < MEMBERS_PER_RANGE; ++m) {
        fp_bound x = test_random_member(&random, (fp_format_id)format, &a);
        int k = n_lo + (int)(test_next(&random) % (unsigned)(n_hi - n_lo + 1));
        for (int mode = 0; mode < modes_checked(&arith); ++mode) {
          fp_bound got = test_execute_powi((fp_format_id)format,
                                           test_rounding_modes[mode], x, k);
          if (!fp_interval_contains(&r, got))
            note_failure(&log, (fp_format_id)format, "powi", mode, x, k, 0, got,
                         &r);
        }
      }
    }
  fp_arith_free(&arith);
  report(&log);
}
Test(fprange_soundness, powi) {
  powi_in(true);
  powi_in(false);
}

/* powi with long chains of roundings: bases a few ulps from 1 (where
 * every step rounds) and others, exponents 15 to 40, each as a point, in
 * float and double: the error of repeated squaring compounds (an early
 * rounding is squared again and again), which a margin per bit of the
 * exponent did not cover when rounding upward (1.00000024f^21). */
static void powi_chains_in(bool nearest) {
  fp_arith arith;
  fp_arith_init(&arith);
  arith.nearest = nearest;
  failure_log log = {0};
  static const double bases[] = {1.0000002384185791,  1.0000004768371582,
                                 0.99999994039535522, 2.86795759,
                                 -1.0000002384185791, 1.4142135623730951};
  for (int format = FP_FLOAT; format <= FP_DOUBLE; ++format)
    for (size_t b = 0; b < sizeof bases / sizeof *bases; ++b)
      for (int k = 15; k <= 40; ++k)
        for (int sign = -1; sign <= 1; sign += 2) {
          fp_bound x = format == FP_FLOAT ? (fp_bound)(float)bases[b]
                                          : (fp_bound)bases[b];
          fp_interval a = fp_interval_point(x);
          int_range n = int_range_make(32, sign * k, sign * k);
          fp_interval r =
              fp_transfer_powi(&arith, (fp_format_id)format, &a, &n);
          for (int mode = 0; mode < modes_checked(&arith); ++mode) {
            fp_bound got = test_execute_powi(
                (fp_format_id)format, test_rounding_modes[mode], x, sign * k);
            if (!fp_interval_contains(&r, got))
              note_failure(&log, (fp_format_id)format, "powi", mode, x,
                           sign * k, 0, got, &r);
          }
        }
  fp_arith_free(&arith);
  report(&log);
}
Test(fprange_soundness, powi_chains) {
  powi_chains_in(true);
  powi_chains_in(false);
}

/* The 16 fcmp predicates on members, against fp_compare_outcomes. */
static bool execute_predicate(LLVMRealPredicate p, fp_bound x, fp_bound y) {
  bool unordered = isnan(x) || isnan(y);
  bool lt = !unordered && x < y, gt = !unordered && x > y;
  bool eq = !unordered && x == y;
  switch (p) {
  case LLVMRealPredicateFalse:
    return false;
  case LLVMRealOEQ:
    return eq;
  case LLVMRealOGT:
    return gt;
  case LLVMRealOGE:
    return gt || eq;
  case LLVMRealOLT:
    return lt;
  case LLVMRealOLE:
    return lt || eq;
  case LLVMRealONE:
    return lt || gt;
  case LLVMRealORD:
    return !unordered;
  case LLVMRealUNO:
    return unordered;
  case LLVMRealUEQ:
    return unordered || eq;
  case LLVMRealUGT:
    return unordered || gt;
  case LLVMRealUGE:
    return unordered || gt || eq;
  case LLVMRealULT:
    return unordered || lt;
  case LLVMRealULE:
    return unordered || lt || eq;
  case LLVMRealUNE:
    return unordered || lt || gt;
  case LLVMRealPredicateTrue:
    return true;
  }
  return false;
}

Test(fprange_soundness, fcmp_outcomes) {
  failure_log log = {0};
  test_random random = {31337};
  unsigned decided = 0;
  for (int format = FP_HALF; format < FP_FORMAT_COUNT; ++format)
    for (int t = 0; t < 2000; ++t) {
      fp_interval a = test_random_interval(&random, (fp_format_id)format);
      fp_interval b =
          t % 3 ? test_random_interval(&random, (fp_format_id)format)
                : fp_interval_point(
                      test_random_member(&random, (fp_format_id)format, &a));
      for (int p = 0; p < 16; ++p) {
        bool can_true, can_false;
        fp_compare_outcomes((LLVMRealPredicate)p, &a, &b, &can_true,
                            &can_false);
        decided += can_true != can_false;
        for (int m = 0; m < MEMBERS_PER_RANGE; ++m) {
          fp_bound x = test_random_member(&random, (fp_format_id)format, &a);
          fp_bound y = test_random_member(&random, (fp_format_id)format, &b);
          bool got = execute_predicate((LLVMRealPredicate)p, x, y);
          if ((got && !can_true) || (!got && !can_false))
            note_failure(&log, (fp_format_id)format, "fcmp", 0, x, y, p, got,
                         &a);
        }
      }
    }
  report(&log);
  cr_expect_gt(decided, 1000, "the test should meet decided compares");
}

/* llvm.is.fpclass: the class of every member is among the range's. */
static unsigned class_of(fp_format_id format, fp_bound x) {
  if (isnan(x))
    return 3;
  bool negative = signbit(x);
  if (isinf(x))
    return negative ? 1u << 2 : 1u << 9;
  if (x == 0)
    return negative ? 1u << 5 : 1u << 6;
  fp_bound magnitude = negative ? -x : x;
  bool subnormal = magnitude < fp_format_min_normal(format);
  if (negative)
    return subnormal ? 1u << 4 : 1u << 3;
  return subnormal ? 1u << 7 : 1u << 8;
}

Test(fprange_soundness, fpclass) {
  failure_log log = {0};
  test_random random = {2718};
  for (int format = FP_HALF; format < FP_FORMAT_COUNT; ++format)
    for (int t = 0; t < 20000; ++t) {
      fp_interval a = test_random_interval(&random, (fp_format_id)format);
      unsigned classes = fp_interval_classes((fp_format_id)format, &a);
      for (int m = 0; m < MEMBERS_PER_RANGE; ++m) {
        fp_bound x = test_random_member(&random, (fp_format_id)format, &a);
        if ((class_of((fp_format_id)format, x) & classes) == 0)
          note_failure(&log, (fp_format_id)format, "is.fpclass", 0, x, 0, 0, x,
                       &a);
      }
    }
  report(&log);
}

/* nofpclass attributes (nofpclass.c): no member of a range is in a class
 * its mask excludes; x86_fp80 and the empty range get no mask. */
Test(fprange_soundness, nofpclass_mask) {
  failure_log log = {0};
  test_random random = {1414};
  for (int format = FP_HALF; format < FP_FORMAT_COUNT; ++format)
    for (int t = 0; t < 20000; ++t) {
      fp_interval a = test_random_interval(&random, (fp_format_id)format);
      uint64_t excluded = fprange_nofpclass_mask((fp_format_id)format, &a);
      if (format == FP_X86_FP80)
        cr_assert_eq(excluded, 0);
      for (int m = 0; m < MEMBERS_PER_RANGE; ++m) {
        fp_bound x = test_random_member(&random, (fp_format_id)format, &a);
        if (class_of((fp_format_id)format, x) & excluded)
          note_failure(&log, (fp_format_id)format, "nofpclass", 0, x, 0, 0, x,
                       &a);
      }
    }
  fp_interval empty = fp_interval_bottom();
  cr_expect_eq(fprange_nofpclass_mask(FP_DOUBLE, &empty), 0);
  fp_interval one = fp_interval_point(1.0);
  /* {1.0}: every class but the positive normals. */
  cr_expect_eq(fprange_nofpclass_mask(FP_DOUBLE, &one), 1023 & ~(1u << 8));
  report(&log);
}

/* fptosi / fptoui: in-range members truncate into the integer range. */
Test(fprange_soundness, fp_to_int) {
  failure_log log = {0};
  test_random random = {1618};
  for (int format = FP_HALF; format < FP_FORMAT_COUNT; ++format)
    for (int t = 0; t < 20000; ++t) {
      fp_interval a = test_random_interval(&random, (fp_format_id)format);
      unsigned width = (unsigned)(8 << (test_next(&random) % 4));
      bool is_signed = test_next(&random) & 1;
      int_range r =
          fp_transfer_to_int((fp_format_id)format, &a, width, is_signed);
      for (int m = 0; m < MEMBERS_PER_RANGE; ++m) {
        fp_bound x = test_random_member(&random, (fp_format_id)format, &a);
        if (isnan(x) || isinf(x))
          continue;
        fp_bound truncated =
            x < 0 ? -(fp_bound)(__int128)(-x) : (fp_bound)(__int128)x;
        if (x > (fp_bound)0x1p100 || x < -(fp_bound)0x1p100)
          continue; /* out of every type's range: poison */
        __int128 value = (__int128)truncated;
        __int128 low = is_signed ? int_min_of(width) : 0;
        __int128 high =
            is_signed ? int_max_of(width) : (((__int128)1 << width) - 1);
        if (value < low || value > high)
          continue; /* poison */
        if (!is_signed && value > int_max_of(width))
          value -= (__int128)1 << width; /* the bits read as signed */
        if (value < r.lo || value > r.hi)
          note_failure(&log, (fp_format_id)format, "fptoi", 0, x, width, 0,
                       (fp_bound)value, &a);
      }
    }
  report(&log);
}

/* The conversions by the bits (interval.c) against the compiler's own, on
 * every kind of value: zeros, subnormals, normals, the extremes, infinities,
 * and binary128 values just off a value of the format or outside its
 * range, which must not convert. */
static uint64_t next_random(uint64_t *state) {
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return *state >> 11 ^ *state << 29;
}

static bool same_bits(const void *a, const void *b, size_t size) {
  return memcmp(a, b, size) == 0;
}

static void check_bits_double(double d) {
  fp_bound wide = d, got = fp_bound_from_double(d);
  cr_assert(isnan(d) ? isnan(got) : same_bits(&wide, &got, sizeof wide),
            "from_double(%a)", d);
  double back;
  bool exact = fp_bound_to_double(wide, &back);
  cr_assert(exact == !isnan(d), "to_double(%a) exact", d);
  if (exact)
    cr_assert(same_bits(&back, &d, sizeof d), "to_double(%a) = %a", d, back);
  /* just above in binary128: no double */
  if (!isnan(d) && !isinf(d)) {
    fp_bound off = wide + wide * (fp_bound)0x1p-100Q;
    if (off != wide)
      cr_assert(!fp_bound_to_double(off, &back), "to_double(%a + ...)", d);
  }
}

static void check_bits_float(float f) {
  fp_bound wide = f, got = fp_bound_from_float(f);
  cr_assert(isnan(f) ? isnan(got) : same_bits(&wide, &got, sizeof wide),
            "from_float(%a)", (double)f);
  float back;
  bool exact = fp_bound_to_float(wide, &back);
  cr_assert(exact == !isnan(f), "to_float(%a) exact", (double)f);
  if (exact)
    cr_assert(same_bits(&back, &f, sizeof f), "to_float(%a)", (double)f);
  /* a double that is no float: converts to double, not to float */
  double d = f;
  if (!isnan(f) && !isinf(f) && f != 0) {
    double off = d + d * 0x1p-40;
    cr_assert(!fp_bound_to_float((fp_bound)off, &back), "to_float(%a)", off);
  }
}

Test(fprange_soundness, conversions_by_bits) {
  const double doubles[] = {0.0, -0.0, 0x1p-1074, -0x1p-1074, 0x1.8p-1070,
                            0x1p-1022, 0x1.fffffffffffffp-1023, DBL_MAX,
                            -DBL_MAX, 1.0, -3.5, INFINITY, -INFINITY, NAN,
                            0x1p-149, 0x1p-150, 0x1p128, 0x1.000001p0};
  for (size_t i = 0; i < sizeof doubles / sizeof doubles[0]; ++i) {
    check_bits_double(doubles[i]);
    check_bits_float((float)doubles[i]);
  }
  uint64_t state = 42;
  for (int i = 0; i < 200000; ++i) {
    uint64_t bits = next_random(&state);
    double d;
    memcpy(&d, &bits, sizeof d);
    check_bits_double(d);
    uint32_t narrow = (uint32_t)bits;
    float f;
    memcpy(&f, &narrow, sizeof f);
    check_bits_float(f);
    /* doubles that are floats, and floats' subnormals */
    check_bits_float((float)d);
    check_bits_double((double)f);
  }
  /* binary128 values no double or float holds: beyond their exponents,
   * binary128 subnormals */
  double back;
  float fback;
  fp_bound out_of_range[] = {(fp_bound)DBL_MAX * 2, (fp_bound)0x1p-1074 / 2,
                             0x1p-16400Q, -0x1p-16400Q, 0x1p-16494Q,
                             0x1p16383Q};
  for (size_t i = 0; i < sizeof out_of_range / sizeof out_of_range[0]; ++i) {
    cr_assert(!fp_bound_to_double(out_of_range[i], &back));
    cr_assert(!fp_bound_to_float(out_of_range[i], &fback));
  }
  cr_assert(!fp_bound_to_float((fp_bound)FLT_MAX * 2, &fback));
  cr_assert(!fp_bound_to_float((fp_bound)0x1p-150, &fback));
  cr_assert(fp_bound_to_float((fp_bound)0x1p-149, &fback) && fback == 0x1p-149f);
}

/* The memo of transfers (transfer.c): a question asked again, after any
 * others and under either rounding assumption, gets the answer a fresh
 * computation gives, field by field. A few ranges asked about many times,
 * so that most questions are asked again, some in a slot another took. */
static bool same_answer(const fp_interval *a, const fp_interval *b) {
  return memcmp(&a->lo, &b->lo, sizeof a->lo) == 0 &&
         memcmp(&a->hi, &b->hi, sizeof a->hi) == 0 &&
         a->has_finite == b->has_finite && a->pos_zero == b->pos_zero &&
         a->neg_zero == b->neg_zero && a->pos_inf == b->pos_inf &&
         a->neg_inf == b->neg_inf && a->nan == b->nan &&
         a->integer == b->integer;
}

Test(fprange_soundness, memo_answers_as_fresh) {
  static const test_op ops[] = {TOP_ADD, TOP_SUB, TOP_MUL, TOP_DIV, TOP_FMA};
  static const fp_format_id formats[] = {FP_FLOAT, FP_DOUBLE};
  test_random random = {2026};
  fp_arith shared;
  fp_arith_init(&shared);
  unsigned differing = 0, asked = 0;
  for (size_t f = 0; f < sizeof formats / sizeof *formats; ++f) {
    fp_interval pool[8];
    for (int i = 0; i < 8; ++i)
      pool[i] = test_random_interval(&random, formats[f]);
    pool[0] = fp_interval_top(formats[f]);
    pool[1] = fp_interval_point(0);
    for (int t = 0; t < 20000; ++t) {
      test_op op = ops[test_next(&random) % 5];
      const fp_interval *a = &pool[test_next(&random) % 8];
      const fp_interval *b = &pool[test_next(&random) % 8];
      const fp_interval *c = &pool[test_next(&random) % 8];
      shared.nearest = test_next(&random) % 2;
      fp_arith fresh;
      fp_arith_init(&fresh);
      fresh.nearest = shared.nearest;
      fp_interval expected = test_transfer(&fresh, formats[f], op, a, b, c);
      fp_interval got = test_transfer(&shared, formats[f], op, a, b, c);
      fp_arith_free(&fresh);
      differing += !same_answer(&expected, &got);
      ++asked;
    }
  }
  fp_arith_free(&shared);
  cr_expect_eq(differing, 0, "%u of %u answers differ from a fresh computation",
               differing, asked);
}
