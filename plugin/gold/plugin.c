/* ltofold-gold.so: ltofold as an LTO plugin for the linkers that speak the
 * binutils plugin API (plugin-api.h): gold, ld.bfd and mold.
 *
 * The linker drives; the plugin answers four calls:
 *
 *   onload            read the transfer vector (the linker's callbacks, the
 *                     output kind and name, our -plugin-opt options) and
 *                     register the three hooks below;
 *   claim_file        for each input file and archive member: if it is LLVM
 *                     bitcode, keep its bytes, read its global symbols from a
 *                     lazily loaded module (no function bodies are read) and
 *                     tell the linker about them; anything else is left to
 *                     the linker;
 *   all_symbols_read  the linker has resolved every symbol. Read what the
 *                     linker's command line says and the API does not
 *                     (--wrap, a start-up object flushing subnormals to
 *                     zero). With cache-dir,
 *                     a link seen before takes its objects from the cache.
 *                     Otherwise load each claimed module, apply the linker's
 *                     verdict to it (a definition another file preempted
 *                     becomes a declaration; one only IR uses becomes
 *                     internal; one the outside uses stays), link them into
 *                     one module (ThinLTO objects: optimized first by LLVM's
 *                     LTO driver on jobs= threads), run the pipeline
 *                     (fprange, LLVM's LTO optimization, canon, merge, global
 *                     DCE), generate the objects for the module's target
 *                     with the relocation model the output kind needs (in
 *                     partitions, on jobs= threads), write the report (bytes
 *                     saved measured from the objects' symbol sizes), and
 *                     hand the objects back with add_input_file;
 *   cleanup           remove the temporary object files (those the linker
 *                     has not had removed already) and free everything.
 *
 * Each step has a file of its own (gold.h lists them); this one is the
 * driver: onload, all_symbols_read calling the steps in order, and cleanup.
 * The plugin API gives hooks no user data, so the plugin's state is one
 * context struct (`plugin`), set up in onload and torn down in cleanup.
 * Every diagnostic goes through the linker's message callback, prefixed
 * "ltofold: " and naming the file; an error makes the hook return LDPS_ERR
 * so the link fails without a crash. */
#include "gold.h"
#include "link_command.h"
#include "llvm_settings.h"
#include "lto_driver.h"
#include "messages.h"
#include "object_symbols.h"
#include "output_file.h"
#include "pipeline.h"
#include "version.h"

#include <errno.h>
#include <llvm-c/ErrorHandling.h>
#include <llvm-c/Target.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

plugin the_plugin;

/* ---------------------------------------------------------------------------
 * Messages */

/* say, its arguments as a va_list (fail_option passes its own). */
static void say_list(int level, const char *format, va_list args) {
  char *text = NULL;
  if (vasprintf(&text, format, args) < 0)
    abort();
  if (level >= LDPL_ERROR)
    the_plugin.said_error = true;
  if (the_plugin.message)
    the_plugin.message(level, "ltofold: %s", text);
  else
    fprintf(stderr, "ltofold: %s\n", text);
  free(text);
}

void say(int level, const char *format, ...) {
  va_list args;
  va_start(args, format);
  say_list(level, format, args);
  va_end(args);
}

/* Parses a claimed file into the plugin's context: lazily (declarations and
 * global initializers only) for claim_file, fully for the link. Returns NULL
 * after saying why. */
LLVMModuleRef parse_file(const claimed_file *file, bool lazy) {
  char *error = NULL;
  LLVMModuleRef module = ltofold_parse_bitcode(
      the_plugin.context, file->bytes, file->size, file->name, lazy, &error);
  if (!module) {
    say(LDPL_ERROR, "%s", error);
    free(error);
  }
  return module;
}

char *copy_string(const char *text) {
  char *copy = strdup(text);
  if (!copy)
    abort();
  return copy;
}

void append_string(char ***strings, size_t *count, const char *text) {
  *strings = realloc(*strings, (*count + 1) * sizeof **strings);
  if (!*strings)
    abort();
  (*strings)[(*count)++] = copy_string(text);
}

