#include "pipeline.h"

#include "messages.h"

#include <llvm-c/Analysis.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *ltofold_phase_name(ltofold_phase phase) {
  static const char *const names[] = {"merge"};
  return phase < LTOFOLD_PHASE_COUNT ? names[phase] : "unknown";
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int verify(LLVMModuleRef module, const char *when, char **error) {
  char *message = NULL;
  if (!LLVMVerifyModule(module, LLVMReturnStatusAction, &message)) {
    LLVMDisposeMessage(message);
    return 0;
  }
  *error = ltofold_format("module does not verify %s: %s", when, message);
  LLVMDisposeMessage(message);
  return -1;
}

/* Mach-O has no aliases; ELF and COFF do. */
static bool target_supports_aliases(LLVMModuleRef module) {
  const char *triple = LLVMGetTarget(module);
  return !(strstr(triple, "apple") || strstr(triple, "darwin") ||
           strstr(triple, "macos") || strstr(triple, "ios"));
}

/* Runs merge; the result is reported by the caller, outside the timing. */
static void run_merge(LLVMModuleRef module, const ltofold_options *options,
                      ltofold_merge_result *result) {
  ltofold_merge_options merge_options;
  ltofold_merge_options_default(&merge_options);
  merge_options.allow_aliases = options->aliases < 0
                                    ? target_supports_aliases(module)
                                    : options->aliases != 0;
  merge_options.merge_recursive = options->merge_recursive;
  ltofold_merge_module(module, &merge_options, result);
}

int ltofold_run_phase(LLVMModuleRef module, ltofold_phase phase,
                      const ltofold_options *options, ltofold_report *report,
                      char **error) {
  const char *name = ltofold_phase_name(phase);
  if (options->verify) {
    char *when = ltofold_format("before %s", name);
    int status = verify(module, when, error);
    free(when);
    if (status)
      return status;
  }
  double start = now_seconds();
  ltofold_merge_result merge_result;
  bool merged = phase == LTOFOLD_PHASE_MERGE && options->merge;
  if (merged)
    run_merge(module, options, &merge_result);
  double seconds = now_seconds() - start;
  if (report)
    ltofold_report_add_phase(report, name, seconds);
  if (merged) {
    if (options->stats)
      ltofold_print_merge_stats(stderr, &merge_result);
    if (report)
      ltofold_report_add_merge(report, &merge_result);
    ltofold_merge_result_free(&merge_result);
  }
  if (options->verify) {
    char *when = ltofold_format("after %s", name);
    int status = verify(module, when, error);
    free(when);
    return status;
  }
  return 0;
}
