/* The transfer of one instruction: its range from the ranges of its
 * operands, read at its block (operands.c). FP arithmetic, conversions and
 * the calls fprange understands go through the transfer functions
 * (transfer.c), with fast-math flags and nofpclass attributes applied;
 * loads read constant tables, stack arrays and closed memory (tables.c,
 * program.c); integer instructions get what the IR states (masks, shifts,
 * extensions, !range); a phi joins its feasible incoming edges, met with
 * the loop bounds of loops.c at a loop header. compute_value is the entry:
 * the solver calls it for every value (solver.c), and operands.c through
 * a->recompute to read under a hypothesis or one lane. */
#include "analysis_steps.h"
#include "llvm_arrays.h"

#include <llvm-c/Core.h>
#include <stdlib.h>

static fp_interval fp_operand(fn_analysis *a, LLVMValueRef inst, unsigned i,
                              uint32_t block, fp_format_id format,
                              LLVMFastMathFlags flags) {
  value_range r = range_in_block(a, LLVMGetOperand(inst, i), block);
  if (r.kind != VALUE_FP)
    return fp_interval_top(format);
  fp_apply_fast_math(format, &r.as.fp, flags);
  return r.as.fp;
}

static int_range int_operand(fn_analysis *a, LLVMValueRef inst, unsigned i,
                             uint32_t block) {
  LLVMValueRef v = LLVMGetOperand(inst, i);
  value_range r = range_in_block(a, v, block);
  if (r.kind != VALUE_INT) {
    int_range full = int_range_full(64);
    return full;
  }
  return r.as.integer;
}

/* Clears what a nofpclass mask (LLVM FPClassTest bits) excludes. */
void apply_nofpclass(fp_format_id format, fp_interval *r, uint64_t mask) {
  if ((mask & 3) == 3)
    r->nan = false;
  if (mask & (1 << 2))
    r->neg_inf = false;
  if (mask & (1 << 9))
    r->pos_inf = false;
  if (mask & (1 << 5))
    r->neg_zero = false;
  if (mask & (1 << 6))
    r->pos_zero = false;
  if (r->has_finite && (mask & (3 << 3)) == (3 << 3) && r->lo < 0)
    r->lo = 0; /* no negative normal or subnormal */
  if (r->has_finite && (mask & (3 << 7)) == (3 << 7) && r->hi > 0)
    r->hi = 0;
  if (r->has_finite && r->lo > r->hi)
    r->has_finite = false;
  fp_interval_normalize(format, r);
}

uint64_t nofpclass_at(fn_analysis *a, LLVMValueRef owner, unsigned index,
                      bool call_site) {
  LLVMAttributeRef attribute =
      call_site ? LLVMGetCallSiteEnumAttribute(owner, index, a->nofpclass_kind)
                : LLVMGetEnumAttributeAtIndex(owner, index, a->nofpclass_kind);
  return attribute ? LLVMGetEnumAttributeValue(attribute) : 0;
}

/* The range a load reads from a constant table, or false. */
static bool table_load_range(fn_analysis *a, LLVMValueRef load,
                             fp_format_id format, fp_interval *out) {
  if (LLVMGetVolatile(load) ||
      LLVMGetOrdering(load) != LLVMAtomicOrderingNotAtomic)
    return false;
  LLVMTypeRef loaded = LLVMTypeOf(load);
  LLVMTypeRef fp = LLVMGetTypeKind(loaded) == LLVMVectorTypeKind
                       ? LLVMGetElementType(loaded)
                       : loaded;
  LLVMValueRef table = fprange_table_of_pointer(LLVMGetOperand(load, 0), fp);
  if (!table || !LLVMIsAGlobalVariable(table) || !LLVMIsGlobalConstant(table) ||
      LLVMIsDeclaration(table) || LLVMIsExternallyInitialized(table) ||
      fprange_is_interposable(table) ||
      !fprange_is_table_of(LLVMGlobalGetValueType(table), fp))
    return false;
  uint32_t index = fprange_value_map_get(&a->table_index, table);
  if (index == UINT32_MAX) {
    fp_interval hull = fp_interval_bottom();
    if (!fprange_table_hull(LLVMGetInitializer(table), format, &hull))
      hull = fp_interval_top(format);
    a->table_hulls =
        realloc(a->table_hulls, (a->table_count + 1) * sizeof *a->table_hulls);
    if (!a->table_hulls)
      abort();
    a->table_hulls[a->table_count] = hull;
    index = (uint32_t)a->table_count++;
    fprange_value_map_put(&a->table_index, table, index);
  }
  *out = a->table_hulls[index];
  return !fp_interval_is_bottom(out);
}

/* Joins into `out` the ranges of what the stores through `pointer` (a
 * stack array, or a GEP into it) store, each read at its store, and +0.0
 * for a memset of zeros; those in blocks not reachable (yet) add
 * nothing. */
static void join_stored(fn_analysis *a, LLVMValueRef pointer, LLVMTypeRef fp,
                        fp_format_id format, fp_interval *out, int depth) {
  for (LLVMUseRef use = LLVMGetFirstUse(pointer); use && depth <= 16;
       use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsAGetElementPtrInst(user)) {
      join_stored(a, user, fp, format, out, depth + 1);
    } else if (fprange_zeroes_elements(user, pointer, fp)) {
      uint32_t block = block_index_of(a, LLVMGetInstructionParent(user));
      if (block == UINT32_MAX || !a->reachable[block])
        continue;
      fp_interval zero = fp_interval_point(0.0);
      *out = fp_interval_join(out, &zero);
    } else if (LLVMIsAStoreInst(user)) {
      uint32_t block = block_index_of(a, LLVMGetInstructionParent(user));
      if (block == UINT32_MAX || !a->reachable[block])
        continue;
      value_range stored = range_in_block(a, LLVMGetOperand(user, 0), block);
      fp_interval value =
          stored.kind == VALUE_FP ? stored.as.fp : fp_interval_top(format);
      *out = fp_interval_join(out, &value);
    }
  }
}