/* An LLVM message as a string of ours (malloc'd), the message disposed of. */
static char *take_message(char *message) {
  char *copy = copy_string(message);
  LLVMDisposeMessage(message);
  return copy;
}

/* The claimed files' bitcode, once it is no longer needed. */
static void drop_bitcode(void) {
  for (size_t i = 0; i < the_plugin.file_count; ++i) {
    free(the_plugin.files[i].bytes);
    the_plugin.files[i].bytes = NULL;
  }
}

/* opt-remarks-*, on the plugin's context: the remarks of the whole
 * program's optimization and of its code generation on the linker's
 * thread. With ThinLTO objects LLVM's LTO driver writes the backends'
 * (lto_driver.h). */
static ltofold_remarks_settings remarks_settings(void) {
  const ltofold_options *options = &the_plugin.options;
  return (ltofold_remarks_settings){
      options->remarks_filename, options->remarks_passes,
      options->remarks_format, options->remarks_with_hotness,
      options->remarks_hotness_threshold};
}

/* The program's objects: every claimed module linked (ThinLTO objects
 * through LLVM's LTO driver first), run through the pipeline, generated
 * (in partitions). With emit-llvm, the program's bitcode is written to the
 * output instead, and there are no objects. */
static enum ld_plugin_status generate(ltofold_report *report,
                                      LLVMMemoryBufferRef **objects,
                                      unsigned *object_count) {
  LLVMModuleRef module = NULL;
  thin_result thin = has_thin_objects() ? link_thin(report, &module) : THIN_NOT_HANDLED;
  if (thin == THIN_NOT_HANDLED)
    module = link_modules(report);
  drop_bitcode();
  /* What the output kind allows, whatever the objects were compiled for:
   * a shared library's code reaches what may be preempted indirectly. */
  if (module && the_plugin.output_kind == LDPO_DYN)
    ltofold_forget_preemptible_dso_local(module);
  ltofold_remarks *remarks = NULL;
  if (module && thin != THIN_LINKED) {
    ltofold_remarks_settings settings = remarks_settings();
    char *error = NULL;
    remarks = ltofold_remarks_begin(the_plugin.context, &settings, &error);
    if (error) {
      say(LDPL_ERROR, "%s", error);
      free(error);
      LLVMDisposeModule(module);
      return LDPS_ERR;
    }
  }
  LLVMTargetMachineRef machine = module ? create_target_machine(module) : NULL;
  if (machine) {
    the_plugin.thin = thin != THIN_NOT_HANDLED;
    the_plugin.triple = take_message(LLVMGetTargetMachineTriple(machine));
    the_plugin.cpu = take_message(LLVMGetTargetMachineCPU(machine));
  }
  enum ld_plugin_status status = LDPS_ERR;
  if (machine && run_pipeline(module, machine, thin == THIN_LINKED, report) == LDPS_OK) {
    double start = ltofold_now_seconds();
    if (the_plugin.options.emit_llvm) {
      status = write_bitcode(module, the_plugin.output_name, "emit-llvm")
                   ? LDPS_OK
                   : LDPS_ERR;
    } else {
      status = generate_objects(module, machine, objects, object_count);
      module = NULL; /* generate_objects disposed of it */
    }
    ltofold_step_ended(&the_plugin.options, report, "codegen",
                       ltofold_now_seconds() - start);
  }
  ltofold_remarks_end(remarks);
  ltofold_llvm_report_timings();
  if (machine)
    LLVMDisposeTargetMachine(machine);
  if (module)
    LLVMDisposeModule(module);
  return status;
}

static enum ld_plugin_status cleanup(void);

/* ---------------------------------------------------------------------------
 * the report: where it comes from, and a link ltofold did not run in */

/* Records where the report comes from (report.h, ltofold_build): the
 * output, the linker and this plugin, the LTO mode (none when ltofold did
 * not run), the options, the target, the time taken so far. */
