/* Links with ThinLTO objects: LLVM's own LTO driver (lto_driver.h) runs the
 * thin link and optimizes every module on `jobs` threads, as lld and
 * LLVMgold.so would; ltofold reads each optimized module back as its backend
 * finishes, while the others still run, then links them into one and
 * internalizes what only IR uses, so that the pipeline's merge and fprange
 * decide across the whole program, and generates code in partitions
 * (codegen.c). Objects compiled with -flto=full in the same link go through
 * the driver's regular LTO part. A link the driver path does not handle
 * (common symbols) is linked as full LTO instead (resolve.c), with a note. */
#include "gold.h"
#include "lto_driver.h"
#include "messages.h"
#include "module_linker.h"
#include "pipeline.h"
#include "target_machine.h"

#include <llvm-c/BitReader.h>
#include <stdlib.h>
#include <string.h>

bool has_thin_objects(void) {
  for (size_t i = 0; i < the_plugin.file_count; ++i)
    if (ltofold_is_thin_bitcode(the_plugin.files[i].bytes,
                                the_plugin.files[i].size))
      return true;
  return false;
}

/* Each line of `text` through the linker, as a warning. */
static void say_lines(const char *text) {
  for (const char *line = text; line && *line;) {
    size_t length = strcspn(line, "\n");
    say(LDPL_WARNING, "%.*s", (int)length, line);
    line += length + (line[length] == '\n');
  }
}

/* What only IR uses: the symbols the linker resolved PREVAILING_DEF_IRONLY,
 * and the locals the thin link promoted to hidden globals (NAME.llvm.N),
 * which no object outside IR can name. */
static void internalize_ir_only(LLVMModuleRef module) {
  char **names = NULL;
  size_t count = 0;
  for (size_t i = 0; i < the_plugin.file_count; ++i) {
    const claimed_file *file = &the_plugin.files[i];
    for (size_t s = 0; s < file->symbol_count; ++s)
      if (file->symbols[s].resolution == LDPR_PREVAILING_DEF_IRONLY &&
          file->symbols[s].def != LDPK_UNDEF)
        append_string(&names, &count, file->symbols[s].name);
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
       f = LLVMGetNextFunction(f))
    if (strstr(value_name(f), ".llvm.") &&
        LLVMGetVisibility(f) == LLVMHiddenVisibility)
      append_string(&names, &count, value_name(f));
  for (LLVMValueRef g = LLVMGetFirstGlobal(module); g; g = LLVMGetNextGlobal(g))
    if (strstr(value_name(g), ".llvm.") &&
        LLVMGetVisibility(g) == LLVMHiddenVisibility)
      append_string(&names, &count, value_name(g));
  internalize(module, names, count);
}

/* The optimized modules, parsed into the plugin's context as the backends
 * finish (the driver's receiving thread; lto_driver.h), kept by task. */
typedef struct parsed_modules {
  LLVMModuleRef *by_task;
  size_t capacity;
  unsigned received, cached; /* modules, and those from cache-dir */
  bool unreadable; /* a module could not be read back: said once the */
  unsigned unreadable_task; /* driver is done, from the caller's thread */
} parsed_modules;

static void parse_optimized(void *data, unsigned task,
                            LLVMMemoryBufferRef bitcode, bool cached) {
  parsed_modules *parsed = data;
  parsed->received++;
  parsed->cached += cached;
  LLVMModuleRef module = NULL;
  if (!parsed->unreadable &&
      LLVMParseBitcodeInContext2(the_plugin.context, bitcode, &module)) {
    parsed->unreadable = true;
    parsed->unreadable_task = task;
  }
  LLVMDisposeMemoryBuffer(bitcode);
  if (!module)
    return;
  if (task >= parsed->capacity) {
    size_t capacity = 2 * parsed->capacity > task ? 2 * parsed->capacity
                                                    : (size_t)task + 1;
    parsed->by_task = realloc(parsed->by_task, capacity * sizeof *parsed->by_task);
    if (!parsed->by_task)
      abort();
    memset(parsed->by_task + parsed->capacity, 0,
           (capacity - parsed->capacity) * sizeof *parsed->by_task);
    parsed->capacity = capacity;
  }
  parsed->by_task[task] = module;
}

/* Links the parsed modules into one, in task order whatever order the
 * backends finished in (consumes them). NULL after an error. */