/* The range a load reads from a stack array of FP values (an alloca of an
 * FP type, or of arrays and vectors of it) every access of which is in
 * view, as for closed globals (program.c: loads, plain stores of such
 * values, memsets of zeros over whole elements, GEPs over such tables, and
 * here lifetime markers): the join of what its stores store. Memory not
 * yet stored is undefined (undef, or poison past a lifetime's end): it may
 * be read as any value, so adds nothing. An array with more than 64
 * stores or 256 uses is left alone (each read walks them). */
static bool stack_load_range(fn_analysis *a, LLVMValueRef load,
                             fp_format_id format, fp_interval *out) {
  if (LLVMGetVolatile(load) ||
      LLVMGetOrdering(load) != LLVMAtomicOrderingNotAtomic)
    return false;
  LLVMTypeRef fp = fprange_table_element(LLVMTypeOf(load));
  LLVMValueRef array = fprange_table_of_pointer(LLVMGetOperand(load, 0), fp);
  size_t stores = 0, uses = 0;
  if (!array || !LLVMIsAAllocaInst(array) ||
      LLVMGetTypeKind(LLVMTypeOf(load)) == LLVMArrayTypeKind ||
      !fprange_is_table_of(LLVMGetAllocatedType(array), fp))
    return false;
  for (LLVMUseRef use = LLVMGetFirstUse(array); use && uses <= 256;
       use = LLVMGetNextUse(use))
    ++uses;
  if (uses > 256 || !fprange_only_fp_accesses(array, fp, &stores) ||
      stores > 64)
    return false;
  *out = fp_interval_bottom();
  join_stored(a, array, fp, format, out, 0);
  return true;
}

/* Values read, at most, to show that one operand's NaN is quiet. */
enum { QUIET_NAN_BUDGET = 16 };

static bool nan_is_quiet(fn_analysis *a, LLVMValueRef v, uint32_t block,
                         unsigned *budget);

/* Whether every FP operand of `inst` is never NaN or a quiet NaN: read at
 * the instruction's own block, or, for a phi's incoming values, as they
 * are defined. */
static bool operands_nan_quiet(fn_analysis *a, LLVMValueRef inst,
                               unsigned count, unsigned *budget) {
  LLVMBasicBlockRef parent = LLVMGetInstructionParent(inst);
  uint32_t block =
      parent && !LLVMIsAPHINode(inst) ? block_index_of(a, parent) : UINT32_MAX;
  for (unsigned i = 0; i < count; ++i) {
    LLVMValueRef operand = LLVMGetOperand(inst, i);
    fp_format_id format;
    if (fp_format_of_type(LLVMTypeOf(operand), &format) &&
        !nan_is_quiet(a, operand, block, budget))
      return false;
  }
  return true;
}

/* Whether `v`, read at `block` (UINT32_MAX: as defined), is never a
 * signaling NaN. LLVM IR's NaN rules (LangRef, "Behavior of Floating-Point
 * NaN values"): an operation whose operands are not NaN returns a quiet
 * NaN, and one with NaN operands a quiet NaN or one of them unchanged;
 * so a value is never
 * signaling when it is never NaN, or when it is computed by FP arithmetic,
 * a conversion, a call fprange understands, a select or a phi from values
 * that are never signaling. A load, an argument, a constant, a bitcast or
 * any other call may be one. The walk reads at most *budget values (a
 * phi in a cycle comes back to itself) and is false where it runs out. */
static bool nan_is_quiet(fn_analysis *a, LLVMValueRef v, uint32_t block,
                         unsigned *budget) {
  if (*budget == 0)
    return false;
  --*budget;
  value_range r =
      block == UINT32_MAX ? base_range(a, v) : range_in_block(a, v, block);
  if (r.kind == VALUE_FP && !r.as.fp.nan)
    return true;
  if (!LLVMIsAInstruction(v))
    return false;
  unsigned operands = 0;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
  case LLVMFRem:
  case LLVMFNeg:
  case LLVMFPExt:
  case LLVMFPTrunc:
  case LLVMSelect:
  case LLVMPHI:
    operands = (unsigned)LLVMGetNumOperands(v);
    break;
  case LLVMCall: {
    fp_unary_fn unary;
    fp_minmax_kind minmax;
    if (fp_classify_call(v, &unary, &minmax) == CALL_OTHER)
      return false;
    operands = LLVMGetNumArgOperands(v);
    break;
  }
  default:
    return false;
  }
  return operands_nan_quiet(a, v, operands, budget);
}

