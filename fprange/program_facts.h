/* The whole-program facts as they are kept: a summary per closed function
 * and a class per closed memory class (program.c's comment says what
 * they are and why they hold). program.c builds them and answers the
 * analysis from them; learn.c fills them in from each round's analyses.
 * Internal to those two files. */
#ifndef LTOFOLD_FPRANGE_PROGRAM_FACTS_H
#define LTOFOLD_FPRANGE_PROGRAM_FACTS_H

#include "fprange_internal.h"

/* What is known about one closed function. */
typedef struct summary {
  LLVMValueRef function;
  unsigned param_count;
  value_range *params;      /* assumed now (kind NONE: nothing known) */
  value_range result;       /* assumed for its calls (kind NONE: nothing) */
  value_range *next_params; /* joined over this round's analyzed call sites */
  value_range next_result;  /* joined over this round's reachable rets */
  size_t sites;             /* its call sites */
  size_t sites_left;        /* not yet analyzed this round */
  bool next_params_unknown; /* a call site's analysis did not complete */
  bool next_params_seen;    /* some reachable call site contributed */
} summary;

/* What is known about one closed memory class (the comment at the top). */
typedef struct memory_class {
  LLVMTypeRef fp; /* the FP type of its elements */
  fp_format_id format;
  fp_interval initial;  /* the hull of its globals' initializers */
  bool initial_unknown; /* one of them is not plain FP constants */
  value_range known;    /* assumed for its loads (kind NONE: nothing) */
  value_range next;     /* the initial hull, joined with this round's stores */
  size_t stores;        /* its store sites */
  size_t stores_left;   /* not yet analyzed this round */
  bool next_unknown;    /* a store's analysis did not complete */
} memory_class;

struct fprange_program {
  ptr_map index; /* closed function -> summary index */
  summary *summaries;
  size_t count;
  ptr_map memory_index; /* pointer of a closed class -> classes index */
  memory_class *classes;
  size_t class_count;
  ptr_map storers, loaders; /* functions that store into / load from one */
  fp_flush flush[FP_FORMAT_COUNT]; /* the program's denormal modes */
};

/* The summary of `function` when it is closed, or NULL. */
summary *summary_of(const fprange_program *p, LLVMValueRef function);
/* The closed class a store or a memset of zeros writes, or NULL. */
memory_class *written_class(const fprange_program *p, LLVMValueRef inst);

#endif
