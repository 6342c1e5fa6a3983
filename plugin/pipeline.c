#include "pipeline.h"

#include "ltofold_canon.h"
#include "ltofold_fprange.h"
#include "messages.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *ltofold_phase_name(ltofold_phase phase) {
  static const char *const names[] = {"fprange", "canon", "merge"};
  return phase < LTOFOLD_PHASE_COUNT ? names[phase] : "unknown";
}

bool ltofold_phase_enabled(ltofold_phase phase, const ltofold_options *options) {
  switch (phase) {
  case LTOFOLD_PHASE_FPRANGE:
    return options->fprange;
  case LTOFOLD_PHASE_CANON:
    return options->canon;
  case LTOFOLD_PHASE_MERGE:
    return options->merge;
  default:
    return false;
  }
}

double ltofold_now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void ltofold_step_ended(const ltofold_options *options, ltofold_report *report,
                        const char *name, double seconds) {
  if (report)
    ltofold_report_add_phase(report, name, seconds);
  if (options->stats)
    fprintf(stderr, "ltofold %s: %.2f s\n", name, seconds);
}

double ltofold_wall_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int verify(LLVMModuleRef module, const char *when, const char *name,
                  char **error) {
  char *message = NULL;
  if (!LLVMVerifyModule(module, LLVMReturnStatusAction, &message)) {
    LLVMDisposeMessage(message);
    return 0;
  }
  *error = ltofold_format("module does not verify %s %s: %s", when, name,
                          message);
  LLVMDisposeMessage(message);
  return -1;
}

/* Mach-O has no aliases; ELF and COFF do. NVPTX has them only from PTX 6.3
 * and sm_30, never to a weak aliasee, and llc stops when they do not apply:
 * off there. */
static bool target_supports_aliases(LLVMModuleRef module) {
  const char *triple = LLVMGetTarget(module);
  return !(strstr(triple, "apple") || strstr(triple, "darwin") ||
           strstr(triple, "macos") || strstr(triple, "ios") ||
           strstr(triple, "nvptx"));
}

/* What one phase produced; reported after the timing stops. */
typedef union phase_result {
  ltofold_fprange_result fprange;
  ltofold_canon_result canon;
  struct {
    ltofold_merge_result merge;
    ltofold_canon_result canon; /* with merge-canon */
  } merge;
} phase_result;

static void run_fprange(LLVMModuleRef module, const ltofold_options *options,
                        phase_result *result) {
  ltofold_fprange_options fprange_options;
  ltofold_fprange_options_default(&fprange_options);
  fprange_options.any_rounding = options->fprange_any_rounding;
  fprange_options.flush_denormals = options->fprange_flush_denormals;
  fprange_options.attributes = options->fprange_attributes;
  ltofold_fprange_module(module, &fprange_options, &result->fprange);
}

static void run_canon(LLVMModuleRef module, phase_result *result) {
  ltofold_canon_options canon_options;
  ltofold_canon_options_default(&canon_options);
  memset(&result->canon, 0, sizeof result->canon);
  ltofold_canon_module(module, &canon_options, &result->canon);
}

/* With merge-canon, functions are first put in canonical instruction and
 * operand order (names are left alone: merge does not compare them), so
 * functions that differ only in the order of independent instructions or
 * of commutative operands compare equal. */
static void run_merge(LLVMModuleRef module, const ltofold_options *options,
                      phase_result *result) {
  memset(&result->merge.canon, 0, sizeof result->merge.canon);
  if (options->merge_canon) {
    ltofold_canon_options canon_options;
    ltofold_canon_options_default(&canon_options);
    canon_options.rename = false;
    /* Which member merge keeps follows module order: leave it. */
    canon_options.order_module = false;
    /* Order by what merge compares: globals by kind and type, not name;
     * pointers as the integers merge takes them for. */
    canon_options.ignore_global_names = true;
    canon_options.pointers_as_integers = true;
    ltofold_canon_module(module, &canon_options, &result->merge.canon);
  }
  ltofold_merge_options merge_options;
  ltofold_merge_options_default(&merge_options);
  merge_options.allow_aliases = options->aliases < 0
                                    ? target_supports_aliases(module)
                                    : options->aliases != 0;
  merge_options.merge_recursive = options->merge_recursive;
  merge_options.merge_similar = options->merge_similar;
  merge_options.merge_blocks = options->merge_blocks;
  merge_options.merge_shapes = options->merge_shapes;
  merge_options.outline = options->merge_outline;
  merge_options.outline_all = options->merge_outline_all;
  merge_options.outline_sequences = options->merge_outline_sequences;
  merge_options.certify = options->certify || options->verify;
  merge_options.test_break = options->merge_test_break;
  ltofold_merge_module(module, &merge_options, &result->merge.merge);
}

