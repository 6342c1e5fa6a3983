/* fprange: floating-point value ranges, and the folds they decide.
 *
 * The idea (after the fpscev experiment, seeds/fpscev.md): give every
 * floating-point SSA value a range, the set of values it can take, and use
 * the ranges to decide compares and simplify instructions. What we do that
 * the seed did not:
 *
 *  - The range keeps NaN, +inf and -inf apart from the finite hull
 *    [min, max], and which zeros (-0.0, +0.0) are possible, and whether every
 *    finite value is an integer (interval.c). So "sin of anything is NaN or
 *    in [-1, 1]" is representable, and nnan downstream leaves [-1, 1].
 *  - Bounds hold in every rounding mode. Each operation is evaluated exactly
 *    by MPFR at the corners of its operands' ranges and rounded down for the
 *    lower bound, up for the upper, in the value's own format: half, bfloat,
 *    float, double, x86_fp80, fp128, with their exponent ranges and
 *    subnormals (transfer.c). sqrt, exp, log, pow, powi, sin and cos get real
 *    bounds instead of "same as the input"; libm-style functions, which need
 *    not be correctly rounded, are widened by FP_LIBM_MARGIN_ULPS ulps, and
 *    with the afn flag they get no bound at all.
 *  - Loops: instead of giving up at the first phi whose input is not yet
 *    known, the analysis iterates to a fixed point, widening loop phis that
 *    keep growing and then narrowing (analysis.c).
 *  - Branches: a value used where a branch on `fcmp x, y` (or `icmp`, or an
 *    and/or of them, or fabs(x) compared) dominates is read as the part of
 *    its range that makes the branch go that way; so are select arms and
 *    phi inputs on the edge they come from.
 *  - Integers: the C API has no SCEV, so integer ranges come from the same
 *    fixed point, from what the IR states (masks, shifts, extensions,
 *    !range, compares on dominating edges; a counted loop's induction
 *    variable is a phi narrowed by its exit compare) (intrange.c). They
 *    bound sitofp/uitofp and powi inputs, and fptosi/fptoui of a bounded
 *    value gives integer ranges that can decide icmps.
 *
 * What is folded (fold.c), only where the range proves it:
 *  - fcmp (all 16 predicates), llvm.is.fpclass, and icmp decided by
 *    fptosi/fptoui facts, to true/false; conditional branches on them
 *    become unconditional (the dead successor's phis lose that edge) and
 *    LLVM's simplifycfg removes the dead code later;
 *  - floor/ceil/trunc/rint/nearbyint/round/roundeven of an integer-valued,
 *    NaN-free operand to the operand;
 *  - fabs of a value with sign bit surely clear (no NaN, no -0) to the
 *    value, surely set to its negation;
 *  - copysign with a surely known sign to the operand, fabs or -fabs;
 *  - min/max of ranges that cannot overlap (no NaN) to the chosen operand.
 *
 * Soundness rules: the analysis skips functions with strictfp or a
 * non-IEEE denormal mode (flushing would break the bounds); reassoc
 * arithmetic gets no bound (it may be rewritten into anything), contract
 * arithmetic that may overflow gets none for its finite part (a fused fma
 * need not overflow); nsz makes both zeros possible; fast-math flags on an
 * instruction constrain its inputs and its result. A function whose sweeps
 * do not settle within a limit is left alone.
 *
 * Cost: functions without floating point are skipped after one scan. In
 * the others, the fixed point is computed sparsely (a worklist in RPO
 * order, so each loop settles before the code after it), operand reads
 * walk at most a fixed number of dominators, and widening bounds the
 * iterations: linear in practice (docs/BENCHMARKS.md).
 *
 * Ownership: ltofold_fprange_result owns its fold records (free with
 * ltofold_fprange_result_free). The MPFR scratch lives for one call. */
#include "fprange_internal.h"

#include <stdlib.h>
#include <string.h>

void ltofold_fprange_options_default(ltofold_fprange_options *options) {
  options->fold = true;
}

const char *ltofold_fprange_fold_kind_name(ltofold_fprange_fold_kind kind) {
  static const char *const names[] = {"fcmp", "is_fpclass", "icmp",  "rounding",
                                      "fabs", "copysign",   "minmax"};
  return kind < LTOFOLD_FPRANGE_FOLD_KIND_COUNT ? names[kind] : "unknown";
}

/* Does the function compute anything in floating point? Functions that do
 * not (most of a typical program) are skipped without building anything. */
static bool has_floating_point(LLVMValueRef function) {
  fp_format_id format;
  for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(function); block;
       block = LLVMGetNextBasicBlock(block))
    for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst;
         inst = LLVMGetNextInstruction(inst)) {
      if (fp_format_of_type(LLVMTypeOf(inst), &format))
        return true;
      LLVMOpcode opcode = LLVMGetInstructionOpcode(inst);
      if (opcode == LLVMFCmp || opcode == LLVMFPToSI || opcode == LLVMFPToUI)
        return true;
    }
  return false;
}

void ltofold_fprange_module(LLVMModuleRef module,
                            const ltofold_fprange_options *options,
                            ltofold_fprange_result *result) {
  memset(result, 0, sizeof *result);
  fp_arith arith;
  fp_arith_init(&arith);
  for (LLVMValueRef function = LLVMGetFirstFunction(module); function;
       function = LLVMGetNextFunction(function)) {
    if (LLVMIsDeclaration(function) || !has_floating_point(function))
      continue;
    fn_analysis *analysis = fn_analysis_run(function, &arith);
    result->values += fn_analysis_fp_value_count(analysis);
    if (options->fold)
      fprange_fold_function(analysis, function, result);
    fn_analysis_free(analysis);
  }
  fp_arith_free(&arith);
}

void ltofold_fprange_result_free(ltofold_fprange_result *result) {
  for (size_t i = 0; i < result->fold_count; ++i) {
    free(result->folds[i].function);
    free(result->folds[i].what);
    free(result->folds[i].file);
  }
  free(result->folds);
  memset(result, 0, sizeof *result);
}
