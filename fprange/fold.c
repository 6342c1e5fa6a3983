/* Folding what the ranges decide, in one function.
 *
 * First every decision is taken from the analysis, with the IR untouched
 * (the analysis keys its facts by instruction address, and erasing or
 * creating instructions would invalidate that). Then the decisions are
 * applied in instruction order, each reading its operands afresh (an
 * earlier fold may have replaced one). Last, conditional branches whose
 * condition became a constant are made unconditional; the dead successor
 * loses its phi entries for this edge (a phi left with none is replaced by
 * poison: its block has no predecessor any more). Removing the dead blocks
 * is left to LLVM's simplifycfg. */
#include "fprange_internal.h"
#include "fast_math.h"

#include <llvm-c/Core.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum fold_action {
  ACTION_CONSTANT,     /* replace by true / false */
  ACTION_LANES,        /* replace by the vector of i1 `lanes` (bit i: lane i) */
  ACTION_OPERAND,      /* replace by operand `operand` */
  ACTION_FNEG_OPERAND, /* replace by fneg of operand 0 */
  ACTION_FABS_OPERAND, /* replace by fabs of operand 0 */
  ACTION_NEG_FABS,     /* replace by fneg(fabs(operand 0)) */
  ACTION_SQRT          /* replace by llvm.sqrt of operand 0 */
} fold_action;

typedef struct decision {
  LLVMValueRef inst;
  fold_action action;
  unsigned operand;
  bool value;     /* ACTION_CONSTANT */
  uint64_t lanes; /* ACTION_LANES */
  ltofold_fprange_fold_kind kind;
  char what[96];
} decision;

typedef struct decision_list {
  decision *items;
  size_t count, capacity;
} decision_list;

static decision *push_decision(decision_list *list) {
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? list->capacity * 2 : 16;
    list->items = realloc(list->items, list->capacity * sizeof *list->items);
    if (!list->items)
      abort();
  }
  decision *d = &list->items[list->count++];
  memset(d, 0, sizeof *d);
  return d;
}

static const char *fcmp_name(LLVMRealPredicate p) {
  static const char *const names[] = {
      "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
      "uno",   "ueq", "ugt", "uge", "ult", "ule", "une", "true"};
  return (unsigned)p < 16 ? names[p] : "?";
}

static const char *icmp_name(LLVMIntPredicate p) {
  static const char *const names[] = {"eq",  "ne",  "ugt", "uge", "ult",
                                      "ule", "sgt", "sge", "slt", "sle"};
  unsigned i = (unsigned)p - LLVMIntEQ;
  return i < 10 ? names[i] : "?";
}

static bool fp_operand_at(fn_analysis *analysis, LLVMValueRef inst, unsigned i,
                          fp_interval *out) {
  value_range r = fn_analysis_range_at(analysis, LLVMGetOperand(inst, i),
                                       LLVMGetInstructionParent(inst));
  if (r.kind != VALUE_FP || fp_interval_is_bottom(&r.as.fp))
    return false;
  *out = r.as.fp;
  return true;
}

/* Non-negative for sure: no NaN (its sign bit is unknown), no -0. */
static bool surely_nonnegative(const fp_interval *r) {
  return !fp_interval_may_be_negative(r);
}
static bool surely_nonpositive(const fp_interval *r) {
  return !fp_interval_may_be_positive(r);
}

/* x strictly below y in every case (ties only at equal nonzero values,
 * where returning either is the same). */
static bool surely_below(const fp_interval *x, const fp_interval *y) {
  fp_bound x_low, x_high, y_low, y_high;
  if (x->nan || y->nan || !fp_interval_extent(x, &x_low, &x_high) ||
      !fp_interval_extent(y, &y_low, &y_high))
    return false;
  return x_high < y_low || (x_high == y_low && x_high != 0);
}

/* 1 for true, 0 for false, -1 when r does not decide an i1. An icmp
 * decided by integer facts alone is not ours to claim (-1). */
static int decided(const value_range *r, ltofold_fprange_fold_kind kind) {
  if (r->kind != VALUE_INT || !r->as.integer.known || r->as.integer.width != 1 ||
      (kind == LTOFOLD_FPRANGE_ICMP && !r->as.integer.from_fp))
    return -1;
  return int_range_is_true(&r->as.integer)    ? 1
         : int_range_is_false(&r->as.integer) ? 0
                                              : -1;
}

/* A vector compare whose lanes, taken together, go both ways: decided lane
 * by lane, each from its operands' own lanes; folded when every lane is. */
