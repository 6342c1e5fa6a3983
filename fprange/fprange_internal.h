/* Internal to fprange/: the range types and the functions the files of the
 * component share. Nothing here is part of the public contract
 * (ltofold_fprange.h); unit tests include it to test the pieces one by one.
 *
 *   interval.c  formats, the FP range type, directed-rounding arithmetic
 *   transfer.c  what each FP operation does to ranges
 *   intrange.c  integer ranges (inputs of sitofp/uitofp, fptosi results)
 *   analysis.c  the fixed point over a function, refinement on branch edges
 *   program.c   whole-program facts: arguments and returns across calls
 *   fold.c      replacing what the ranges decide
 *   print.c     `ltofold fprange --print`
 *   fprange.c   the algorithm in prose, the module driver, the result
 */
#ifndef LTOFOLD_FPRANGE_INTERNAL_H
#define LTOFOLD_FPRANGE_INTERNAL_H

#include <string.h>
#include "ltofold_fprange.h"
#include "ptr_map.h"

#include <stdbool.h>
#include <stdint.h>

#define MPFR_WANT_FLOAT128 1
#include <mpfr.h>

/* ---- formats (interval.c) ---------------------------------------------- */

typedef enum fp_format_id {
  FP_HALF,
  FP_BFLOAT,
  FP_FLOAT,
  FP_DOUBLE,
  FP_X86_FP80,
  FP_FP128,
  FP_FORMAT_COUNT
} fp_format_id;

/* Every value of every format is exactly a _Float128 (x86_fp80 included:
 * 64 < 113 significand bits, same exponent range, deeper subnormals). */
typedef _Float128 fp_bound;

/* A binary IEEE-style format: `precision` significand bits (with the hidden
 * bit), largest unbiased exponent `max_exponent`; subnormals below
 * 2^(1-max_exponent). x86_fp80 fits (its explicit integer bit changes the
 * encoding, not the set of values). */
typedef struct fp_format {
  const char *name;
  int precision;
  int max_exponent;
  fp_bound max; /* (2 - 2^(1 - precision)) 2^max_exponent */
} fp_format;

const fp_format *fp_format_get(fp_format_id id);

/* The format of an FP type, or of the elements of a vector of FP. False for
 * ppc_fp128 and non-FP types. */
bool fp_format_of_type(LLVMTypeRef type, fp_format_id *id);

/* Exact conversions between fp_bound and float or double by the bits of
 * IEEE binary128 (_Float128's layout on every target LLVM's x86-64 and
 * AArch64 Linux use): x86-64 has no _Float128 instructions, so the
 * compiler's own conversions and compares are library calls (libgcc's
 * soft float), which were most of fprange's time. to_*: false when x is
 * not a value of the format (NaN included). */
bool fp_bound_to_double(fp_bound x, double *out);
bool fp_bound_to_float(fp_bound x, float *out);
fp_bound fp_bound_from_double(double x);
fp_bound fp_bound_from_float(float x);
/* The bits of x, and tests on them, for the hottest paths (the same
 * reason). */
static inline unsigned __int128 fp_bound_bits(fp_bound x) {
  unsigned __int128 b;
  memcpy(&b, &x, sizeof b);
  return b;
}
/* The bits are those of +-inf; x is +-inf (isinf). */
static inline bool fp_bits_is_inf(unsigned __int128 b) {
  return b << 1 == (unsigned __int128)0x7fff << 113; /* exponent all ones */
}
static inline bool fp_bound_is_inf(fp_bound x) {
  return fp_bits_is_inf(fp_bound_bits(x));
}
/* a and b are the same value with the same sign (so -0 and +0 are not;
 * NaNs with the same bits are). */
static inline bool fp_bound_identical(fp_bound a, fp_bound b) {
  return fp_bound_bits(a) == fp_bound_bits(b);
}