static fp_interval compute_fp_call(fn_analysis *a, LLVMValueRef inst,
                                   uint32_t block, fp_format_id format,
                                   LLVMFastMathFlags flags) {
  fp_unary_fn unary = FP_FN_SQRT;
  fp_minmax_kind minmax = FP_MINNUM;
  fp_call_kind kind = fp_classify_call(inst, &unary, &minmax);
  fp_arith *arith = a->arith;
  bool approximate = flags & LLVMFastMathApproxFunc;
  switch (kind) {
  case CALL_UNARY: {
    if (approximate && unary < FP_FN_FLOOR)
      break; /* afn: any approximation, no bound (rounding stays exact) */
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    return fp_transfer_unary(arith, format, unary, &x);
  }
  case CALL_FABS: {
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    return fp_transfer_fabs(format, &x);
  }
  case CALL_COPYSIGN: {
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    fp_interval s = fp_operand(a, inst, 1, block, format, flags);
    return fp_transfer_copysign(format, &x, &s);
  }
  case CALL_MINMAX: {
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    fp_interval y = fp_operand(a, inst, 1, block, format, flags);
    unsigned budget = QUIET_NAN_BUDGET;
    bool quiet = nan_is_quiet(a, LLVMGetOperand(inst, 0), block, &budget) &&
                 nan_is_quiet(a, LLVMGetOperand(inst, 1), block, &budget);
    return fp_transfer_minmax(format, minmax, &x, &y, !quiet);
  }
  case CALL_FMA:
  case CALL_FMULADD: {
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    fp_interval y = fp_operand(a, inst, 1, block, format, flags);
    fp_interval z = fp_operand(a, inst, 2, block, format, flags);
    fp_interval r = fp_transfer_fma(arith, format, &x, &y, &z);
    if (kind == CALL_FMULADD) {
      /* Fused or not, at the backend's choice. */
      fp_interval product =
          fp_transfer_binary(arith, format, FP_OP_MUL, &x, &y);
      fp_interval unfused =
          fp_transfer_binary(arith, format, FP_OP_ADD, &product, &z);
      r = fp_interval_join(&r, &unfused);
    }
    return r;
  }
  case CALL_POW: {
    if (approximate)
      break;
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    fp_interval y = fp_operand(a, inst, 1, block, format, flags);
    return fp_transfer_pow(arith, format, &x, &y);
  }
  case CALL_POWI: {
    if (approximate)
      break;
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    int_range n = int_operand(a, inst, 1, block);
    return fp_transfer_powi(arith, format, &x, &n);
  }
  case CALL_REM: {
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    fp_interval y = fp_operand(a, inst, 1, block, format, flags);
    return fp_transfer_binary(arith, format, FP_OP_REM, &x, &y);
  }
  case CALL_IS_FPCLASS:
  case CALL_OTHER:
    break;
  }
  fp_interval r = fp_interval_top(format);
  apply_nofpclass(format, &r, nofpclass_at(a, inst, 0, true));
  return r;
}

/* Flags that leave an fadd/fsub a correctly rounded operation (nnan, ninf
 * and nsz only say what its values are; reassoc and contract may rewrite
 * it, arcp and afn do not apply). */
static bool is_plain_rounding(LLVMValueRef inst) {
  LLVMFastMathFlags rewriting =
      LLVMFastMathAllowReassoc | LLVMFastMathAllowContract;
  return !(fast_math_of(inst) & rewriting);
}

/* Relations between operands that intervals alone cannot see (the
 * cheapest relational reasoning: each rule is about one instruction and
 * the instruction that defines its operand):
 *  - x - x is a zero (+0 in round-to-nearest), x / x is 1, unless x may be
 *    NaN or infinite (or zero, for x / x): then NaN too;
 *  - (x + y) - x and (x + y) - y, (x - y) + y and y + (x - y): the rounded
 *    sum s = x + y differs from the exact one by at most e (half an ulp
 *    of the largest |s| in round-to-nearest, an ulp in any mode), so the
 *    exact difference lies within e of the other operand, and the result
 *    is that interval rounded.
 * Returns false when no rule applies; else *r holds the result (which the
 * caller meets with what intervals give). */
static bool related_operands(fn_analysis *a, LLVMValueRef inst, uint32_t block,
                             fp_format_id format, LLVMFastMathFlags flags,
                             fp_interval *r) {
  LLVMOpcode opcode = LLVMGetInstructionOpcode(inst);
  LLVMValueRef left = LLVMGetOperand(inst, 0), right = LLVMGetOperand(inst, 1);
  if (!is_plain_rounding(inst))
    return false;
  if (left == right && (opcode == LLVMFSub || opcode == LLVMFDiv)) {
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    *r = fp_transfer_same_operand(
        a->arith, format, opcode == LLVMFSub ? FP_OP_SUB : FP_OP_DIV, &x);
    return true;
  }
  /* sum: the rounded x + y (or x - y); other: the operand that remains
   * once the other one is undone. */
  LLVMValueRef sum = NULL, other = NULL;
  for (int side = 0; side < 2 && !sum; ++side) {
    LLVMValueRef candidate = side ? right : left;
    LLVMValueRef undo = side ? left : right;
    if (!LLVMIsAInstruction(candidate) || !is_plain_rounding(candidate))
      continue;
    LLVMOpcode inner = LLVMGetInstructionOpcode(candidate);
    LLVMValueRef p = LLVMGetOperand(candidate, 0);
    LLVMValueRef q = inner == LLVMFAdd || inner == LLVMFSub
                         ? LLVMGetOperand(candidate, 1)
                         : NULL;
    if (opcode == LLVMFSub && side == 0 && inner == LLVMFAdd &&
        (undo == p || undo == q)) {
      sum = candidate;
      other = undo == p ? q : p;
    } else if (opcode == LLVMFAdd && inner == LLVMFSub && undo == q) {
      sum = candidate;
      other = p;
    }
  }
  if (!sum)
    return false;
  value_range s = range_in_block(a, sum, block);
  value_range y = range_in_block(a, other, block);
  value_range x = range_in_block(a, sum == left ? right : left, block);
  if (s.kind != VALUE_FP || y.kind != VALUE_FP || x.kind != VALUE_FP)
    return false;
  return fp_transfer_undone_sum(a->arith, format, &s.as.fp, &x.as.fp, &y.as.fp,
                                r);
}

