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
#include <stdint.h>
#include <stdlib.h>

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

static bool trip_terms(fn_analysis *a, LLVMValueRef v, LLVMValueRef phi,
                       int *budget, trip_sum *out);

/* Values trip_terms looks at for one trip, at most: a fully unrolled inner
 * loop is a chain of as many additions. */
enum { TRIP_BUDGET = 512 };

/* `times` trips of `inner` after `outer`'s terms. */
static void add_trips(trip_sum *outer, const trip_sum *inner, __int128 times) {
  outer->magnitude += (fp_bound)times * inner->magnitude;
  outer->links += (unsigned)times * inner->links;
  if (inner->precision < outer->precision)
    outer->precision = inner->precision;
  outer->nonnegative = outer->nonnegative && inner->nonnegative;
  outer->nonpositive = outer->nonpositive && inner->nonpositive;
  outer->integer = outer->integer && inner->integer;
  outer->nan = outer->nan || inner->nan;
}

static bool carried_trip_terms(fn_analysis *a, LLVMValueRef phi,
                               LLVMValueRef origin, trip_sum *out);

/* Whether block d strictly dominates block b. */
static bool strictly_dominates(const fn_analysis *a, int d, int b) {
  for (int x = a->idom[b]; x >= 0; x = a->idom[x])
    if (x == d)
      return true;
  return false;
}

/* v the header phi of a counted loop inside phi's (a nested loop), whose
 * sum starts from one computed from phi: that one's terms, and the inner
 * loop's trips before its header runs for the last time (its exit value,
 * v plus one trip, adds the last one). Where its runs are not bounded
 * alone, counted back to phi across the inner loops (carried_trip_terms). */
static bool inner_loop_terms(fn_analysis *a, LLVMValueRef v, LLVMValueRef phi,
                             int *budget, trip_sum *out) {
  LLVMValueRef init, next;
  LLVMBasicBlockRef latch;
  __int128 runs;
  trip_sum inner, carried;
  uint32_t block = block_index_of(a, LLVMGetInstructionParent(v));
  uint32_t outer = block_index_of(a, LLVMGetInstructionParent(phi));
  /* Inside phi's loop: its header below phi's. Another phi of phi's own
   * header, or of a loop around it, would be counted back to phi in
   * turn, round and round (LLVM's CodeGen/AMDGPU/sgpr-copy.ll: header phis
   * that take each other's values overflowed the stack). */
  if (block == UINT32_MAX || outer == UINT32_MAX || !a->loop_header[block] ||
      !strictly_dominates(a, (int)outer, (int)block) ||
      !loop_phi_edges(a, v, block, &init, &next, &latch))
    return false;
  bool has_carried = carried_trip_terms(a, v, phi, &carried);
  if (!header_runs(a, block, &runs) ||
      !trip_terms(a, next, v, budget, &inner) ||
      (fp_bound)(runs - 1) * (fp_bound)(inner.links + 1) > (fp_bound)(1u << 30) ||
      !trip_terms(a, init, phi, budget, out)) {
    *out = carried;
    return has_carried;
  }
  add_trips(out, &inner, runs - 1);
  /* Both bound the same terms: each the smaller. */
  if (has_carried && carried.magnitude < out->magnitude)
    out->magnitude = carried.magnitude;
  if (has_carried && carried.links < out->links)
    out->links = carried.links;
  return true;
}

/* v computed from the header phi `phi` by additions alone: each an fadd
 * with one operand so computed (the other a term), an fsub of a term from
 * one, an fma/fmuladd adding a product to one, a conversion of one (C's
 * excess precision: fpext is exact, fptrunc rounds), a select or phi all
 * of whose values are, or the sum of a counted loop inside that starts
 * from one (inner_loop_terms). */