fp_bound fp_format_max(fp_format_id id);        /* largest finite */
fp_bound fp_format_min_normal(fp_format_id id); /* smallest positive normal */
fp_bound fp_format_denorm_min(fp_format_id id); /* smallest positive */
/* The neighbours of a finite value x of the format (may return +-inf). */
fp_bound fp_next_up(fp_format_id id, fp_bound x);
fp_bound fp_next_down(fp_format_id id, fp_bound x);

/* ---- the FP range ------------------------------------------------------ */

/* A set of values of one format, as: the finite values lie in [lo, hi]
 * (when has_finite); which zeros are possible (only when 0 is in [lo, hi];
 * both false then means zero is excluded); whether +inf, -inf, NaN are
 * possible, tracked apart from the finite part; and whether every finite
 * value is an integer. The empty set ("bottom": nothing flows here yet, or
 * the code is unreachable) has every flag false. */
typedef struct fp_interval {
  fp_bound lo, hi;
  bool has_finite;
  bool pos_zero, neg_zero;
  bool pos_inf, neg_inf;
  bool nan;
  bool integer;
} fp_interval;

fp_interval fp_interval_bottom(void);
fp_interval fp_interval_top(fp_format_id id);
/* {x} for a value x of the format (NaN, inf and signed zero included). */
fp_interval fp_interval_point(fp_bound x);
/* Finite [lo, hi] with no specials; zeros of both signs when 0 is inside. */
fp_interval fp_interval_range(fp_bound lo, fp_bound hi);
bool fp_interval_is_bottom(const fp_interval *r);
bool fp_interval_equal(const fp_interval *a, const fp_interval *b);
/* Adds one value of the format to the set (NaN, inf, signed zero too). */
void fp_interval_add_point(fp_interval *r, fp_bound x);
fp_interval fp_interval_join(const fp_interval *a, const fp_interval *b);
/* The elements in both. */
fp_interval fp_interval_meet(fp_format_id id, const fp_interval *a,
                             const fp_interval *b);
/* Re-establishes the invariants: zero flags false when 0 is not inside,
 * a bound at a zero that is excluded moves to the nearest nonzero value. */
void fp_interval_normalize(fp_format_id id, fp_interval *r);
/* Does the set contain x (with its sign of zero; any NaN for NaN)? */
bool fp_interval_contains(const fp_interval *r, fp_bound x);
/* Lowest and highest non-NaN element, infinities included; false when the
 * set holds at most NaN. */
bool fp_interval_extent(const fp_interval *r, fp_bound *low, fp_bound *high);
/* Can the set hold a value with the sign bit set / clear (NaN: either)? */
bool fp_interval_may_be_negative(const fp_interval *r);
bool fp_interval_may_be_positive(const fp_interval *r);
/* Keeps the elements x with low <= x <= high (strict when the flag says),
 * NaN dropped unless keep_nan. Used by branch refinement. */
void fp_interval_clip(fp_format_id id, fp_interval *r, fp_bound low,
                      bool low_strict, fp_bound high, bool high_strict,
                      bool keep_nan);
/* How subnormals of a format may become zeros in a function (its
 * "denormal-fp-math" attributes, and the program's: program.c; output
 * flushing and input treated as zero alike): not at all; to a zero of
 * their sign; to +0; either. */
typedef enum fp_flush {
  FP_FLUSH_NONE,
  FP_FLUSH_PRESERVE_SIGN,
  FP_FLUSH_POSITIVE_ZERO,
  FP_FLUSH_ANY
} fp_flush;
/* Adds the zeros the set's subnormals may flush to. */
void fp_interval_flush(fp_format_id id, fp_interval *r, fp_flush flush);
/* The mode that allows the zeros either allows. */
fp_flush fp_flush_join(fp_flush a, fp_flush b);

/* Widening: a bound that moved since `old` jumps to the end of the format
 * (the infinity becomes possible); the other flags are joined. */
fp_interval fp_interval_widen(fp_format_id id, const fp_interval *old,
                              const fp_interval *next);

/* ---- directed-rounding arithmetic (interval.c) -------------------------- */