static void describe_build(ltofold_report *report, bool ran) {
  char **arguments = NULL;
  size_t count = 0;
  ltofold_link_arguments(&arguments, &count);
  ltofold_build build = {
      .label = the_plugin.options.label,
      .output = the_plugin.output_name,
      .linker = ltofold_link_linker(arguments, count),
      .plugin = ltofold_loaded_from(),
      .lto = !ran ? NULL : the_plugin.thin ? "thin" : "full",
      .options = the_plugin.options.settings,
      .target = the_plugin.triple,
      .cpu = the_plugin.cpu,
      .started = the_plugin.started_wall,
      .seconds = ltofold_now_seconds() - the_plugin.started,
  };
  ltofold_report_set_build(report, &build);
  ltofold_link_arguments_free(arguments, count);
}

/* Why no bitcode reached ltofold, from the link's command line: a plugin
 * loaded before this one was offered the inputs first (LLVMgold.so, which
 * clang adds when -flto is on the link line, takes all bitcode), or there
 * was none. malloc'd. */
static char *not_run_cause(void) {
  char **arguments = NULL;
  size_t count = 0;
  ltofold_link_arguments(&arguments, &count);
  const char **bitcode = ltofold_link_bitcode_inputs(arguments, count);
  const char *other = ltofold_link_other_plugin(arguments, count, ltofold_loaded_from());
  char *cause;
  if (bitcode[0] && other)
    cause = ltofold_format(
        "no LLVM bitcode reached ltofold: %s, loaded before it, took the "
        "bitcode (%s among it); clang loads LLVMgold.so when -flto is on the "
        "link line: link without -flto",
        other, bitcode[0]);
  else if (bitcode[0])
    cause = ltofold_format("the link took none of the LLVM bitcode in its "
                           "inputs (%s among them): no symbol needed it",
                           bitcode[0]);
  else if (other)
    cause = ltofold_format(
        "no input on the link's command line is LLVM bitcode (and %s, loaded "
        "before ltofold, took any a library found through -l holds)",
        other);
  else
    cause = ltofold_format("no input of the link is LLVM bitcode (objects "
                           "compiled without -flto): nothing to fold");
  free(bitcode);
  ltofold_link_arguments_free(arguments, count);
  return cause;
}

/* A link ltofold does not run in: said on the linker's output, and the
 * report asked for written, saying why, so that an earlier link's report
 * is not taken for this one's. A report that cannot be written fails the
 * link, as everywhere. */
static enum ld_plugin_status did_not_run(const char *cause) {
  say(LDPL_WARNING, "did not run: %s", cause);
  if (!the_plugin.options.report_path)
    return LDPS_OK;
  ltofold_report *report = ltofold_report_new();
  ltofold_report_set_not_run(report, cause);
  describe_build(report, false);
  if (!write_report(report)) {
    ltofold_report_free(report);
    return LDPS_ERR;
  }
  the_plugin.report = report;
  return LDPS_OK;
}

/* At cleanup, after the linker wrote the output: the report once more,
 * with the output's build ID, the link's identity (report binary checks a
 * program against it). An output older than this link is an earlier
 * link's (this one failed, or has not written it): no ID then. */
static void add_build_id(void) {
  if (!the_plugin.report)
    return;
  char *build_id =
      ltofold_output_build_id(the_plugin.output_name, the_plugin.started_wall);
  if (build_id) {
    ltofold_report_set_build_id(the_plugin.report, build_id);
    write_report(the_plugin.report);
  }
  free(build_id);
}

/* The output file, when the linker made it already and it is empty. */
static void remove_empty_output(void) {
  struct stat status;
  if (the_plugin.output_name && !stat(the_plugin.output_name, &status) &&
      S_ISREG(status.st_mode) && status.st_size == 0)
    unlink(the_plugin.output_name);
}

/* claim_file, noting a failure: the linker fails the link for it, unless
 * the plugin ends the link itself (thinlto-index-only's exit). */
static enum ld_plugin_status claim_file_or_note(
    const struct ld_plugin_input_file *input, int *claimed) {
  enum ld_plugin_status status = claim_file(input, claimed);
  if (status != LDPS_OK)
    the_plugin.claim_failed = true;
  return status;
}

