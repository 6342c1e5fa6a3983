/* Loops: the bounds of loop-header phis that widening alone would lose,
 * from the number of times a counted loop's header runs. A counted
 * induction (an integer phi stepped by a constant, the loop kept while
 * next != N) lies between its start and what N allows; another induction
 * of the same header is bounded by the same runs; an FP accumulator (a phi
 * plus terms each trip) by the classic bound of recursive summation over
 * those runs, every step's rounding counted, and one times factors each
 * trip by the power of the most a trip multiplies it by, every step's
 * rounding counted too. compute_value (instruction.c)
 * meets a loop-header phi's join with these. */
#include "analysis_steps.h"

#include <llvm-c/Core.h>
#include <math.h>

/* A phi of loop header `block` with one edge from outside and one back
 * edge: the value from outside, and the back edge's value and latch. */
static bool loop_phi_edges(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                           LLVMValueRef *init, LLVMValueRef *next,
                           LLVMBasicBlockRef *latch) {
  if (LLVMCountIncoming(phi) != 2)
    return false;
  int back = -1, backs = 0;
  for (unsigned i = 0; i < 2; ++i) {
    uint32_t pred = block_index_of(a, LLVMGetIncomingBlock(phi, i));
    if (pred != UINT32_MAX && pred >= block) {
      back = (int)i;
      ++backs;
    }
  }
  if (backs != 1)
    return false;
  *init = LLVMGetIncomingValue(phi, (unsigned)(1 - back));
  *next = LLVMGetIncomingValue(phi, (unsigned)back);
  *latch = LLVMGetIncomingBlock(phi, (unsigned)back);
  return true;
}

/* An induction phi of a loop header: i = phi [init, outside], [next,
 * latch] with next = add i, step (either operand order), init and step
 * constants (scalars or vectors). Gives the back edge's latch and next. */
static bool induction_phi(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                          LLVMValueRef *init, LLVMValueRef *step,
                          LLVMValueRef *next, LLVMBasicBlockRef *latch) {
  if (!loop_phi_edges(a, phi, block, init, next, latch) ||
      !LLVMIsAConstant(*init) || !LLVMIsAInstruction(*next) ||
      LLVMGetInstructionOpcode(*next) != LLVMAdd)
    return false;
  LLVMValueRef left = LLVMGetOperand(*next, 0);
  LLVMValueRef right = LLVMGetOperand(*next, 1);
  *step = left == phi ? right : right == phi ? left : NULL;
  return *step && LLVMIsAConstant(*step);
}

/* A counted induction of the loop of header `block`: an integer (at most
 * 64 bits) i = phi [init, outside], [next = i + step, latch], init and
 * step integer constants, and the loop kept only while next != N (the
 * latch's branch on icmp eq/ne). Gives init, step, next and N. */
typedef struct counted_exit {
  __int128 start, step;
  LLVMValueRef next, bound;
  LLVMBasicBlockRef latch;
} counted_exit;

static bool find_counted_exit(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                              counted_exit *out) {
  LLVMValueRef init, step, condition;
  bool truth;
  if (LLVMGetTypeKind(LLVMTypeOf(phi)) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(LLVMTypeOf(phi)) > 64 ||
      !induction_phi(a, phi, block, &init, &step, &out->next, &out->latch) ||
      !LLVMIsAConstantInt(init) || !LLVMIsAConstantInt(step) ||
      !edge_fact(out->latch, a->blocks[block], &condition, &truth) ||
      !LLVMIsAICmpInst(condition))
    return false;
  /* Staying in the loop must mean next != N. */
  LLVMIntPredicate predicate = LLVMGetICmpPredicate(condition);
  if (!((predicate == LLVMIntEQ && !truth) ||
        (predicate == LLVMIntNE && truth)))
    return false;
  LLVMValueRef left = LLVMGetOperand(condition, 0);
  LLVMValueRef right = LLVMGetOperand(condition, 1);
  out->bound = left == out->next ? right : right == out->next ? left : NULL;
  out->start = LLVMConstIntGetSExtValue(init);
  out->step = LLVMConstIntGetSExtValue(step);
  return out->bound != NULL;
}