static void decide_lanes(fn_analysis *analysis, LLVMValueRef inst,
                         ltofold_fprange_fold_kind kind, const char *label,
                         decision_list *list) {
  LLVMTypeRef type = LLVMTypeOf(inst);
  if (LLVMGetTypeKind(type) != LLVMVectorTypeKind || LLVMGetVectorSize(type) > 64)
    return;
  unsigned count = LLVMGetVectorSize(type);
  uint64_t lanes = 0;
  char shown[48] = "";
  for (unsigned lane = 0; lane < count; ++lane) {
    value_range r = fn_analysis_lane_range(analysis, inst, lane);
    int value = decided(&r, kind);
    if (value < 0)
      return;
    lanes |= (uint64_t)value << lane;
    if (lane < 16)
      strcat(shown, value ? "1" : "0");
  }
  decision *d = push_decision(list);
  *d = (decision){.inst = inst, .action = ACTION_LANES, .lanes = lanes, .kind = kind};
  snprintf(d->what, sizeof d->what, "%s -> lanes %s%s", label, shown,
           count > 16 ? "..." : "");
}

static void decide_boolean(fn_analysis *analysis, LLVMValueRef inst,
                           ltofold_fprange_fold_kind kind, const char *label,
                           decision_list *list) {
  value_range r = fn_analysis_range(analysis, inst);
  int value = decided(&r, kind);
  if (value < 0) {
    decide_lanes(analysis, inst, kind, label, list);
    return;
  }
  bool is_true = value == 1;
  decision *d = push_decision(list);
  d->inst = inst;
  d->action = ACTION_CONSTANT;
  d->value = is_true;
  d->kind = kind;
  snprintf(d->what, sizeof d->what, "%s -> %s", label,
           is_true ? "true" : "false");
}

/* The called function's name, for the report ("llvm.floor.f64"). */
static const char *callee_name(LLVMValueRef call, int *length) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  size_t n = 0;
  const char *name = callee ? LLVMGetValueName2(callee, &n) : "";
  *length = (int)(n > 40 ? 40 : n);
  return name;
}

/* A call of the library function (not an intrinsic) that LLVM too would
 * take for it: not where -fno-builtin or `nobuiltin` asks for the call. */
static bool is_libm_call(LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!callee || !LLVMIsAFunction(callee) || LLVMGetIntrinsicID(callee))
    return false;
  size_t length = 0;
  const char *name = LLVMGetValueName2(callee, &length);
  char copy[32];
  if (length >= sizeof copy)
    return false;
  memcpy(copy, name, length);
  copy[length] = '\0';
  return fprange_is_builtin_call(call, copy);
}