/* What the linker's command line says that the plugin API does not
 * (link_command.h): the symbols --wrap names, and whether the program
 * runs with subnormals flushed to zero (fprange must know: the option is
 * then set, and so in the cache key). Unreadable: neither. */
static void read_link_command(void) {
  char **arguments;
  size_t count;
  if (!ltofold_link_arguments(&arguments, &count))
    return;
  read_wrapped_symbols(arguments, count);
  char *error = NULL;
  if (!the_plugin.options.fprange_flush_denormals &&
      ltofold_link_flushes_denormals(arguments, count) &&
      ltofold_options_set(&the_plugin.options, "fprange-flush-denormals",
                          NULL, &error))
    abort(); /* a flag of the table: never an error */
  ltofold_link_arguments_free(arguments, count);
}

/* emit-llvm and emit-asm: as with LLVMgold.so, what the plugin writes to
 * the output file is the link's whole output; the link ends there. */
static bool stops_after_output(void) {
  return the_plugin.options.emit_llvm || the_plugin.options.emit_asm;
}

/* The first option that writes files of its own besides the objects (a
 * cached link would skip writing them), or NULL. */
static const char *option_writing_files(void) {
  const ltofold_options *options = &the_plugin.options;
  return options->emit_llvm          ? "emit-llvm"
         : options->emit_asm         ? "emit-asm"
         : options->also_emit_llvm   ? "also-emit-llvm"
         : options->dwo_dir          ? "dwo_dir"
         : options->remarks_filename ? "opt-remarks-filename"
                                     : NULL;
}

/* emit-asm: the assembly of each partition, to OUTPUT, OUTPUT1, OUTPUT2...
 * as LLVMgold.so names its tasks' files. False after saying why. */
static bool write_assembly(LLVMMemoryBufferRef *texts, unsigned count) {
  for (unsigned i = 0; i < count; ++i) {
    char *path = i ? ltofold_format("%s%u", the_plugin.output_name, i)
                   : copy_string(the_plugin.output_name);
    char *error = NULL;
    bool written = ltofold_write_file(path, LLVMGetBufferStart(texts[i]),
                                      LLVMGetBufferSize(texts[i]), &error) == 0;
    if (!written) {
      say(LDPL_ERROR, "emit-asm: %s", error);
      free(error);
    }
    free(path);
    if (!written)
      return false;
  }
  return true;
}