/* fcmp P (select c, u, v), (select c, v, u) with c = fcmp Q u, v (a min
 * and a max, sorted by one compare): where c holds, the compare is P on
 * (u, v) and the outcome of comparing u with v is one of Q's; where it
 * does not, it is P on (v, u) and the outcome is one Q excludes. An
 * LLVM fcmp predicate is the set of its true outcomes (bits E=1, G=2,
 * L=4, U=8). False when the operands have another shape. */
static bool sorted_pair_outcomes(LLVMValueRef inst, bool *can_true,
                                 bool *can_false) {
  LLVMValueRef left = LLVMGetOperand(inst, 0), right = LLVMGetOperand(inst, 1);
  if (!LLVMIsASelectInst(left) || !LLVMIsASelectInst(right))
    return false;
  LLVMValueRef condition = LLVMGetOperand(left, 0);
  LLVMValueRef u = LLVMGetOperand(left, 1), v = LLVMGetOperand(left, 2);
  if (LLVMGetOperand(right, 0) != condition || LLVMGetOperand(right, 1) != v ||
      LLVMGetOperand(right, 2) != u || !LLVMIsAFCmpInst(condition))
    return false;
  unsigned q = (unsigned)LLVMGetFCmpPredicate(condition);
  if (LLVMGetOperand(condition, 0) == v && LLVMGetOperand(condition, 1) == u)
    q = swap_fp_predicate(q);
  else if (LLVMGetOperand(condition, 0) != u ||
           LLVMGetOperand(condition, 1) != v)
    return false;
  unsigned p = (unsigned)LLVMGetFCmpPredicate(inst);
  unsigned when_true = q & 15, when_false = ~q & 15;
  unsigned p_swapped = swap_fp_predicate(p);
  *can_true = (when_true & p) || (when_false & p_swapped);
  *can_false = (when_true & ~p & 15) || (when_false & ~p_swapped & 15);
  return true;
}

/* Is `rounded` floor, ceil, trunc, rint, nearbyint, round or roundeven of
 * `v`? */
static bool is_rounding_of(LLVMValueRef rounded, LLVMValueRef v) {
  fp_unary_fn unary;
  fp_minmax_kind minmax;
  if (!LLVMIsACallInst(rounded) ||
      fp_classify_call(rounded, &unary, &minmax) != CALL_UNARY ||
      LLVMGetOperand(rounded, 0) != v)
    return false;
  return unary == FP_FN_FLOOR || unary == FP_FN_CEIL || unary == FP_FN_TRUNC ||
         unary == FP_FN_RINT || unary == FP_FN_ROUND ||
         unary == FP_FN_ROUNDEVEN;
}

/* fcmp P x, x, or fcmp P x, round(x) (either order) with x an integer
 * where finite (the test of integrality `floor(s) != s` of an integer
 * accumulator): both sides are one value, an integer or infinity being
 * its own rounding, or both NaN. The outcome is E, or U where x may be
 * NaN. x is read as operand `side` of the compare, with its fast-math
 * flags. False when the operands have another shape. */
static bool same_value_outcomes(fn_analysis *a, LLVMValueRef inst,
                                uint32_t block, fp_format_id format,
                                bool *can_true, bool *can_false) {
  LLVMValueRef left = LLVMGetOperand(inst, 0), right = LLVMGetOperand(inst, 1);
  unsigned side = 0;
  bool rounded = false;
  if (left == right)
    side = 0;
  else if (is_rounding_of(left, right))
    side = 1, rounded = true;
  else if (is_rounding_of(right, left))
    side = 0, rounded = true;
  else
    return false;
  fp_interval x = fp_operand(a, inst, side, block, format, fast_math_of(inst));
  if (rounded && !x.integer)
    return false;
  fp_bound low, high;
  bool ordered = fp_interval_extent(&x, &low, &high) || x.pos_inf || x.neg_inf;
  unsigned p = (unsigned)LLVMGetFCmpPredicate(inst);
  *can_true = (ordered && (p & 1)) || (x.nan && (p & 8));
  *can_false = (ordered && !(p & 1)) || (x.nan && !(p & 8));
  return true;
}

/* Is `rem` frem(x, y) or fmod(x, y) for this y? */
static bool is_remainder_by(LLVMValueRef rem, LLVMValueRef y) {
  if (!LLVMIsAInstruction(rem))
    return false;
  if (LLVMGetInstructionOpcode(rem) == LLVMFRem)
    return LLVMGetOperand(rem, 1) == y;
  fp_unary_fn unary;
  fp_minmax_kind minmax;
  return LLVMIsACallInst(rem) &&
         fp_classify_call(rem, &unary, &minmax) == CALL_REM &&
         LLVMGetOperand(rem, 1) == y;
}

/* fcmp P r, y (either order) with r = frem(x, y) or fmod(x, y), y of one
 * sign and never zero: the remainder is exact and |r| < |y| (r = x where
 * y is infinite), so r is below a positive y and above a negative one.
 * The outcome is L (G for a negative y; the other way round with r on the
 * right), or U where r or y may be NaN. False when the operands have
 * another shape or y may be zero or of either sign. */
static bool remainder_outcomes(fn_analysis *a, LLVMValueRef inst,
                               uint32_t block, fp_format_id format,
                               bool *can_true, bool *can_false) {
  LLVMValueRef left = LLVMGetOperand(inst, 0), right = LLVMGetOperand(inst, 1);
  unsigned divisor_side;
  if (is_remainder_by(left, right))
    divisor_side = 1;
  else if (is_remainder_by(right, left))
    divisor_side = 0;
  else
    return false;
  LLVMFastMathFlags flags = fast_math_of(inst);
  fp_interval y = fp_operand(a, inst, divisor_side, block, format, flags);
  fp_interval r = fp_operand(a, inst, 1 - divisor_side, block, format, flags);
  fp_bound low, high;
  if (!fp_interval_extent(&y, &low, &high) || (low <= 0 && high >= 0))
    return false;
  /* The remainder's side of y, as predicate bits: 4 below, 2 above. */
  unsigned remainder_below = low > 0 ? 4u : 2u;
  unsigned ordered =
      divisor_side == 1 ? remainder_below : (remainder_below == 4u ? 2u : 4u);
  bool unordered = r.nan || y.nan;
  unsigned p = (unsigned)LLVMGetFCmpPredicate(inst);
  *can_true = (p & ordered) || (unordered && (p & 8));
  *can_false = !(p & ordered) || (unordered && !(p & 8));
  return true;
}

