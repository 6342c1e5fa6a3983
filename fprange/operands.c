/* Reading operands: the range of a value as a use in a given block sees it.
 * The value's range is intersected with what the conditions of the
 * dominating branch edges say about it (walking up at most REFINE_DEPTH
 * dominators, which keeps the cost linear). A phi's incoming value is read
 * at the end of its predecessor, plus the condition of that very edge
 * (range_on_edge). A select arm, and the second operand of an i1 and/or,
 * are read under a hypothesis (the condition went the way that makes them
 * matter), recomputing the few instructions above them under it; one lane
 * of a vector is read by recomputing the lanes above it. Both recompute
 * through a->recompute (compute_value, instruction.c, which reads its own
 * operands here): the one call back up, made through a pointer that
 * fn_analysis_run sets, so that this file does not depend on
 * instruction.c. Also here: whether an edge can be taken given the ranges
 * so far (edge_feasible). */
#include "analysis_steps.h"

#include <llvm-c/Core.h>
#include <math.h>

LLVMFastMathFlags fast_math_of(LLVMValueRef inst) {
  return LLVMCanValueUseFastMathFlags(inst) ? LLVMGetFastMathFlags(inst) : 0;
}

/* The range of v where it is defined. */
value_range base_range(fn_analysis *a, LLVMValueRef v) {
  uint32_t slot = fprange_value_map_get(&a->slots, v);
  if (slot != UINT32_MAX)
    return a->ranges[slot];
  if (LLVMIsAConstant(v) && !LLVMIsAGlobalValue(v))
    return constant_range(v);
  return top_of_type(LLVMTypeOf(v));
}

static void apply_fact(fn_analysis *a, value_range *r, LLVMValueRef v,
                       LLVMValueRef condition, bool truth, int depth);

/* Keeps in r (the range of the left operand of `left P right`) what can
 * make the compare hold. P is an LLVM FCmp predicate: bits E=1, G=2, L=4,
 * U=8. */
static void refine_fp(value_range *r, unsigned predicate,
                      const value_range *right) {
  if (right->kind != VALUE_FP || fp_interval_is_bottom(&right->as.fp))
    return;
  fp_interval *x = &r->as.fp;
  const fp_interval *y = &right->as.fp;
  bool unordered = predicate & 8;
  unsigned relation = predicate & 7;
  fp_bound y_low, y_high, infinity = (fp_bound)INFINITY;
  if (unordered && y->nan)
    return; /* holds whenever y is NaN */
  if (!fp_interval_extent(y, &y_low, &y_high))
    return; /* y is only NaN: only unordered can hold, and then always */
  switch (relation) {
  case 0: /* uno (false never holds: unreachable, keep r) */
    if (unordered) {
      bool had_nan = x->nan;
      *x = fp_interval_bottom();
      x->nan = had_nan;
    }
    break;
  case 1:
    fp_interval_clip(r->format, x, y_low, false, y_high, false, unordered);
    break;
  case 2:
    fp_interval_clip(r->format, x, y_low, true, infinity, false, unordered);
    break;
  case 3:
    fp_interval_clip(r->format, x, y_low, false, infinity, false, unordered);
    break;
  case 4:
    fp_interval_clip(r->format, x, -infinity, false, y_high, true, unordered);
    break;
  case 5:
    fp_interval_clip(r->format, x, -infinity, false, y_high, false, unordered);
    break;
  case 6: /* one / une: x != y */
    if (!unordered)
      x->nan = false;
    if (y_low == y_high) {
      if (y_low == 0) {
        x->pos_zero = x->neg_zero = false;
      } else if (y_low == infinity) {
        x->pos_inf = false;
      } else if (y_low == -infinity) {
        x->neg_inf = false;
      } else if (x->has_finite) {
        if (x->lo == y_low)
          x->lo = fp_next_up(r->format, y_low);
        if (x->hi == y_low)
          x->hi = fp_next_down(r->format, y_low);
      }
      fp_interval_normalize(r->format, x);
    }
    break;
  case 7: /* ord / true */
    if (!unordered)
      x->nan = false;
    break;
  }
}