static bool trip_terms(fn_analysis *a, LLVMValueRef v, LLVMValueRef phi,
                       int *budget, trip_sum *out) {
  *out = (trip_sum){0, 0, INT_MAX, true, true, true, false};
  if (v == phi)
    return true;
  if (--*budget < 0 || !LLVMIsAInstruction(v))
    return false;
  LLVMOpcode opcode = LLVMGetInstructionOpcode(v);
  if (opcode == LLVMPHI && inner_loop_terms(a, v, phi, budget, out))
    return true;
  /* reassoc may regroup the sum, contract fuse a term's product into it */
  if (fast_math_of(v) & (LLVMFastMathAllowReassoc | LLVMFastMathAllowContract))
    return false;
  if (opcode == LLVMFAdd || opcode == LLVMFSub) {
    for (unsigned chained = 0; chained < 2; ++chained) {
      if (opcode == LLVMFSub && chained == 1)
        break; /* term - s: not an accumulation */
      value_range term = base_range(a, LLVMGetOperand(v, 1 - chained));
      if (term.kind == VALUE_FP &&
          trip_terms(a, LLVMGetOperand(v, chained), phi, budget, out))
        return add_term(out, v, &term.as.fp, opcode == LLVMFSub);
    }
    return false;
  }
  if (opcode == LLVMFPExt || opcode == LLVMFPTrunc)
    return trip_terms(a, LLVMGetOperand(v, 0), phi, budget, out) &&
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
        !trip_terms(a, LLVMGetOperand(v, 2), phi, budget, out))
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
    if (!trip_terms(a, from, phi, budget, &path))
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
  if (!trip_factors(a, next, phi, 64, u, &trip) || trip.links == 0 ||
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

/* The bound of a sum of terms after a start: |s| <= (|start| + M) (1 +
 * 1.1 R u) + R d, M the most the terms add in magnitude, R their
 * roundings, u the unit roundoff of the coarsest format they round into
 * (a whole ulp where any rounding mode may be on), d the smallest
 * subnormal (accumulator_bound says why). `integer`: every term and the
 * start are integers (exact while the sum stays below 2^precision). */
static bool sum_bound(fn_analysis *a, fp_format_id format,
                      const fp_interval *start, fp_bound magnitude,
                      fp_bound roundings, int terms_precision, bool integer,
                      bool nonnegative, bool nonpositive, bool nan,
                      fp_interval *out) {
  fp_bound low, high;
  if (start->pos_inf || start->neg_inf ||
      !fp_interval_extent(start, &low, &high))
    return false;
  fp_bound exact = (high > -low ? high : -low) + magnitude;
  int precision = fp_format_get(format)->precision;
  if (terms_precision < precision)
    precision = terms_precision;
  fp_bound u = ldexpl(1.0L, a->arith->nearest ? -precision : 1 - precision);
  fp_bound slack = BINARY128_SLACK;
  integer = integer && start->integer && exact * slack <= ldexpl(1.0L, precision);
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
  /* A flushed subnormal becomes a zero, below a positive start (above a
   * negative one). */
  bool flushes = a->flush[format] != FP_FLUSH_NONE;
  fp_bound floor = flushes && low > 0 ? 0 : low;
  fp_bound ceiling = flushes && high < 0 ? 0 : high;
  *out = fp_interval_range(nonnegative && low >= 0 ? floor : -bound,
                           nonpositive && high <= 0 ? ceiling : bound);
  out->integer = integer;
  out->nan = start->nan || nan;
  return true;
}

/* ---- Sums carried from loop to loop ----------------------------------------
 *
 * clang -O2 unrolls a loop of unknown trip count N: a main loop of N & ~3
 * trips four terms at a time, then a remainder loop of N & 3 trips, which
 * starts from the main loop's sum. Bounding each loop apart adds the most
 * either can do (here 100 terms and then 3 more, for at most 100 terms in
 * all); what bounds the two together is that both trip counts are computed
 * from one value. So the count of terms is followed backwards from the
 * header phi, through the phis between loops, to each loop whose exit value
 * starts the next, for every value x of that one integer (the atom): each
 * loop adds its runs at x times what a trip adds. x runs over the atom's
 * values, at most ATOM_VALUES of them, or up to the point past which every
 * trip count is the same (min(n, 100) is 100 from n = 100 on). A loop whose
 * count at x cannot happen there (x outside the atom's range at its header,
 * or the count outside its own range at the latch, which a dominating
 * llvm.assume narrows) is no path at x. Anything else the walk meets is a
 * start: a value with its own range, from which terms are counted. */
enum { ATOM_VALUES = 4096, CHAIN_DEPTH = 8, CHAIN_LOOPS = 16,
       EXPRESSION_DEPTH = 12 };
#define NOT_SATURATED ((__int128)1 << 100)
#define ALWAYS_CONSTANT (-((__int128)1 << 100))

/* An integer value as the w-bit pattern it is (w <= 64), and as signed. */
static uint64_t truncate_to(uint64_t v, unsigned width) {
  return width >= 64 ? v : v & ((UINT64_C(1) << width) - 1);
}

static int64_t as_signed(uint64_t v, unsigned width) {
  if (width == 0 || width >= 64) /* 0: no integer (a constant's operand) */
    return (int64_t)v;
  uint64_t sign = UINT64_C(1) << (width - 1);
  return (int64_t)((v ^ sign) - sign);
}

static unsigned int_width(LLVMValueRef v) {
  LLVMTypeRef type = LLVMTypeOf(v);
  return LLVMGetTypeKind(type) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(type)
                                                      : 0;
}

/* Whether `v` is computed from constants and at most one other value
 * (`*atom`, set where it was NULL) by integer operations evaluate_at
 * knows. */
static bool pure_in_atom(LLVMValueRef v, LLVMValueRef *atom, int depth) {
  unsigned width = int_width(v);
  if (width == 0 || width > 64 || depth == 0)
    return false;
  if (LLVMIsAConstantInt(v) || v == *atom)
    return true;
  bool operation = LLVMIsAInstruction(v);
  if (operation) {
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr:
    case LLVMXor: case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMZExt:
    case LLVMSExt: case LLVMTrunc: case LLVMICmp: case LLVMSelect:
      break;
    case LLVMCall:
      operation = int_classify_minmax(v) != INT_MINMAX_NONE;
      break;
    default:
      operation = false;
    }
  }
  if (!operation) {
    if (*atom && *atom != v)
      return false;
    *atom = v;
    return true;
  }
  unsigned count = LLVMIsACallInst(v) ? 2 : (unsigned)LLVMGetNumOperands(v);
  for (unsigned i = 0; i < count; ++i) {
    LLVMValueRef operand = LLVMGetOperand(v, i);
    if (!LLVMIsAConstantInt(operand) && !pure_in_atom(operand, atom, depth - 1))
      return false;
  }
  return true;
}