/* MPFR scratch for the transfer functions, and the rounding they assume.
 * Owned by whoever runs the analysis (one per thread; MPFR's own exponent
 * range is left as found). Every intermediate is computed at
 * FP_WORK_PRECISION bits in MPFR's wide default exponent range, rounded
 * toward -inf for a lower bound and +inf for an upper one, then rounded once
 * more into the format with subnormals emulated (fp_round_result):
 *  - nearest (LLVM IR's default floating-point environment outside
 *    strictfp): to nearest, ties to even. Rounding to nearest is monotone,
 *    so the nearest of a value below (above) the exact result is at or
 *    below (above) the nearest of the exact result: the bound is the
 *    result a correctly rounded operation gives, or one value further out
 *    in the rare double-rounding tie.
 *  - otherwise, every rounding mode: toward -inf (+inf) again; a directed
 *    rounding of a directed rounding the same way on a finer grid is the
 *    rounding of the exact value, so the two steps lose nothing. */
#define FP_WORK_PRECISION 128
typedef struct fp_arith {
  mpfr_t x, y, z, t, u;
  bool nearest; /* round to nearest even (the default), or any mode */
  /* This process computes float, double and long double (x86_fp80) in
   * round-to-nearest with subnormals and full precision, so correctly
   * rounded operations in those formats can run on the machine itself
   * (transfer.c), not in MPFR. Checked by fp_arith_init. */
  bool native;
  /* The results of the costliest transfers (sums, products, quotients,
   * fma: every corner of every piece of their operands), by operands
   * (transfer.c); NULL until the first. */
  struct fp_transfer_memo *memo;
} fp_arith;

void fp_arith_init(fp_arith *arith);
void fp_arith_free(fp_arith *arith);
void fp_set_bound(mpfr_t out, fp_bound value); /* exact */
/* Rounds x (already rounded toward `rnd` at work precision) into format
 * `id`, toward `rnd` (MPFR_RNDD or MPFR_RNDU), with overflow to +-inf and
 * subnormals as the format has them. */
fp_bound fp_round_to_format(fp_format_id id, mpfr_t x, mpfr_rnd_t rnd);
/* The bound an operation's result can reach on the side of `direction`
 * (MPFR_RNDD: lowest, MPFR_RNDU: highest) when its exact value was
 * rounded that way into x at work precision: rounded into the format to
 * nearest, or in `direction` when any rounding mode is possible. */
fp_bound fp_round_result(const fp_arith *arith, fp_format_id id, mpfr_t x,
                         mpfr_rnd_t direction);

/* ---- integer ranges (intrange.c) -------------------------------------- */

/* The signed values of an integer of `width` bits (1..128) lie in
 * [lo, hi]; i1 true is -1. `known` false means bottom (nothing yet).
 * from_fp: the range came through fptosi/fptoui (so an icmp decided by it
 * is an fprange fold). */
typedef struct int_range {
  __int128 lo, hi;
  unsigned width;
  bool known;
  bool from_fp;
} int_range;

int_range int_range_full(unsigned width);
int_range int_range_point(unsigned width, __int128 value);
int_range int_range_make(unsigned width, __int128 lo, __int128 hi);
int_range int_range_join(const int_range *a, const int_range *b);
bool int_range_equal(const int_range *a, const int_range *b);
__int128 int_min_of(unsigned width);
__int128 int_max_of(unsigned width);
/* The unsigned view: [lo, hi] of the values read as unsigned, as a hull. */
void int_range_unsigned(const int_range *r, unsigned __int128 *lo,
                        unsigned __int128 *hi);
/* The i1 result of a compare that can be true / false. */
int_range int_range_bool(bool can_true, bool can_false);
/* Is the i1 range exactly true / exactly false? */
bool int_range_is_true(const int_range *r);
bool int_range_is_false(const int_range *r);

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

/* ---- analysis state (analysis.c) -------------------------------------- */

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

typedef struct fn_analysis fn_analysis;
typedef struct fprange_program fprange_program;

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

/* Tables of FP values (analysis.c): the innermost element type of nested
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
/* Is every access through `pointer` (a global or a stack array of `fp`
 * values) in view: loads, plain stores of `fp` values, memsets of zeros
 * over whole elements, lifetime markers, GEPs over tables of `fp` whose
 * uses are so too? Counts the stores (memsets included). */