static enum ld_plugin_status all_symbols_read(void) {
  the_plugin.symbols_read = true;
  if (the_plugin.options_failed)
    return LDPS_ERR;
  if (!the_plugin.file_count) {
    char *cause = not_run_cause();
    enum ld_plugin_status status = did_not_run(cause);
    free(cause);
    return status;
  }
  read_link_command();
  if (fetch_resolutions() != LDPS_OK)
    return LDPS_ERR;
  /* As LLVMgold.so: the index files are the link's whole output; the link
   * ends here, the linker writing nothing (ld.bfd has already made the
   * output file, empty: it goes). */
  if (the_plugin.options.thinlto_index_only) {
    if (the_plugin.claim_failed)
      return LDPS_ERR; /* said in claim_file; no index for half a link */
    if (the_plugin.options.report_path &&
        did_not_run("thinlto-index-only: this link writes the ThinLTO "
                    "indexes; the backends fold (`ltofold thin-backend "
                    "--report`, `ltofold thin-merge --report` write their "
                    "reports)") != LDPS_OK)
      return LDPS_ERR;
    if (write_thin_indexes() != LDPS_OK)
      return LDPS_ERR;
    remove_empty_output();
    cleanup();
    exit(0);
  }
  if (stops_after_output() && the_plugin.options.report_path)
    say(LDPL_WARNING,
        "%s: no report is written to %s: there is no object to measure",
        the_plugin.options.emit_llvm ? "emit-llvm" : "emit-asm",
        the_plugin.options.report_path);
  const char *own_files = option_writing_files();
  if (the_plugin.options.cache_dir && own_files)
    say(LDPL_WARNING,
        "cache-dir is not used: %s writes its files at every link", own_files);
  char *key = the_plugin.options.cache_dir && !own_files ? cache_key() : NULL;
  ltofold_report *report = NULL;
  LLVMMemoryBufferRef *objects = NULL;
  unsigned object_count = 0;
  enum ld_plugin_status status = LDPS_ERR;
  if (key && cache_fetch(key, &objects, &object_count, &report)) {
    ltofold_report_set_cache(report, true, key);
    if (the_plugin.options.stats)
      fprintf(stderr, "ltofold: cache hit %s\n", key);
    status = LDPS_OK;
  } else {
    report = (the_plugin.options.report_path && !stops_after_output()) ||
                     key || the_plugin.options.stats
                 ? ltofold_report_new()
                 : NULL;
    status = generate(report, &objects, &object_count);
    if (status == LDPS_OK && report)
      measure_objects(objects, object_count, report);
    if (status == LDPS_OK && key) {
      ltofold_report_set_cache(report, false, key);
      cache_store(key, objects, object_count, report);
    }
  }
  drop_bitcode();
  if (status == LDPS_OK && stops_after_output()) {
    bool written =
        !the_plugin.options.emit_asm || write_assembly(objects, object_count);
    for (unsigned i = 0; i < object_count; ++i)
      LLVMDisposeMemoryBuffer(objects[i]);
    free(objects);
    ltofold_report_free(report);
    if (!written)
      return LDPS_ERR;
    cleanup();
    exit(0);
  }
  if (status == LDPS_OK && report)
    describe_build(report, true);
  if (status == LDPS_OK && the_plugin.options.stats)
    ltofold_print_totals(stderr, report,
                         ltofold_now_seconds() - the_plugin.started);
  if (status == LDPS_OK)
    status = hand_back_objects(objects, object_count, report);
  if (key)
    cache_prune();
  for (unsigned i = 0; i < object_count; ++i)
    if (objects[i])
      LLVMDisposeMemoryBuffer(objects[i]);
  free(objects);
  if (status == LDPS_OK && report && the_plugin.options.report_path)
    the_plugin.report = report; /* for add_build_id, at cleanup */
  else
    ltofold_report_free(report);
  free(key);
  return status;
}

/* ---------------------------------------------------------------------------
 * cleanup and onload */

static void free_strings(char **strings, size_t count) {
  for (size_t i = 0; i < count; ++i)
    free(strings[i]);
  free(strings);
}

static enum ld_plugin_status cleanup(void) {
  /* mold does not call all_symbols_read when no plugin claimed a file;
   * after an error the link stops before it, for another cause. */
  if (!the_plugin.symbols_read && !the_plugin.said_error &&
      !the_plugin.options_failed && !the_plugin.file_count) {
    char *cause = not_run_cause();
    did_not_run(cause);
    free(cause);
  }
  add_build_id();
  ltofold_report_free(the_plugin.report);
  free(the_plugin.triple);
  free(the_plugin.cpu);
  release_objects(true);
  free(the_plugin.object_paths);
  for (size_t i = 0; i < the_plugin.file_count; ++i) {
    claimed_file *file = &the_plugin.files[i];
    free(file->name);
    free(file->bytes);
    free_symbols(file->symbols, file->symbol_count);
  }
  free(the_plugin.files);
  free_strings(the_plugin.asm_names, the_plugin.asm_name_count);
  free_strings(the_plugin.wrapped, the_plugin.wrapped_count);
  free_strings(the_plugin.internalized, the_plugin.internalized_count);
  free(the_plugin.output_name);
  ltofold_options_free(&the_plugin.options);
  if (the_plugin.context) {
    free(ltofold_diagnostics_end(&the_plugin.diagnostics));
    LLVMContextDispose(the_plugin.context);
  }
  memset(&the_plugin, 0, sizeof the_plugin);
  return LDPS_OK;
}

/* The options gcc's driver adds for its own LTO plugin (liblto_plugin.so):
 * the lto-wrapper path, -fresolution=, -pass-through=, -linker-output-known
 * (and -linker-output-auto-nolto-rel), -sym-style=. mold loads a single
 * plugin and hands it every -plugin-opt, so with `gcc -fuse-ld=mold` they
 * reach ltofold. Other options starting with '-' are LLVM's. */