/* A counted loop that exits on equality, which the interval fixed point
 * cannot bound (i != N says nothing about a range holding N):
 *   header: i = phi [init, outside], [next, latch]
 *   latch:  next = add nsw/nuw i, step;  br (icmp eq/ne next, N), ...
 * with the latch -> header edge taken only while next != N, constants
 * 0 <= init <= N, step > 0 and step dividing N - init. From init, i moves
 * up by step without wrapping (a wrap is poison, and branching on it is
 * undefined) and the loop stays only while next has not reached N, so i
 * stays in [init, N - step]: the header runs at most (N - init) / step
 * times from each entry, which *visits gives. */
bool counted_loop_bound(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                        __int128 *low, __int128 *high, __int128 *visits) {
  counted_exit counted;
  if (!find_counted_exit(a, phi, block, &counted) ||
      !LLVMIsAConstantInt(counted.bound) ||
      !(LLVMGetNSW(counted.next) || LLVMGetNUW(counted.next)))
    return false;
  __int128 start = counted.start, step = counted.step;
  __int128 end = LLVMConstIntGetSExtValue(counted.bound);
  if (step <= 0 || start < 0 || end < start || (end - start) % step != 0)
    return false;
  *low = start;
  *high = end - step;
  *visits = (end - start) / step;
  return *high >= *low;
}

/* Another induction of a counted loop's header (a vectorized loop's vector
 * of lanes, a second counter): q = phi [init, outside], [q + step, latch]
 * beside a counted i of the same header. Both have two incoming edges,
 * so the same back edge: both start at their init each time the loop is
 * entered and move by their step on that edge, so the header's k-th run
 * sees q = init + k * step, k below
 * the number of runs counted_loop_bound gives. The range is the hull of
 * that over the lanes, computed exactly and kept only where no value of
 * it wraps (then the add never wraps, nsw/nuw or not). */
bool sibling_induction_bound(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                             unsigned width, __int128 *low, __int128 *high) {
  LLVMValueRef init, step, next;
  LLVMBasicBlockRef latch;
  if (width > 64 || !induction_phi(a, phi, block, &init, &step, &next, &latch))
    return false;
  value_range init_range = constant_range(init);
  value_range step_range = constant_range(step);
  if (init_range.kind != VALUE_INT || !init_range.as.integer.known ||
      step_range.kind != VALUE_INT || !step_range.as.integer.known)
    return false;
  /* A constant with an undef or unknown lane has the whole type's range. */
  if (init_range.as.integer.lo == int_min_of(width) ||
      step_range.as.integer.lo == int_min_of(width) ||
      init_range.as.integer.hi == int_max_of(width) ||
      step_range.as.integer.hi == int_max_of(width))
    return false;
  for (LLVMValueRef other = LLVMGetFirstInstruction(a->blocks[block]);
       other && LLVMGetInstructionOpcode(other) == LLVMPHI;
       other = LLVMGetNextInstruction(other)) {
    __int128 counter_low, counter_high, visits;
    if (other == phi || !counted_loop_bound(a, other, block, &counter_low,
                                            &counter_high, &visits))
      continue;
    __int128 last = visits - 1; /* k runs over [0, last] */
    __int128 step_low = step_range.as.integer.lo;
    __int128 step_high = step_range.as.integer.hi;
    *low = init_range.as.integer.lo + last * (step_low < 0 ? step_low : 0);
    *high = init_range.as.integer.hi + last * (step_high > 0 ? step_high : 0);
    return *low >= int_min_of(width) && *high <= int_max_of(width);
  }
  return false;
}

/* The most times the header of a loop runs per entry, from a counted
 * induction of it: i = phi [init, outside], [next = i + step, latch], init
 * a constant >= 0, step a constant > 0, and the loop kept only while
 * next != N, N in [0, hi] (a constant, or any value the integer ranges
 * bound). The header sees i = init + k * step for k = 0, 1, ..., and the
 * loop leaves when next reaches N <= hi: at most (hi - init) / step runs.
 * With nsw or nuw on the add, a next that steps over N would run on until
 * it wraps, which is poison, and branching on it undefined. */