/* local_unnamed_addr on a global of a backend's module says that its
 * address is not compared in that module: the other modules, linked into
 * one here and not optimized again, may compare it, and a global
 * internalized below would read as address-insignificant program-wide
 * (merge then folded two functions whose addresses a caller compared,
 * found by an audit). The IR linker keeps the weaker of a definition's and
 * a declaration's, but not every module that takes the address keeps a
 * declaration. Full LTO infers it again after linking (lto<O2>). */
static void forget_unnamed_addr(LLVMValueRef global) {
  if (!is_local(LLVMGetLinkage(global)) &&
      LLVMGetUnnamedAddress(global) == LLVMLocalUnnamedAddr)
    LLVMSetUnnamedAddress(global, LLVMNoUnnamedAddr);
}

static void forget_module_unnamed_addr(LLVMModuleRef module) {
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
       f = LLVMGetNextFunction(f))
    forget_unnamed_addr(f);
  for (LLVMValueRef g = LLVMGetFirstGlobal(module); g; g = LLVMGetNextGlobal(g))
    forget_unnamed_addr(g);
}

static LLVMModuleRef link_optimized_modules(parsed_modules *parsed) {
  LLVMModuleRef whole = NULL;
  ltofold_module_linker *linker = NULL;
  bool failed = false;
  for (size_t task = 0; task < parsed->capacity; ++task) {
    LLVMModuleRef module = parsed->by_task[task];
    parsed->by_task[task] = NULL;
    if (!module)
      continue;
    if (failed) {
      LLVMDisposeModule(module);
      continue;
    }
    ltofold_drop_lto_unit_flags(module);
    apply_wrap(module);
    forget_module_unnamed_addr(module);
    if (!whole) {
      whole = module;
      linker = ltofold_module_linker_new(whole);
      continue;
    }
    ltofold_diagnostics diagnostics;
    ltofold_diagnostics_begin(&diagnostics, the_plugin.context);
    if (ltofold_module_linker_link(linker, module)) {
      char *text = ltofold_diagnostics_end(&diagnostics);
      say(LDPL_ERROR, "cannot link the optimized module of task %zu: %s", task,
          text ? text : "the IR linker failed");
      free(text);
      failed = true;
    } else {
      free(ltofold_diagnostics_end(&diagnostics));
    }
  }
  if (linker)
    ltofold_module_linker_free(linker);
  if (failed && whole) {
    LLVMDisposeModule(whole);
    whole = NULL;
  }
  return whole;
}

/* Frees what is left of the parsed modules (after an error). */
static void free_parsed(parsed_modules *parsed) {
  for (size_t task = 0; task < parsed->capacity; ++task)
    if (parsed->by_task[task])
      LLVMDisposeModule(parsed->by_task[task]);
  free(parsed->by_task);
}

/* The driver's settings for this link. `cpu` and `features` are mcpu=
 * and mattr= with "native" resolved (target_machine.h). */
static ltofold_lto_settings lto_settings(const char *cache_dir,
                                         const char *cache_salt,
                                         const char *cpu,
                                         const char *features) {
  const ltofold_options *options = &the_plugin.options;
  return (ltofold_lto_settings){
      .opt_level = (unsigned)options->opt_level,
      .jobs = codegen_jobs(),
      .cpu = cpu,
      .features = features,
      .sample_profile = options->sample_profile,
      .cs_profile = options->cs_profile_path,
      .disable_verify = options->disable_verify,
      .remarks_filename = options->remarks_filename,
      .remarks_passes = options->remarks_passes,
      .remarks_format = options->remarks_format,
      .remarks_with_hotness = options->remarks_with_hotness,
      .remarks_hotness_threshold = options->remarks_hotness_threshold,
      .executable = the_plugin.output_kind != LDPO_DYN,
      .pic = the_plugin.output_kind != LDPO_EXEC,
      .cache_dir = cache_dir,
      .cache_salt = cache_salt,
      .wrapped = (const char *const *)the_plugin.wrapped,
      .wrapped_count = the_plugin.wrapped_count};
}

static ltofold_lto_input lto_input(const claimed_file *file) {
  return (ltofold_lto_input){file->name, file->bytes, file->size,
                             file->symbols, file->symbol_count};
}

