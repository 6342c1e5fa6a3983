/* Internal to fprange/: the types and functions its files share. Nothing
 * here is part of the public contract (ltofold_fprange.h); unit tests
 * include it to test the pieces one by one.
 *
 * The files build on each other in layers, bottom first; each calls only
 * files listed before it (the one call back, from reading an operand to
 * recomputing an instruction, goes through a pointer: analysis_steps.h):
 *
 *   numbers.h         interval.c    formats, bounds, the FP range type,
 *                                   directed rounding
 *                     intrange.c    integer ranges
 *   transfer.h        transfer.c    what each FP operation does to ranges
 *                     calls.c       which calls are which operations
 *   this header       values.c      value ranges by type, constants,
 *                                   allocation
 *                     attributes.c  a function's attributes, denormal modes
 *                     tables.c      tables of FP values in memory
 *                     program.c     whole-program facts: which functions and
 *                                   memory are closed, what they hold
 *   analysis_steps.h  blocks.c      the analysis of one function, step by
 *                     operands.c    step (analysis.c has the steps in
 *                     loops.c       prose and in order)
 *                     instruction.c
 *                     solver.c
 *                     analysis.c
 *   program_facts.h   learn.c       learning the whole-program facts from
 *                                   each round's analyses
 *   this header       fold.c        replacing what the ranges decide
 *                     nofpclass.c   writing what they prove as nofpclass
 *                                   attributes
 *                     fprange.c     the algorithm in prose, the module
 *                                   driver, the result
 *                     print.c       `ltofold fprange --print`
 */
#ifndef LTOFOLD_FPRANGE_INTERNAL_H
#define LTOFOLD_FPRANGE_INTERNAL_H

#include "ltofold_fprange.h"
#include "numbers.h"
#include "ptr_map.h"
#include "transfer.h"

#include <stdbool.h>
#include <stdint.h>

/* ---- value map --------------------------------------------------------- */

/* LLVM values (or blocks, as values) to indices: the map merge and canon
 * use too (merge/ptr_map.h), with fprange's "absent" convention. */
typedef ptr_map fprange_value_map;

static inline void fprange_value_map_init(fprange_value_map *map) {
  ptr_map_init(map);
}
static inline void fprange_value_map_free(fprange_value_map *map) {
  ptr_map_free(map);
}
static inline void fprange_value_map_put(fprange_value_map *map,
                                         LLVMValueRef key, uint32_t value) {
  ptr_map_put(map, key, value);
}
/* The index of `key`, or UINT32_MAX when absent. */
static inline uint32_t fprange_value_map_get(const fprange_value_map *map,
                                             LLVMValueRef key) {
  uint64_t value;
  return ptr_map_get(map, key, &value) ? (uint32_t)value : UINT32_MAX;
}

/* ---- value ranges (values.c) ------------------------------------------- */

typedef struct fn_analysis fn_analysis;
typedef struct fprange_program fprange_program;

/* The abstract value of one SSA value: an FP range (scalar, or the hull of a
 * vector's elements) or an integer range; `kind` says which. */
typedef enum value_kind { VALUE_NONE, VALUE_FP, VALUE_INT } value_kind;
typedef struct value_range {
  value_kind kind;
  fp_format_id format; /* VALUE_FP */
  union {
    fp_interval fp;
    int_range integer;
  } as;
} value_range;

/* calloc that never returns NULL (aborts when memory is out). */
void *fprange_allocate(size_t count, size_t size);
/* `array` (count elements of `size` bytes), with room for one more:
 * realloc'd to twice *capacity (at least 16) when full. Aborts when memory
 * is out. */
void *fprange_grow(void *array, size_t *capacity, size_t count, size_t size);

value_range fprange_range_none(void);
value_range fprange_range_join(const value_range *a, const value_range *b);
/* The values in both (as far as hulls say; kind NONE is "anything"). */
value_range fprange_range_meet(const value_range *a, const value_range *b);
/* The most (top) and the fewest (bottom: nothing yet) values of a type:
 * kind NONE for a type fprange does not track. */