static void report_result(ltofold_phase phase, const ltofold_options *options,
                          ltofold_report *report, phase_result *result,
                          double seconds) {
  switch (phase) {
  case LTOFOLD_PHASE_FPRANGE:
    if (options->stats)
      ltofold_print_fprange_stats(stderr, &result->fprange, seconds);
    if (report)
      ltofold_report_add_fprange(report, &result->fprange);
    ltofold_fprange_result_free(&result->fprange);
    break;
  case LTOFOLD_PHASE_CANON:
    if (options->stats)
      ltofold_print_canon_stats(stderr, &result->canon, seconds);
    if (report)
      ltofold_report_add_canon(report, &result->canon);
    break;
  case LTOFOLD_PHASE_MERGE:
    if (options->stats) {
      if (options->merge_canon)
        ltofold_print_canon_stats(stderr, &result->merge.canon, -1);
      ltofold_print_merge_stats(stderr, &result->merge.merge, seconds);
    }
    if (report)
      ltofold_report_add_merge(report, &result->merge.merge);
    ltofold_merge_result_free(&result->merge.merge);
    break;
  default:
    break;
  }
}

int ltofold_run_phase(LLVMModuleRef module, ltofold_phase phase,
                      const ltofold_options *options, ltofold_report *report,
                      char **error) {
  if (!ltofold_phase_enabled(phase, options))
    return 0;
  const char *name = ltofold_phase_name(phase);
  if (options->verify && verify(module, "before", name, error))
    return -1;
  double start = ltofold_now_seconds();
  phase_result result;
  if (phase == LTOFOLD_PHASE_FPRANGE)
    run_fprange(module, options, &result);
  else if (phase == LTOFOLD_PHASE_CANON)
    run_canon(module, &result);
  else
    run_merge(module, options, &result);
  double seconds = ltofold_now_seconds() - start;
  /* Folds that did not certify were undone: the module is right, but the
   * user should hear of it (and report it). */
  if (phase == LTOFOLD_PHASE_MERGE && result.merge.merge.warning)
    fprintf(stderr, "ltofold: warning: %s\n", result.merge.merge.warning);
  if (report)
    ltofold_report_add_phase(report, name, seconds);
  report_result(phase, options, report, &result, seconds);
  if (options->verify && verify(module, "after", name, error))
    return -1;
  return 0;
}

int ltofold_run_llvm_passes(LLVMModuleRef module, const char *name,
                            const char *passes, LLVMTargetMachineRef machine,
                            const ltofold_options *options,
                            ltofold_report *report, char **error) {
  /* LLVM's own passes are verified as a whole, after the pipeline: verifying
   * after each of them multiplied the link time of a real program by ten,
   * and verify is on in every test and real-program link. */
  LLVMPassBuilderOptionsRef pass_options = LLVMCreatePassBuilderOptions();
  /* Vectorizers from O2 on, as lld and LLVMgold.so configure LTO (LLVM's
   * default leaves the SLP vectorizer off). */
  LLVMPassBuilderOptionsSetLoopVectorization(pass_options, options->opt_level > 1);
  LLVMPassBuilderOptionsSetSLPVectorization(pass_options, options->opt_level > 1);
  double start = ltofold_now_seconds();
  LLVMErrorRef failure = LLVMRunPasses(module, passes, machine, pass_options);
  double seconds = ltofold_now_seconds() - start;
  LLVMDisposePassBuilderOptions(pass_options);
  if (failure) {
    char *message = LLVMGetErrorMessage(failure);
    *error = ltofold_format("LLVM passes '%s' failed: %s", passes, message);
    LLVMDisposeErrorMessage(message);
    return -1;
  }
  ltofold_step_ended(options, report, name, seconds);
  if (options->verify && verify(module, "after", name, error))
    return -1;
  return 0;
}