static bool header_runs(fn_analysis *a, uint32_t block, __int128 *runs) {
  for (LLVMValueRef phi = LLVMGetFirstInstruction(a->blocks[block]);
       phi && LLVMGetInstructionOpcode(phi) == LLVMPHI;
       phi = LLVMGetNextInstruction(phi)) {
    counted_exit counted;
    if (!find_counted_exit(a, phi, block, &counted))
      continue;
    uint32_t latch_index = block_index_of(a, counted.latch);
    if (latch_index == UINT32_MAX)
      continue;
    value_range n = range_in_block(a, counted.bound, latch_index);
    __int128 start = counted.start, step = counted.step;
    if (n.kind != VALUE_INT || !n.as.integer.known || n.as.integer.lo < 0 ||
        step <= 0 || start < 0 || n.as.integer.hi < start + step)
      continue;
    /* Without nsw or nuw a wrap is no poison: only a step of 1 from below
     * every N is sure to reach it first. */
    if (!LLVMGetNSW(counted.next) && !LLVMGetNUW(counted.next) &&
        (step != 1 || n.as.integer.lo < start + 1))
      continue;
    *runs = (n.as.integer.hi - start) / step;
    return true;
  }
  return false;
}

/* What one trip around a loop adds to an accumulator: the most any path
 * adds in magnitude, in how many roundings, and what all its terms have in
 * common. */
typedef struct trip_sum {
  fp_bound magnitude; /* sum of the terms' largest magnitudes */
  unsigned links;     /* roundings on the longest path */
  int precision;      /* of the coarsest format they round into */
  bool nonnegative, nonpositive, integer, nan;
} trip_sum;

/* One more rounding, into the format of `inst`'s result. */
static bool add_rounding(trip_sum *sum, LLVMValueRef inst) {
  fp_format_id format;
  if (!fp_format_of_type(LLVMTypeOf(inst), &format))
    return false;
  int precision = fp_format_get(format)->precision;
  if (precision < sum->precision)
    sum->precision = precision;
  sum->links++;
  return true;
}

static bool add_term(trip_sum *sum, LLVMValueRef inst, const fp_interval *term,
                     bool negated) {
  fp_bound low, high;
  if (term->pos_inf || term->neg_inf || !add_rounding(sum, inst))
    return false;
  if (fp_interval_extent(term, &low, &high)) {
    fp_bound magnitude = high > -low ? high : -low;
    sum->magnitude += magnitude;
    if (negated ? high > 0 : low < 0)
      sum->nonnegative = false;
    if (negated ? low < 0 : high > 0)
      sum->nonpositive = false;
  }
  sum->integer = sum->integer && term->integer;
  sum->nan = sum->nan || term->nan;
  return true;
}

/* v computed from the header phi `phi` by additions alone: each an fadd
 * with one operand so computed (the other a term), an fsub of a term from
 * one, an fma/fmuladd adding a product to one, a conversion of one (C's
 * excess precision: fpext is exact, fptrunc rounds), or a select or phi
 * all of whose values are (so a loop inside, whose own phi would need
 * another trip, is not: the depth runs out). */
