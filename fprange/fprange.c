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
 *  - Bounds hold in LLVM IR's floating-point environment (round-to-nearest
 *    outside strictfp; every rounding mode with the any_rounding option).
 *    Each operation is evaluated exactly at the corners of its operands'
 *    ranges and rounded into the value's own format: half, bfloat, float,
 *    double, x86_fp80, fp128, with their exponent ranges and subnormals
 *    (transfer.c; by the machine for float, double and x86_fp80 in
 *    round-to-nearest, by MPFR otherwise). sqrt, exp, log, pow, powi, sin
 *    and cos get real bounds instead of "same as the input"; libm-style
 *    functions, which need not be correctly rounded, are widened by
 *    FP_LIBM_MARGIN_ULPS ulps beyond what any correct libm guarantees, and
 *    with the afn flag they get no bound at all.
 *  - Whole program: arguments of functions whose every caller is in view
 *    are the join of what the callers pass, and their calls return what
 *    they return (program.c); the module is analyzed in rounds for that.
 *  - Relations intervals cannot see, one instruction deep: x - x, x / x,
 *    a sum undone by one of its operands, a compare of a sorted pair.
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
 * And what the ranges prove about arguments, return values and the results
 * of calls is handed to LLVM's own passes as nofpclass attributes
 * (nofpclass.c), unless the attributes option is off.
 *
 * Soundness rules: the analysis skips functions with strictfp; where the
 * denormal mode may flush (a function's, or the whole program's: any
 * function's non-IEEE mode, fast-math code, or a link that sets FTZ/DAZ
 * at start-up, program.c), a subnormal's zeros join its range; reassoc
 * arithmetic gets no bound (it may be rewritten into anything), contract
 * arithmetic that may overflow gets none for its finite part (a fused fma
 * need not overflow); nsz makes both zeros possible; fast-math flags on an
 * instruction constrain its inputs and its result. A function whose sweeps
 * do not settle within a limit is left alone.
 *
 * Cost: functions without floating point are skipped after one scan,
 * unless they pass integers or FP values to a closed function that is
 * analyzed (find_worth). In the others, the fixed point is computed
 * sparsely (a worklist in RPO order, so each loop settles before the code
 * after it), operand reads
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
  options->any_rounding = false;
  options->flush_denormals = false;
  options->attributes = true;
}

const char *ltofold_fprange_fold_kind_name(ltofold_fprange_fold_kind kind) {
  static const char *const names[] = {"fcmp",     "is_fpclass", "icmp",
                                      "rounding", "fabs",       "copysign",
                                      "minmax",   "sqrt"};
  return kind < LTOFOLD_FPRANGE_FOLD_KIND_COUNT ? names[kind] : "unknown";
}

const char *
ltofold_fprange_attribute_place_name(ltofold_fprange_attribute_place place) {
  static const char *const names[] = {"arguments", "returns", "call_returns",
                                      "fmod_guards"};
  return place < LTOFOLD_FPRANGE_ATTRIBUTE_PLACE_COUNT ? names[place]
                                                       : "unknown";
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

/* The functions a round analyzes, and its order. */
typedef struct round_plan {
  LLVMValueRef *functions; /* worth analyzing, in module order */
  bool *in_first_rounds;   /* worth analyzing before the last round too */
  size_t count;
  ptr_map index;           /* function -> position in `functions` */
  bool *done;              /* this round */
  uint32_t *queue;         /* ready to analyze, FIFO */
  size_t queue_head, queue_tail;
} round_plan;

static void plan_push(round_plan *plan, uint32_t i) {
  if (plan->done[i])
    return;
  plan->done[i] = true; /* queued now, analyzed once */
  plan->queue[plan->queue_tail++] = i;
}

/* The closed function (one whose every caller is in view, program.c)
 * `inst` calls, or NULL. */
static LLVMValueRef closed_callee(const fprange_program *program,
                                  LLVMValueRef inst) {
  if (LLVMGetInstructionOpcode(inst) != LLVMCall)
    return NULL;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  return fprange_program_is_closed(program, callee) ? callee : NULL;
}

/* After `function` was analyzed: each closed function it calls whose every
 * caller is now analyzed becomes ready. */
static void visit_closed_callees(round_plan *plan,
                                 const fprange_program *program,
                                 LLVMValueRef function) {
  for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(function); block;
       block = LLVMGetNextBasicBlock(block))
    for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst;
         inst = LLVMGetNextInstruction(inst)) {
      LLVMValueRef callee = closed_callee(program, inst);
      uint64_t i;
      if (callee && fprange_program_callers_done(program, callee) &&
          ptr_map_get(&plan->index, callee, &i))
        plan_push(plan, (uint32_t)i);
    }
}

/* Is `type` one the analysis keeps ranges for (FP, integers, vectors of
 * them)? */