unsigned swap_fp_predicate(unsigned p) {
  return (p & ~6u) | ((p & 2) << 1) | ((p & 4) >> 1);
}

/* Integer compare facts, in the signed view. */
static void refine_int(value_range *r, LLVMIntPredicate predicate,
                       const value_range *right) {
  if (right->kind != VALUE_INT || !right->as.integer.known ||
      !r->as.integer.known)
    return;
  int_range *x = &r->as.integer;
  const int_range *y = &right->as.integer;
  __int128 low = x->lo, high = x->hi;
  switch (predicate) {
  case LLVMIntEQ:
    low = y->lo > low ? y->lo : low;
    high = y->hi < high ? y->hi : high;
    break;
  case LLVMIntNE:
    if (y->lo == y->hi) {
      if (low == y->lo)
        ++low;
      if (high == y->lo)
        --high;
    }
    break;
  case LLVMIntULT:
  case LLVMIntULE:
    if (y->lo < 0)
      return;
    /* x <u y <= max: x is non-negative */
    if (low < 0)
      low = 0;
    /* fall through */
  case LLVMIntSLT:
  case LLVMIntSLE: {
    bool strict = predicate == LLVMIntULT || predicate == LLVMIntSLT;
    __int128 bound = strict ? y->hi - 1 : y->hi;
    if (bound < high)
      high = bound;
    if (low < 0 && (predicate == LLVMIntULT || predicate == LLVMIntULE))
      low = 0;
    break;
  }
  case LLVMIntUGT:
  case LLVMIntUGE:
    if (y->lo < 0 || x->lo < 0)
      return;
    /* fall through */
  case LLVMIntSGT:
  case LLVMIntSGE: {
    bool strict = predicate == LLVMIntUGT || predicate == LLVMIntSGT;
    __int128 bound = strict ? y->lo + 1 : y->lo;
    if (bound > low)
      low = bound;
    break;
  }
  }
  if (low <= high) {
    x->lo = low;
    x->hi = high;
  }
}

static LLVMIntPredicate invert_int_predicate(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntEQ:
    return LLVMIntNE;
  case LLVMIntNE:
    return LLVMIntEQ;
  case LLVMIntUGT:
    return LLVMIntULE;
  case LLVMIntUGE:
    return LLVMIntULT;
  case LLVMIntULT:
    return LLVMIntUGE;
  case LLVMIntULE:
    return LLVMIntUGT;
  case LLVMIntSGT:
    return LLVMIntSLE;
  case LLVMIntSGE:
    return LLVMIntSLT;
  case LLVMIntSLT:
    return LLVMIntSGE;
  case LLVMIntSLE:
    return LLVMIntSGT;
  }
  return p;
}

static LLVMIntPredicate swap_int_predicate(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntUGT:
    return LLVMIntULT;
  case LLVMIntUGE:
    return LLVMIntULE;
  case LLVMIntULT:
    return LLVMIntUGT;
  case LLVMIntULE:
    return LLVMIntUGE;
  case LLVMIntSGT:
    return LLVMIntSLT;
  case LLVMIntSGE:
    return LLVMIntSLE;
  case LLVMIntSLT:
    return LLVMIntSGT;
  case LLVMIntSLE:
    return LLVMIntSGE;
  default:
    return p;
  }
}

static bool is_fabs_of(LLVMValueRef candidate, LLVMValueRef v) {
  if (!LLVMIsACallInst(candidate))
    return false;
  fp_unary_fn unary;
  fp_minmax_kind minmax;
  return fp_classify_call(candidate, &unary, &minmax) == CALL_FABS &&
         LLVMGetOperand(candidate, 0) == v;
}

static bool is_constant_true(LLVMValueRef v) {
  return LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == 1;
}

static bool is_constant_false(LLVMValueRef v) {
  return LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == 0;
}