static bool trip_terms(fn_analysis *a, LLVMValueRef v, LLVMValueRef phi,
                       int depth, trip_sum *out) {
  *out = (trip_sum){0, 0, INT_MAX, true, true, true, false};
  if (v == phi)
    return true;
  if (depth == 0 || !LLVMIsAInstruction(v))
    return false;
  LLVMOpcode opcode = LLVMGetInstructionOpcode(v);
  /* reassoc may regroup the sum, contract fuse a term's product into it */
  if (fast_math_of(v) & (LLVMFastMathAllowReassoc | LLVMFastMathAllowContract))
    return false;
  if (opcode == LLVMFAdd || opcode == LLVMFSub) {
    for (unsigned chained = 0; chained < 2; ++chained) {
      if (opcode == LLVMFSub && chained == 1)
        break; /* term - s: not an accumulation */
      value_range term = base_range(a, LLVMGetOperand(v, 1 - chained));
      if (term.kind == VALUE_FP &&
          trip_terms(a, LLVMGetOperand(v, chained), phi, depth - 1, out))
        return add_term(out, v, &term.as.fp, opcode == LLVMFSub);
    }
    return false;
  }
  if (opcode == LLVMFPExt || opcode == LLVMFPTrunc)
    return trip_terms(a, LLVMGetOperand(v, 0), phi, depth - 1, out) &&
           (opcode == LLVMFPExt || add_rounding(out, v));
  if (opcode == LLVMCall) {
    fp_unary_fn unary;
    fp_minmax_kind minmax;
    fp_call_kind kind = fp_classify_call(v, &unary, &minmax);
    if (kind != CALL_FMA && kind != CALL_FMULADD)
      return false;
    value_range x = base_range(a, LLVMGetOperand(v, 0));
    value_range y = base_range(a, LLVMGetOperand(v, 1));
    fp_bound x_low, x_high, y_low, y_high;
    if (x.kind != VALUE_FP || y.kind != VALUE_FP ||
        !trip_terms(a, LLVMGetOperand(v, 2), phi, depth - 1, out))
      return false;
    /* The product's hull (exact in binary128 for float and double; the
     * slack of accumulator_bound covers the wider formats' rounding): only
     * its magnitude, sign and integrality are used. */
    fp_interval product = fp_interval_bottom();
    if (fp_interval_extent(&x.as.fp, &x_low, &x_high) &&
        fp_interval_extent(&y.as.fp, &y_low, &y_high)) {
      fp_interval_add_point(&product, x_low * y_low);
      fp_interval_add_point(&product, x_low * y_high);
      fp_interval_add_point(&product, x_high * y_low);
      fp_interval_add_point(&product, x_high * y_high);
    }
    product.integer = x.as.fp.integer && y.as.fp.integer;
    product.nan = x.as.fp.nan || y.as.fp.nan;
    product.pos_inf = x.as.fp.pos_inf || x.as.fp.neg_inf || y.as.fp.pos_inf ||
                      y.as.fp.neg_inf;
    /* fmuladd may round the product too */
    return add_rounding(out, v) && add_term(out, v, &product, false);
  }
  unsigned count = opcode == LLVMSelect ? 2
                   : opcode == LLVMPHI  ? LLVMCountIncoming(v)
                                        : 0;
  if (count == 0)
    return false;
  for (unsigned i = 0; i < count; ++i) {
    trip_sum path;
    LLVMValueRef from = opcode == LLVMSelect ? LLVMGetOperand(v, i + 1)
                                             : LLVMGetIncomingValue(v, i);
    if (!trip_terms(a, from, phi, depth - 1, &path))
      return false;
    if (path.magnitude > out->magnitude)
      out->magnitude = path.magnitude;
    if (path.links > out->links)
      out->links = path.links;
    if (path.precision < out->precision)
      out->precision = path.precision;
    out->nonnegative = out->nonnegative && path.nonnegative;
    out->nonpositive = out->nonpositive && path.nonpositive;
    out->integer = out->integer && path.integer;
    out->nan = out->nan || path.nan;
  }
  return true;
}

/* This file's own arithmetic is binary128 to nearest (relative error at
 * most 2^-113 an operation): a positive result multiplied by this after
 * each operation stays above the exact one. */
#define BINARY128_SLACK (1 + (fp_bound)ldexpl(1.0L, -100))

/* What one trip multiplies an accumulator by: a chain of fmuls, each with
 * one operand so computed from the header phi and the other a factor. */
typedef struct trip_product {
  fp_bound growth;  /* product of max(1, |factor| (1 + u)), rounded up */
  unsigned links;   /* roundings */
  bool nonnegative; /* every factor >= 0 */
  bool nan;
} trip_product;