/* An integer expression in the atom (pure_in_atom), compiled once to be
 * evaluated for thousands of values of the atom: its operations in an
 * order where operands come first, each reading earlier results. */
enum { EXPRESSION_OPS = 48 };
typedef struct expression_op {
  LLVMOpcode opcode; /* LLVMCall: an integer min/max; 0: the atom or a constant */
  int kind;          /* the min/max kind, or the icmp predicate */
  unsigned width, from; /* of the result, and of the first operand */
  int operand[3];
  uint64_t constant;
  LLVMValueRef value; /* for sharing an operand used twice */
  bool atom;
} expression_op;

typedef struct expression {
  expression_op ops[EXPRESSION_OPS];
  size_t count;
} expression;

/* Compiles v into e; the index of its result, or -1 where it does not fit. */
static int compile_expression(expression *e, LLVMValueRef v, LLVMValueRef atom) {
  for (size_t k = 0; k < e->count; ++k)
    if (e->ops[k].value == v)
      return (int)k;
  expression_op op = {.value = v, .width = int_width(v),
                      .operand = {-1, -1, -1}};
  if (v == atom) {
    op.atom = true;
  } else if (LLVMIsAConstantInt(v)) {
    op.constant = truncate_to(LLVMConstIntGetZExtValue(v), op.width);
  } else {
    op.opcode = LLVMGetInstructionOpcode(v);
    bool call = op.opcode == LLVMCall;
    unsigned count = call ? 2 : (unsigned)LLVMGetNumOperands(v);
    op.kind = call ? (int)int_classify_minmax(v)
              : op.opcode == LLVMICmp ? (int)LLVMGetICmpPredicate(v)
                                      : 0;
    op.from = int_width(LLVMGetOperand(v, 0));
    for (unsigned i = 0; i < count && i < 3; ++i)
      if ((op.operand[i] = compile_expression(e, LLVMGetOperand(v, i), atom)) < 0)
        return -1;
  }
  if (e->count == EXPRESSION_OPS)
    return -1;
  e->ops[e->count] = op;
  return (int)e->count++;
}

/* The value of e's last operation where the atom is x, as a w-bit
 * pattern. A shift by the width or more is poison: no value (false). */
static bool evaluate_at(const expression *e, __int128 x, uint64_t *out) {
  uint64_t results[EXPRESSION_OPS];
  for (size_t k = 0; k < e->count; ++k) {
    const expression_op *op = &e->ops[k];
    unsigned width = op->width;
    uint64_t p[3] = {0, 0, 0};
    for (int i = 0; i < 3; ++i)
      if (op->operand[i] >= 0)
        p[i] = results[op->operand[i]];
    int64_t sp = as_signed(p[0], op->from), sq = as_signed(p[1], op->from);
    uint64_t r;
    if (op->atom) {
      r = (uint64_t)x;
    } else if (op->opcode == 0) {
      r = op->constant;
    } else if (op->opcode == LLVMCall) {
      switch ((int_minmax_kind)op->kind) {
      case INT_UMIN: r = p[0] < p[1] ? p[0] : p[1]; break;
      case INT_UMAX: r = p[0] > p[1] ? p[0] : p[1]; break;
      case INT_SMIN: r = sp < sq ? p[0] : p[1]; break;
      default:       r = sp > sq ? p[0] : p[1]; break;
      }
    } else {
      switch (op->opcode) {
      case LLVMAdd: r = p[0] + p[1]; break;
      case LLVMSub: r = p[0] - p[1]; break;
      case LLVMMul: r = p[0] * p[1]; break;
      case LLVMAnd: r = p[0] & p[1]; break;
      case LLVMOr:  r = p[0] | p[1]; break;
      case LLVMXor: r = p[0] ^ p[1]; break;
      case LLVMShl:
      case LLVMLShr:
      case LLVMAShr:
        if (p[1] >= width)
          return false;
        r = op->opcode == LLVMShl    ? p[0] << p[1]
            : op->opcode == LLVMLShr ? p[0] >> p[1]
                                     : (uint64_t)(sp >> p[1]);
        break;
      case LLVMSExt:   r = (uint64_t)sp; break;
      case LLVMZExt:
      case LLVMTrunc:  r = p[0]; break;
      case LLVMSelect: r = p[0] ? p[1] : p[2]; break;
      default: /* icmp */
        switch ((LLVMIntPredicate)op->kind) {
        case LLVMIntEQ:  r = p[0] == p[1]; break;
        case LLVMIntNE:  r = p[0] != p[1]; break;
        case LLVMIntUGT: r = p[0] > p[1]; break;
        case LLVMIntUGE: r = p[0] >= p[1]; break;
        case LLVMIntULT: r = p[0] < p[1]; break;
        case LLVMIntULE: r = p[0] <= p[1]; break;
        case LLVMIntSGT: r = sp > sq; break;
        case LLVMIntSGE: r = sp >= sq; break;
        case LLVMIntSLT: r = sp < sq; break;
        default:         r = sp <= sq; break;
        }
      }
    }
    results[k] = truncate_to(r, width);
  }
  *out = results[e->count - 1];
  return e->count > 0;
}

