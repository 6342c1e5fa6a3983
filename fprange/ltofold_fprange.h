/* fprange: floating-point value ranges, and the folds they decide.
 *
 * Takes a module, computes for every floating-point SSA value a range (bounds
 * in the value's own format, in round-to-nearest or in every rounding mode;
 * NaN and infinity possibility, sign of zero, is-integer), and folds the compares,
 * branches and instructions the ranges decide. Knows nothing about linkers.
 *
 * (Contract header written by the plugin side; the fprange implementation
 * may add fields and functions, but keeps these.) */
#ifndef LTOFOLD_FPRANGE_H
#define LTOFOLD_FPRANGE_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct ltofold_fprange_options {
  bool fold; /* false: analyze only */
  /* false (the default): LLVM IR's floating-point environment outside
   * strictfp functions, round-to-nearest-even; true: ranges hold in every
   * rounding mode (for programs that change the mode without strictfp). */
  bool any_rounding;
  /* true: the whole program may run with float and double subnormals
   * flushed to zero, as results and as operands (FTZ/DAZ set for the
   * process at start-up, by crtfastmath.o which `-ffast-math` links); the
   * linker plugins set it when the link has such an object. false (the
   * default): each function's "denormal-fp-math" attributes say, and the
   * module's: a non-IEEE mode or fast-math in any function applies to
   * every function. */
  bool flush_denormals;
  /* true (the default): with fold, what the ranges prove about arguments,
   * return values and the results of calls is also written into the
   * module as `nofpclass` attributes, for LLVM's own passes after fprange
   * (nofpclass.c says where and why they hold). */
  bool attributes;
} ltofold_fprange_options;

void ltofold_fprange_options_default(ltofold_fprange_options *options);

/* The kinds of fold, for counts in --stats and the report. */
typedef enum ltofold_fprange_fold_kind {
  LTOFOLD_FPRANGE_FCMP,       /* fcmp decided: replaced by true/false */
  LTOFOLD_FPRANGE_IS_FPCLASS, /* llvm.is.fpclass decided */
  LTOFOLD_FPRANGE_ICMP,       /* icmp decided by fptosi/fptoui facts */
  LTOFOLD_FPRANGE_ROUNDING,   /* floor/ceil/trunc/round... of an integer */
  LTOFOLD_FPRANGE_FABS,       /* fabs of a non-negative value */
  LTOFOLD_FPRANGE_COPYSIGN,   /* copysign with a known sign */
  LTOFOLD_FPRANGE_MINMAX,     /* min/max of disjoint ranges */
  LTOFOLD_FPRANGE_SQRT,       /* libm sqrt never below -0: llvm.sqrt */
  LTOFOLD_FPRANGE_FOLD_KIND_COUNT
} ltofold_fprange_fold_kind;

const char *ltofold_fprange_fold_kind_name(ltofold_fprange_fold_kind kind);

/* Where a `nofpclass` attribute is written, for counts in --stats and the
 * report. */
typedef enum ltofold_fprange_attribute_place {
  LTOFOLD_FPRANGE_ARGUMENT,    /* a parameter of a closed function */
  LTOFOLD_FPRANGE_RETURN,      /* the return value of a local function */
  LTOFOLD_FPRANGE_CALL_RETURN, /* what a call returns, at the call site */
  LTOFOLD_FPRANGE_FMOD_GUARD,  /* nobuiltin on an fmod call: nofpclass.c */
  LTOFOLD_FPRANGE_ATTRIBUTE_PLACE_COUNT
} ltofold_fprange_attribute_place;

const char *
ltofold_fprange_attribute_place_name(ltofold_fprange_attribute_place place);

/* One fold, for the report. Strings owned by the result. */
typedef struct ltofold_fprange_fold {
  ltofold_fprange_fold_kind kind;
  char *function;    /* the function it is in */
  char *what;        /* e.g. "fcmp olt -> false" */
  char *file;        /* source file from debug info, or NULL */
  unsigned line;     /* 0 when unknown */
  unsigned column;   /* 0 when unknown */
} ltofold_fprange_fold;

typedef struct ltofold_fprange_result {
  size_t values;                 /* FP values given a range */
  size_t values_bounded;         /* of them, bounded on both sides */
  size_t by_kind[LTOFOLD_FPRANGE_FOLD_KIND_COUNT];
  size_t branches_removed;       /* conditional branches made unconditional */
  /* nofpclass attributes written (or given more classes), by place */
  size_t attributes_written[LTOFOLD_FPRANGE_ATTRIBUTE_PLACE_COUNT];
  ltofold_fprange_fold *folds;   /* every fold, in module order */
  size_t fold_count;
} ltofold_fprange_result;

/* Analyzes `module` and (if options->fold) folds what the ranges decide.
 * The module verifies afterwards. *result is filled (free it with
 * ltofold_fprange_result_free). */
void ltofold_fprange_module(LLVMModuleRef module,
                            const ltofold_fprange_options *options,
                            ltofold_fprange_result *result);
void ltofold_fprange_result_free(ltofold_fprange_result *result);

/* Prints every FP value of `module` with its range (`ltofold fprange
 * --print`), in the rounding the options would assume. */
void ltofold_fprange_print(LLVMModuleRef module, bool any_rounding,
                           FILE *out);
/* The same, in the environment `options` describe (rounding, flushing). */
void ltofold_fprange_print_with_options(LLVMModuleRef module,
                                        const ltofold_fprange_options *options,
                                        FILE *out);

#endif
