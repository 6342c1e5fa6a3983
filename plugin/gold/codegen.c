/* all_symbols_read, second half: the whole-program pipeline (fprange,
 * LLVM's LTO optimization, canon, merge, global DCE) on the linked module,
 * and the target machine that generates its code. */
#include "gold.h"
#include "messages.h"
#include "output_file.h"
#include "pipeline.h"
#include "target_machine.h"

#include <llvm-c/BitWriter.h>
#include <stdlib.h>
#include <string.h>

/* save-temps: OUTPUT.ltofold.N.STEP.bc next to the output. Returns false
 * after saying why it could not be written. */
static bool save_step(LLVMModuleRef module, int number, const char *step) {
  if (!the_plugin.options.save_temps)
    return true;
  char *path = ltofold_format("%s.ltofold.%d.%s.bc", the_plugin.output_name,
                              number, step);
  LLVMMemoryBufferRef bitcode = LLVMWriteBitcodeToMemoryBuffer(module);
  char *error = NULL;
  bool saved = ltofold_write_file(path, LLVMGetBufferStart(bitcode),
                                  LLVMGetBufferSize(bitcode), &error) == 0;
  if (!saved) {
    say(LDPL_ERROR, "save-temps: %s", error);
    free(error);
  }
  LLVMDisposeMemoryBuffer(bitcode);
  free(path);
  return saved;
}

/* The target machine for the module's triple, with the relocation model
 * the output kind needs and the CPU from mcpu= (checked: an unknown CPU is
 * an error). NULL after saying why. */
LLVMTargetMachineRef create_target_machine(LLVMModuleRef module) {
  static const LLVMCodeGenOptLevel levels[] = {
      LLVMCodeGenLevelNone, LLVMCodeGenLevelLess, LLVMCodeGenLevelDefault,
      LLVMCodeGenLevelAggressive};
  /* An executable's code is not moved at load time; a PIE, a shared
   * library or a relocatable object may be. */
  LLVMRelocMode relocation =
      the_plugin.output_kind == LDPO_EXEC  ? LLVMRelocStatic
      : the_plugin.output_kind == LDPO_REL ? LLVMRelocDefault
                                           : LLVMRelocPIC;
  char *triple = ltofold_module_triple(module);
  char *error = NULL;
  LLVMTargetMachineRef machine = ltofold_create_target_machine(
      triple, the_plugin.options.cpu, levels[the_plugin.options.opt_level],
      relocation, &error);
  if (!machine) {
    say(LDPL_ERROR, "%s", error);
    free(error);
  }
  free(triple);
  return machine;
}

/* Moves the entries of llvm.global_ctors and llvm.global_dtors into
 * .init_array and .fini_array sections (".init_array.PRIORITY" for a
 * priority other than the default 65535). Clang does this through a target
 * option that LLVM-C cannot set; left to its defaults, LLVM puts them in the
 * old .ctors/.dtors sections, which mold never runs. Each entry becomes a
 * private pointer in its section, in list order; the linkers sort the
 * sections by priority. */
void use_init_array(LLVMModuleRef module, const char *list_name,
                           const char *section_base) {
  LLVMValueRef list = LLVMGetNamedGlobal(module, list_name);
  if (!list || !LLVMGetInitializer(list))
    return;
  LLVMValueRef entries = LLVMGetInitializer(list);
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef pointer = LLVMPointerTypeInContext(context, 0);
  unsigned count = LLVMGetArrayLength2(LLVMTypeOf(entries));
  for (unsigned i = 0; i < count; ++i) {
    LLVMValueRef entry = LLVMGetAggregateElement(entries, i);
    LLVMValueRef priority = entry ? LLVMGetAggregateElement(entry, 0) : NULL;
    LLVMValueRef function = entry ? LLVMGetAggregateElement(entry, 1) : NULL;
    if (!priority || !function || LLVMIsNull(function))
      continue;
    unsigned long long level = LLVMConstIntGetZExtValue(priority);
    char *section = level == 65535
                        ? ltofold_format("%s", section_base)
                        : ltofold_format("%s.%llu", section_base, level);
    LLVMValueRef slot = LLVMAddGlobal(module, pointer, "");
    LLVMSetLinkage(slot, LLVMPrivateLinkage);
    LLVMSetInitializer(slot, function);
    LLVMSetSection(slot, section);
    LLVMSetAlignment(slot, (unsigned)LLVMABISizeOfType(
                               LLVMGetModuleDataLayout(module), pointer));
    free(section);
  }
  LLVMDeleteGlobal(list);
}

/* The whole-program pipeline (DESIGN.md), step by step; with save-temps the
 * module is kept after each, as OUTPUT.ltofold.N.NAME.bc. */
static const char *const step_names[] = {"input", "fprange", "lto",
                                         "canon", "merge",   "final"};
enum { STEP_COUNT = sizeof step_names / sizeof *step_names };

/* Runs step `step` (0, the input, does nothing). Returns nonzero with
 * *error. */
static int run_step(int step, LLVMModuleRef module,
                    LLVMTargetMachineRef machine, ltofold_report *report,
                    char **error) {
  const ltofold_options *options = &the_plugin.options;
  switch (step) {
  case 1:
    return ltofold_run_phase(module, LTOFOLD_PHASE_FPRANGE, options, report,
                             error);
  case 2: {
    char *lto = ltofold_format("lto<O%d>", options->opt_level);
    int failed = ltofold_run_llvm_passes(module, "lto", lto, machine, options,
                                         report, error);
    free(lto);
    return failed;
  }
  case 3:
    return ltofold_run_phase(module, LTOFOLD_PHASE_CANON, options, report,
                             error);
  case 4:
    return ltofold_run_phase(module, LTOFOLD_PHASE_MERGE, options, report,
                             error);
  case 5:
    return ltofold_run_llvm_passes(module, "globaldce", "globaldce", machine,
                                   options, report, error);
  default:
    return 0;
  }
}

enum ld_plugin_status run_pipeline(LLVMModuleRef module,
                                          LLVMTargetMachineRef machine,
                                          ltofold_report *report) {
  for (int step = 0; step < STEP_COUNT; ++step) {
    char *error = NULL;
    if (run_step(step, module, machine, report, &error)) {
      say(LDPL_ERROR, "%s", error);
      free(error);
      return LDPS_ERR;
    }
    if (!save_step(module, step, step_names[step]))
      return LDPS_ERR;
  }
  return LDPS_OK;
}