value_range top_of_type(LLVMTypeRef type);
value_range bottom_of_type(LLVMTypeRef type);
bool range_is_bottom(const value_range *r);
bool range_equal(const value_range *a, const value_range *b);
/* The exact value of an FP constant of the format (false when it is not
 * a plain FP constant), and the range of any constant. */
bool read_fp_constant(LLVMValueRef constant, fp_format_id format,
                      fp_bound *out);
value_range constant_range(LLVMValueRef constant);

/* ---- tables of FP values in memory (tables.c) -------------------------- */

/* Tables of FP values: the innermost element type of nested
 * arrays and vectors; is `type` `fp`, or (nested) arrays and vectors of
 * it; the global or stack array `pointer` points into past GEPs over such
 * tables of `fp` (NULL when it is not one); and the hull of a table's
 * initializer (false when an element is not a plain FP constant). */
LLVMTypeRef fprange_table_element(LLVMTypeRef type);
bool fprange_is_table_of(LLVMTypeRef type, LLVMTypeRef fp);
LLVMValueRef fprange_table_of_pointer(LLVMValueRef pointer, LLVMTypeRef fp);
/* As LLVM's GlobalValue::isInterposable: may the linker or the loader
 * replace this definition with another? */
bool fprange_is_interposable(LLVMValueRef global);
/* Whether `call` of the library function `name` is that function as
 * LLVM's TargetLibraryInfo decides: not in a function built with
 * -fno-builtin ("no-builtins", "no-builtin-NAME"), nor a `nobuiltin`
 * call. */
bool fprange_is_builtin_call(LLVMValueRef call, const char *name);
/* A GEP instruction or constant expression. */
bool fprange_is_gep(LLVMValueRef v);
/* A GEP over tables of `fp`, or over bytes by a multiple of its size. */
bool fprange_gep_keeps_elements(LLVMValueRef gep, LLVMTypeRef fp);
/* What a call does to memory, when it is one of the C library's plain
 * (not volatile) memset, memcpy or memmove: the intrinsics, or the
 * functions themselves and their fortified forms (`__memcpy_chk`), whose
 * first three arguments are the same (destination, source or byte,
 * length). */
typedef enum fp_memory_op {
  FP_MEMORY_NONE,
  FP_MEMORY_SET,
  FP_MEMORY_COPY, /* memcpy or memmove */
} fp_memory_op;
fp_memory_op fprange_memory_op(LLVMValueRef call);
/* Is `call` a plain (not volatile) memset of zero bytes from `pointer`
 * over whole elements of `fp` (its length a multiple of their size)? It
 * then stores +0.0 into each. */
bool fprange_zeroes_elements(LLVMValueRef call, LLVMValueRef pointer,
                             LLVMTypeRef fp);
/* Is `call` a direct call of the intrinsic `name` (LLVM's own intrinsic
 * ID, whatever the overload: "llvm.memset" is llvm.memset.p0.i64, not
 * llvm.memset.inline)? */
bool fprange_calls_intrinsic(LLVMValueRef call, const char *name);
/* Is `call` a plain (not volatile) memcpy or memmove of whole elements of
 * `fp` (its length a multiple of their size)? */
bool fprange_copies_elements(LLVMValueRef call, LLVMTypeRef fp);
/* Is every access (program.c) through `pointer` (a global or a stack array of
 * `fp` values) in view: loads, plain stores of `fp` values, memsets of zeros
 * over whole elements, lifetime markers, GEPs over tables of `fp` whose
 * uses are so too? Counts the stores (memsets included). */
bool fprange_only_fp_accesses(LLVMValueRef pointer, LLVMTypeRef fp,
                              size_t *stores);
bool fprange_table_hull(LLVMValueRef init, fp_format_id format,
                        fp_interval *hull);

/* ---- function attributes (attributes.c) -------------------------------- */

/* The value of a string attribute of a function (not NUL-terminated), or
 * NULL when it has none. */
