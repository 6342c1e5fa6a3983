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
  const char *environment = getenv("LTOFOLD_OPTIONS");
  if (environment &&
      ltofold_options_parse_list(options, environment, &error)) {
    fprintf(stderr, "ltofold: error: LTOFOLD_OPTIONS: %s\n", error);
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

int ltofold_plugin_run(LLVMModuleRef module, ltofold_plugin_pipeline pipeline,
                       const char *const *pairs, size_t pair_count) {
  (void)pipeline; /* merge is the only phase so far; ALL grows with fprange, canon */
  ltofold_options options;
  ltofold_options_init(&options);
  if (collect_options(&options, pairs, pair_count)) {
    ltofold_options_free(&options);
    return 1;
  }
  ltofold_report *report = options.report_path ? ltofold_report_new() : NULL;
  if (report) {
    size_t length;
    ltofold_report_add_input(report, LLVMGetModuleIdentifier(module, &length));
  }
  char *error = NULL;
  int status = 0;
  if (ltofold_run_phase(module, LTOFOLD_PHASE_MERGE, &options, report, &error)) {
    fprintf(stderr, "ltofold: error: %s\n", error);
    free(error);
    status = 1;
  }
  if (report && ltofold_report_write(report, options.report_path, &error)) {
    fprintf(stderr, "ltofold: warning: %s\n", error);
    free(error);
  }
  ltofold_report_free(report);
  ltofold_options_free(&options);
  return status;
}
