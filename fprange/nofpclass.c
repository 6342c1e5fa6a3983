/* Handing the ranges to LLVM: `nofpclass` attributes.
 *
 * fprange folds what a range decides by itself; LLVM's own passes after it
 * (instcombine, the code generator) decide more when they know a value's
 * class: `sqrt` of a value that cannot be below -0 needs no call that may
 * set errno, a NaN test of a value that cannot be NaN is false, `fabs` of a
 * value that cannot be negative is the value. LLVM reads those classes
 * from `nofpclass` attributes (LangRef: a value of an excluded class is
 * poison), so fprange writes its ranges there, in three places:
 *
 *  - a parameter of a closed function (program.c: local linkage, every
 *    use a direct call): its range on entry is the join of what every call
 *    site passes, so it holds for every call there is. Functions whose
 *    callers are not all in view get nothing: an unknown caller may pass
 *    anything;
 *  - the return value of a function with local linkage (no other definition
 *    can replace it): the join of what its reachable `ret`s return, in the
 *    analysis that assumed only facts that hold for every call;
 *  - the result of a call, as the analysis computed it (a closed callee's
 *    returns, a libm function's range).
 * Not on the arguments at a call site: LLVM 22 reads no class from them
 * (libm's sqrt of an argument marked never negative keeps its errno
 * path; the inliner only copies them onto the inlined calls), and merge,
 * which compares call sites attribute by attribute, then finds fewer
 * equal regions (a generated program's outlined region came out in two
 * copies that differed in nothing else: docs/BENCHMARKS.md).
 *
 * A class is excluded only where the range says no value of it is
 * possible, as llvm.is.fpclass is folded (fp_interval_classes): NaN (both
 * kinds), each infinity, each zero, and the negative and positive
 * subnormals and normals by the finite hull against the format's smallest
 * normal (no subnormal in a range of integers). Where subnormals may be
 * flushed, the ranges already hold both the subnormal and the zeros it
 * may become, so neither class is excluded then. x86_fp80 gets nothing: its
 * encodings that are no IEEE value (pseudo-denormals, unnormals) are classes of
 * their own to LLVM, and fprange does not follow encodings. A value in a block
 * the analysis found unreachable, or whose range is empty, gets nothing.
 *
 * Attributes only grow: the mask written is the one there ORed with the
 * proven one, and nothing is written when that adds no class.
 *
 * One guard goes with them, for a bug of LLVM 22's libcall simplifier: it
 * turns `fmod(x, y)` into `frem nnan x, y` once it knows that x is never
 * infinite and y never zero (fmod then sets no errno), without knowing
 * that neither is NaN; a NaN operand then makes the result poison, where
 * fmod returns NaN. The attributes tell it more values that are never
 * infinite or zero, so it would do that more often (the fuzzer's fp path
 * found one). So every call of fmod, fmodf or fmodl whose operands are
 * not both surely not NaN (by the range at the call; every call where the
 * analysis did not complete) is marked `nobuiltin`: an ordinary call of
 * the same function, which LLVM does not rewrite.
 *
 * The facts are read from the analysis before fold.c changes the function
 * (the analysis keys its ranges by instruction) and written after it,
 * except on the calls fold.c erased: every fold replaces a value by an
 * equal one, so the facts about the values that remain still hold. */
#include "fprange_internal.h"

#include <llvm-c/Core.h>
#include <stdlib.h>
#include <string.h>

uint64_t fprange_nofpclass_mask(fp_format_id format, const fp_interval *r) {
  if (fp_interval_is_bottom(r) || format == FP_X86_FP80)
    return 0;
  /* The classes llvm.is.fpclass folds by (transfer.c), LLVM's FPClassTest
   * bits: every class not among them is excluded. */
  const unsigned every_class = (1u << 10) - 1;
  return every_class & ~fp_interval_classes(format, r);
}

/* The classes `value`'s range excludes, 0 when it has no FP range. */
static uint64_t mask_of_range(const value_range *r) {
  return r->kind == VALUE_FP ? fprange_nofpclass_mask(r->format, &r->as.fp) : 0;
}