static void decide_call(fn_analysis *analysis, LLVMValueRef inst,
                        decision_list *list) {
  int name_length = 0;
  const char *name = callee_name(inst, &name_length);
  fp_unary_fn unary = FP_FN_SQRT;
  fp_minmax_kind minmax = FP_MINNUM;
  fp_call_kind kind = fp_classify_call(inst, &unary, &minmax);
  fp_interval x, y;
  if (kind == CALL_IS_FPCLASS) {
    decide_boolean(analysis, inst, LTOFOLD_FPRANGE_IS_FPCLASS, "is.fpclass",
                   list);
    return;
  }
  if (!fp_format_of_type(LLVMTypeOf(inst), &(fp_format_id){FP_FLOAT}))
    return;
  if (kind == CALL_UNARY && unary >= FP_FN_FLOOR &&
      fp_operand_at(analysis, inst, 0, &x) && !x.nan &&
      (x.integer || !x.has_finite)) {
    decision *d = push_decision(list);
    *d = (decision){.inst = inst,
                    .action = ACTION_OPERAND,
                    .operand = 0,
                    .kind = LTOFOLD_FPRANGE_ROUNDING};
    snprintf(d->what, sizeof d->what, "%.*s of an integer -> operand",
             name_length, name);
  } else if (kind == CALL_UNARY && unary == FP_FN_SQRT &&
             is_libm_call(inst) && fp_operand_at(analysis, inst, 0, &x) &&
             !x.neg_inf && (!x.has_finite || x.lo >= 0)) {
    /* C's sqrt sets errno only below -0 (NaN and -0 give NaN and -0, no
     * error): never there, it is the intrinsic, which LLVM lowers to one
     * instruction where the call had a branch to the library for errno.
     * Both are correctly rounded. */
    decision *d = push_decision(list);
    *d = (decision){.inst = inst, .action = ACTION_SQRT,
                    .kind = LTOFOLD_FPRANGE_SQRT};
    snprintf(d->what, sizeof d->what, "%.*s of a value never below -0 -> llvm.sqrt",
             name_length, name);
  } else if (kind == CALL_FABS && fp_operand_at(analysis, inst, 0, &x)) {
    if (surely_nonnegative(&x) || surely_nonpositive(&x)) {
      decision *d = push_decision(list);
      bool positive = surely_nonnegative(&x);
      *d = (decision){.inst = inst,
                      .action = positive ? ACTION_OPERAND : ACTION_FNEG_OPERAND,
                      .kind = LTOFOLD_FPRANGE_FABS};
      snprintf(d->what, sizeof d->what, "%.*s -> %s", name_length, name,
               positive ? "operand" : "fneg operand");
    }
  } else if (kind == CALL_COPYSIGN && fp_operand_at(analysis, inst, 0, &x) &&
             fp_operand_at(analysis, inst, 1, &y)) {
    bool sign_positive = surely_nonnegative(&y);
    bool sign_negative = surely_nonpositive(&y);
    if (!sign_positive && !sign_negative)
      return;
    decision *d = push_decision(list);
    d->inst = inst;
    d->kind = LTOFOLD_FPRANGE_COPYSIGN;
    if (sign_positive && surely_nonnegative(&x)) {
      d->action = ACTION_OPERAND;
      snprintf(d->what, sizeof d->what, "copysign(+) -> operand");
    } else if (sign_negative && surely_nonpositive(&x)) {
      d->action = ACTION_OPERAND;
      snprintf(d->what, sizeof d->what, "copysign(-) -> operand");
    } else if (sign_positive) {
      d->action = ACTION_FABS_OPERAND;
      snprintf(d->what, sizeof d->what, "copysign(+) -> fabs");
    } else {
      d->action = ACTION_NEG_FABS;
      snprintf(d->what, sizeof d->what, "copysign(-) -> -fabs");
    }
  } else if (kind == CALL_MINMAX && fp_operand_at(analysis, inst, 0, &x) &&
             fp_operand_at(analysis, inst, 1, &y)) {
    bool is_min =
        minmax == FP_MINNUM || minmax == FP_MINIMUM || minmax == FP_MINIMUMNUM;
    int chosen = -1;
    if (surely_below(&x, &y))
      chosen = is_min ? 0 : 1;
    else if (surely_below(&y, &x))
      chosen = is_min ? 1 : 0;
    if (chosen < 0)
      return;
    decision *d = push_decision(list);
    *d = (decision){.inst = inst,
                    .action = ACTION_OPERAND,
                    .operand = (unsigned)chosen,
                    .kind = LTOFOLD_FPRANGE_MINMAX};
    snprintf(d->what, sizeof d->what, "%.*s -> operand %d", name_length, name,
             chosen);
  }
}

static void decide(fn_analysis *analysis, LLVMValueRef function,
                   decision_list *list) {
  for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(function); block;
       block = LLVMGetNextBasicBlock(block)) {
    if (!fn_analysis_block_reachable(analysis, block))
      continue;
    for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst;
         inst = LLVMGetNextInstruction(inst)) {
      LLVMOpcode opcode = LLVMGetInstructionOpcode(inst);
      char label[32];
      if (opcode == LLVMFCmp) {
        snprintf(label, sizeof label, "fcmp %s",
                 fcmp_name(LLVMGetFCmpPredicate(inst)));
        decide_boolean(analysis, inst, LTOFOLD_FPRANGE_FCMP, label, list);
      } else if (opcode == LLVMICmp) {
        snprintf(label, sizeof label, "icmp %s",
                 icmp_name(LLVMGetICmpPredicate(inst)));
        decide_boolean(analysis, inst, LTOFOLD_FPRANGE_ICMP, label, list);
      } else if (opcode == LLVMCall) {
        decide_call(analysis, inst, list);
      } else if ((opcode == LLVMAnd || opcode == LLVMOr) &&
                 LLVMTypeOf(inst) == LLVMInt1TypeInContext(LLVMGetTypeContext(
                                         LLVMTypeOf(inst))) &&
                 (LLVMIsAFCmpInst(LLVMGetOperand(inst, 0)) ||
                  LLVMIsAFCmpInst(LLVMGetOperand(inst, 1)))) {
        /* A compare decided only under the other side of an and/or: the
         * whole condition is an fcmp fold. */
        snprintf(label, sizeof label, "%s of fcmp",
                 opcode == LLVMAnd ? "and" : "or");
        decide_boolean(analysis, inst, LTOFOLD_FPRANGE_FCMP, label, list);
      }
    }
  }
}