enum ld_plugin_status write_thin_indexes(void) {
  ltofold_lto_input *inputs = calloc(the_plugin.file_count + 1, sizeof *inputs);
  const char **skipped = calloc(the_plugin.file_count + 1, sizeof *skipped);
  if (!inputs || !skipped)
    abort();
  size_t count = 0, skipped_count = 0;
  for (size_t i = 0; i < the_plugin.file_count; ++i) {
    const claimed_file *file = &the_plugin.files[i];
    if (!ltofold_is_thin_bitcode(file->bytes, file->size)) {
      say(LDPL_ERROR,
          "thinlto-index-only: %s is not a ThinLTO object (compile it with "
          "-flto=thin): its code would go nowhere",
          file->name);
      free(inputs);
      free(skipped);
      return LDPS_ERR;
    }
    if (file->left_out)
      skipped[skipped_count++] = file->name;
    else
      inputs[count++] = lto_input(file);
  }
  char *old_prefix = copy_string(the_plugin.options.thinlto_prefix_replace
                                     ? the_plugin.options.thinlto_prefix_replace
                                     : ";");
  char *new_prefix = strchr(old_prefix, ';');
  *new_prefix++ = '\0';
  char *cpu = ltofold_cpu_name(the_plugin.options.cpu);
  char *features =
      ltofold_cpu_features(the_plugin.options.cpu, the_plugin.options.features);
  ltofold_lto_settings settings = lto_settings(NULL, NULL, cpu, features);
  ltofold_lto_index_settings index = {old_prefix,
                                      new_prefix,
                                      the_plugin.options.thinlto_emit_imports,
                                      the_plugin.options.thinlto_linked_objects,
                                      skipped,
                                      skipped_count};
  char *messages = NULL, *error = NULL;
  int status = ltofold_lto_write_indexes(inputs, count, &settings, &index,
                                         &messages, &error);
  say_lines(messages);
  free(messages);
  if (status)
    say(LDPL_ERROR, "thinlto-index-only: %s", error);
  free(error);
  free(cpu);
  free(features);
  free(old_prefix);
  free(inputs);
  free(skipped);
  return status ? LDPS_ERR : LDPS_OK;
}

thin_result link_thin(ltofold_report *report, LLVMModuleRef *module) {
  *module = NULL;
  ltofold_lto_input *inputs = calloc(the_plugin.file_count + 1, sizeof *inputs);
  if (!inputs)
    abort();
  for (size_t i = 0; i < the_plugin.file_count; ++i)
    inputs[i] = lto_input(&the_plugin.files[i]);
  /* With save-temps the files kept come from running every step; with
   * opt-remarks-filename, each backend's remarks from running it. */
  char *salt = the_plugin.options.cache_dir && !the_plugin.options.save_temps &&
                       !the_plugin.options.remarks_filename
                   ? cache_module_salt()
                   : NULL;
  char *cpu = ltofold_cpu_name(the_plugin.options.cpu);
  char *features =
      ltofold_cpu_features(the_plugin.options.cpu, the_plugin.options.features);
  ltofold_lto_settings settings = lto_settings(
      salt ? the_plugin.options.cache_dir : NULL, salt, cpu, features);
  parsed_modules parsed = {0};
  char *messages = NULL, *error = NULL;
  double start = ltofold_now_seconds();
  int status = ltofold_lto_optimize(inputs, the_plugin.file_count, &settings,
                                    parse_optimized, &parsed, &messages,
                                    &error);
  free(inputs);
  free(cpu);
  free(features);
  bool cache_used = salt != NULL;
  free(salt);
  say_lines(messages);
  free(messages);
  if (status) {
    if (status > 0)
      say(LDPL_WARNING, "ThinLTO objects linked as full LTO: %s", error);
    else
      say(LDPL_ERROR, "LTO: %s", error);
    free(error);
    free_parsed(&parsed);
    return status > 0 ? THIN_NOT_HANDLED : THIN_FAILED;
  }
  if (parsed.unreadable) {
    say(LDPL_ERROR, "cannot read back the optimized module of task %u",
        parsed.unreadable_task);
    free_parsed(&parsed);
    return THIN_FAILED;
  }
  ltofold_step_ended(&the_plugin.options, report, "thinlto",
                     ltofold_now_seconds() - start);
  if (report) {
    ltofold_report_set_thin_modules(report, parsed.received,
                                    cache_used ? (long)parsed.cached : -1);
    for (size_t i = 0; i < the_plugin.file_count; ++i)
      ltofold_report_add_input(report, the_plugin.files[i].name);
  }
  start = ltofold_now_seconds();
  *module = link_optimized_modules(&parsed);
  free_parsed(&parsed);
  if (!*module)
    return THIN_FAILED;
  internalize_ir_only(*module);
  ltofold_step_ended(&the_plugin.options, report, "link",
                     ltofold_now_seconds() - start);
  return THIN_LINKED;
}