/* Narrows r, the range of v, by "condition == truth". */
static void apply_fact(fn_analysis *a, value_range *r, LLVMValueRef v,
                       LLVMValueRef condition, bool truth, int depth) {
  if (depth > CONDITION_DEPTH || !LLVMIsAInstruction(condition) ||
      r->kind == VALUE_NONE)
    return;
  if (LLVMIsAFCmpInst(condition) && r->kind == VALUE_FP) {
    unsigned predicate = LLVMGetFCmpPredicate(condition);
    if (!truth)
      predicate = 15 - predicate;
    LLVMValueRef left = LLVMGetOperand(condition, 0);
    LLVMValueRef right = LLVMGetOperand(condition, 1);
    if (left == v) {
      value_range other = base_range(a, right);
      refine_fp(r, predicate, &other);
    } else if (right == v) {
      value_range other = base_range(a, left);
      refine_fp(r, swap_fp_predicate(predicate), &other);
    } else if (is_fabs_of(left, v) || is_fabs_of(right, v)) {
      /* |v| P y: refine |v|, then v lies within +-(its upper end). */
      bool swapped = !is_fabs_of(left, v);
      value_range other = base_range(a, swapped ? left : right);
      value_range magnitude = *r;
      magnitude.as.fp = fp_transfer_fabs(r->format, &r->as.fp);
      refine_fp(&magnitude, swapped ? swap_fp_predicate(predicate) : predicate,
                &other);
      fp_bound low, high;
      if (!fp_interval_extent(&magnitude.as.fp, &low, &high)) {
        if (!magnitude.as.fp.nan)
          return;
        bool had_nan = r->as.fp.nan;
        r->as.fp = fp_interval_bottom();
        r->as.fp.nan = had_nan;
        return;
      }
      fp_interval_clip(r->format, &r->as.fp, -high, false, high, false,
                       magnitude.as.fp.nan);
    }
    return;
  }
  if (LLVMIsAICmpInst(condition) && r->kind == VALUE_INT) {
    LLVMIntPredicate predicate = LLVMGetICmpPredicate(condition);
    if (!truth)
      predicate = invert_int_predicate(predicate);
    LLVMValueRef left = LLVMGetOperand(condition, 0);
    LLVMValueRef right = LLVMGetOperand(condition, 1);
    if (left == v) {
      value_range other = base_range(a, right);
      refine_int(r, predicate, &other);
    } else if (right == v) {
      value_range other = base_range(a, left);
      refine_int(r, swap_int_predicate(predicate), &other);
    }
    return;
  }
  LLVMOpcode opcode = LLVMGetInstructionOpcode(condition);
  if (LLVMGetTypeKind(LLVMTypeOf(condition)) != LLVMIntegerTypeKind)
    return;
  if ((opcode == LLVMAnd && truth) || (opcode == LLVMOr && !truth)) {
    apply_fact(a, r, v, LLVMGetOperand(condition, 0), truth, depth + 1);
    apply_fact(a, r, v, LLVMGetOperand(condition, 1), truth, depth + 1);
  } else if (opcode == LLVMXor &&
             is_constant_true(LLVMGetOperand(condition, 1))) {
    apply_fact(a, r, v, LLVMGetOperand(condition, 0), !truth, depth + 1);
  } else if (opcode == LLVMSelect) {
    LLVMValueRef c = LLVMGetOperand(condition, 0);
    LLVMValueRef t = LLVMGetOperand(condition, 1);
    LLVMValueRef f = LLVMGetOperand(condition, 2);
    if (truth && is_constant_false(f)) { /* c && t */
      apply_fact(a, r, v, c, true, depth + 1);
      apply_fact(a, r, v, t, true, depth + 1);
    } else if (!truth && is_constant_true(t)) { /* c || f */
      apply_fact(a, r, v, c, false, depth + 1);
      apply_fact(a, r, v, f, false, depth + 1);
    }
  }
}

/* Opcodes worth recomputing under a hypothesis: their result follows from
 * their operands alone. */
