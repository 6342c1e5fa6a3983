/* Two steps of merging from summaries (docs/plugin.md, "Merging from
 * summaries") as functions, so that a backend job runs them in its own
 * process: `ltofold thin-backend --emit-summary` writes the summary of the
 * module it has just optimized, without a second process reading the
 * module back from disk (cli_thin_plan.c), and `thin-backend
 * --from-optimized` with `--folds` applies the folds of the homes and the
 * late merge before it generates code (cli_thin_fold.c). The commands
 * `ltofold thin-summary` and `thin-apply` are the same steps as processes
 * of their own, for build systems that keep them apart. */
#ifndef LTOFOLD_THIN_STEPS_H
#define LTOFOLD_THIN_STEPS_H

#include "options.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

/* Writes to `path` the summary of `module` (every definition's hashes,
 * size, linkage, address significance and flags), naming the module
 * `module_name`. The module must be as a reader of its bitcode would see
 * it: functions that only dead constants use are counted as used, so a
 * module that was changed in memory first drops those
 * (ltofold_thin_drop_dead_constant_users, thin_backend.h). Returns NULL, or a
 * malloc'd message. */
char *ltofold_thin_summary_write(LLVMModuleRef module, const char *module_name,
                                 const char *path);

/* What the folds of step 4 are applied with. */
typedef struct ltofold_thin_apply {
  const char *module_name;  /* the module's name in the plan and folds */
  const char *const *folds; /* the folds files of its homes */
  size_t fold_files;
  bool late_merge;                /* then run merge on the module */
  const ltofold_options *options; /* the late merge's options */
  const char *report;             /* write the folds' report here, or NULL */
  bool stats; /* print the counts to stderr ("thin-apply: NAME: ...") */
} ltofold_thin_apply;

/* Reads the module at `input`, makes its members that the homes folded run
 * the homes' symbols, runs the late merge if asked, and writes the result
 * to `output` (bitcode, the use lists' order kept) and the report. Returns
 * NULL, or a malloc'd message. */
char *ltofold_thin_apply_file(const ltofold_thin_apply *apply,
                              const char *input, const char *output);

#endif
