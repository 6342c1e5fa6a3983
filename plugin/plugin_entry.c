/* The pass-plugin side of the pipeline, in C: options from the environment
 * and the shim, the phases, the report. */
#include "plugin_entry.h"

#include "options.h"
#include "pipeline.h"
#include "report.h"

#include <stdio.h>
#include <stdlib.h>

size_t ltofold_plugin_option_count(void) { return ltofold_option_count; }
const char *ltofold_plugin_option_key(size_t index) {
  return ltofold_option_table[index].key;
}
const char *ltofold_plugin_option_help(size_t index) {
  return ltofold_option_table[index].help;
}

static int collect_options(ltofold_options *options, const char *const *pairs,
                           size_t pair_count) {
  char *error = NULL;
  if (ltofold_options_from_environment(options, &error)) {
    fprintf(stderr, "ltofold: error: %s\n", error);
    free(error);
    return 1;
  }
  for (size_t i = 0; i < pair_count; ++i)
    if (ltofold_options_parse_pair(options, pairs[i], &error)) {
      fprintf(stderr, "ltofold: error: -ltofold-%s: %s\n", pairs[i], error);
      free(error);
      return 1;
    }
  return 0;
}

struct ltofold_plugin_session {
  ltofold_report *report; /* owned; NULL until a run asks for a report */
};

ltofold_plugin_session *ltofold_plugin_session_new(void) {
  ltofold_plugin_session *session = calloc(1, sizeof *session);
  if (!session)
    abort();
  return session;
}

void ltofold_plugin_session_free(ltofold_plugin_session *session) {
  if (!session)
    return;
  ltofold_report_free(session->report);
  free(session);
}

/* The phases each pipeline runs, in order (LTOFOLD_PHASE_COUNT ends). */
static const ltofold_phase *pipeline_phases(ltofold_plugin_pipeline pipeline) {
  static const ltofold_phase merge[] = {LTOFOLD_PHASE_MERGE, LTOFOLD_PHASE_COUNT};
  static const ltofold_phase fprange[] = {LTOFOLD_PHASE_FPRANGE,
                                          LTOFOLD_PHASE_COUNT};
  static const ltofold_phase canon[] = {LTOFOLD_PHASE_CANON, LTOFOLD_PHASE_COUNT};
  static const ltofold_phase all[] = {LTOFOLD_PHASE_FPRANGE, LTOFOLD_PHASE_CANON,
                                      LTOFOLD_PHASE_MERGE, LTOFOLD_PHASE_COUNT};
  static const ltofold_phase last[] = {LTOFOLD_PHASE_CANON, LTOFOLD_PHASE_MERGE,
                                       LTOFOLD_PHASE_COUNT};
  switch (pipeline) {
  case LTOFOLD_PLUGIN_MERGE:
    return merge;
  case LTOFOLD_PLUGIN_FPRANGE:
  case LTOFOLD_PLUGIN_LTO_EARLY:
    return fprange;
  case LTOFOLD_PLUGIN_CANON:
    return canon;
  case LTOFOLD_PLUGIN_LTO_LAST:
    return last;
  default:
    return all;
  }
}

int ltofold_plugin_run(ltofold_plugin_session *session, LLVMModuleRef module,
                       ltofold_plugin_pipeline pipeline,
                       const char *const *pairs, size_t pair_count) {
  ltofold_options options;
  ltofold_options_init(&options);
  if (collect_options(&options, pairs, pair_count)) {
    ltofold_options_free(&options);
    return 1;
  }
  /* A pipeline named on opt's command line runs its phase. */
  if (pipeline == LTOFOLD_PLUGIN_FPRANGE)
    options.fprange = true;
  if (pipeline == LTOFOLD_PLUGIN_CANON)
    options.canon = true;
  if (options.report_path && !session->report) {
    session->report = ltofold_report_new();
    size_t length;
    ltofold_report_add_input(session->report,
                             LLVMGetModuleIdentifier(module, &length));
  }
  char *error = NULL;
  int status = 0;
  for (const ltofold_phase *phase = pipeline_phases(pipeline);
       *phase != LTOFOLD_PHASE_COUNT && !status; ++phase)
    if (ltofold_run_phase(module, *phase, &options, session->report, &error)) {
      fprintf(stderr, "ltofold: error: %s\n", error);
      free(error);
      status = 1;
    }
  if (session->report && pipeline != LTOFOLD_PLUGIN_LTO_EARLY) {
    /* A report that cannot be written fails the run, as everywhere. */
    if (ltofold_report_write(session->report, options.report_path, &error)) {
      fprintf(stderr, "ltofold: error: report: %s\n", error);
      free(error);
      status = 1;
    }
    ltofold_report_free(session->report);
    session->report = NULL;
  }
  ltofold_options_free(&options);
  return status;
}
