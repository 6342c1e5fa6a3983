/* The analysis of one function, as its steps share it: the state of the
 * analysis (struct fn_analysis) and the functions each step's file gives
 * the steps after it. Internal to the files of the analysis; the rest of
 * fprange/ uses fn_analysis through fprange_internal.h.
 *
 * The files, each calling only those listed before it (and what
 * fprange_internal.h declares below the analysis); analysis.c has the
 * algorithm in prose:
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
  /* Per block, the conditions its llvm.assume calls say are true: facts
   * in every block it strictly dominates. */
  LLVMValueRef **assumed;
  uint32_t *assumed_count;
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

/* ---- step 2: the shape of the function (blocks.c) ---------------------- */

/* The RPO index of `block`, or UINT32_MAX when the entry does not reach
 * it. */
uint32_t block_index_of(const fn_analysis *a, LLVMBasicBlockRef block);
/* Does `pred` end in a conditional branch to `succ` alone? Then the
 * branch's condition, and which way it went. */
bool edge_fact(LLVMBasicBlockRef pred, LLVMBasicBlockRef succ,
               LLVMValueRef *condition, bool *truth);
/* Fills the blocks, predecessors, dominators, loop headers and edge facts
 * of the analysis. */
void build_blocks(fn_analysis *a);

/* ---- reading operands (operands.c) ------------------------------------- */

/* The fast-math flags of `inst` (none when it cannot have them). */
LLVMFastMathFlags fast_math_of(LLVMValueRef inst);
/* The range of v where it is defined. */
value_range base_range(fn_analysis *a, LLVMValueRef v);
/* The FCmp predicate P' with `x P y` == `y P' x`. */
unsigned swap_fp_predicate(unsigned p);
/* The range of v read in `block` if `condition == truth` held there. */
value_range range_assuming(fn_analysis *a, LLVMValueRef v, uint32_t block,
                           LLVMValueRef condition, bool truth);
/* The range of v read in `block`, narrowed by dominating edge facts. */
value_range range_in_block(fn_analysis *a, LLVMValueRef v, uint32_t block);
/* The range of v coming into `succ` from its predecessor `pred`. */
value_range range_on_edge(fn_analysis *a, LLVMValueRef v, uint32_t pred,
                          uint32_t succ);
/* The range of lane `lane` of vector v read in `block`. */
value_range range_of_lane(fn_analysis *a, LLVMValueRef v, uint32_t block,
                          unsigned lane);
/* Can control flow from pred to succ, given the ranges so far? */
bool edge_feasible(fn_analysis *a, uint32_t pred, uint32_t succ);

/* ---- bounds of loop-header phis (loops.c) ------------------------------ */

/* The bounds of a counted induction `phi` of loop header `block` (a loop
 * that exits on equality), and the most times the header runs per entry. */
bool counted_loop_bound(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                        __int128 *low, __int128 *high, __int128 *visits);
/* The bounds of another induction of a counted loop's header. */
bool sibling_induction_bound(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                             unsigned width, __int128 *low, __int128 *high);
/* The bound of an FP accumulator of a counted loop. */
bool accumulator_bound(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                       fp_format_id format, fp_interval *out);

/* ---- the transfer of one instruction (instruction.c) ------------------- */

/* Clears what a nofpclass mask (LLVM FPClassTest bits) excludes. */
void apply_nofpclass(fp_format_id format, fp_interval *r, uint64_t mask);
/* The nofpclass mask at attribute index `index` (0: the return value,
 * i + 1: parameter i) of a function, or of a call site. */
uint64_t nofpclass_at(fn_analysis *a, LLVMValueRef owner, unsigned index,
                      bool call_site);
/* The range of `inst` (defined in `block`) from its operands; `old` is
 * its range so far. */
value_range compute_value(fn_analysis *a, LLVMValueRef inst, uint32_t block,
                          const value_range *old);

/* ---- steps 3 and 4: ascending with widening, narrowing (solver.c) ------ */

/* Runs both phases to the fixed point; false when the ascending phase ran
 * out of its budget (then nothing may be folded). */
bool run_solver(fn_analysis *a);

#endif