static fp_interval compute_fp(fn_analysis *a, LLVMValueRef inst, uint32_t block,
                              fp_format_id format) {
  LLVMOpcode opcode = LLVMGetInstructionOpcode(inst);
  LLVMFastMathFlags flags = fast_math_of(inst);
  fp_arith *arith = a->arith;
  fp_interval r;
  switch (opcode) {
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
  case LLVMFRem: {
    if ((flags & LLVMFastMathAllowReassoc) ||
        ((flags & LLVMFastMathApproxFunc) && opcode == LLVMFDiv)) {
      r = fp_interval_top(format); /* may be rewritten into anything */
      break;
    }
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    fp_interval y = fp_operand(a, inst, 1, block, format, flags);
    if (opcode == LLVMFMul &&
        LLVMGetOperand(inst, 0) == LLVMGetOperand(inst, 1)) {
      /* x * x is |x| * |x|: the same value, bit for bit (NaN aside). */
      x = fp_transfer_fabs(format, &x);
      y = x;
    }
    fp_binary_op op = opcode == LLVMFAdd   ? FP_OP_ADD
                      : opcode == LLVMFSub ? FP_OP_SUB
                      : opcode == LLVMFMul ? FP_OP_MUL
                      : opcode == LLVMFDiv ? FP_OP_DIV
                                           : FP_OP_REM;
    r = fp_transfer_binary(arith, format, op, &x, &y);
    fp_interval related;
    if (related_operands(a, inst, block, format, flags, &related))
      r = fp_interval_meet(format, &r, &related);
    if (op == FP_OP_DIV && (flags & LLVMFastMathAllowReciprocal)) {
      /* x / y may become x * (1 / y), rounded twice. */
      fp_interval one = fp_interval_point(1);
      fp_interval reciprocal =
          fp_transfer_binary(arith, format, FP_OP_DIV, &one, &y);
      fp_interval product =
          fp_transfer_binary(arith, format, FP_OP_MUL, &x, &reciprocal);
      r = fp_interval_join(&r, &product);
    }
    if ((flags & LLVMFastMathAllowContract) && (r.pos_inf || r.neg_inf) &&
        !fp_interval_is_bottom(&r)) {
      /* Fused into an fma, an overflowing step need not overflow: the
       * finite result may then be anything. */
      fp_interval any = fp_interval_top(format);
      any.nan = r.nan;
      r = any;
    }
    break;
  }
  case LLVMFNeg: {
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    r = fp_transfer_fneg(&x);
    break;
  }
  case LLVMFPTrunc:
  case LLVMFPExt: {
    LLVMValueRef source = LLVMGetOperand(inst, 0);
    fp_format_id from;
    value_range x = range_in_block(a, source, block);
    if (!fp_format_of_type(LLVMTypeOf(source), &from) || x.kind != VALUE_FP) {
      r = fp_interval_top(format);
      break;
    }
    fp_apply_fast_math(from, &x.as.fp, flags);
    r = fp_transfer_convert(arith, format, &x.as.fp);
    break;
  }
  case LLVMSIToFP:
  case LLVMUIToFP: {
    int_range x = int_operand(a, inst, 0, block);
    if (!x.known) {
      r = fp_interval_bottom();
    } else if (opcode == LLVMSIToFP || LLVMGetNNeg(inst)) {
      __int128 low = x.lo;
      if (opcode == LLVMUIToFP && low < 0)
        low = 0; /* nneg: a negative input is poison */
      r = fp_transfer_from_int(arith, format, low, x.hi < low ? low : x.hi);
    } else {
      unsigned __int128 low, high;
      int_range_unsigned(&x, &low, &high);
      r = fp_transfer_from_uint(arith, format, low, high);
    }
    break;
  }
  case LLVMCall:
    r = compute_fp_call(a, inst, block, format, flags);
    break;
  case LLVMExtractElement: {
    LLVMValueRef index = LLVMGetOperand(inst, 1);
    value_range x =
        LLVMIsAConstantInt(index)
            ? range_of_lane(a, LLVMGetOperand(inst, 0), block,
                            (unsigned)LLVMConstIntGetZExtValue(index))
            : range_in_block(a, LLVMGetOperand(inst, 0), block);
    r = x.kind == VALUE_FP ? x.as.fp : fp_interval_top(format);
    break;
  }
  case LLVMLoad:
    if (!table_load_range(a, inst, format, &r) &&
        !fprange_program_memory_load(a->program, inst, &r) &&
        !stack_load_range(a, inst, format, &r))
      r = fp_interval_top(format);
    break;
  case LLVMInsertElement:
  case LLVMShuffleVector: {
    /* Each lane is a lane of an operand (or the scalar inserted), or
     * poison (of a poison mask element, or of a poison operand, whose
     * range is empty: constant_range): clang builds a splat by inserting
     * into poison and shuffling with poison. */
    value_range x = range_in_block(a, LLVMGetOperand(inst, 0), block);
    value_range y = range_in_block(a, LLVMGetOperand(inst, 1), block);
    if (x.kind != VALUE_FP || y.kind != VALUE_FP)
      r = fp_interval_top(format);
    else
      r = fp_interval_join(&x.as.fp, &y.as.fp);
    break;
  }
  default:
    r = fp_interval_top(format);
    break;
  }
  fp_apply_fast_math(format, &r, flags);
  return r;
}