/* Applies one decision; returns false if it no longer applies. */
static bool apply(LLVMModuleRef module, LLVMBuilderRef builder,
                  const decision *d, LLVMValueRef **branches,
                  size_t *branch_count, size_t *branch_capacity,
                  fprange_value_map *erased) {
  LLVMValueRef inst = d->inst;
  LLVMTypeRef type = LLVMTypeOf(inst);
  LLVMValueRef replacement = NULL;
  LLVMPositionBuilderBefore(builder, inst);
  switch (d->action) {
  case ACTION_CONSTANT:
    replacement = d->value ? LLVMConstAllOnes(type) : LLVMConstNull(type);
    for (LLVMUseRef use = LLVMGetFirstUse(inst); use;
         use = LLVMGetNextUse(use)) {
      LLVMValueRef user = LLVMGetUser(use);
      if (LLVMIsABranchInst(user) && LLVMIsConditional(user)) {
        if (*branch_count == *branch_capacity) {
          *branch_capacity = *branch_capacity ? *branch_capacity * 2 : 16;
          *branches = realloc(*branches, *branch_capacity * sizeof **branches);
          if (!*branches)
            abort();
        }
        (*branches)[(*branch_count)++] = user;
      }
    }
    break;
  case ACTION_LANES: {
    unsigned count = LLVMGetVectorSize(type);
    LLVMValueRef elements[64];
    LLVMTypeRef lane_type = LLVMGetElementType(type);
    for (unsigned lane = 0; lane < count; ++lane)
      elements[lane] = LLVMConstInt(lane_type, (d->lanes >> lane) & 1, false);
    replacement = LLVMConstVector(elements, count);
    break;
  }
  case ACTION_OPERAND:
    replacement = LLVMGetOperand(inst, d->operand);
    break;
  case ACTION_FNEG_OPERAND:
    replacement = LLVMBuildFNeg(builder, LLVMGetOperand(inst, 0), "");
    break;
  case ACTION_FABS_OPERAND:
  case ACTION_NEG_FABS:
  case ACTION_SQRT: {
    LLVMTypeRef types[1] = {type};
    const char *name = d->action == ACTION_SQRT ? "llvm.sqrt" : "llvm.fabs";
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef callee = LLVMGetIntrinsicDeclaration(module, id, types, 1);
    LLVMValueRef args[1] = {LLVMGetOperand(inst, 0)};
    replacement = LLVMBuildCall2(builder, LLVMGlobalGetValueType(callee),
                                 callee, args, 1, "");
    if (d->action == ACTION_SQRT && LLVMCanValueUseFastMathFlags(inst))
      ltofold_set_fast_math_flags(replacement, LLVMGetFastMathFlags(inst));
    if (d->action == ACTION_NEG_FABS)
      replacement = LLVMBuildFNeg(builder, replacement, "");
    break;
  }
  }
  if (!replacement || replacement == inst)
    return false;
  size_t length = 0;
  const char *name = LLVMGetValueName2(inst, &length);
  char *kept = length && LLVMIsAInstruction(replacement) &&
                       !LLVMGetValueName2(replacement, &(size_t){0})[0]
                   ? strndup(name, length)
                   : NULL;
  LLVMReplaceAllUsesWith(inst, replacement);
  if (erased)
    fprange_value_map_put(erased, inst, 0);
  LLVMInstructionEraseFromParent(inst);
  if (kept) /* a new instruction in its place keeps its name */
    LLVMSetValueName2(replacement, kept, length);
  free(kept);
  return true;
}

