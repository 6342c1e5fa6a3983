/* Placeholder until the analysis lands: analyzes and folds nothing. */
#include "ltofold_fprange.h"

#include <stdlib.h>
#include <string.h>

void ltofold_fprange_options_default(ltofold_fprange_options *options) {
  options->fold = true;
}

const char *ltofold_fprange_fold_kind_name(ltofold_fprange_fold_kind kind) {
  static const char *const names[] = {"fcmp",  "is_fpclass", "icmp",  "rounding",
                                      "fabs", "copysign",   "minmax"};
  return kind < LTOFOLD_FPRANGE_FOLD_KIND_COUNT ? names[kind] : "unknown";
}

void ltofold_fprange_module(LLVMModuleRef module,
                            const ltofold_fprange_options *options,
                            ltofold_fprange_result *result) {
  memset(result, 0, sizeof *result);
}

void ltofold_fprange_result_free(ltofold_fprange_result *result) {
  for (size_t i = 0; i < result->fold_count; ++i) {
    free(result->folds[i].function);
    free(result->folds[i].what);
    free(result->folds[i].file);
  }
  free(result->folds);
  memset(result, 0, sizeof *result);
}

void ltofold_fprange_print(LLVMModuleRef module, FILE *out) {}