/* The atom itself, or a widening of it that grows with it: zext, and
 * (where the atom is taken as signed) sext. */
static bool is_widened_atom(LLVMValueRef v, LLVMValueRef atom, bool as_unsigned) {
  while (v != atom && LLVMIsAInstruction(v) &&
         (LLVMGetInstructionOpcode(v) == LLVMZExt ||
          (!as_unsigned && LLVMGetInstructionOpcode(v) == LLVMSExt)))
    v = LLVMGetOperand(v, 0);
  return v == atom;
}

/* A point S past which `v` (pure_in_atom) is the same for every value x
 * of the atom from S on: ALWAYS_CONSTANT for a constant, NOT_SATURATED
 * where no such point is known. x is taken as unsigned (`as_unsigned`), or
 * as signed and then at least 0; S below the largest signed value. A min
 * with a constant C >= 0 of the (widened) atom is C from x = C on; a
 * compare of it with C is decided from C + 1 on. (Taken as unsigned, a
 * signed min or compare does not grow with x.) */
static __int128 saturation(LLVMValueRef v, LLVMValueRef atom, bool as_unsigned) {
  if (LLVMIsAConstantInt(v))
    return ALWAYS_CONSTANT;
  if (v == atom)
    return NOT_SATURATED;
  bool call = LLVMIsACallInst(v);
  int_minmax_kind kind = call ? int_classify_minmax(v) : INT_MINMAX_NONE;
  bool min = kind == INT_UMIN || (kind == INT_SMIN && !as_unsigned);
  bool compare = LLVMIsAICmpInst(v);
  if (compare && as_unsigned) {
    LLVMIntPredicate p = LLVMGetICmpPredicate(v);
    compare = p == LLVMIntEQ || p == LLVMIntNE || p == LLVMIntUGT ||
              p == LLVMIntUGE || p == LLVMIntULT || p == LLVMIntULE;
  }
  if (min || compare) {
    for (unsigned i = 0; i < 2; ++i) {
      LLVMValueRef c = LLVMGetOperand(v, 1 - i);
      if (LLVMIsAConstantInt(c) &&
          is_widened_atom(LLVMGetOperand(v, i), atom, as_unsigned) &&
          LLVMConstIntGetSExtValue(c) >= 0)
        return LLVMConstIntGetSExtValue(c) + (min ? 0 : 1);
    }
  }
  __int128 most = ALWAYS_CONSTANT;
  unsigned count = call ? 2 : (unsigned)LLVMGetNumOperands(v);
  for (unsigned i = 0; i < count; ++i) {
    __int128 s = saturation(LLVMGetOperand(v, i), atom, as_unsigned);
    if (s > most)
      most = s;
  }
  return most;
}

/* The loop of a header phi, for the walk: its counted exit, what a trip
 * adds, and the header's index. */
typedef struct chain_loop {
  counted_exit counted;
  trip_sum trip;
  LLVMValueRef init, next;
  uint32_t header, latch;
} chain_loop;

/* The values x the walk runs over, and what it has found so far. */
typedef struct chain_walk {
  fn_analysis *a;
  LLVMValueRef atom;       /* NULL: the trip counts are constants */
  __int128 low;            /* x = low + k, k < count */
  size_t count;
  bool stands_for_more;    /* the last x stands for every x above it */
  bool as_unsigned;        /* x is the atom's bits taken as unsigned */
  /* The loops met, while collecting: headers and trip counts. */
  uint32_t headers[CHAIN_LOOPS];
  LLVMValueRef bounds[CHAIN_LOOPS];
  size_t loop_count;
  bool collecting;         /* first pass: find the atom and that point */
  LLVMValueRef origin;     /* where set, the one start: no terms before it */
  bool failed;
  fp_interval start;       /* hull of the values terms are counted from */
  int precision;           /* of the coarsest format a term rounds into */
  bool nonnegative, nonpositive, integer, nan;
} chain_walk;

/* Per x: the most the terms since a start add in magnitude, and their
 * roundings; links of UINT32_MAX where no path reaches the value at x. */
typedef struct chain_terms {
  fp_bound *magnitude;
  uint32_t *links;
} chain_terms;

static chain_terms chain_terms_new(const chain_walk *w, bool reached) {
  chain_terms t = {fprange_allocate(w->count, sizeof *t.magnitude),
                   fprange_allocate(w->count, sizeof *t.links)};
  for (size_t k = 0; k < w->count && !reached; ++k)
    t.links[k] = UINT32_MAX;
  return t;
}

static void chain_terms_free(chain_terms *t) {
  free(t->magnitude);
  free(t->links);
}

/* The header phi `u` and its loop, where its loop is counted and a trip
 * adds terms to it. */
