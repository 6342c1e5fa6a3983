/* The pipeline: which phases run on a module, in what order, with the
 * verification and timing around each. The front ends (cli.c, the pass
 * plugin, the gold plugin) call this and nothing below it.
 *
 * The whole-program order (gold/codegen.c follows it; the lld plugin splits it
 * between the start and the end of lld's own LTO pipeline):
 *   fprange -> LLVM's LTO optimization -> canon -> merge -> global DCE. */
#ifndef LTOFOLD_PIPELINE_H
#define LTOFOLD_PIPELINE_H

#include "options.h"
#include "report.h"

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>

typedef enum ltofold_phase {
  LTOFOLD_PHASE_FPRANGE,
  LTOFOLD_PHASE_CANON,
  LTOFOLD_PHASE_MERGE,
  LTOFOLD_PHASE_COUNT
} ltofold_phase;

const char *ltofold_phase_name(ltofold_phase phase);

/* A monotonic clock, in seconds, for the report's phase times. */
double ltofold_now_seconds(void);
/* The time of day, in seconds since the epoch, for when a run started. */
double ltofold_wall_seconds(void);

/* A step of the link that ended after `seconds` (LLVM's passes, the
 * modules linked, code generation): timed into `report` (may be NULL) and,
 * with stats, said on stderr as it ends ("ltofold codegen: 1.25 s"), so a
 * link of minutes shows where it is. ltofold's own phases say it on their
 * statistics line. */
void ltofold_step_ended(const ltofold_options *options, ltofold_report *report,
                        const char *name, double seconds);

/* Whether the options turn `phase` on. */
bool ltofold_phase_enabled(ltofold_phase phase, const ltofold_options *options);

/* Runs one phase on `module` if the options enable it. Adds timings and
 * results to `report` (may be NULL), prints statistics to stderr if
 * options->stats. Returns 0, or -1 with a malloc'd message in *error (the
 * module failed verification). */
int ltofold_run_phase(LLVMModuleRef module, ltofold_phase phase,
                      const ltofold_options *options, ltofold_report *report,
                      char **error);

/* Runs an LLVM pass pipeline (`passes` as opt -passes reads it) as the step
 * `name`, timed into `report`. `machine` may be NULL. Returns 0, or -1 with
 * *error. */
int ltofold_run_llvm_passes(LLVMModuleRef module, const char *name,
                            const char *passes, LLVMTargetMachineRef machine,
                            const ltofold_options *options,
                            ltofold_report *report, char **error);

#endif