static void plan_push(nofpclass_plan *plan, LLVMValueRef owner, unsigned index,
                      uint64_t mask, ltofold_fprange_attribute_place place) {
  if (!mask)
    return;
  plan->items = fprange_grow(plan->items, &plan->capacity, plan->count,
                             sizeof *plan->items);
  plan->items[plan->count++] = (nofpclass_write){owner, index, mask, place};
}

static bool has_local_linkage(LLVMValueRef function) {
  LLVMLinkage linkage = LLVMGetLinkage(function);
  return linkage == LLVMInternalLinkage || linkage == LLVMPrivateLinkage;
}

/* The join of what the reachable `ret`s of `function` return; kind NONE
 * when one of them has no FP range or none is reachable. */
static value_range returned_range(fn_analysis *analysis,
                                  LLVMValueRef function) {
  value_range joined = fprange_range_none();
  for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(function); block;
       block = LLVMGetNextBasicBlock(block)) {
    LLVMValueRef last = LLVMGetBasicBlockTerminator(block);
    if (!last || LLVMGetInstructionOpcode(last) != LLVMRet ||
        LLVMGetNumOperands(last) != 1 ||
        !fn_analysis_block_reachable(analysis, block))
      continue;
    value_range r =
        fn_analysis_range_at(analysis, LLVMGetOperand(last, 0), block);
    if (r.kind != VALUE_FP)
      return fprange_range_none();
    joined = joined.kind == VALUE_NONE ? r : fprange_range_join(&joined, &r);
  }
  return joined;
}

/* Parameters of a closed function, and the return value of a local one. */
static void plan_function(nofpclass_plan *plan, fn_analysis *analysis,
                          LLVMValueRef function,
                          const fprange_program *program) {
  if (fprange_program_is_closed(program, function)) {
    unsigned params = LLVMCountParams(function);
    for (unsigned i = 0; i < params; ++i) {
      value_range r = fn_analysis_range(analysis, LLVMGetParam(function, i));
      plan_push(plan, function, i + 1, mask_of_range(&r),
                LTOFOLD_FPRANGE_ARGUMENT);
    }
  }
  if (has_local_linkage(function)) {
    value_range r = returned_range(analysis, function);
    plan_push(plan, function, 0, mask_of_range(&r), LTOFOLD_FPRANGE_RETURN);
  }
}

/* Is `call` one of fmod, fmodf, fmodl (called directly, by name)? */
static bool is_fmod_call(LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!LLVMIsAFunction(callee))
    return false;
  size_t length = 0;
  const char *name = LLVMGetValueName2(callee, &length);
  return (length == 4 && memcmp(name, "fmod", 4) == 0) ||
         (length == 5 &&
          (memcmp(name, "fmodf", 5) == 0 || memcmp(name, "fmodl", 5) == 0));
}

/* Can an operand of the fmod `call` be NaN, as far as the analysis tells
 * (`analysis` NULL: it tells nothing)? */
static bool fmod_may_see_nan(fn_analysis *analysis, LLVMValueRef call,
                             LLVMBasicBlockRef block) {
  if (!analysis || LLVMGetNumArgOperands(call) < 2)
    return true;
  for (unsigned i = 0; i < 2; ++i) {
    value_range r =
        fn_analysis_range_at(analysis, LLVMGetOperand(call, i), block);
    if (r.kind != VALUE_FP || r.as.fp.nan)
      return true;
  }
  return false;
}

/* The guard of the comment at the top, where the operands may be NaN. */
static void plan_fmod_guard(nofpclass_plan *plan, fn_analysis *analysis,
                            LLVMValueRef call, LLVMBasicBlockRef block) {
  if (is_fmod_call(call) && fmod_may_see_nan(analysis, call, block))
    plan_push(plan, call, LLVMAttributeFunctionIndex, 1,
              LTOFOLD_FPRANGE_FMOD_GUARD);
}