bool fprange_only_fp_accesses(LLVMValueRef pointer, LLVMTypeRef fp,
                              size_t *stores);
bool fprange_table_hull(LLVMValueRef init, fp_format_id format,
                        fp_interval *hull);

/* ---- whole-program facts (program.c) ----------------------------------- */

/* The value of a string attribute of a function (not NUL-terminated), or
 * NULL when it has none. */
const char *fprange_function_attribute(LLVMValueRef function, const char *key,
                                       unsigned *length);
/* The denormal mode of each format the attributes of `function` declare
 * ("denormal-fp-math", "denormal-fp-math-f32"; FP_FLUSH_NONE without). */
void fprange_function_denormal_modes(LLVMValueRef function,
                                     fp_flush modes[FP_FORMAT_COUNT]);
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
void fprange_program_begin_round(fprange_program *program);
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
/* Records what the analysis of `function` says about the arguments of its
 * calls and about its return value. Call before folding it. */
void fprange_program_learn(fprange_program *program, LLVMValueRef function,
                           fn_analysis *analysis);
void fprange_program_end_round(fprange_program *program);
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

/* ---- the module driver (fprange.c) ------------------------------------ */

typedef void (*fprange_visitor)(fn_analysis *analysis, LLVMValueRef function,
                                void *data);
/* Analyzes every function of the module with floating point (or calls that
 * carry facts between functions; or every defined function at all), in
 * rounds (program.c says why and in which order), and hands each analysis
 * of the last round to `visit` before freeing it. */
void fprange_analyze_module(LLVMModuleRef module,
                            const ltofold_fprange_options *options,
                            bool every_function, fprange_visitor visit,
                            void *data);

/* ---- folding (fold.c) ------------------------------------------------- */

/* Folds what a complete analysis of `function` decides, recording each fold
 * in `result`. The analysis must not be queried afterwards. */
void fprange_fold_function(fn_analysis *analysis, LLVMValueRef function,
                           ltofold_fprange_result *result);

/* ---- transfer functions (transfer.c) ---------------------------------- */

typedef enum fp_binary_op {
  FP_OP_ADD,
  FP_OP_SUB,
  FP_OP_MUL,
  FP_OP_DIV,
  FP_OP_REM
} fp_binary_op;

fp_interval fp_transfer_binary(fp_arith *arith, fp_format_id id,
                               fp_binary_op op, const fp_interval *a,
                               const fp_interval *b);
/* x - x (FP_OP_SUB) or x / x (FP_OP_DIV) for x in `x`. */
fp_interval fp_transfer_same_operand(const fp_arith *arith, fp_format_id id,
                                     fp_binary_op op, const fp_interval *x);
/* s = x + y rounded, then s - x (or s = x - y, then s + y... in general:
 * the rounded combination of x and y, undone by x): the result within the
 * rounding error of s around y. False (and *r untouched) when a NaN or an
 * infinity is possible in s, x or y. */
bool fp_transfer_undone_sum(fp_arith *arith, fp_format_id id,
                            const fp_interval *s, const fp_interval *x,
                            const fp_interval *y, fp_interval *r);
fp_interval fp_transfer_fma(fp_arith *arith, fp_format_id id,
                            const fp_interval *a, const fp_interval *b,
                            const fp_interval *c);
fp_interval fp_transfer_fneg(const fp_interval *a);
fp_interval fp_transfer_fabs(fp_format_id id, const fp_interval *a);
fp_interval fp_transfer_copysign(fp_format_id id, const fp_interval *a,
                                 const fp_interval *sign);
/* Conversion between formats (fptrunc/fpext): rounded both ways. */
fp_interval fp_transfer_convert(fp_arith *arith, fp_format_id to,
                                const fp_interval *a);
/* sitofp / uitofp of the integers in [lo, hi]. */
fp_interval fp_transfer_from_int(fp_arith *arith, fp_format_id id, __int128 lo,
                                 __int128 hi);