static bool chain_loop_of(fn_analysis *a, LLVMValueRef u, chain_loop *out) {
  LLVMBasicBlockRef latch;
  int budget = TRIP_BUDGET;
  uint32_t header = block_index_of(a, LLVMGetInstructionParent(u));
  if (header == UINT32_MAX || !a->loop_header[header] ||
      !loop_phi_edges(a, u, header, &out->init, &out->next, &latch) ||
      !trip_terms(a, out->next, u, &budget, &out->trip) ||
      out->trip.links == 0)
    return false;
  out->header = header;
  for (LLVMValueRef phi = LLVMGetFirstInstruction(a->blocks[header]);
       phi && LLVMGetInstructionOpcode(phi) == LLVMPHI;
       phi = LLVMGetNextInstruction(phi))
    if (find_counted_exit(a, phi, header, &out->counted) &&
        out->counted.latch == latch && out->counted.start >= 0 &&
        out->counted.step > 0) {
      out->latch = block_index_of(a, latch);
      return out->latch != UINT32_MAX;
    }
  return false;
}

/* What decides, at each x, whether a loop of the walk runs and how often:
 * the conditions on the atom alone that hold in it (with the point from
 * which each is the same), the atom's range at its header and its count's
 * range at its latch. Gathered once per loop, read for every x. */
enum { LOOP_FACTS = 16 };
typedef struct loop_view {
  expression facts[LOOP_FACTS];
  bool truths[LOOP_FACTS];
  __int128 same_from[LOOP_FACTS];
  size_t fact_count;
  value_range atom_range, bound_range;
  expression bound; /* empty where it did not compile */
} loop_view;

/* Adds "condition == truth" to the view where it is computed from the atom
 * alone; a || b false and a && b true as each of a, b so (the logical
 * forms too: select a, true, b and select a, b, false). */
static void view_fact(chain_walk *w, loop_view *view, LLVMValueRef condition,
                      bool truth, int depth) {
  if (depth == 0 || view->fact_count == LOOP_FACTS ||
      int_width(condition) != 1)
    return;
  if (LLVMIsAInstruction(condition)) {
    LLVMOpcode opcode = LLVMGetInstructionOpcode(condition);
    LLVMValueRef parts[2] = {NULL, NULL};
    if ((opcode == LLVMOr && !truth) || (opcode == LLVMAnd && truth)) {
      parts[0] = LLVMGetOperand(condition, 0);
      parts[1] = LLVMGetOperand(condition, 1);
    } else if (opcode == LLVMSelect) {
      LLVMValueRef on_true = LLVMGetOperand(condition, 1);
      LLVMValueRef on_false = LLVMGetOperand(condition, 2);
      if ((!truth && LLVMIsAConstantInt(on_true) &&
           LLVMConstIntGetZExtValue(on_true) == 1) ||
          (truth && LLVMIsAConstantInt(on_false) &&
           LLVMConstIntGetZExtValue(on_false) == 0)) {
        parts[0] = LLVMGetOperand(condition, 0);
        parts[1] = truth ? on_true : on_false;
      }
    }
    if (parts[0]) {
      view_fact(w, view, parts[0], truth, depth - 1);
      view_fact(w, view, parts[1], truth, depth - 1);
      return;
    }
  }
  LLVMValueRef atom = w->atom;
  expression *e = &view->facts[view->fact_count];
  e->count = 0;
  if (!pure_in_atom(condition, &atom, EXPRESSION_DEPTH) || atom != w->atom ||
      compile_expression(e, condition, atom) < 0)
    return;
  view->truths[view->fact_count] = truth;
  view->same_from[view->fact_count++] =
      saturation(condition, atom, w->as_unsigned);
}

/* The view of `loop`: the edge facts and assumes that dominate its header,
 * and the branch into it where it is entered from one block (the atom is
 * set before the loop: the same all through it). */
static void view_loop(chain_walk *w, const chain_loop *loop, loop_view *view) {
  fn_analysis *a = w->a;
  uint32_t block = loop->header;
  view->fact_count = 0;
  view->atom_range = range_in_block(a, w->atom, block);
  view->bound_range = range_in_block(a, loop->counted.bound, loop->latch);
  uint32_t entries = 0, entry = 0;
  for (uint32_t k = 0; k < a->pred_count[block]; ++k)
    if (a->preds[block][k] < block) {
      entries++;
      entry = a->preds[block][k];
    }
  LLVMValueRef condition;
  bool truth;
  if (entries == 1 &&
      edge_fact(a->blocks[entry], a->blocks[block], &condition, &truth))
    view_fact(w, view, condition, truth, CONDITION_DEPTH);
  int d = (int)block;
  for (int depth = 0; depth < REFINE_DEPTH && d >= 0; ++depth, d = a->idom[d]) {
    if (a->fact_condition[d])
      view_fact(w, view, a->fact_condition[d], a->fact_truth[d],
                CONDITION_DEPTH);
    for (uint32_t k = 0; d != (int)block && k < a->assumed_count[d]; ++k)
      view_fact(w, view, a->assumed[d][k], true, CONDITION_DEPTH);
  }
}

/* Whether x may be the atom's value in the loop: within its range there,
 * and every condition of the view holding at x (the last x, standing for
 * every value from it on, only for conditions the same from it on). */