/* The result of a call (not of inline asm). */
static void plan_call(nofpclass_plan *plan, fn_analysis *analysis,
                      LLVMValueRef call) {
  if (LLVMIsAInlineAsm(LLVMGetCalledValue(call)))
    return;
  value_range result = fn_analysis_range(analysis, call);
  plan_push(plan, call, 0, mask_of_range(&result), LTOFOLD_FPRANGE_CALL_RETURN);
}

void fprange_plan_nofpclass(fn_analysis *analysis, LLVMValueRef function,
                            const fprange_program *program,
                            nofpclass_plan *plan) {
  if (!fn_analysis_complete(analysis)) {
    for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(function); block;
         block = LLVMGetNextBasicBlock(block))
      for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst;
           inst = LLVMGetNextInstruction(inst))
        if (LLVMGetInstructionOpcode(inst) == LLVMCall)
          plan_fmod_guard(plan, NULL, inst, block);
    return;
  }
  plan_function(plan, analysis, function, program);
  for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(function); block;
       block = LLVMGetNextBasicBlock(block)) {
    if (!fn_analysis_block_reachable(analysis, block))
      continue;
    for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst;
         inst = LLVMGetNextInstruction(inst))
      if (LLVMGetInstructionOpcode(inst) == LLVMCall) {
        plan_call(plan, analysis, inst);
        plan_fmod_guard(plan, analysis, inst, block);
      }
  }
}

/* The nofpclass mask at `index` of a function or call, 0 without one. */
static uint64_t mask_present(const nofpclass_write *w, unsigned kind) {
  LLVMAttributeRef present =
      LLVMIsAFunction(w->owner)
          ? LLVMGetEnumAttributeAtIndex(w->owner, w->index, kind)
          : LLVMGetCallSiteEnumAttribute(w->owner, w->index, kind);
  return present ? LLVMGetEnumAttributeValue(present) : 0;
}

/* Marks the fmod call `w->owner` nobuiltin; false when it was. */
static bool write_fmod_guard(const nofpclass_write *w) {
  unsigned kind = LLVMGetEnumAttributeKindForName("nobuiltin", 9);
  if (LLVMGetCallSiteEnumAttribute(w->owner, LLVMAttributeFunctionIndex, kind))
    return false;
  LLVMAddCallSiteAttribute(
      w->owner, LLVMAttributeFunctionIndex,
      LLVMCreateEnumAttribute(LLVMGetTypeContext(LLVMTypeOf(w->owner)), kind,
                              0));
  return true;
}

void fprange_write_nofpclass(const nofpclass_plan *plan,
                             const fprange_value_map *erased,
                             ltofold_fprange_result *result) {
  unsigned kind = LLVMGetEnumAttributeKindForName("nofpclass", 9);
  for (size_t i = 0; i < plan->count; ++i) {
    const nofpclass_write *w = &plan->items[i];
    if (erased && fprange_value_map_get(erased, w->owner) != UINT32_MAX)
      continue; /* a call fold.c replaced */
    if (w->place == LTOFOLD_FPRANGE_FMOD_GUARD) {
      if (write_fmod_guard(w))
        result->attributes_written[w->place]++;
      continue;
    }
    uint64_t present = mask_present(w, kind);
    uint64_t mask = present | w->mask;
    if (mask == present)
      continue;
    LLVMAttributeRef attribute = LLVMCreateEnumAttribute(
        LLVMGetTypeContext(LLVMTypeOf(w->owner)), kind, mask);
    /* Adding an attribute of a kind that is there replaces it. */
    if (LLVMIsAFunction(w->owner))
      LLVMAddAttributeAtIndex(w->owner, w->index, attribute);
    else
      LLVMAddCallSiteAttribute(w->owner, w->index, attribute);
    result->attributes_written[w->place]++;
  }
}

void fprange_nofpclass_plan_free(nofpclass_plan *plan) {
  free(plan->items);
  plan->items = NULL;
  plan->count = plan->capacity = 0;
}