/* May v be computed from `phi` by FP operations? (Conservatively yes past
 * `depth` levels.) A factor that is grows with the accumulator (s * s
 * squares it), and the closed form would hold only through the induction
 * over the trips that a fixed point of the analysis gives (each trip's
 * factor within what header values within the bound make it): not relied
 * on where it is seen. The walk stops at integer values (a counter, a
 * loaded byte), the common source of factors; a factor computed from s
 * through an integer rests on that induction, as a term of trip_terms
 * computed from s does. */
static bool may_depend_on(LLVMValueRef v, LLVMValueRef phi, int depth) {
  fp_format_id format;
  if (v == phi)
    return true;
  if (!LLVMIsAInstruction(v) || !fp_format_of_type(LLVMTypeOf(v), &format))
    return false;
  if (depth == 0)
    return true;
  int count = LLVMGetNumOperands(v);
  for (int i = 0; i < count; ++i)
    if (may_depend_on(LLVMGetOperand(v, (unsigned)i), phi, depth - 1))
      return true;
  return false;
}

/* v computed from the header phi `phi` by fmuls alone (no reassoc, which
 * may regroup them, nor contract, which may fuse one into a neighbour);
 * `u` the unit roundoff (a whole ulp where any rounding mode may be on),
 * for growth to count each step's rounding: |fl(x a)| <= |x| |a| (1 + u)
 * + d <= max(1, |a| (1 + u)) (|x| + d), d the smallest subnormal. */
static bool trip_factors(fn_analysis *a, LLVMValueRef v, LLVMValueRef phi,
                         int depth, fp_bound u, trip_product *out) {
  if (v == phi) {
    *out = (trip_product){1, 0, true, false};
    return true;
  }
  if (depth == 0 || !LLVMIsAInstruction(v) ||
      LLVMGetInstructionOpcode(v) != LLVMFMul ||
      (fast_math_of(v) &
       (LLVMFastMathAllowReassoc | LLVMFastMathAllowContract)))
    return false;
  for (unsigned chained = 0; chained < 2; ++chained) {
    LLVMValueRef factor_value = LLVMGetOperand(v, 1 - chained);
    value_range factor = base_range(a, factor_value);
    fp_bound low, high;
    if (may_depend_on(factor_value, phi, 6) || factor.kind != VALUE_FP ||
        factor.as.fp.pos_inf || factor.as.fp.neg_inf ||
        !fp_interval_extent(&factor.as.fp, &low, &high) ||
        !trip_factors(a, LLVMGetOperand(v, chained), phi, depth - 1, u, out))
      continue;
    fp_bound magnitude = high > -low ? high : -low;
    fp_bound step = magnitude * (1 + u) * BINARY128_SLACK;
    if (step > 1)
      out->growth = out->growth * step * BINARY128_SLACK;
    out->links++;
    out->nonnegative = out->nonnegative && low >= 0;
    out->nan = out->nan || factor.as.fp.nan;
    return true;
  }
  return false;
}

/* A product accumulator of a counted loop: s = phi [init, outside],
 * [next, latch] where next is s times factors (trip_factors). With P the
 * growth of one trip, L its roundings and d the smallest subnormal,
 * |s| <= P (|s| + L d) over a trip (by the step bound of trip_factors, P
 * being at least 1), so after k trips |s| <= P^k (|init| + k L d). Factors
 * all >= 0 and init >= 0 keep s >= 0. */
static bool product_bound(fn_analysis *a, LLVMValueRef next, LLVMValueRef phi,
                          __int128 runs, const value_range *start,
                          fp_format_id format, fp_interval *out) {
  int precision = fp_format_get(format)->precision;
  fp_bound u = ldexpl(1.0L, a->arith->nearest ? -precision : 1 - precision);
  trip_product trip;
  fp_bound low, high;
  if (!trip_factors(a, next, phi, 16, u, &trip) || trip.links == 0 ||
      !fp_interval_extent(&start->as.fp, &low, &high))
    return false;
  fp_bound bound = (high > -low ? high : -low) +
                   (fp_bound)(runs - 1) * (fp_bound)trip.links *
                       fp_format_denorm_min(format) * BINARY128_SLACK;
  /* P^(runs - 1) by squaring, every product rounded up by the slack. */
  fp_bound power = trip.growth;
  for (__int128 k = runs - 1; k > 0; k >>= 1) {
    if (k & 1)
      bound = bound * power * BINARY128_SLACK;
    power = power * power * BINARY128_SLACK;
    if (!(bound <= fp_format_max(format))) /* NaN too: inf times 0 */
      return false;
  }
  fp_set_bound(a->arith->x, bound);
  bound = fp_round_to_format(format, a->arith->x, MPFR_RNDU);
  if (bound > fp_format_max(format))
    return false;
  *out = fp_interval_range(trip.nonnegative && low >= 0 ? 0 : -bound, bound);
  out->nan = start->as.fp.nan || trip.nan;
  return true;
}