static bool has_ranges(LLVMTypeRef type) {
  fp_format_id format;
  if (LLVMGetTypeKind(type) == LLVMVectorTypeKind)
    type = LLVMGetElementType(type);
  return fp_format_of_type(type, &format) ||
         LLVMGetTypeKind(type) == LLVMIntegerTypeKind;
}

/* Do calls of `function` carry facts: an argument or a result with
 * ranges? (A method taking only pointers gains nothing from its callers.) */
static bool carries_facts(LLVMValueRef function) {
  LLVMTypeRef type = LLVMGlobalGetValueType(function);
  if (has_ranges(LLVMGetReturnType(type)))
    return true;
  for (LLVMValueRef param = LLVMGetFirstParam(function); param;
       param = LLVMGetNextParam(param))
    if (has_ranges(LLVMTypeOf(param)))
      return true;
  return false;
}

/* A call edge to a closed function whose calls carry facts. */
typedef struct fact_edge {
  LLVMValueRef caller, callee;
} fact_edge;

/* Orders call edges by callee. */
static int by_callee(const void *a, const void *b) {
  uintptr_t x = (uintptr_t)((const fact_edge *)a)->callee;
  uintptr_t y = (uintptr_t)((const fact_edge *)b)->callee;
  return x < y ? -1 : x > y;
}

/* Marks `f` worth analyzing, and queues it to mark its callers. */
static void mark_worth(ptr_map *worth, LLVMValueRef f, LLVMValueRef **queue,
                       size_t *queued, size_t *capacity) {
  uint64_t unused;
  if (ptr_map_get(worth, f, &unused))
    return;
  ptr_map_put(worth, f, 1);
  *queue = fprange_grow(*queue, capacity, *queued, sizeof **queue);
  (*queue)[(*queued)++] = f;
}

/* The functions worth analyzing, in `worth` (function -> 1): those with
 * floating point, stores into closed memory classes or (closed) an FP
 * result (`ret double 1.0` has no FP instruction), and then, to a fixed
 * point, those calling a closed function worth analyzing through an edge
 * that carries facts; and in `calls_worth` those that make such calls.
 * The rest can tell no analysis anything: after inlining, a C++ program is
 * mostly closed functions passing pointers, and analyzing them all, twice,
 * was most of fprange's time on such programs. A function left out leaves
 * its closed callees' arguments unknown (sound): only callees that are
 * not worth analyzing, or whose calls carry no facts. */
static void find_worth(LLVMModuleRef module, const fprange_program *program,
                       ptr_map *worth, ptr_map *calls_worth) {
  fact_edge *edges = NULL;
  LLVMValueRef *queue = NULL;
  size_t count = 0, capacity = 0, queued = 0, queue_capacity = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
       f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f))
      continue;
    fp_format_id format;
    if (fprange_program_stores_memory(program, f) || has_floating_point(f) ||
        (fprange_program_is_closed(program, f) &&
         fp_format_of_type(LLVMGetReturnType(LLVMGlobalGetValueType(f)),
                           &format)))
      mark_worth(worth, f, &queue, &queued, &queue_capacity);
    if (!fprange_program_closed_count(program))
      continue;
    for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(f); block;
         block = LLVMGetNextBasicBlock(block))
      for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst;
           inst = LLVMGetNextInstruction(inst)) {
        LLVMValueRef callee = closed_callee(program, inst);
        if (!callee || !carries_facts(callee))
          continue;
        edges = fprange_grow(edges, &capacity, count, sizeof *edges);
        edges[count++] = (fact_edge){f, callee};
      }
  }
  /* Callers of what is worth it, breadth first over the edges grouped by
   * callee: each function is queued once, each edge looked at once. */
  if (count) /* edges is NULL when there is none, and qsort wants an array */
    qsort(edges, count, sizeof *edges, by_callee);
  for (size_t next = 0; next < queued; ++next) {
    fact_edge key = {NULL, queue[next]};
    size_t low = 0, high = count;
    while (low < high) { /* the first edge into queue[next] */
      size_t mid = low + (high - low) / 2;
      if (by_callee(&edges[mid], &key) < 0)
        low = mid + 1;
      else
        high = mid;
    }
    for (size_t i = low; i < count && edges[i].callee == key.callee; ++i) {
      ptr_map_put(calls_worth, edges[i].caller, 1);
      mark_worth(worth, edges[i].caller, &queue, &queued, &queue_capacity);
    }
  }
  free(queue);
  free(edges);
}

/* Returns how many rounds the plan needs: two when some analyzed function
 * calls a closed one worth analyzing (the first round learns its arguments
 * and return values) or loads from a closed memory class (the first round
 * learns what is stored into it), else one. */