static bool is_gcc_plugin_option(const char *pair) {
  size_t length = strlen(pair);
  return (length >= 12 && !strcmp(pair + length - 12, "/lto-wrapper")) ||
         !strncmp(pair, "-pass-through=", 14) ||
         !strncmp(pair, "-fresolution=", 13) ||
         !strncmp(pair, "-linker-output-", 15) ||
         !strncmp(pair, "-sym-style=", 11);
}

static void report_fatal_error(const char *reason) {
  say(LDPL_FATAL, "LLVM error: %s", reason);
}

static void take_option(const char *pair) {
  if (is_gcc_plugin_option(pair))
    return;
  /* -plugin-opt=-X: an option of LLVM's, as LLVMgold.so passes them on
   * (parsed in onload, once all are known). */
  if (pair[0] == '-') {
    ltofold_options_add_llvm(&the_plugin.options, pair);
    return;
  }
  char *error = NULL;
  /* Fatal: the linker stops here, with this message alone. After a plain
   * error gold would go on to link without the bitcode and bury it under
   * "undefined reference to 'main'"; failing onload is worse (gold then
   * reads the bitcode as linker scripts). LLVMgold does the same. */
  if (ltofold_options_parse_pair(&the_plugin.options, pair, &error)) {
    say(LDPL_FATAL, "-plugin-opt=%s: %s", pair, error);
    free(error);
    the_plugin.options_failed = true;
  }
}

/* Stops the link with a fatal message (the option's), as take_option. */
static void fail_option(const char *format, ...)
    __attribute__((format(printf, 1, 2)));
static void fail_option(const char *format, ...) {
  va_list args;
  va_start(args, format);
  say_list(LDPL_FATAL, format, args);
  va_end(args);
  the_plugin.options_failed = true;
}

/* What LLVMgold.so's options need before the link goes on: LLVM's own
 * options parsed (an unknown one stops the link, as with LLVMgold.so), one
 * profile at most (LLVM's LTO takes one), and profiles that can be read
 * (LLVM would only say so after the whole link's optimization). */
static void check_llvmgold_options(void) {
  const ltofold_options *options = &the_plugin.options;
  char *error = NULL;
  if (ltofold_llvm_parse_options(options->llvm_options,
                                 options->llvm_option_count, &error)) {
    fail_option("%s", error);
    free(error);
    return;
  }
  if (options->sample_profile && options->cs_profile_path) {
    fail_option("sample-profile= and cs-profile-path= together: LLVM's LTO "
                "optimizes with one profile");
    return;
  }
  const char *profiles[][2] = {{"sample-profile", options->sample_profile},
                               {"cs-profile-path", options->cs_profile_path}};
  for (size_t i = 0; i < 2; ++i)
    if (profiles[i][1] && access(profiles[i][1], R_OK)) {
      fail_option("-plugin-opt=%s=%s: cannot read it: %s", profiles[i][0],
                  profiles[i][1], strerror(errno));
      return;
    }
}