/* Rebuilds the phis of `block` without their entries for `pred`. */
static void drop_phi_entries(LLVMBuilderRef builder, LLVMBasicBlockRef block,
                             LLVMBasicBlockRef pred) {
  LLVMValueRef inst = LLVMGetFirstInstruction(block);
  while (inst && LLVMGetInstructionOpcode(inst) == LLVMPHI) {
    LLVMValueRef next = LLVMGetNextInstruction(inst);
    unsigned count = LLVMCountIncoming(inst);
    LLVMValueRef *values = malloc((count + 1) * sizeof *values);
    LLVMBasicBlockRef *blocks = malloc((count + 1) * sizeof *blocks);
    if (!values || !blocks)
      abort();
    unsigned kept = 0;
    bool dropped = false;
    for (unsigned i = 0; i < count; ++i) {
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(inst, i);
      if (from == pred && !dropped) {
        dropped = true;
        continue;
      }
      values[kept] = LLVMGetIncomingValue(inst, i);
      blocks[kept++] = from;
    }
    if (dropped) {
      LLVMValueRef replacement;
      if (kept == 0) {
        replacement = LLVMGetPoison(LLVMTypeOf(inst));
      } else {
        LLVMPositionBuilderBefore(builder, inst);
        replacement = LLVMBuildPhi(builder, LLVMTypeOf(inst), "");
        LLVMAddIncoming(replacement, values, blocks, kept);
        if (LLVMCanValueUseFastMathFlags(inst))
          ltofold_set_fast_math_flags(replacement, LLVMGetFastMathFlags(inst));
      }
      size_t length = 0;
      const char *name = LLVMGetValueName2(inst, &length);
      char *saved = length ? strndup(name, length) : NULL;
      LLVMReplaceAllUsesWith(inst, replacement);
      LLVMInstructionEraseFromParent(inst);
      if (saved && kept)
        LLVMSetValueName2(replacement, saved, length);
      free(saved);
    }
    free(values);
    free(blocks);
    inst = next;
  }
}

static size_t remove_decided_branches(LLVMBuilderRef builder,
                                      LLVMValueRef *branches, size_t count) {
  size_t removed = 0;
  fprange_value_map seen;
  fprange_value_map_init(&seen);
  for (size_t i = 0; i < count; ++i) {
    LLVMValueRef branch = branches[i];
    if (fprange_value_map_get(&seen, branch) != UINT32_MAX)
      continue;
    fprange_value_map_put(&seen, branch, 0);
    LLVMValueRef condition = LLVMGetCondition(branch);
    if (!LLVMIsAConstantInt(condition))
      continue;
    bool taken = LLVMConstIntGetZExtValue(condition) != 0;
    LLVMBasicBlockRef live = LLVMGetSuccessor(branch, taken ? 0 : 1);
    LLVMBasicBlockRef dead = LLVMGetSuccessor(branch, taken ? 1 : 0);
    LLVMBasicBlockRef block = LLVMGetInstructionParent(branch);
    if (live != dead)
      drop_phi_entries(builder, dead, block);
    LLVMPositionBuilderBefore(builder, branch);
    LLVMBuildBr(builder, live);
    LLVMInstructionEraseFromParent(branch);
    ++removed;
  }
  fprange_value_map_free(&seen);
  return removed;
}

static void record(ltofold_fprange_result *result, LLVMValueRef function,
                   const decision *d) {
  if (result->fold_count % 64 == 0) {
    result->folds = realloc(result->folds,
                            (result->fold_count + 64) * sizeof *result->folds);
    if (!result->folds)
      abort();
  }
  ltofold_fprange_fold *fold = &result->folds[result->fold_count++];
  size_t length = 0;
  const char *name = LLVMGetValueName2(function, &length);
  fold->kind = d->kind;
  fold->function = strndup(name, length);
  fold->what = strdup(d->what);
  unsigned file_length = 0;
  const char *file = LLVMGetDebugLocFilename(d->inst, &file_length);
  fold->file = file && file_length ? strndup(file, file_length) : NULL;
  fold->line = fold->file ? LLVMGetDebugLocLine(d->inst) : 0;
  fold->column = fold->file ? LLVMGetDebugLocColumn(d->inst) : 0;
  result->by_kind[d->kind]++;
}

void fprange_fold_function(fn_analysis *analysis, LLVMValueRef function,
                           ltofold_fprange_result *result,
                           fprange_value_map *erased) {
  if (!fn_analysis_complete(analysis))
    return;
  decision_list list = {0};
  decide(analysis, function, &list);
  if (list.count == 0)
    return;
  LLVMModuleRef module = LLVMGetGlobalParent(function);
  LLVMBuilderRef builder =
      LLVMCreateBuilderInContext(LLVMGetModuleContext(module));
  LLVMValueRef *branches = NULL;
  size_t branch_count = 0, branch_capacity = 0;
  for (size_t i = 0; i < list.count; ++i) {
    record(result, function, &list.items[i]); /* before the erase */
    if (!apply(module, builder, &list.items[i], &branches, &branch_count,
               &branch_capacity, erased)) {
      /* Not applied after all: take the record back. */
      ltofold_fprange_fold *fold = &result->folds[--result->fold_count];
      result->by_kind[fold->kind]--;
      free(fold->function);
      free(fold->what);
      free(fold->file);
    }
  }
  result->branches_removed +=
      remove_decided_branches(builder, branches, branch_count);
  free(branches);
  LLVMDisposeBuilder(builder);
  free(list.items);
}