static bool recomputable(LLVMValueRef v) {
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
  case LLVMFNeg:
  case LLVMFPTrunc:
  case LLVMFPExt:
  case LLVMSIToFP:
  case LLVMUIToFP:
  case LLVMFCmp:
  case LLVMICmp:
  case LLVMSelect:
  case LLVMAdd:
  case LLVMSub:
  case LLVMZExt:
  case LLVMSExt:
  case LLVMTrunc:
  case LLVMAnd:
  case LLVMOr:
  case LLVMFPToSI:
  case LLVMFPToUI:
    return true;
  case LLVMCall: {
    fp_unary_fn unary;
    fp_minmax_kind minmax;
    return fp_classify_call(v, &unary, &minmax) != CALL_OTHER;
  }
  default:
    return false;
  }
}

/* r is the range of v (slot `slot`): narrow it by the active hypothesis,
 * recomputing v from its operands under it while depth remains. */
static void apply_hypothesis(fn_analysis *a, value_range *r, LLVMValueRef v,
                             uint32_t slot) {
  if (a->hypothesis_depth > 0 && slot != UINT32_MAX &&
      a->def_block[slot] >= 0 && recomputable(v)) {
    a->hypothesis_depth--;
    value_range again = a->recompute(a, v, (uint32_t)a->def_block[slot], r);
    a->hypothesis_depth++;
    if (again.kind == r->kind &&
        (again.kind != VALUE_INT ||
         (again.as.integer.known && r->as.integer.known)))
      *r = fprange_range_meet(r, &again);
  }
  apply_fact(a, r, v, a->hypothesis, a->hypothesis_truth, 0);
}

/* The range of v read in `block` if `condition == truth` held there. */
value_range range_assuming(fn_analysis *a, LLVMValueRef v, uint32_t block,
                           LLVMValueRef condition, bool truth) {
  if (a->hypothesis || !LLVMIsAInstruction(condition))
    return range_in_block(a, v, block); /* one hypothesis at a time */
  a->hypothesis = condition;
  a->hypothesis_truth = truth;
  a->hypothesis_depth = HYPOTHESIS_DEPTH;
  value_range r = range_in_block(a, v, block);
  a->hypothesis = NULL;
  return r;
}

static value_range lane_of(fn_analysis *a, LLVMValueRef v, uint32_t block,
                           const value_range *hull);

/* The range of v read in block `block`, narrowed by dominating edge facts
 * and by the llvm.assume calls of its strict dominators. */
value_range range_in_block(fn_analysis *a, LLVMValueRef v, uint32_t block) {
  value_range r = base_range(a, v);
  if (a->lane >= 0) {
    if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind) {
      r = lane_of(a, v, block, &r);
    } else { /* a scalar's own operands are whole vectors */
      int lane = a->lane;
      a->lane = -1;
      r = range_in_block(a, v, block);
      a->lane = lane;
      return r;
    }
  }
  if (r.kind == VALUE_NONE || range_is_bottom(&r))
    return r;
  if (LLVMIsAConstant(v)) {
    /* A subnormal constant is an operand like any other: read as a zero
     * where inputs may be (DAZ). */
    if (r.kind == VALUE_FP)
      fp_interval_flush(r.format, &r.as.fp, a->flush[r.format]);
    return r;
  }
  uint32_t slot = fprange_value_map_get(&a->slots, v);
  int def = slot == UINT32_MAX ? -1 : a->def_block[slot];
  int d = (int)block;
  for (int depth = 0; depth < REFINE_DEPTH && d >= 0; ++depth) {
    /* What a dominator assumes holds here; v, if it is in the condition,
     * is defined before the assume, in d or above. */
    if (d != (int)block)
      for (uint32_t k = 0; k < a->assumed_count[d]; ++k)
        apply_fact(a, &r, v, a->assumed[d][k], true, 0);
    if (d == def)
      break;
    if (a->fact_condition[d])
      apply_fact(a, &r, v, a->fact_condition[d], a->fact_truth[d], 0);
    d = a->idom[d];
  }
  if (a->hypothesis)
    apply_hypothesis(a, &r, v, slot);
  if (r.kind == VALUE_FP)
    fp_interval_flush(r.format, &r.as.fp, a->flush[r.format]);
  return r;
}