/* An FP accumulator of a counted loop (header_runs): s = phi [init,
 * outside], [next, latch] where next is s plus terms (trip_terms). After k
 * trips s is init plus k trips' terms, every step rounded, so
 * |s| <= (|init| + k * M) (1 + u)^(k * L), with M the most one trip adds,
 * L its roundings (an fmuladd may round its product first: two) and u the
 * unit roundoff, 2^-precision (a whole ulp where any rounding mode may be
 * on): the classic bound of recursive summation (a subnormal sum is exact,
 * an fma's product enters exactly). (1 + u)^n <= 1 + 1.1 n u while
 * n u <= 0.1. Terms all >= 0 never make s smaller (rounding is monotone),
 * all <= 0 never larger. Integer terms and init with |init| + k * M <=
 * 2^precision make every sum exact. */
bool accumulator_bound(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                       fp_format_id format, fp_interval *out) {
  LLVMValueRef init, next;
  LLVMBasicBlockRef latch;
  __int128 runs;
  trip_sum trip;
  if (!loop_phi_edges(a, phi, block, &init, &next, &latch) ||
      !header_runs(a, block, &runs))
    return false;
  value_range start = range_in_block(a, init, block);
  fp_bound low, high;
  if (start.kind != VALUE_FP || start.as.fp.pos_inf || start.as.fp.neg_inf ||
      !fp_interval_extent(&start.as.fp, &low, &high))
    return false;
  if (!trip_terms(a, next, phi, 16, &trip) || trip.links == 0)
    return product_bound(a, next, phi, runs, &start, format, out);
  fp_bound trips = (fp_bound)(runs - 1);
  fp_bound exact = (high > -low ? high : -low) + trips * trip.magnitude;
  fp_bound roundings = trips * (fp_bound)trip.links;
  int precision = fp_format_get(format)->precision;
  if (trip.precision < precision)
    precision = trip.precision;
  /* The unit roundoff of the coarsest format a trip rounds into; a whole
   * ulp where any rounding mode may be on. */
  fp_bound u = ldexpl(1.0L, a->arith->nearest ? -precision : 1 - precision);
  fp_bound slack = BINARY128_SLACK;
  bool integer = start.as.fp.integer && trip.integer &&
                 exact * slack <= ldexpl(1.0L, precision);
  fp_bound bound = exact;
  if (!integer) {
    if (roundings * u > (fp_bound)0.1)
      return false;
    bound = (exact * (1 + (fp_bound)1.1 * roundings * u) +
             roundings * fp_format_denorm_min(format)) *
            slack;
  }
  /* Out to the format's values (a bound between them is no bound for the
   * other transfer functions). */
  fp_set_bound(a->arith->x, bound);
  bound = fp_round_to_format(format, a->arith->x, MPFR_RNDU);
  if (bound > fp_format_max(format))
    return false;
  /* A flushed subnormal becomes a zero, below a positive init (above a
   * negative one). */
  bool flushes = a->flush[format] != FP_FLUSH_NONE;
  fp_bound floor = flushes && low > 0 ? 0 : low;
  fp_bound ceiling = flushes && high < 0 ? 0 : high;
  *out = fp_interval_range(trip.nonnegative && low >= 0 ? floor : -bound,
                           trip.nonpositive && high <= 0 ? ceiling : bound);
  out->integer = integer;
  out->nan = start.as.fp.nan || trip.nan;
  return true;
}