static unsigned plan_build(round_plan *plan, LLVMModuleRef module,
                           const fprange_program *program,
                           bool every_function) {
  memset(plan, 0, sizeof *plan);
  ptr_map_init(&plan->index);
  ptr_map worth, calls_worth;
  ptr_map_init(&worth);
  ptr_map_init(&calls_worth);
  find_worth(module, program, &worth, &calls_worth);
  size_t capacity = 0;
  unsigned rounds = 1;
  uint64_t unused;
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
       f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) ||
        !(every_function || ptr_map_get(&worth, f, &unused)))
      continue;
    bool closed = fprange_program_is_closed(program, f);
    bool calls = ptr_map_get(&calls_worth, f, &unused);
    bool stores = fprange_program_stores_memory(program, f);
    bool loads = fprange_program_loads_memory(program, f);
    if (plan->count == capacity) {
      capacity = capacity ? 2 * capacity : 64;
      plan->functions =
          realloc(plan->functions, capacity * sizeof *plan->functions);
      plan->in_first_rounds =
          realloc(plan->in_first_rounds, capacity * sizeof(bool));
      if (!plan->functions || !plan->in_first_rounds)
        abort();
    }
    plan->in_first_rounds[plan->count] = calls || closed || stores;
    if (calls || loads)
      rounds = 2;
    ptr_map_put(&plan->index, f, plan->count);
    plan->functions[plan->count++] = f;
  }
  ptr_map_free(&worth);
  ptr_map_free(&calls_worth);
  plan->done = fprange_allocate(plan->count, sizeof *plan->done);
  plan->queue = fprange_allocate(plan->count, sizeof *plan->queue);
  return rounds;
}

static void plan_free(round_plan *plan) {
  free(plan->functions);
  free(plan->in_first_rounds);
  free(plan->done);
  free(plan->queue);
  ptr_map_free(&plan->index);
}

void fprange_analyze_module(LLVMModuleRef module,
                            const ltofold_fprange_options *options,
                            bool every_function, fprange_visitor visit,
                            void *data) {
  fp_arith arith;
  fp_arith_init(&arith);
  arith.nearest = !options->any_rounding;
  fprange_program *program =
      fprange_program_build(module, options->flush_denormals);
  round_plan plan;
  unsigned rounds = plan_build(&plan, module, program, every_function);
  for (unsigned round = 0; round < rounds; ++round) {
    bool last = round + 1 == rounds;
    fprange_program_begin_round(program);
    memset(plan.done, 0, plan.count * sizeof *plan.done);
    plan.queue_head = plan.queue_tail = 0;
    /* Ready first: every function whose callers are all analyzed (all
     * but the closed ones that have callers), in module order; a closed
     * one joins the queue when its last caller is analyzed. When nothing
     * is ready, the rest wait on each other (a cycle): the first of them
     * in module order goes next. */
    for (size_t i = 0; i < plan.count; ++i)
      if (fprange_program_callers_done(program, plan.functions[i]))
        plan_push(&plan, (uint32_t)i);
    size_t cursor = 0;
    for (;;) {
      if (plan.queue_head == plan.queue_tail) {
        while (cursor < plan.count && plan.done[cursor])
          ++cursor;
        if (cursor == plan.count)
          break;
        plan_push(&plan, (uint32_t)cursor);
      }
      uint32_t i = plan.queue[plan.queue_head++];
      LLVMValueRef function = plan.functions[i];
      if (!last && !plan.in_first_rounds[i])
        continue;
      fn_analysis *analysis = fn_analysis_run(function, &arith, program);
      fprange_program_learn(program, function, analysis);
      visit_closed_callees(&plan, program, function);
      if (last)
        visit(analysis, function, program, data);
      fn_analysis_free(analysis);
    }
    fprange_program_end_round(program);
  }
  plan_free(&plan);
  fprange_program_free(program);
  fp_arith_free(&arith);
}

typedef struct fold_visit {
  const ltofold_fprange_options *options;
  ltofold_fprange_result *result;
} fold_visit;

/* Counts the function's values, folds what its ranges decide and writes
 * what they prove as nofpclass attributes (read first, written on what
 * the folds left: nofpclass.c). */
static void count_and_fold(fn_analysis *analysis, LLVMValueRef function,
                           const fprange_program *program, void *data) {
  fold_visit *v = data;
  v->result->values += fn_analysis_fp_value_count(analysis);
  v->result->values_bounded += fn_analysis_fp_bounded_count(analysis);
  if (!v->options->fold)
    return;
  nofpclass_plan plan = {0};
  if (v->options->attributes)
    fprange_plan_nofpclass(analysis, function, program, &plan);
  fprange_value_map erased;
  fprange_value_map_init(&erased);
  fprange_fold_function(analysis, function, v->result, &erased);
  fprange_write_nofpclass(&plan, &erased, v->result);
  fprange_value_map_free(&erased);
  fprange_nofpclass_plan_free(&plan);
}

void ltofold_fprange_module(LLVMModuleRef module,
                            const ltofold_fprange_options *options,
                            ltofold_fprange_result *result) {
  memset(result, 0, sizeof *result);
  fold_visit visit = {options, result};
  fprange_analyze_module(module, options, false, count_and_fold, &visit);
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
