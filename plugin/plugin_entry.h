/* The one call the C++ pass-plugin shim makes into the C core. */
#ifndef LTOFOLD_PLUGIN_ENTRY_H
#define LTOFOLD_PLUGIN_ENTRY_H

#include <llvm-c/Core.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Which pipeline the shim was asked for. */
typedef enum ltofold_plugin_pipeline {
  LTOFOLD_PLUGIN_MERGE,     /* opt: ltofold-merge */
  LTOFOLD_PLUGIN_FPRANGE,   /* opt: ltofold-fprange */
  LTOFOLD_PLUGIN_CANON,     /* opt: ltofold-canon */
  LTOFOLD_PLUGIN_ALL,       /* opt: ltofold (fprange, canon, merge) */
  LTOFOLD_PLUGIN_LTO_EARLY, /* lld: start of the full-LTO pipeline: fprange */
  LTOFOLD_PLUGIN_LTO_LAST,  /* lld: end of the full-LTO pipeline: canon, merge */
  LTOFOLD_PLUGIN_THIN_EARLY, /* a ThinLTO backend, early: fprange */
  LTOFOLD_PLUGIN_THIN_LAST   /* a ThinLTO backend, last: canon, merge */
} ltofold_plugin_pipeline;

/* What lasts from one run to the next within one pass builder: the report,
 * which collects fprange at the start of lld's LTO pipeline and merge at its
 * end, and is written when a pipeline other than LTO_EARLY finishes. In a
 * ThinLTO link each backend has its own pass builder, on threads of one
 * process: the end of a backend (THIN_LAST) adds its report to the link's,
 * which ltofold_plugin_link_finish writes. */
typedef struct ltofold_plugin_session ltofold_plugin_session;

ltofold_plugin_session *ltofold_plugin_session_new(void);
void ltofold_plugin_session_free(ltofold_plugin_session *session);

/* Runs `pipeline` on `module`. Options come from the LTOFOLD_OPTIONS
 * environment variable, then from `pairs` ("KEY=VALUE" or "KEY", the
 * -mllvm -ltofold-KEY options the shim saw), later ones winning; in a
 * linker's pipelines (LTO_EARLY, THIN_EARLY) fprange-flush-denormals is
 * also on where the process's command line has a start-up object that
 * flushes subnormals (link_command.h). Errors and
 * warnings go to stderr prefixed "ltofold: ". Returns 0, or 1 after an error
 * (the module is then left as it was, or as the last phase that verified). */
int ltofold_plugin_run(ltofold_plugin_session *session, LLVMModuleRef module,
                       ltofold_plugin_pipeline pipeline,
                       const char *const *pairs, size_t pair_count);

/* At the end of the process (the shim calls it when LLVM shuts down, or at
 * exit; `ltofold thin-backend` after its backend), with the options the
 * runs had (`pairs` as for ltofold_plugin_run): writes the link's report,
 * its parts (a full-LTO link's, the ThinLTO backends') added up, with where
 * it comes from (the output and its build ID, the inputs, the options:
 * report.h, ltofold_build); where pass builders took the plugin but no
 * pipeline ran it (a ThinLTO link at --lto-O0), says so on stderr and
 * writes a report asked for that says so. Once; later calls do nothing.
 * Returns 0, or -1 when the report could not be written (said on
 * stderr): the link must fail. */
int ltofold_plugin_link_finish(const char *const *pairs, size_t pair_count);

/* The option table, for the shim to register -ltofold-KEY options. */
size_t ltofold_plugin_option_count(void);
const char *ltofold_plugin_option_key(size_t index);
const char *ltofold_plugin_option_help(size_t index);

#ifdef __cplusplus
}
#endif

#endif