static bool view_allows(chain_walk *w, const loop_view *view, __int128 x) {
  if (!w->atom)
    return true;
  bool last = w->stands_for_more && x == w->low + (__int128)w->count - 1;
  for (size_t k = 0; k < view->fact_count; ++k) {
    uint64_t value;
    if ((!last || view->same_from[k] <= x) &&
        evaluate_at(&view->facts[k], x, &value) &&
        (value != 0) != view->truths[k])
      return false;
  }
  const value_range *r = &view->atom_range;
  if (r->kind != VALUE_INT || !r->as.integer.known)
    return true;
  if (last) /* as unsigned, the negative values too */
    return x <= r->as.integer.hi || (w->as_unsigned && r->as.integer.lo < 0);
  if (w->as_unsigned && x > int_max_of(int_width(w->atom)))
    x -= (__int128)1 << int_width(w->atom); /* its signed reading */
  return x >= r->as.integer.lo && x <= r->as.integer.hi;
}

/* The header runs of `loop` per entry where the atom is x: 0 where that
 * cannot happen, -1 where they are not known. */
static __int128 runs_at(chain_walk *w, const chain_loop *loop,
                        const loop_view *view, __int128 x) {
  if (!view_allows(w, view, x))
    return 0;
  uint64_t pattern;
  LLVMValueRef bound = loop->counted.bound;
  if (!evaluate_at(&view->bound, x, &pattern))
    return -1;
  __int128 n = as_signed(pattern, int_width(bound));
  const value_range *r = &view->bound_range;
  if (r->kind == VALUE_INT && r->as.integer.known &&
      (n < r->as.integer.lo || n > r->as.integer.hi))
    return 0; /* excluded there, by a branch or an assume */
  __int128 start = loop->counted.start, step = loop->counted.step;
  bool flags = LLVMGetNSW(loop->counted.next) || LLVMGetNUW(loop->counted.next);
  /* next steps onto N exactly, or, with nsw or nuw, past it into a wrap
   * (poison, and the branch on it undefined). */
  if (n < start + step || (!flags && (n - start) % step != 0))
    return -1;
  return (n - start) / step;
}

static chain_terms chain_value(chain_walk *w, LLVMValueRef v, int depth);

/* The terms of the header phi `u` of `loop` (runs_before = 1: at the
 * header, one run fewer than trips done) or of its back edge's value (0),
 * at each x: its start's, plus a trip's for every run. */
static chain_terms chain_loop_terms(chain_walk *w, const chain_loop *loop,
                                    int runs_before, int depth) {
  chain_terms t = chain_value(w, loop->init, depth - 1);
  if (w->collecting) {
    if (w->loop_count == CHAIN_LOOPS) {
      w->failed = true;
    } else {
      w->headers[w->loop_count] = loop->header;
      w->bounds[w->loop_count++] = loop->counted.bound;
    }
    return t;
  }
  /* The atom is one value all along the walk: set before every loop. */
  if (w->atom && LLVMIsAInstruction(w->atom)) {
    uint32_t def = block_index_of(w->a, LLVMGetInstructionParent(w->atom));
    if (def == UINT32_MAX ||
        !strictly_dominates(w->a, (int)def, (int)loop->header))
      w->failed = true;
  }
  if (loop->trip.precision < w->precision)
    w->precision = loop->trip.precision;
  w->nonnegative = w->nonnegative && loop->trip.nonnegative;
  w->nonpositive = w->nonpositive && loop->trip.nonpositive;
  w->integer = w->integer && loop->trip.integer;
  w->nan = w->nan || loop->trip.nan;
  loop_view view;
  if (w->atom)
    view_loop(w, loop, &view);
  else
    view.fact_count = 0;
  view.bound_range = range_in_block(w->a, loop->counted.bound, loop->latch);
  view.bound.count = 0;
  if (compile_expression(&view.bound, loop->counted.bound, w->atom) < 0)
    view.bound.count = 0;
  for (size_t k = 0; k < w->count && !w->failed; ++k) {
    if (t.links[k] == UINT32_MAX)
      continue;
    __int128 runs = runs_at(w, loop, &view, w->low + (__int128)k);
    if (runs < 0 || runs - runs_before > UINT32_MAX / 2 / (loop->trip.links + 1))
      w->failed = true;
    else if (runs == 0)
      t.links[k] = UINT32_MAX;
    else {
      __int128 trips = runs - runs_before;
      t.magnitude[k] += (fp_bound)trips * loop->trip.magnitude;
      uint64_t links = t.links[k] + (uint64_t)trips * loop->trip.links;
      if (links >= UINT32_MAX)
        w->failed = true;
      else
        t.links[k] = (uint32_t)links;
    }
  }
  return t;
}

/* A start: terms are counted from v's own range. */
static chain_terms chain_start(chain_walk *w, LLVMValueRef v) {
  if (w->origin) { /* every way must lead back to it */
    w->failed = w->failed || v != w->origin;
    return chain_terms_new(w, true);
  }
  value_range r = base_range(w->a, v);
  if (r.kind != VALUE_FP || r.as.fp.pos_inf || r.as.fp.neg_inf)
    w->failed = true;
  else
    w->start = fp_interval_join(&w->start, &r.as.fp);
  return chain_terms_new(w, true);
}