fp_interval fp_transfer_from_uint(fp_arith *arith, fp_format_id id,
                                  unsigned __int128 lo, unsigned __int128 hi);

typedef enum fp_unary_fn {
  FP_FN_SQRT,
  FP_FN_EXP,
  FP_FN_EXP2,
  FP_FN_EXP10,
  FP_FN_LOG,
  FP_FN_LOG2,
  FP_FN_LOG10,
  FP_FN_SIN,
  FP_FN_COS,
  FP_FN_FLOOR,
  FP_FN_CEIL,
  FP_FN_TRUNC,
  FP_FN_RINT, /* rint, nearbyint: current rounding mode, so any of them */
  FP_FN_ROUND,
  FP_FN_ROUNDEVEN,
  FP_FN_COUNT
} fp_unary_fn;

/* Ulps by which results of libm-style functions (exp, log, sin, cos, pow,
 * powi) are widened beyond the correctly rounded bound: the library call
 * need not be correctly rounded, in any rounding mode. glibc documents at
 * most a few ulps for these; 8 leaves room. sqrt and the rounding
 * functions are exact in IEEE 754 and get no margin. */
#define FP_LIBM_MARGIN_ULPS 8

fp_interval fp_transfer_unary(fp_arith *arith, fp_format_id id, fp_unary_fn fn,
                              const fp_interval *a);

typedef enum fp_minmax_kind {
  FP_MINNUM,
  FP_MAXNUM,
  FP_MINIMUM,
  FP_MAXIMUM,
  FP_MINIMUMNUM,
  FP_MAXIMUMNUM
} fp_minmax_kind;

fp_interval fp_transfer_minmax(fp_format_id id, fp_minmax_kind kind,
                               const fp_interval *a, const fp_interval *b);
fp_interval fp_transfer_pow(fp_arith *arith, fp_format_id id,
                            const fp_interval *x, const fp_interval *y);
fp_interval fp_transfer_powi(fp_arith *arith, fp_format_id id,
                             const fp_interval *x, const int_range *n);
/* fptosi / fptoui into `width` bits: the integers it can give when not
 * poison (out-of-range inputs give poison, which constrains nothing). */
int_range fp_transfer_to_int(fp_format_id id, const fp_interval *a,
                             unsigned width, bool is_signed);

/* fcmp: which outcomes are possible. */
void fp_compare_outcomes(LLVMRealPredicate predicate, const fp_interval *a,
                         const fp_interval *b, bool *can_true, bool *can_false);
/* llvm.is.fpclass: the class bits (LLVM's FPClassTest) the set can have. */
unsigned fp_interval_classes(fp_format_id id, const fp_interval *a);
/* Applies fast-math flags: nnan drops NaN, ninf drops infinities, nsz
 * makes either zero possible wherever one is. */
void fp_apply_fast_math(fp_format_id id, fp_interval *r, LLVMFastMathFlags f);

/* ---- calls (calls.c) -------------------------------------------------- */

/* The operations fprange understands among calls: LLVM intrinsics and the
 * libm functions of the same meaning (declarations only). */
typedef enum fp_call_kind {
  CALL_OTHER,
  CALL_UNARY, /* *unary_fn says which */
  CALL_FABS,
  CALL_COPYSIGN,
  CALL_MINMAX, /* *minmax says which */
  CALL_FMA,
  CALL_FMULADD,
  CALL_POW,
  CALL_POWI,
  CALL_IS_FPCLASS
} fp_call_kind;

fp_call_kind fp_classify_call(LLVMValueRef call, fp_unary_fn *unary_fn,
                              fp_minmax_kind *minmax);

/* ---- printing (print.c) ----------------------------------------------- */

/* Writes `x` in decimal, enough digits to be the exact value's nearest in
 * the format; `buffer` gets at most `size` bytes. */
void fp_format_bound(fp_format_id id, fp_bound x, char *buffer, size_t size);
void fp_interval_print(fp_format_id id, const fp_interval *r, FILE *out);

#endif
