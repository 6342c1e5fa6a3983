/* The analysis of one function: a range for every FP and integer SSA value,
 * by abstract interpretation to a fixed point.
 *
 * Steps, in order:
 *  1. Skip functions whose FP semantics we do not model (strictfp: any
 *     rounding mode, observable exceptions). Read the denormal modes (the
 *     function's and the program's): a subnormal that may be flushed adds
 *     its zeros to every range that holds it, as a result and as an
 *     operand.
 *  2. Blocks in reverse post-order (RPO), their predecessors, immediate
 *     dominators (Cooper, Harvey, Kennedy), and for each block with a single
 *     predecessor ending in a conditional branch, the "edge fact" that holds
 *     on entry (the condition is true, or false).
 *  3. Ascending phase: every value starts empty ("nothing flows here yet")
 *     and is recomputed from its operands and joined into what it had, in
 *     RPO order, sparsely: a worklist of what changed (see "the
 *     worklist"), so a loop settles before the code after it. A phi in a
 *     loop header (a block with a predecessor at or after it in RPO) that
 *     keeps growing is widened (a moving bound jumps to 0, +-1 or the end of
 *     the format), so the phase terminates. Blocks whose incoming edges are
 *     all infeasible (a condition decided the other way) stay unreachable
 *     and their values empty. The phase ends when a pass over everything
 *     changes nothing: a post-fixed point, so every range holds every value
 *     the program can compute.
 *  4. Descending phase (narrowing): every value is recomputed from the
 *     post-fixed point without joining, at most NARROW_SWEEPS times; each
 *     result is again sound, and the exit test of a loop, applied on the
 *     back edge, pulls a widened bound back in.
 * Operands are read "at" the block of their use: the value's range,
 * intersected with what the conditions of the dominating branch edges say
 * about it (walking up at most REFINE_DEPTH dominators, which keeps the
 * cost linear). A phi's incoming value is read at the end of its
 * predecessor, plus the condition of that very edge. A select arm, and
 * the second operand of an i1 and/or, are read under a hypothesis (the
 * condition went the way that makes them matter), recomputing the few
 * instructions above them under it.
 *
 * Where each step is: step 1 here, with the slots that hold a range per
 * value; step 2 in blocks.c; steps 3 and 4 in solver.c, which computes a
 * value from its operands in instruction.c (loop-header phis with the
 * bounds of loops.c), reading them at their use as operands.c says.
 * fn_analysis_run below is the list of the steps; analysis_steps.h has
 * the state they share. */
#include "analysis_steps.h"

#include <llvm-c/Core.h>
#include <stdlib.h>

static bool function_is_modelled(LLVMValueRef function) {
  unsigned strictfp = LLVMGetEnumAttributeKindForName("strictfp", 8);
  return !LLVMGetEnumAttributeAtIndex(function, LLVMAttributeFunctionIndex,
                                      strictfp);
}

/* The denormal mode of each format in the function: its own attributes,
 * joined with the program's (a processor flushing subnormals does so for
 * the whole process: fprange_program_flush). */
static void read_denormal_modes(fn_analysis *a) {
  fprange_function_denormal_modes(a->function, a->flush);
  for (int f = 0; f < FP_FORMAT_COUNT; ++f)
    a->flush[f] =
        fp_flush_join(a->flush[f], fprange_program_flush(a->program, f));
}

static void build_slots(fn_analysis *a) {
  size_t count = LLVMCountParams(a->function);
  for (size_t b = 0; b < a->block_count; ++b)
    for (LLVMValueRef inst = LLVMGetFirstInstruction(a->blocks[b]); inst;
         inst = LLVMGetNextInstruction(inst))
      ++count;
  a->ranges = fprange_allocate(count, sizeof *a->ranges);
  a->def_block = fprange_allocate(count, sizeof *a->def_block);
  a->changes = fprange_allocate(count, sizeof *a->changes);
  a->values = fprange_allocate(count, sizeof *a->values);
  size_t slot = 0;
  unsigned params = LLVMCountParams(a->function);
  for (unsigned i = 0; i < params; ++i) {
    LLVMValueRef param = LLVMGetParam(a->function, i);
    value_range r = top_of_type(LLVMTypeOf(param));
    if (r.kind == VALUE_FP)
      apply_nofpclass(r.format, &r.as.fp,
                      nofpclass_at(a, a->function, i + 1, false));
    value_range passed = fprange_program_argument(a->program, a->function, i);
    r = fprange_range_meet(&r, &passed);
    a->values[slot] = param;
    a->ranges[slot] = r;
    a->def_block[slot] = -1;
    fprange_value_map_put(&a->slots, param, (uint32_t)slot++);
  }
  for (size_t b = 0; b < a->block_count; ++b)
    for (LLVMValueRef inst = LLVMGetFirstInstruction(a->blocks[b]); inst;
         inst = LLVMGetNextInstruction(inst)) {
      a->values[slot] = inst;
      a->ranges[slot] = bottom_of_type(LLVMTypeOf(inst));
      if (a->ranges[slot].kind == VALUE_FP)
        ++a->fp_values;
      a->def_block[slot] = (int)b;
      fprange_value_map_put(&a->slots, inst, (uint32_t)slot++);
    }
  for (size_t i = 0; i < params; ++i)
    if (a->ranges[i].kind == VALUE_FP)
      ++a->fp_values;
  a->value_count = slot;
}