const char *fprange_function_attribute(LLVMValueRef function, const char *key,
                                       unsigned *length);
/* The denormal mode of each format the attributes of `function` declare
 * ("denormal-fp-math", "denormal-fp-math-f32"; FP_FLUSH_NONE without). */
void fprange_function_denormal_modes(LLVMValueRef function,
                                     fp_flush modes[FP_FORMAT_COUNT]);

/* ---- whole-program facts (program.c) ----------------------------------- */

/* `flush_denormals`: the program runs with FTZ/DAZ (the option of the same
 * name: ltofold_fprange.h). */
fprange_program *fprange_program_build(LLVMModuleRef module,
                                       bool flush_denormals);
void fprange_program_free(fprange_program *program);
/* Local linkage, every use a direct call: all its callers are in view. */
bool fprange_program_is_closed(const fprange_program *program,
                               LLVMValueRef function);
size_t fprange_program_closed_count(const fprange_program *program);
/* How subnormals of `format` may be flushed anywhere in the program (FTZ
 * and DAZ are the process's, not one function's: the comment at the top
 * of program.c); FP_FLUSH_NONE without a program. */
fp_flush fprange_program_flush(const fprange_program *program,
                               fp_format_id format);
/* Was every call site of `function` analyzed this round (true when it is
 * not closed)? */
bool fprange_program_callers_done(const fprange_program *program,
                                  LLVMValueRef function);
/* What argument `index` of `function` holds on entry (kind NONE: nothing
 * known), and what a call returns. */
value_range fprange_program_argument(const fprange_program *program,
                                     LLVMValueRef function, unsigned index);
value_range fprange_program_call_result(const fprange_program *program,
                                        LLVMValueRef call);
/* Closed memory classes (program.c): globals and stack arrays of FP
 * values, with the pointers that reach them across calls, every write to
 * them in view. Does `function` store into one (then it is analyzed in the
 * first round), or load from one (then a second round uses what the first
 * learned)? */
bool fprange_program_stores_memory(const fprange_program *program,
                                   LLVMValueRef function);
bool fprange_program_loads_memory(const fprange_program *program,
                                  LLVMValueRef function);
/* The range `load` reads from a closed memory class, when one is known. */
bool fprange_program_memory_load(const fprange_program *program,
                                 LLVMValueRef load, fp_interval *out);

/* ---- the analysis of one function (analysis.c, analysis_steps.h) ------- */

/* Analyzes one function definition. The result belongs to the caller (free
 * it with fn_analysis_free); `arith` is borrowed while the analysis lives
 * (a lane's range is computed on demand); so is `program` (may be NULL:
 * nothing known), which says what holds at the function's entry and what
 * its calls return. */
fn_analysis *fn_analysis_run(LLVMValueRef function, fp_arith *arith,
                             const fprange_program *program);
void fn_analysis_free(fn_analysis *analysis);
/* False when the function was skipped (strictfp, or no fixed point within
 * the sweep limit): then nothing may be folded. */
bool fn_analysis_complete(const fn_analysis *analysis);
/* FP values bounded on both sides: no infinity possible, and a finite part
 * inside the format's largest values (NaN allowed). */
size_t fn_analysis_fp_bounded_count(const fn_analysis *analysis);
/* The range of `value` where it is defined (constants are evaluated);
 * NULL-kind when the analysis has nothing for it. */
value_range fn_analysis_range(fn_analysis *analysis, LLVMValueRef value);
/* The range of `value` as seen by a use in `block` (refined by the
 * conditions of the branches that dominate it). */
value_range fn_analysis_range_at(fn_analysis *analysis, LLVMValueRef value,
                                 LLVMBasicBlockRef block);
/* The range of lane `lane` of vector `value` where it is defined: the
 * hull of its lanes, narrowed by what that lane alone can hold. */
value_range fn_analysis_lane_range(fn_analysis *analysis, LLVMValueRef value,
                                   unsigned lane);
/* Is the block reachable from the entry in the analysis' view? */
bool fn_analysis_block_reachable(fn_analysis *analysis,
                                 LLVMBasicBlockRef block);