/* A non-negative constant operand, or -1. */
static __int128 small_constant(LLVMValueRef v) {
  if (!LLVMIsAConstantInt(v) || LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
    return -1;
  long long value = LLVMConstIntGetSExtValue(v);
  return value < 0 ? -1 : (__int128)value;
}

static int_range range_from_metadata(fn_analysis *a, LLVMValueRef inst,
                                     unsigned width) {
  int_range full = int_range_full(width);
  LLVMValueRef node = LLVMGetMetadata(inst, a->range_md_kind);
  if (!node || width > 64)
    return full;
  unsigned count;
  LLVMValueRef *operands = ltofold_md_node_operands(node, &count);
  int_range hull = {.width = width, .known = false};
  bool readable = count > 0 && count % 2 == 0;
  for (unsigned i = 0; readable && i < count; i += 2) {
    readable = operands[i] && operands[i + 1] &&
               LLVMIsAConstantInt(operands[i]) &&
               LLVMIsAConstantInt(operands[i + 1]);
    if (!readable)
      break;
    __int128 low = LLVMConstIntGetSExtValue(operands[i]);
    __int128 end = LLVMConstIntGetSExtValue(operands[i + 1]);
    readable = low < end; /* not wrapping around */
    if (readable) {
      int_range piece = int_range_make(width, low, end - 1);
      hull = int_range_join(&hull, &piece);
    }
  }
  free(operands);
  return readable ? hull : full;
}

static int_range compute_int(fn_analysis *a, LLVMValueRef inst, uint32_t block,
                             unsigned width) {
  LLVMOpcode opcode = LLVMGetInstructionOpcode(inst);
  int_range full = int_range_full(width);
  switch (opcode) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul: {
    int_range x = int_operand(a, inst, 0, block);
    int_range y = int_operand(a, inst, 1, block);
    if (!x.known || !y.known)
      return (int_range){.width = width, .known = false};
    if (width > 64)
      return full;
    __int128 c[4];
    if (opcode == LLVMAdd) {
      c[0] = c[1] = x.lo + y.lo;
      c[2] = c[3] = x.hi + y.hi;
    } else if (opcode == LLVMSub) {
      c[0] = c[1] = x.lo - y.hi;
      c[2] = c[3] = x.hi - y.lo;
    } else {
      c[0] = x.lo * y.lo;
      c[1] = x.lo * y.hi;
      c[2] = x.hi * y.lo;
      c[3] = x.hi * y.hi;
    }
    __int128 low = c[0], high = c[0];
    for (int i = 1; i < 4; ++i) {
      low = c[i] < low ? c[i] : low;
      high = c[i] > high ? c[i] : high;
    }
    if (low < int_min_of(width) || high > int_max_of(width)) {
      if (!LLVMGetNSW(inst))
        return full; /* wraps */
      /* nsw: overflow is poison, so only in-range results count. */
      low = low < int_min_of(width) ? int_min_of(width) : low;
      high = high > int_max_of(width) ? int_max_of(width) : high;
    }
    int_range r = int_range_make(width, low, high);
    r.from_fp = x.from_fp || y.from_fp;
    return r;
  }
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor: {
    int_range x = int_operand(a, inst, 0, block);
    int_range y = int_operand(a, inst, 1, block);
    if (!x.known || !y.known)
      return (int_range){.width = width, .known = false};
    if (width == 1) {
      bool xt = int_range_is_true(&x), xf = int_range_is_false(&x);
      bool yt = int_range_is_true(&y), yf = int_range_is_false(&y);
      if (opcode == LLVMAnd || opcode == LLVMOr) {
        /* Each side read assuming the other let it matter: x && y is y
         * when x holds; x || y is y when x does not. */
        bool is_and = opcode == LLVMAnd;
        LLVMValueRef xv = LLVMGetOperand(inst, 0), yv = LLVMGetOperand(inst, 1);
        value_range y_given = range_assuming(a, yv, block, xv, is_and);
        value_range x_given = range_assuming(a, xv, block, yv, is_and);
        bool ygt =
            y_given.kind == VALUE_INT && int_range_is_true(&y_given.as.integer);
        bool ygf = y_given.kind == VALUE_INT &&
                   int_range_is_false(&y_given.as.integer);
        bool xgt =
            x_given.kind == VALUE_INT && int_range_is_true(&x_given.as.integer);
        bool xgf = x_given.kind == VALUE_INT &&
                   int_range_is_false(&x_given.as.integer);
        if (is_and) {
          bool can_true = !xf && !yf && !ygf && !xgf;
          bool can_false = (!xt || !ygt) && (!yt || !xgt);
          return int_range_bool(can_true, can_false);
        }
        bool can_false = !xt && !yt && !ygt && !xgt;
        bool can_true = (!xf || !ygf) && (!yf || !xgf);
        return int_range_bool(can_true, can_false);
      }
      if ((xt || xf) && (yt || yf))
        return int_range_bool(xt != yt, xt == yt);
      return full;
    }
    if (opcode == LLVMAnd) {
      if (x.lo >= 0 && y.lo >= 0)
        return int_range_make(width, 0, x.hi < y.hi ? x.hi : y.hi);
      if (x.lo >= 0)
        return int_range_make(width, 0, x.hi);
      if (y.lo >= 0)
        return int_range_make(width, 0, y.hi);
      return full;
    }
    if (opcode == LLVMOr && LLVMGetIsDisjoint(inst) && width <= 64 &&
        x.lo + y.lo >= int_min_of(width) && x.hi + y.hi <= int_max_of(width))
      return int_range_make(width, x.lo + y.lo, x.hi + y.hi); /* an add */
    if (x.lo >= 0 && y.lo >= 0 && width <= 64) {
      __int128 high = x.hi > y.hi ? x.hi : y.hi, mask = 1;
      while (mask <= high)
        mask <<= 1;
      return int_range_make(width, 0, mask - 1);
    }
    return full;
  }
  case LLVMLShr:
  case LLVMAShr:
  case LLVMShl:
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem: {
    int_range x = int_operand(a, inst, 0, block);
    __int128 k = small_constant(LLVMGetOperand(inst, 1));
    if (!x.known)
      return (int_range){.width = width, .known = false};
    if (k < 0 || width > 64)
      return full;
    if (opcode == LLVMLShr && k > 0 && k < width) {
      if (x.lo >= 0)
        return int_range_make(width, x.lo >> k, x.hi >> k);
      return int_range_make(width, 0, (((__int128)1 << width) - 1) >> k);
    }
    if (opcode == LLVMAShr && k < width)
      return int_range_make(width, x.lo >> k, x.hi >> k);
    if (opcode == LLVMShl && k < width) {
      __int128 low = x.lo * ((__int128)1 << k),
               high = x.hi * ((__int128)1 << k);
      if (low < int_min_of(width) || high > int_max_of(width))
        return full;
      return int_range_make(width, low, high);
    }
    if (k == 0)
      return full;
    if (opcode == LLVMUDiv && x.lo >= 0)
      return int_range_make(width, x.lo / k, x.hi / k);
    if (opcode == LLVMSDiv)
      return int_range_make(width, x.lo / k, x.hi / k);
    if (opcode == LLVMURem)
      return int_range_make(width, 0, x.lo >= 0 && x.hi < k - 1 ? x.hi : k - 1);
    if (opcode == LLVMSRem)
      return int_range_make(width, x.lo < 0 ? -(k - 1) : 0,
                            x.hi > 0 ? k - 1 : 0);
    return full;
  }
  case LLVMZExt:
  case LLVMSExt:
  case LLVMTrunc: {
    int_range x = int_operand(a, inst, 0, block);
    if (!x.known)
      return (int_range){.width = width, .known = false};
    int_range r = full;
    if (opcode == LLVMZExt) {
      unsigned __int128 low, high;
      int_range_unsigned(&x, &low, &high);
      if (high <= (unsigned __int128)int_max_of(width))
        r = int_range_make(width, (__int128)low, (__int128)high);
    } else if (x.lo >= int_min_of(width) && x.hi <= int_max_of(width)) {
      r = int_range_make(width, x.lo, x.hi);
    }
    r.from_fp = x.from_fp;
    return r;
  }
  case LLVMICmp: {
    int_range x = int_operand(a, inst, 0, block);
    int_range y = int_operand(a, inst, 1, block);
    if (!x.known || !y.known)
      return (int_range){.width = 1, .known = false};
    LLVMIntPredicate p = LLVMGetICmpPredicate(inst);
    bool can_true = true, can_false = true;
    bool is_unsigned = p >= LLVMIntUGT && p <= LLVMIntULE;
    if (!is_unsigned || (x.lo >= 0 && y.lo >= 0)) {
      switch (p) {
      case LLVMIntEQ:
      case LLVMIntNE: {
        bool may_equal = x.lo <= y.hi && y.lo <= x.hi;
        bool must_equal = x.lo == x.hi && y.lo == y.hi && x.lo == y.lo;
        can_true = p == LLVMIntEQ ? may_equal : !must_equal;
        can_false = p == LLVMIntEQ ? !must_equal : may_equal;
        break;
      }
      case LLVMIntUGT:
      case LLVMIntSGT:
        can_true = x.hi > y.lo;
        can_false = x.lo <= y.hi;
        break;
      case LLVMIntUGE:
      case LLVMIntSGE:
        can_true = x.hi >= y.lo;
        can_false = x.lo < y.hi;
        break;
      case LLVMIntULT:
      case LLVMIntSLT:
        can_true = x.lo < y.hi;
        can_false = x.hi >= y.lo;
        break;
      case LLVMIntULE:
      case LLVMIntSLE:
        can_true = x.lo <= y.hi;
        can_false = x.hi > y.lo;
        break;
      }
    }
    int_range r = int_range_bool(can_true, can_false);
    r.from_fp = x.from_fp || y.from_fp;
    return r;
  }
  case LLVMFCmp: {
    LLVMValueRef left = LLVMGetOperand(inst, 0);
    fp_format_id format;
    if (!fp_format_of_type(LLVMTypeOf(left), &format))
      return full;
    LLVMFastMathFlags flags = fast_math_of(inst);
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    fp_interval y = fp_operand(a, inst, 1, block, format, flags);
    if (fp_interval_is_bottom(&x) || fp_interval_is_bottom(&y))
      return (int_range){.width = 1, .known = false};
    bool can_true, can_false, sorted_true, sorted_false;
    fp_compare_outcomes(LLVMGetFCmpPredicate(inst), &x, &y, &can_true,
                        &can_false);
    if (sorted_pair_outcomes(inst, &sorted_true, &sorted_false) ||
        same_value_outcomes(a, inst, block, format, &sorted_true,
                            &sorted_false) ||
        remainder_outcomes(a, inst, block, format, &sorted_true,
                           &sorted_false)) {
      can_true = can_true && sorted_true;
      can_false = can_false && sorted_false;
    }
    return int_range_bool(can_true, can_false);
  }
  case LLVMFPToSI:
  case LLVMFPToUI: {
    LLVMValueRef source = LLVMGetOperand(inst, 0);
    fp_format_id format;
    if (!fp_format_of_type(LLVMTypeOf(source), &format))
      return full;
    fp_interval x = fp_operand(a, inst, 0, block, format, 0);
    if (fp_interval_is_bottom(&x))
      return (int_range){.width = width, .known = false};
    return fp_transfer_to_int(format, &x, width, opcode == LLVMFPToSI);
  }
  case LLVMCall: {
    fp_unary_fn unary;
    fp_minmax_kind minmax;
    if (fp_classify_call(inst, &unary, &minmax) == CALL_IS_FPCLASS &&
        width == 1) {
      LLVMValueRef x_value = LLVMGetOperand(inst, 0);
      LLVMValueRef mask_value = LLVMGetOperand(inst, 1);
      fp_format_id format;
      if (!fp_format_of_type(LLVMTypeOf(x_value), &format) ||
          !LLVMIsAConstantInt(mask_value))
        return full;
      fp_interval x = fp_operand(a, inst, 0, block, format, 0);
      if (fp_interval_is_bottom(&x))
        return (int_range){.width = 1, .known = false};
      unsigned classes = fp_interval_classes(format, &x);
      unsigned mask = (unsigned)LLVMConstIntGetZExtValue(mask_value);
      return int_range_bool((classes & mask) != 0, (classes & ~mask) != 0);
    }
    int_minmax_kind minmax_kind = int_classify_minmax(inst);
    if (minmax_kind != INT_MINMAX_NONE) {
      int_range x = int_operand(a, inst, 0, block);
      int_range y = int_operand(a, inst, 1, block);
      bool is_unsigned = minmax_kind == INT_UMIN || minmax_kind == INT_UMAX;
      return minmax_kind == INT_SMIN || minmax_kind == INT_UMIN
                 ? int_range_min(&x, &y, is_unsigned)
                 : int_range_max(&x, &y, is_unsigned);
    }
    return range_from_metadata(a, inst, width);
  }
  case LLVMLoad:
    return range_from_metadata(a, inst, width);
  default:
    return full;
  }
}

