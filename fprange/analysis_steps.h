/* The analysis of one function, as its steps share it: the state of the
 * analysis (struct fn_analysis) and the functions each step's file gives
 * the steps above it. Internal to the files of the analysis; the rest of
 * fprange/ uses fn_analysis through fprange_internal.h.
 *
 * The files, each using only those listed before it (analysis.c has the
 * algorithm in prose):
 *   values.c       value ranges by type, and the ranges of constants
 *   tables.c       tables of FP values in memory (program.c uses it too)
 *   blocks.c       step 2: blocks in RPO, dominators, edge facts
 *   operands.c     reading operands under edge facts and hypotheses
 *   loops.c        bounds of loop-header phis in counted loops
 *   instruction.c  the transfer of one instruction (compute_value)
 *   solver.c       steps 3 and 4: ascending with widening, then narrowing
 *   analysis.c     step 1, the values' slots, and the list of the steps
 * The one call that goes the other way, from reading an operand back to
 * recomputing an instruction, goes through fn_analysis.recompute. */
#ifndef LTOFOLD_FPRANGE_ANALYSIS_STEPS_H
#define LTOFOLD_FPRANGE_ANALYSIS_STEPS_H

#include "fprange_internal.h"

enum {
  REFINE_DEPTH = 32,    /* dominators walked per operand read */
  CONDITION_DEPTH = 3,  /* nesting of and/or in a branch condition */
  WIDEN_AFTER = 2,      /* changes of a loop phi before it is widened */
  NARROW_SWEEPS = 2,    /* recomputations of a value while narrowing */
  HYPOTHESIS_DEPTH = 4, /* levels recomputed under an assumed condition */
  LANE_BUDGET = 32      /* values recomputed for one lane of a vector */
};

struct fn_analysis {
  LLVMValueRef function;
  fp_arith *arith;                /* borrowed while the analysis lives */
  const fprange_program *program; /* borrowed while the analysis lives */
  bool complete;
  fp_flush flush[FP_FORMAT_COUNT]; /* the function's denormal modes */

  /* Blocks in RPO (only those reachable in the CFG). */
  LLVMBasicBlockRef *blocks;
  size_t block_count;
  fprange_value_map block_index; /* block (as value) -> RPO index */
  uint32_t **preds;              /* per block, its predecessors' indices */
  uint32_t *pred_count;
  int *idom; /* -1 for the entry */
  bool *loop_header;
  LLVMValueRef *fact_condition; /* edge fact on entry, or NULL */
  bool *fact_truth;
  bool *reachable; /* in the analysis' view */

  /* Values: arguments, then instructions in RPO. */
  fprange_value_map slots;
  value_range *ranges;
  int *def_block; /* -1 for arguments */
  unsigned *changes;
  LLVMValueRef *values;
  size_t value_count;
  size_t fp_values;

  unsigned nofpclass_kind;
  unsigned range_md_kind;

  /* Constant tables read by FP loads (table_load_range): global -> index
   * into table_hulls, computed once per analysis. */
  fprange_value_map table_index;
  fp_interval *table_hulls;
  size_t table_count;

  /* A hypothesis: while set, every operand read also assumes
   * `hypothesis == hypothesis_truth`, and values up to hypothesis_depth
   * levels down are recomputed under it. Used for `and`/`or` of compares
   * (the second is only looked at when the first went a given way) and for
   * select arms. */
  LLVMValueRef hypothesis;
  bool hypothesis_truth;
  int hypothesis_depth;
  /* One lane of the vectors: while lane >= 0, a vector operand read gives
   * the range of that lane alone, recomputed from the lanes of the
   * operands above it, for at most lane_budget more values (lane_of). */
  int lane;
  int lane_budget;
  size_t changes_made; /* by the current solve, for the fixed-point check */

  /* Recomputes `inst` (defined in `block`) from its operands, `old` its
   * range so far: compute_value (instruction.c). Reading an operand under
   * a hypothesis or for one lane (operands.c) calls it through here, so
   * that operands.c, which instruction.c reads its operands with, does not
   * depend on instruction.c in turn. Set by fn_analysis_run. */
  value_range (*recompute)(fn_analysis *a, LLVMValueRef inst, uint32_t block,
                           const value_range *old);
};

/* ---- value ranges by type, and constants (values.c) -----------------------
 */

value_range top_of_type(LLVMTypeRef type);
value_range bottom_of_type(LLVMTypeRef type);
bool range_is_bottom(const value_range *r);
bool range_equal(const value_range *a, const value_range *b);
bool read_fp_constant(LLVMValueRef constant, fp_format_id format,
                      fp_bound *out);
value_range constant_range(LLVMValueRef constant);

/* ---- step 2: blocks in RPO, dominators, loop headers, edge facts (blocks.c)
 * --- */

uint32_t block_index_of(const fn_analysis *a, LLVMBasicBlockRef block);
bool edge_fact(LLVMBasicBlockRef pred, LLVMBasicBlockRef succ,
               LLVMValueRef *condition, bool *truth);
void build_blocks(fn_analysis *a);

/* ---- reading operands under edge facts and hypotheses (operands.c) --------
 */

LLVMFastMathFlags fast_math_of(LLVMValueRef inst);
value_range base_range(fn_analysis *a, LLVMValueRef v);
unsigned swap_fp_predicate(unsigned p);
value_range range_assuming(fn_analysis *a, LLVMValueRef v, uint32_t block,
                           LLVMValueRef condition, bool truth);
value_range range_in_block(fn_analysis *a, LLVMValueRef v, uint32_t block);
value_range range_on_edge(fn_analysis *a, LLVMValueRef v, uint32_t pred,
                          uint32_t succ);
value_range range_of_lane(fn_analysis *a, LLVMValueRef v, uint32_t block,
                          unsigned lane);
bool edge_feasible(fn_analysis *a, uint32_t pred, uint32_t succ);

/* ---- bounds of loop-header phis in counted loops (loops.c) ----------------
 */

bool counted_loop_bound(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                        __int128 *low, __int128 *high, __int128 *visits);
bool sibling_induction_bound(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                             unsigned width, __int128 *low, __int128 *high);
bool accumulator_bound(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                       fp_format_id format, fp_interval *out);

/* ---- the transfer of one instruction (instruction.c) ----------------------
 */

void apply_nofpclass(fp_format_id format, fp_interval *r, uint64_t mask);
uint64_t nofpclass_at(fn_analysis *a, LLVMValueRef owner, unsigned index,
                      bool call_site);
value_range compute_value(fn_analysis *a, LLVMValueRef inst, uint32_t block,
                          const value_range *old);

/* ---- steps 3 and 4: the ascending phase with widening, narrowing (solver.c)
 * --- */

bool run_solver(fn_analysis *a);

#endif