/* Whether `loop`'s trip count is computed from the atom (which the first
 * loop the walk meets sets, the one whose header phi is bounded): a loop
 * counted from another value (an outer loop's, by another argument) is no
 * loop of the walk, its header phi a start with its own range. */
static bool counted_from_atom(chain_walk *w, const chain_loop *loop) {
  LLVMValueRef atom = w->atom;
  if (!pure_in_atom(loop->counted.bound, &atom, EXPRESSION_DEPTH) ||
      (atom != w->atom && !w->collecting))
    return false;
  w->atom = atom;
  return true;
}

/* The terms of v at each x: the value of a loop's back edge, a header phi
 * read after its loop, a phi between loops, or a start. */
static chain_terms chain_value(chain_walk *w, LLVMValueRef v, int depth) {
  if (depth == 0 || !LLVMIsAInstruction(v) || v == w->origin)
    return chain_start(w, v);
  chain_loop loop;
  if (LLVMGetInstructionOpcode(v) == LLVMPHI) {
    if (chain_loop_of(w->a, v, &loop) && counted_from_atom(w, &loop))
      return chain_loop_terms(w, &loop, 1, depth);
    uint32_t block = block_index_of(w->a, LLVMGetInstructionParent(v));
    if (block == UINT32_MAX || w->a->loop_header[block])
      return chain_start(w, v);
    chain_terms t = chain_terms_new(w, false);
    for (unsigned i = 0; i < LLVMCountIncoming(v); ++i) {
      chain_terms in = chain_value(w, LLVMGetIncomingValue(v, i), depth - 1);
      for (size_t k = 0; k < w->count; ++k) {
        if (in.links[k] == UINT32_MAX)
          continue;
        if (t.links[k] == UINT32_MAX || in.links[k] > t.links[k])
          t.links[k] = in.links[k];
        if (in.magnitude[k] > t.magnitude[k])
          t.magnitude[k] = in.magnitude[k];
      }
      chain_terms_free(&in);
    }
    return t;
  }
  /* The back edge's value of a header phi of a loop it leaves. */
  for (LLVMUseRef use = LLVMGetFirstUse(v); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsAPHINode(user) && chain_loop_of(w->a, user, &loop) &&
        loop.next == v)
      return counted_from_atom(w, &loop) ? chain_loop_terms(w, &loop, 0, depth)
                                         : chain_start(w, v);
  }
  return chain_start(w, v);
}

/* The most the terms since the start add at any x, and their roundings;
 * false where no x reaches the header or the walk failed. */
static bool chain_most(chain_walk *w, const chain_loop *loop,
                       fp_bound *magnitude, uint32_t *links) {
  if (!counted_from_atom(w, loop))
    return false;
  chain_terms t = chain_loop_terms(w, loop, 1, CHAIN_DEPTH);
  bool reached = false;
  *magnitude = 0;
  *links = 0;
  for (size_t k = 0; k < w->count; ++k) {
    if (t.links[k] == UINT32_MAX)
      continue;
    reached = true;
    if (t.magnitude[k] > *magnitude)
      *magnitude = t.magnitude[k];
    if (t.links[k] > *links)
      *links = t.links[k];
  }
  chain_terms_free(&t);
  return reached && !w->failed;
}

/* The values of the atom to run over: all of its range at the loops'
 * headers where that is small; or from its least value there (0, where
 * that is negative and the atom is taken as unsigned) to the point past
 * which every trip count is the same, the last standing for the rest. */
static bool atom_domain(chain_walk *w) {
  w->low = 0;
  w->count = 1;
  w->stands_for_more = false;
  w->as_unsigned = false;
  if (!w->atom)
    return true;
  if (w->loop_count == 0)
    return false;
  __int128 low = 0, high = 0;
  for (size_t i = 0; i < w->loop_count; ++i) {
    value_range r = range_in_block(w->a, w->atom, w->headers[i]);
    if (r.kind != VALUE_INT || !r.as.integer.known)
      return false;
    if (i == 0 || r.as.integer.lo < low)
      low = r.as.integer.lo;
    if (i == 0 || r.as.integer.hi > high)
      high = r.as.integer.hi;
  }
  w->low = low;
  if (high - low < ATOM_VALUES) {
    w->count = (size_t)(high - low + 1);
    return true;
  }
  w->as_unsigned = low < 0;
  w->low = low = w->as_unsigned ? 0 : low;
  __int128 point = ALWAYS_CONSTANT;
  for (size_t i = 0; i < w->loop_count; ++i) {
    __int128 s = saturation(w->bounds[i], w->atom, w->as_unsigned);
    if (s > point)
      point = s;
  }
  if (point == NOT_SATURATED || point >= int_max_of(int_width(w->atom)))
    return false;
  __int128 last = point > low ? point : low;
  if (last - low >= ATOM_VALUES)
    return false;
  w->count = (size_t)(last - low + 1);
  w->stands_for_more = true;
  return true;
}