/* Phi: the join over feasible incoming edges. Select: the join of the arms,
 * each narrowed by the condition, or the one arm a decided condition
 * picks. */
value_range compute_value(fn_analysis *a, LLVMValueRef inst, uint32_t block,
                          const value_range *old) {
  LLVMOpcode opcode = LLVMGetInstructionOpcode(inst);
  value_range r = bottom_of_type(LLVMTypeOf(inst));
  if (opcode == LLVMPHI) {
    unsigned count = LLVMCountIncoming(inst);
    for (unsigned i = 0; i < count; ++i) {
      uint32_t pred = block_index_of(a, LLVMGetIncomingBlock(inst, i));
      if (pred == UINT32_MAX || !a->reachable[pred] ||
          !edge_feasible(a, pred, block))
        continue;
      value_range incoming =
          range_on_edge(a, LLVMGetIncomingValue(inst, i), pred, block);
      r = fprange_range_join(&r, &incoming);
    }
    fp_interval accumulated;
    if (r.kind == VALUE_FP) {
      fp_apply_fast_math(r.format, &r.as.fp, fast_math_of(inst));
      if (a->loop_header[block] &&
          accumulator_bound(a, inst, block, r.format, &accumulated))
        r.as.fp = fp_interval_meet(r.format, &r.as.fp, &accumulated);
    }
    __int128 low, high, visits;
    if (r.kind == VALUE_INT && r.as.integer.known && a->loop_header[block] &&
        (counted_loop_bound(a, inst, block, &low, &high, &visits) ||
         sibling_induction_bound(a, inst, block, r.as.integer.width, &low,
                                 &high))) {
      if (low > r.as.integer.lo)
        r.as.integer.lo = low;
      if (high < r.as.integer.hi)
        r.as.integer.hi = high;
      if (r.as.integer.lo > r.as.integer.hi)
        r.as.integer.known = false;
    }
    return r;
  }
  if (opcode == LLVMSelect) {
    LLVMValueRef condition = LLVMGetOperand(inst, 0);
    value_range c = range_in_block(a, condition, block);
    bool scalar = c.kind == VALUE_INT &&
                  LLVMGetTypeKind(LLVMTypeOf(condition)) == LLVMIntegerTypeKind;
    if (scalar && !c.as.integer.known)
      return r;
    bool can_true = !scalar || !int_range_is_false(&c.as.integer);
    bool can_false = !scalar || !int_range_is_true(&c.as.integer);
    for (unsigned arm = 1; arm <= 2; ++arm) {
      if ((arm == 1 && !can_true) || (arm == 2 && !can_false))
        continue;
      LLVMValueRef v = LLVMGetOperand(inst, arm);
      value_range x = scalar ? range_assuming(a, v, block, condition, arm == 1)
                             : range_in_block(a, v, block);
      r = fprange_range_join(&r, &x);
    }
    if (r.kind == VALUE_FP)
      fp_apply_fast_math(r.format, &r.as.fp, fast_math_of(inst));
    return r;
  }
  if (r.kind == VALUE_FP)
    r.as.fp = compute_fp(a, inst, block, r.format);
  else if (r.kind == VALUE_INT)
    r.as.integer = compute_int(a, inst, block, r.as.integer.width);
  if (opcode == LLVMCall) {
    value_range returned = fprange_program_call_result(a->program, inst);
    r = fprange_range_meet(&r, &returned);
  }
  if (r.kind == VALUE_FP)
    fp_interval_flush(r.format, &r.as.fp, a->flush[r.format]);
  return r;
}