size_t fn_analysis_fp_value_count(const fn_analysis *analysis);

/* ---- learning the facts, round by round (learn.c) ---------------------- */

/* A round (program.c's comment): begin it, learn from each function's
 * analysis in turn, end it. */
void fprange_program_begin_round(fprange_program *program);
/* Records what the analysis of `function` says about the arguments of its
 * calls and about its return value. Call before folding it. */
void fprange_program_learn(fprange_program *program, LLVMValueRef function,
                           fn_analysis *analysis);
void fprange_program_end_round(fprange_program *program);

/* ---- folding (fold.c) -------------------------------------------------- */

/* Folds what a complete analysis of `function` decides, recording each fold
 * in `result`, and each instruction it erases in `erased` (may be NULL),
 * whose keys are then only addresses. The analysis must not be queried
 * afterwards. */
void fprange_fold_function(fn_analysis *analysis, LLVMValueRef function,
                           ltofold_fprange_result *result,
                           fprange_value_map *erased);

/* ---- nofpclass attributes (nofpclass.c) -------------------------------- */

/* The FP classes (LLVM's FPClassTest bits) no element of `r` is in: what a
 * nofpclass attribute may say of a value in that range; 0 for the empty
 * range and for x86_fp80 (nofpclass.c says why). */
uint64_t fprange_nofpclass_mask(fp_format_id format, const fp_interval *r);

/* One attribute to write: the classes `mask` excluded at attribute index
 * `index` (0: the return value, i + 1: parameter i) of
 * `owner`, a function or a call; or, for place LTOFOLD_FPRANGE_FMOD_GUARD,
 * `nobuiltin` on the call `owner` (nofpclass.c says why). */
typedef struct nofpclass_write {
  LLVMValueRef owner;
  unsigned index;
  uint64_t mask;
  ltofold_fprange_attribute_place place;
} nofpclass_write;

/* The attributes a function's analysis proves, read before folding and
 * written after (the analysis keys its ranges by instruction). Owns its
 * items (fprange_nofpclass_plan_free). */
typedef struct nofpclass_plan {
  nofpclass_write *items;
  size_t count, capacity;
} nofpclass_plan;

/* Adds to `plan` what a complete analysis of `function` proves about its
 * parameters (when `program` says it is closed), its return value (local
 * linkage) and the results of its calls, and the guards of its fmod calls
 * (also where the analysis did not complete). */
void fprange_plan_nofpclass(fn_analysis *analysis, LLVMValueRef function,
                            const fprange_program *program,
                            nofpclass_plan *plan);
/* Writes the plan, ORed with the attributes there, except on the calls in
 * `erased` (may be NULL); counts in `result` each attribute that gained a
 * class. */
void fprange_write_nofpclass(const nofpclass_plan *plan,
                             const fprange_value_map *erased,
                             ltofold_fprange_result *result);
void fprange_nofpclass_plan_free(nofpclass_plan *plan);

/* ---- the module driver (fprange.c) ------------------------------------- */

typedef void (*fprange_visitor)(fn_analysis *analysis, LLVMValueRef function,
                                const fprange_program *program, void *data);
/* Analyzes every function of the module with floating point (or calls that
 * carry facts between functions; or every defined function at all), in
 * rounds (program.c says why and in which order), and hands each analysis
 * of the last round to `visit` before freeing it, with the whole-program
 * facts it assumed. */
void fprange_analyze_module(LLVMModuleRef module,
                            const ltofold_fprange_options *options,
                            bool every_function, fprange_visitor visit,
                            void *data);

/* ---- printing (print.c) ------------------------------------------------ */

/* Writes `x` in decimal, enough digits to be the exact value's nearest in
 * the format; `buffer` gets at most `size` bytes. */
void fp_format_bound(fp_format_id id, fp_bound x, char *buffer, size_t size);
void fp_interval_print(fp_format_id id, const fp_interval *r, FILE *out);

#endif
