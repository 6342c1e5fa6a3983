/* The pipeline: which phases run on a module, in what order, with the
 * verification and timing around each. The front ends (cli.c, the pass
 * plugin, the gold plugin) call this and nothing below it. */
#ifndef LTOFOLD_PIPELINE_H
#define LTOFOLD_PIPELINE_H

#include "options.h"
#include "report.h"

#include <llvm-c/Core.h>

typedef enum ltofold_phase {
  LTOFOLD_PHASE_MERGE,
  LTOFOLD_PHASE_COUNT
} ltofold_phase;

const char *ltofold_phase_name(ltofold_phase phase);

/* Runs one phase on `module`. Adds timings and results to `report` (may be
 * NULL), prints statistics to stderr if options->stats. Returns 0, or -1
 * with a malloc'd message in *error (the module failed verification). */
int ltofold_run_phase(LLVMModuleRef module, ltofold_phase phase,
                      const ltofold_options *options, ltofold_report *report,
                      char **error);

#endif