/* Whether v's range is known and holds at most ATOM_VALUES values. */
static bool few_values(fn_analysis *a, LLVMValueRef v) {
  value_range r = base_range(a, v);
  return r.kind == VALUE_INT && r.as.integer.known &&
         r.as.integer.hi - r.as.integer.lo < ATOM_VALUES;
}

/* The atom the trip counts are computed from, and its values. Where the
 * value they start from has too many (i & 127, min'ed with 100, from an
 * argument i), the lowest value of few on the first count's way down to
 * it (the and) may serve instead, if every count is computed from it. */
static bool chain_domain(chain_walk *w) {
  if (atom_domain(w))
    return true;
  if (!w->atom || w->loop_count == 0)
    return false;
  LLVMValueRef lowest = NULL;
  for (LLVMValueRef v = w->bounds[0]; v && v != w->atom;) {
    if (!LLVMIsAConstantInt(v) && few_values(w->a, v))
      lowest = v;
    LLVMValueRef down = NULL;
    unsigned count = LLVMIsACallInst(v) ? 2 : (unsigned)LLVMGetNumOperands(v);
    for (unsigned i = 0; i < count; ++i)
      if (!LLVMIsAConstantInt(LLVMGetOperand(v, i)))
        down = down ? NULL : LLVMGetOperand(v, i); /* one way down only */
    if (!down)
      return false;
    v = down;
  }
  if (!lowest)
    return false;
  for (size_t i = 0; i < w->loop_count; ++i) {
    LLVMValueRef atom = lowest;
    if (!pure_in_atom(w->bounds[i], &atom, EXPRESSION_DEPTH) || atom != lowest)
      return false;
  }
  w->atom = lowest;
  return atom_domain(w);
}

/* The terms of header phi `phi` counted back across the loops before it
 * (above), from `origin` alone where that is set: the most at any x, in
 * magnitude and roundings, and what they have in common in `w`. */
static bool carried_terms(fn_analysis *a, LLVMValueRef phi, LLVMValueRef origin,
                          chain_walk *w, fp_bound *magnitude, uint32_t *links) {
  chain_loop loop;
  if (!chain_loop_of(a, phi, &loop))
    return false;
  *w = (chain_walk){.a = a, .count = 1, .collecting = true, .origin = origin,
                    .start = fp_interval_bottom(), .precision = INT_MAX,
                    .nonnegative = true, .nonpositive = true, .integer = true};
  chain_most(w, &loop, magnitude, links);
  if (w->failed || !chain_domain(w))
    return false;
  w->collecting = false;
  w->start = fp_interval_bottom();
  return chain_most(w, &loop, magnitude, links);
}

/* The bound of a header phi's sum counted back across loops. */
static bool carried_sum_bound(fn_analysis *a, LLVMValueRef phi,
                              fp_format_id format, fp_interval *out) {
  chain_walk w;
  fp_bound magnitude;
  uint32_t links;
  return carried_terms(a, phi, NULL, &w, &magnitude, &links) &&
         sum_bound(a, format, &w.start, magnitude, (fp_bound)links,
                   w.precision, w.integer, w.nonnegative, w.nonpositive, w.nan,
                   out);
}

/* The terms of a header phi of loops inside `origin`'s, counted back to
 * origin (trip_terms, where its own loop's runs alone are not bounded: a
 * runtime-unrolled inner loop). */
static bool carried_trip_terms(fn_analysis *a, LLVMValueRef phi,
                               LLVMValueRef origin, trip_sum *out) {
  chain_walk w;
  fp_bound magnitude;
  uint32_t links;
  if (!carried_terms(a, phi, origin, &w, &magnitude, &links))
    return false;
  *out = (trip_sum){magnitude, links, w.precision, w.nonnegative,
                    w.nonpositive, w.integer, w.nan};
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
 * 2^precision make every sum exact. Where the sum started in loops before
 * this one, carried_sum_bound may say more: both are met. */
bool accumulator_bound(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                       fp_format_id format, fp_interval *out) {
  LLVMValueRef init, next;
  LLVMBasicBlockRef latch;
  __int128 runs;
  trip_sum trip;
  fp_interval carried;
  int budget = TRIP_BUDGET;
  bool has_carried = carried_sum_bound(a, phi, format, &carried);
  if (!loop_phi_edges(a, phi, block, &init, &next, &latch) ||
      !header_runs(a, block, &runs)) {
    *out = carried;
    return has_carried;
  }
  value_range start = range_in_block(a, init, block);
  bool bounded;
  if (start.kind != VALUE_FP || start.as.fp.pos_inf || start.as.fp.neg_inf)
    bounded = false;
  else if (!trip_terms(a, next, phi, &budget, &trip) || trip.links == 0)
    bounded = product_bound(a, next, phi, runs, &start, format, out);
  else
    bounded = sum_bound(a, format, &start.as.fp,
                        (fp_bound)(runs - 1) * trip.magnitude,
                        (fp_bound)(runs - 1) * (fp_bound)trip.links,
                        trip.precision, trip.integer, trip.nonnegative,
                        trip.nonpositive, trip.nan, out);
  if (!bounded) {
    *out = carried;
    return has_carried;
  }
  if (has_carried)
    *out = fp_interval_meet(format, out, &carried);
  return true;
}