fn_analysis *fn_analysis_run(LLVMValueRef function, fp_arith *arith,
                             const fprange_program *program) {
  fn_analysis *a = fprange_allocate(1, sizeof *a);
  a->function = function;
  a->arith = arith;
  a->program = program;
  a->lane = -1;
  a->recompute = compute_value;
  read_denormal_modes(a);
  fprange_value_map_init(&a->block_index);
  fprange_value_map_init(&a->slots);
  fprange_value_map_init(&a->table_index);
  a->nofpclass_kind = LLVMGetEnumAttributeKindForName("nofpclass", 9);
  a->range_md_kind = LLVMGetMDKindIDInContext(
      LLVMGetModuleContext(LLVMGetGlobalParent(function)), "range", 5);
  if (LLVMCountBasicBlocks(function) > 0) {
    build_blocks(a);
    build_slots(a);
    if (function_is_modelled(function))
      a->complete = run_solver(a);
  }
  return a;
}

void fn_analysis_free(fn_analysis *a) {
  if (!a)
    return;
  for (size_t b = 0; b < a->block_count; ++b)
    free(a->preds ? a->preds[b] : NULL);
  for (size_t b = 0; b < a->block_count; ++b)
    free(a->assumed ? a->assumed[b] : NULL);
  free(a->assumed);
  free(a->assumed_count);
  free(a->preds);
  free(a->pred_count);
  free(a->blocks);
  free(a->idom);
  free(a->loop_header);
  free(a->fact_condition);
  free(a->fact_truth);
  free(a->reachable);
  free(a->ranges);
  free(a->def_block);
  free(a->changes);
  free(a->values);
  fprange_value_map_free(&a->block_index);
  fprange_value_map_free(&a->slots);
  fprange_value_map_free(&a->table_index);
  free(a->table_hulls);
  free(a);
}

bool fn_analysis_complete(const fn_analysis *a) { return a->complete; }

size_t fn_analysis_fp_value_count(const fn_analysis *a) {
  return a->complete ? a->fp_values : 0;
}

size_t fn_analysis_fp_bounded_count(const fn_analysis *a) {
  if (!a->complete)
    return 0;
  size_t count = 0;
  for (size_t slot = 0; slot < a->value_count; ++slot) {
    const value_range *r = &a->ranges[slot];
    if (r->kind != VALUE_FP || fp_interval_is_bottom(&r->as.fp) ||
        r->as.fp.pos_inf || r->as.fp.neg_inf)
      continue;
    fp_bound max = fp_format_max(r->format);
    if (!r->as.fp.has_finite || (r->as.fp.lo > -max && r->as.fp.hi < max))
      ++count;
  }
  return count;
}

value_range fn_analysis_range(fn_analysis *a, LLVMValueRef value) {
  if (!a->complete)
    return top_of_type(LLVMTypeOf(value));
  return base_range(a, value);
}

value_range fn_analysis_range_at(fn_analysis *a, LLVMValueRef value,
                                 LLVMBasicBlockRef block) {
  if (!a->complete)
    return top_of_type(LLVMTypeOf(value));
  uint32_t b = block_index_of(a, block);
  if (b == UINT32_MAX)
    return base_range(a, value);
  return range_in_block(a, value, b);
}

value_range fn_analysis_lane_range(fn_analysis *a, LLVMValueRef value,
                                   unsigned lane) {
  uint32_t slot = fprange_value_map_get(&a->slots, value);
  if (!a->complete || slot == UINT32_MAX || a->def_block[slot] < 0)
    return fn_analysis_range(a, value);
  return range_of_lane(a, value, (uint32_t)a->def_block[slot], lane);
}

bool fn_analysis_block_reachable(fn_analysis *a, LLVMBasicBlockRef block) {
  uint32_t b = block_index_of(a, block);
  return a->complete && b != UINT32_MAX && a->reachable[b];
}