value_range range_on_edge(fn_analysis *a, LLVMValueRef v, uint32_t pred,
                          uint32_t succ) {
  value_range r = range_in_block(a, v, pred);
  LLVMValueRef condition;
  bool truth;
  if (!LLVMIsAConstant(v) &&
      edge_fact(a->blocks[pred], a->blocks[succ], &condition, &truth))
    apply_fact(a, &r, v, condition, truth, 0);
  return r;
}

/* The range of lane `lane` of vector v read in `block`. */
value_range range_of_lane(fn_analysis *a, LLVMValueRef v, uint32_t block,
                          unsigned lane) {
  int outer_lane = a->lane, outer_budget = a->lane_budget;
  a->lane = (int)lane;
  if (outer_lane < 0)
    a->lane_budget = LANE_BUDGET;
  value_range r = range_in_block(a, v, block);
  a->lane = outer_lane;
  if (outer_lane < 0)
    a->lane_budget = outer_budget;
  return r;
}

/* Lane a->lane of vector v, whose range over all lanes is `hull`: the
 * constant's element; the scalar an insertelement put there or the lane
 * it kept; the lane of the operand a shufflevector took (nothing for a
 * poison mask element); an element-wise operation recomputed from its
 * operands' lanes. Anything else (a phi, a load, a call) gives the hull. */
static value_range lane_of(fn_analysis *a, LLVMValueRef v, uint32_t block,
                           const value_range *hull) {
  unsigned lane = (unsigned)a->lane;
  value_range r = *hull;
  if (lane >= LLVMGetVectorSize(LLVMTypeOf(v)))
    return r;
  if (LLVMIsAConstant(v)) {
    LLVMValueRef element =
        LLVMIsUndef(v) ? NULL : LLVMGetAggregateElement(v, lane);
    if (element) {
      value_range e = constant_range(element);
      if (e.kind == r.kind)
        r = fprange_range_meet(&r, &e);
    }
    return r;
  }
  uint32_t slot = fprange_value_map_get(&a->slots, v);
  if (!LLVMIsAInstruction(v) || slot == UINT32_MAX || a->def_block[slot] < 0 ||
      a->lane_budget <= 0)
    return r;
  a->lane_budget--;
  value_range computed = r;
  LLVMOpcode opcode = LLVMGetInstructionOpcode(v);
  if (opcode == LLVMInsertElement) {
    LLVMValueRef index = LLVMGetOperand(v, 2);
    if (LLVMIsAConstantInt(index))
      computed = LLVMConstIntGetZExtValue(index) == lane
                     ? range_in_block(a, LLVMGetOperand(v, 1), block)
                     : range_in_block(a, LLVMGetOperand(v, 0), block);
  } else if (opcode == LLVMShuffleVector) {
    int taken = LLVMGetMaskValue(v, lane);
    unsigned width = LLVMGetVectorSize(LLVMTypeOf(LLVMGetOperand(v, 0)));
    if (taken == LLVMGetUndefMaskElem()) {
      computed = bottom_of_type(LLVMTypeOf(v));
    } else if (taken >= 0) {
      bool first = (unsigned)taken < width;
      a->lane = first ? taken : taken - (int)width;
      computed = range_in_block(a, LLVMGetOperand(v, first ? 0 : 1), block);
      a->lane = (int)lane;
    }
  } else if (recomputable(v)) {
    computed = a->recompute(a, v, (uint32_t)a->def_block[slot], hull);
  }
  if (computed.kind == r.kind &&
      (r.kind != VALUE_INT ||
       (computed.as.integer.known && r.as.integer.known)))
    r = fprange_range_meet(&r, &computed);
  return r;
}

/* Can control flow from pred to succ, given the ranges so far? */
bool edge_feasible(fn_analysis *a, uint32_t pred, uint32_t succ) {
  LLVMValueRef condition;
  bool truth;
  if (!edge_fact(a->blocks[pred], a->blocks[succ], &condition, &truth))
    return true;
  value_range c = base_range(a, condition);
  if (c.kind != VALUE_INT || c.as.integer.width != 1)
    return true;
  if (!c.as.integer.known)
    return false; /* the condition is not computed yet (or unreachable) */
  return truth ? !int_range_is_false(&c.as.integer)
               : !int_range_is_true(&c.as.integer);
}