__attribute__((visibility("default"))) enum ld_plugin_status
onload(struct ld_plugin_tv *tv) {
  memset(&the_plugin, 0, sizeof the_plugin);
  the_plugin.started = ltofold_now_seconds();
  the_plugin.started_wall = ltofold_wall_seconds();
  ltofold_options_init(&the_plugin.options);
  ld_plugin_register_claim_file register_claim = NULL;
  ld_plugin_register_all_symbols_read register_all_read = NULL;
  ld_plugin_register_cleanup register_cleanup = NULL;
  ld_plugin_get_symbols get_symbols_v1 = NULL, get_symbols_v2 = NULL,
                        get_symbols_v3 = NULL;
  const char *output_name = NULL;
  /* The message callback first, so option errors can use it. */
  for (struct ld_plugin_tv *t = tv; t->tv_tag != LDPT_NULL; ++t)
    if (t->tv_tag == LDPT_MESSAGE)
      the_plugin.message = t->tv_u.tv_message;
  char *error = NULL;
  if (ltofold_options_from_environment(&the_plugin.options, &error)) {
    say(LDPL_FATAL, "%s", error);
    free(error);
    the_plugin.options_failed = true;
  }
  for (struct ld_plugin_tv *t = tv; t->tv_tag != LDPT_NULL; ++t) {
    switch (t->tv_tag) {
    case LDPT_LINKER_OUTPUT:
      the_plugin.output_kind = t->tv_u.tv_val;
      break;
    case LDPT_OUTPUT_NAME:
      output_name = t->tv_u.tv_string;
      break;
    case LDPT_OPTION:
      take_option(t->tv_u.tv_string);
      break;
    case LDPT_REGISTER_CLAIM_FILE_HOOK:
      register_claim = t->tv_u.tv_register_claim_file;
      break;
    case LDPT_REGISTER_ALL_SYMBOLS_READ_HOOK:
      register_all_read = t->tv_u.tv_register_all_symbols_read;
      break;
    case LDPT_REGISTER_CLEANUP_HOOK:
      register_cleanup = t->tv_u.tv_register_cleanup;
      break;
    case LDPT_ADD_SYMBOLS:
      the_plugin.add_symbols = t->tv_u.tv_add_symbols;
      break;
    case LDPT_ADD_SYMBOLS_V2:
      the_plugin.add_symbols_v2 = t->tv_u.tv_add_symbols;
      break;
    case LDPT_GET_SYMBOLS:
      get_symbols_v1 = t->tv_u.tv_get_symbols;
      break;
    case LDPT_GET_SYMBOLS_V2:
      get_symbols_v2 = t->tv_u.tv_get_symbols;
      break;
    case LDPT_GET_SYMBOLS_V3:
      get_symbols_v3 = t->tv_u.tv_get_symbols;
      break;
    case LDPT_ADD_INPUT_FILE:
      the_plugin.add_input_file = t->tv_u.tv_add_input_file;
      break;
    default:
      break;
    }
  }
  the_plugin.get_symbols = get_symbols_v3   ? get_symbols_v3
                           : get_symbols_v2 ? get_symbols_v2
                                            : get_symbols_v1;
  the_plugin.output_name = copy_string(output_name ? output_name : "a.out");
  if (!register_claim || !register_all_read || !the_plugin.add_symbols ||
      !the_plugin.get_symbols || !the_plugin.add_input_file) {
    say(LDPL_ERROR, "this linker does not offer the LTO plugin interface "
                    "ltofold needs (claim file, all symbols read, add "
                    "symbols, get symbols, add input file)");
    return LDPS_ERR;
  }
  if (!the_plugin.options_failed)
    check_llvmgold_options();
  /* The report is written after LTO, merge and code generation (minutes on
   * a large program): a path that cannot take it stops the link now. */
  if (!the_plugin.options_failed && the_plugin.options.report_path &&
      ltofold_output_check(the_plugin.options.report_path, &error)) {
    say(LDPL_FATAL, "report: %s", error);
    free(error);
    the_plugin.options_failed = true;
  }
  if (the_plugin.output_kind == LDPO_REL) {
    say(LDPL_ERROR, "relocatable output (-r) is not supported: link the "
                    "bitcode objects without ltofold-gold.so, or into an "
                    "executable or shared library");
    the_plugin.options_failed = true;
  }
  /* A fatal error inside LLVM ends the process; say it the linker's way
   * first. */
  LLVMInstallFatalErrorHandler(report_fatal_error);
  LLVMInitializeAllTargetInfos();
  LLVMInitializeAllTargets();
  LLVMInitializeAllTargetMCs();
  LLVMInitializeAllAsmPrinters();
  LLVMInitializeAllAsmParsers();
  the_plugin.context = LLVMContextCreate();
  ltofold_diagnostics_begin(&the_plugin.diagnostics, the_plugin.context);
  register_claim(claim_file_or_note);
  register_all_read(all_symbols_read);
  if (register_cleanup)
    register_cleanup(cleanup);
  return LDPS_OK;
}
