/* `ltofold thin-backend [OPTIONS] -- COMPILER ARGS...`: one ThinLTO backend
 * compile of a distributed build (a module and its index from the thin
 * link, -fthinlto-index=), with ltofold in it.
 *
 * clang runs such a compile without pass plugins (clang 22's
 * runThinLTOBackend hands the LTO backend none, -fpass-plugin or not), so
 * ltofold takes it apart into three steps, each done by what does it in an
 * in-process backend:
 *   1. the compiler imports: the same command at -O0, with -emit-llvm and
 *      -save-temps=obj, into a directory of ours; its OUT.3.import.bc is the
 *      module after import and internalization, before any optimization
 *      (the -O level does not change it);
 *   2. ltofold optimizes it with the pipeline that backend runs at the
 *      command's -O level, the index as its import summary, and ltofold's
 *      passes where lld's in-process backends run them (thin_backend.cpp);
 *   3. the compiler generates code: the same command with the optimized
 *      module as its input, without the index, and with -Xclang
 *      -disable-llvm-passes, so that all of its code generation options
 *      (sections, PIC, debug info, the CPU) apply as they would have.
 * The object is the one an in-process backend with the plugin makes, byte
 * for byte (testsuite/link/thin-distributed.test): step 2 writes the use
 * lists' order, which code generation reads (docs/plugin.md). A report option may
 * name the output object as %o: one report per backend, which
 * `ltofold report combine` adds up into the link's. */
#include "cli_commands.h"
#include "ir_reader.h"
#include "messages.h"
#include "module_linker.h"
#include "options.h"
#include "output_file.h"
#include "pipeline.h"
#include "plugin_entry.h"
#include "report.h"
#include "split_module.h"
#include "thin_backend.h"
#include "thin_steps.h"

#include <dirent.h>
#include <errno.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Target.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static void print_usage(FILE *out) {
  fprintf(
      out,
      "usage: ltofold thin-backend [OPTIONS] -- COMPILER ARGS...\n\n"
      "Runs a ThinLTO backend compile (COMPILER ARGS..., a clang command\n"
      "with -fthinlto-index=INDEX and -o OBJECT) with ltofold's passes\n"
      "where lld's in-process backends run them, for distributed builds:\n"
      "lld --thinlto-distributor with --thinlto-remote-compiler=ltofold\n"
      "and --thinlto-remote-compiler-prepend-arg for 'thin-backend', '--'\n"
      "and the compiler, or a build system's own backend actions.\n\n"
      "OPTIONS are ltofold's (ltofold --help), as --KEY[=VALUE]; in\n"
      "--report FILE, %%o stands for the object. LTOFOLD_OPTIONS applies\n"
      "too. Exit status: the compiler's, or 1 on an error of ltofold's.\n\n"
      "For merging across the whole program (ltofold thin-merge --help):\n"
      "  --emit-optimized FILE  stop after optimizing: write the module to\n"
      "                         FILE, no object (and no merge with\n"
      "                         --merge=false)\n"
      "  --from-optimized FILE  generate the object from FILE alone\n\n"
      "For merging across modules from summaries (docs/plugin.md), the\n"
      "steps of ltofold thin-summary and thin-apply in this job:\n"
      "  --emit-summary FILE    with --emit-optimized: write the module's\n"
      "                         summary to FILE too (thin-summary's)\n"
      "  --module-name NAME     the module's name in the summary, plan\n"
      "                         and folds (default: the compiler's input)\n"
      "  --folds FILE           with --from-optimized: first apply a\n"
      "                         home's folds (thin-fold's); repeatable\n"
      "  --late-merge           with --from-optimized: then run merge on\n"
      "                         the module (what --emit-optimized left\n"
      "                         with --merge-similar=false\n"
      "                         --merge-outline=false); --report FILE\n"
      "                         writes what both folded, --stats counts\n");
}

/* A growing argv. */
typedef struct arg_list {
  char **items;
  size_t count, capacity;
} arg_list;

static void push(arg_list *list, const char *arg) {
  if (list->count + 1 >= list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 32;
    list->items = realloc(list->items, list->capacity * sizeof *list->items);
    if (!list->items)
      abort();
  }
  list->items[list->count] = strdup(arg);
  if (!list->items[list->count])
    abort();
  list->items[++list->count] = NULL;
}

static void free_list(arg_list *list) {
  for (size_t i = 0; i < list->count; ++i)
    free(list->items[i]);
  free(list->items);
  *list = (arg_list){0};
}

/* Whether `path` is a file that holds bitcode (raw, or in its wrapper): the
 * module of the compile, the only bitcode among its arguments. */
static bool is_bitcode_file(const char *path) {
  FILE *f = fopen(path, "rb");
  unsigned char magic[4] = {0};
  bool bitcode = f && fread(magic, 1, 4, f) == 4 &&
                 ((magic[0] == 'B' && magic[1] == 'C' && magic[2] == 0xC0 &&
                   magic[3] == 0xDE) ||
                  (magic[0] == 0xDE && magic[1] == 0xC0 && magic[2] == 0x17 &&
                   magic[3] == 0x0B));
  if (f)
    fclose(f);
  return bitcode;
}

/* What ltofold needs to know of the compiler's command. */
typedef struct backend_command {
  const char *input;   /* the module: the one bitcode file among the arguments */
  const char *output;  /* -o */
  const char *index;   /* -fthinlto-index= */
  ltofold_thin_tuning tuning;
} backend_command;

/* Which steps run: all three by default. --emit-optimized FILE stops after
 * step 2 and writes the optimized module to FILE instead of an object;
 * --from-optimized FILE is step 3 alone, with FILE as the module. Between
 * the two, `ltofold thin-merge` folds across the modules of the whole
 * program and cuts it into as many parts; or, merging from summaries,
 * --emit-summary writes the module's summary beside it (step 1 of that
 * flow) and --folds and --late-merge apply the homes' folds and the
 * module's own late merge to FILE before code generation (step 4),
 * each in this process rather than one of its own that would read the
 * module again. */
typedef struct backend_steps {
  const char *emit_optimized;
  const char *from_optimized;
  const char *emit_summary;
  const char *module_name; /* NULL: the compiler's input */
  const char **folds;      /* owned array: the folds files */
  size_t fold_files;
  bool late_merge;
} backend_steps;

/* Whether step 3 first applies folds to the module it is given. */
static bool applies_folds(const backend_steps *steps) {
  return steps->fold_files || steps->late_merge;
}

static bool starts_with(const char *s, const char *prefix) {
  return !strncmp(s, prefix, strlen(prefix));
}

/* Reads `-o`, the index, and the -O level and the flags that tune the
 * pipeline as clang's driver reads them (the last one wins). */
static char *read_command(int argc, char **argv, backend_command *command) {
  *command = (backend_command){0};
  int level = -1;
  int loop_vectorize = -1, slp_vectorize = -1, unroll = -1;
  bool oz = false;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "-o") && i + 1 < argc)
      command->output = argv[++i];
    else if (starts_with(a, "-o") && strlen(a) > 2 && a[2] != '-')
      command->output = a + 2;
    else if (starts_with(a, "-fthinlto-index="))
      command->index = a + strlen("-fthinlto-index=");
    else if (!strcmp(a, "-O0") || !strcmp(a, "-O1") || !strcmp(a, "-O2") ||
             !strcmp(a, "-O3"))
      level = a[2] - '0', oz = false;
    else if (!strcmp(a, "-Os") || !strcmp(a, "-Oz"))
      level = 2, oz = a[2] == 'z';
    else if (!strcmp(a, "-Ofast"))
      level = 3, oz = false;
    else if (!strcmp(a, "-Og"))
      level = 1, oz = false;
    else if (starts_with(a, "-O"))
      return ltofold_format("cannot tell the optimization level from '%s'", a);
    else if (!strcmp(a, "-fvectorize") || !strcmp(a, "-fno-vectorize"))
      loop_vectorize = a[2] != 'n';
    else if (!strcmp(a, "-fslp-vectorize") || !strcmp(a, "-fno-slp-vectorize"))
      slp_vectorize = a[2] != 'n';
    else if (!strcmp(a, "-funroll-loops") || !strcmp(a, "-fno-unroll-loops"))
      unroll = a[2] != 'n';
    else if (a[0] != '-' && !command->input && is_bitcode_file(a))
      command->input = a;
  }
  if (!command->input)
    return ltofold_format("no bitcode module among the compiler's arguments");
  if (!command->output)
    return ltofold_format("the compiler command has no -o OBJECT");
  if (!command->index)
    return ltofold_format("the compiler command has no -fthinlto-index=: not a "
                          "ThinLTO backend compile");
  if (level < 0)
    level = 0; /* clang's default */
  command->tuning.opt_level = (unsigned)level;
  /* clang's driver: the vectorizers from -O2 on (the loop one not at -Oz),
   * unrolling from -O2 on. */
  command->tuning.loop_vectorize = loop_vectorize >= 0 ? loop_vectorize : level > 1 && !oz;
  command->tuning.slp_vectorize = slp_vectorize >= 0 ? slp_vectorize : level > 1;
  command->tuning.unroll_loops = unroll >= 0 ? unroll : level > 1;
  return NULL;
}

/* Runs argv; returns its exit status, or -1 with *error. */
static int run(char **argv, char **error) {
  pid_t pid;
  int status = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);
  if (status) {
    *error = ltofold_format("%s: %s", argv[0], strerror(status));
    return -1;
  }
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      *error = ltofold_format("%s: %s", argv[0], strerror(errno));
      return -1;
    }
  if (WIFSIGNALED(status)) {
    *error = ltofold_format("%s: killed by signal %d", argv[0], WTERMSIG(status));
    return -1;
  }
  return WEXITSTATUS(status);
}

/* Removes the directory and the files in it. */
static void remove_directory(const char *path) {
  DIR *dir = opendir(path);
  if (dir) {
    struct dirent *entry;
    while ((entry = readdir(dir)))
      if (strcmp(entry->d_name, ".") && strcmp(entry->d_name, "..")) {
        char *file = ltofold_format("%s/%s", path, entry->d_name);
        unlink(file);
        free(file);
      }
    closedir(dir);
  }
  rmdir(path);
}

/* One ltofold option at argv[*i] ("--KEY", "--KEY=VALUE" or "--KEY VALUE"),
 * checked and added to `pairs` as "KEY=VALUE"; *i moves past it. Returns
 * NULL, or the error. */
static char *take_pair(int argc, char **argv, int *i, arg_list *pairs) {
  char *pair = strdup(argv[*i] + 2);
  if (!pair)
    abort();
  char *equals = strchr(pair, '=');
  const ltofold_option_info *info =
      ltofold_option_find(pair, equals ? (size_t)(equals - pair) : strlen(pair));
  if (info && ltofold_option_takes_next(info) && !equals && *i + 1 < argc &&
      strcmp(argv[*i + 1], "--")) { /* --report FILE */
    char *joined = ltofold_format("%s=%s", pair, argv[++*i]);
    free(pair);
    pair = joined;
  }
  ltofold_options check;
  ltofold_options_init(&check);
  char *error = NULL;
  if (!ltofold_options_parse_pair(&check, pair, &error))
    push(pairs, pair);
  ltofold_options_free(&check);
  free(pair);
  ++*i;
  return error;
}

/* The value of thin-backend's own option `name` ("--NAME=FILE" or
 * "--NAME FILE") at argv[*i], or NULL when argv[*i] is not it. */
static const char *own_option(int argc, char **argv, int *i, const char *name) {
  size_t length = strlen(name);
  const char *a = argv[*i];
  if (strncmp(a, "--", 2) || strncmp(a + 2, name, length))
    return NULL;
  if (a[2 + length] == '=') {
    ++*i;
    return a + 3 + length;
  }
  if (a[2 + length] || *i + 1 >= argc)
    return NULL;
  *i += 2;
  return argv[*i - 1];
}

static void add_folds_file(backend_steps *steps, const char *file) {
  steps->folds =
      realloc(steps->folds, (steps->fold_files + 1) * sizeof *steps->folds);
  if (!steps->folds)
    abort();
  steps->folds[steps->fold_files++] = file;
}

/* thin-backend's arguments before "--": ltofold's options, as "KEY=VALUE"
 * in `pairs`, and its own; *first_compiler_arg is where the command
 * starts. */
static char *read_options(int argc, char **argv, arg_list *pairs,
                          backend_steps *steps, int *first_compiler_arg) {
  char *error = NULL;
  int i = 1;
  while (i < argc && strcmp(argv[i], "--") && !error) {
    const char *file;
    if ((file = own_option(argc, argv, &i, "emit-optimized")))
      steps->emit_optimized = file;
    else if ((file = own_option(argc, argv, &i, "from-optimized")))
      steps->from_optimized = file;
    else if ((file = own_option(argc, argv, &i, "emit-summary")))
      steps->emit_summary = file;
    else if ((file = own_option(argc, argv, &i, "module-name")))
      steps->module_name = file;
    else if ((file = own_option(argc, argv, &i, "folds")))
      add_folds_file(steps, file);
    else if (!strcmp(argv[i], "--late-merge")) {
      steps->late_merge = true;
      ++i;
    }
    else if (starts_with(argv[i], "--"))
      error = take_pair(argc, argv, &i, pairs);
    else
      error = ltofold_format("'%s' is no option (the compiler command follows '--')",
                             argv[i]);
  }
  if (!error && steps->emit_optimized && steps->from_optimized)
    error = ltofold_format("--emit-optimized and --from-optimized exclude each other");
  if (!error && steps->emit_summary && !steps->emit_optimized)
    error = ltofold_format("--emit-summary wants --emit-optimized (the summary "
                           "is of the module written there)");
  if (!error && applies_folds(steps) && !steps->from_optimized)
    error = ltofold_format("--folds and --late-merge want --from-optimized "
                           "(they apply to that module)");
  if (!error && i >= argc - 1)
    error = ltofold_format("no compiler command after '--'");
  *first_compiler_arg = i + 1;
  return error;
}

/* Replaces each %o in the report option with the object's path. */
static void name_reports(arg_list *pairs, const char *output) {
  for (size_t i = 0; i < pairs->count; ++i) {
    if (!starts_with(pairs->items[i], "report="))
      continue;
    char *at;
    while ((at = strstr(pairs->items[i], "%o"))) {
      char *named = ltofold_format("%.*s%s%s", (int)(at - pairs->items[i]),
                                   pairs->items[i], output, at + 2);
      free(pairs->items[i]);
      pairs->items[i] = named;
    }
  }
}

/* The module's name in the summary, the plan and the folds. */
static const char *module_name(const backend_steps *steps,
                               const backend_command *command) {
  return steps->module_name ? steps->module_name : command->input;
}

/* Step 2: the imported module, optimized with ltofold, written to `out`,
 * and its summary with --emit-summary: taken from the module in memory,
 * it is the one `ltofold thin-summary` would take from `out`. */
static char *optimize(const char *imported, const char *out,
                      const backend_command *command,
                      const backend_steps *steps, const arg_list *pairs) {
  LLVMInitializeAllTargetInfos();
  LLVMInitializeAllTargets();
  LLVMInitializeAllTargetMCs();
  LLVMContextRef context = LLVMContextCreate();
  char *error = NULL;
  LLVMModuleRef module = ltofold_read_module(context, imported, &error);
  if (!module) {
    LLVMContextDispose(context);
    return error;
  }
  /* Named as an in-process backend names it: its input, as given. */
  LLVMSetModuleIdentifier(module, command->input, strlen(command->input));
  if (!ltofold_thin_optimize(module, command->index, &command->tuning,
                             (const char *const *)pairs->items, pairs->count,
                             &error) &&
      ltofold_write_bitcode_keeping_use_lists(module, out))
    error = ltofold_format("%s: cannot write", out);
  if (!error && steps->emit_summary) {
    ltofold_thin_drop_dead_constant_users(module);
    error = ltofold_thin_summary_write(module, module_name(steps, command),
                                       steps->emit_summary);
  }
  LLVMDisposeModule(module);
  LLVMContextDispose(context);
  /* The report: this backend's, written now (a process of its own). */
  if (ltofold_plugin_link_finish((const char *const *)pairs->items,
                                 pairs->count) &&
      !error)
    error = ltofold_format("the report could not be written");
  return error;
}

/* Step 3: the compiler's command with `module` for its input, without the
 * index, its own optimizations off. Returns its exit status, or -1. */
static int generate(char **argv, int first, int argc,
                    const backend_command *command, const char *module,
                    char **error) {
  arg_list step = {0};
  bool replaced = false; /* the input, by the optimized module */
  for (int i = first; i < argc; ++i) {
    const char *a = argv[i];
    if (starts_with(a, "-fthinlto-index="))
      continue;
    if (!replaced && a == command->input) {
      push(&step, module);
      replaced = true;
    } else {
      push(&step, a);
    }
  }
  push(&step, "-Xclang");
  push(&step, "-disable-llvm-passes");
  int status = run(step.items, error);
  free_list(&step);
  return status;
}

/* ltofold's options for a job: LTOFOLD_OPTIONS, then the job's own
 * (`pairs`, KEY=VALUE), into `options` (initialized here; the caller
 * frees them). Returns NULL, or a malloc'd message. */
static char *job_options(const arg_list *pairs, ltofold_options *options) {
  ltofold_options_init(options);
  char *error = NULL;
  if (!ltofold_options_from_environment(options, &error))
    for (size_t i = 0; i < pairs->count && !error; ++i)
      ltofold_options_parse_pair(options, pairs->items[i], &error);
  return error;
}

/* Step 3 with --folds or --late-merge: the homes' folds and the late merge
 * applied to the optimized module, as `ltofold thin-apply` would, the
 * result written to a directory of ours for the compiler, which generates
 * the object from it. ltofold's options (LTOFOLD_OPTIONS, then the job's)
 * are the late merge's; their report and stats say what the two folded.
 * Returns the compiler's exit status, or -1 with *error. */
static int apply_and_generate(char **argv, int first, int argc,
                              const backend_command *command,
                              const backend_steps *steps, arg_list *pairs,
                              char **error) {
  name_reports(pairs, command->output);
  ltofold_options options;
  *error = job_options(pairs, &options);
  int status = -1;
  char *dir = ltofold_format("%s.ltofold.XXXXXX", command->output);
  if (!*error && !mkdtemp(dir))
    *error = ltofold_format("%s: %s", dir, strerror(errno));
  else if (!*error) {
    char *applied = ltofold_format("%s/applied.bc", dir);
    ltofold_thin_apply apply = {module_name(steps, command),
                                steps->folds,
                                steps->fold_files,
                                steps->late_merge,
                                &options,
                                options.report_path,
                                options.stats};
    *error = ltofold_thin_apply_file(&apply, steps->from_optimized, applied);
    if (!*error)
      status = generate(argv, first, argc, command, applied, error);
    free(applied);
    remove_directory(dir);
  }
  free(dir);
  ltofold_options_free(&options);
  return status;
}

int ltofold_cli_thin_backend(int argc, char **argv) {
  if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    print_usage(stdout);
    return ltofold_stdout_finish("ltofold", LTOFOLD_EXIT_ERROR);
  }
  arg_list pairs = {0}, step = {0};
  backend_steps steps = {0};
  int first = 0, status = LTOFOLD_EXIT_ERROR;
  char *dir = NULL, *stem = NULL, *imported = NULL, *optimized = NULL;
  char *error = read_options(argc, argv, &pairs, &steps, &first);
  backend_command command;
  if (!error)
    error = read_command(argc - first + 1, argv + first - 1, &command);
  if (error)
    goto done;
  if (steps.from_optimized) {
    status = applies_folds(&steps)
                 ? apply_and_generate(argv, first, argc, &command, &steps,
                                      &pairs, &error)
                 : generate(argv, first, argc, &command, steps.from_optimized,
                            &error);
    goto done;
  }
  name_reports(&pairs, command.output);
  dir = ltofold_format("%s.ltofold.XXXXXX", command.output);
  if (!mkdtemp(dir)) {
    error = ltofold_format("%s: %s", dir, strerror(errno));
    goto done;
  }
  stem = ltofold_format("%s/module.bc", dir);
  imported = ltofold_format("%s.3.import.bc", stem);
  optimized = steps.emit_optimized ? strdup(steps.emit_optimized)
                                   : ltofold_format("%s/optimized.bc", dir);

  /* 1. import, at -O0, to bitcode: the module before optimization */
  for (int i = first; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "-o") && i + 1 < argc) {
      push(&step, "-o");
      push(&step, stem);
      ++i;
    } else if (starts_with(a, "-o") && strlen(a) > 2 && a[2] != '-') {
      push(&step, "-o");
      push(&step, stem);
    } else if (!starts_with(a, "-O")) {
      push(&step, a);
    }
  }
  push(&step, "-O0");
  push(&step, "-emit-llvm");
  push(&step, "-save-temps=obj");
  status = run(step.items, &error);
  free_list(&step);
  if (status)
    goto cleanup;
  status = LTOFOLD_EXIT_ERROR;
  /* 2. optimize, with ltofold */
  error = optimize(imported, optimized, &command, &steps, &pairs);
  if (error)
    goto cleanup;
  /* 3. generate code from the optimized module */
  status = steps.emit_optimized
               ? 0
               : generate(argv, first, argc, &command, optimized, &error);

cleanup:
  remove_directory(dir);
done:
  free(stem);
  free(imported);
  free(optimized);
  free(dir);
  free(steps.folds);
  free_list(&pairs);
  if (error) {
    fprintf(stderr, "ltofold: error: thin-backend: %s\n", error);
    free(error);
    return status > 0 ? status : LTOFOLD_EXIT_ERROR;
  }
  return status;
}

/* `ltofold thin-merge [OPTIONS] --parts N -o PREFIX MODULE.bc...`: between
 * the two halves of the backends (thin-backend --emit-optimized, then
 * --from-optimized), the modules they optimized become one, merge folds
 * across all of them, and the result is cut into N parts for their code
 * generation: PREFIX.0.bc to PREFIX.(N-1).bc. The decisions are the whole
 * program's, made once; the code generation stays parallel. */
static void print_merge_usage(FILE *out) {
  fprintf(out,
          "usage: ltofold thin-merge [OPTIONS] --parts N -o PREFIX MODULE.bc...\n\n"
          "Links the optimized modules of a ThinLTO link's backends (ltofold\n"
          "thin-backend --emit-optimized), folds functions across all of them\n"
          "with merge, and cuts the result into N parts for code generation\n"
          "(thin-backend --from-optimized): PREFIX.0.bc ... PREFIX.N-1.bc.\n"
          "scripts/dtlto-distributor.py --whole-program runs the three steps.\n\n"
          "OPTIONS are ltofold's (ltofold --help), as --KEY[=VALUE]; the\n"
          "report has merge's part of the link (the backends' reports have\n"
          "the rest, and the inputs). LTOFOLD_OPTIONS applies too.\n");
}

typedef struct part_writer {
  const char *prefix;
  char *error;
} part_writer;

static int write_part(LLVMModuleRef part, unsigned index, void *data) {
  part_writer *writer = data;
  char *path = ltofold_format("%s.%u.bc", writer->prefix, index);
  int failed = LLVMWriteBitcodeToFile(part, path);
  if (failed)
    writer->error = ltofold_format("%s: cannot write", path);
  free(path);
  return failed;
}

/* The modules in `inputs`, linked into one in their order; NULL with
 * *error. */
static LLVMModuleRef link_inputs(LLVMContextRef context, const arg_list *inputs,
                                 char **error) {
  LLVMModuleRef whole = NULL;
  ltofold_module_linker *linker = NULL;
  for (size_t i = 0; i < inputs->count; ++i) {
    LLVMModuleRef module = ltofold_read_module(context, inputs->items[i], error);
    if (!module)
      break;
    if (!whole) {
      whole = module;
      linker = ltofold_module_linker_new(whole);
      continue;
    }
    ltofold_diagnostics diagnostics;
    ltofold_diagnostics_begin(&diagnostics, context);
    bool failed = ltofold_module_linker_link(linker, module); /* disposes of it */
    char *text = ltofold_diagnostics_end(&diagnostics);
    if (failed)
      *error = ltofold_format("%s: cannot link: %s", inputs->items[i],
                              text ? text : "the IR linker failed");
    free(text);
    if (failed)
      break;
  }
  if (linker)
    ltofold_module_linker_free(linker);
  if (*error && whole) {
    LLVMDisposeModule(whole);
    whole = NULL;
  }
  return whole;
}

static char *merge_and_split(const arg_list *inputs, const arg_list *pairs,
                             const char *prefix, unsigned parts) {
  ltofold_options options;
  char *error = job_options(pairs, &options);
  if (error) {
    ltofold_options_free(&options);
    return error;
  }
  LLVMContextRef context = LLVMContextCreate();
  ltofold_report *report = options.report_path ? ltofold_report_new() : NULL;
  LLVMModuleRef whole = link_inputs(context, inputs, &error);
  if (whole &&
      !ltofold_run_phase(whole, LTOFOLD_PHASE_MERGE, &options, report, &error)) {
    char *message = NULL;
    if (LLVMVerifyModule(whole, LLVMReturnStatusAction, &message))
      error = ltofold_format("the merged module does not verify (please "
                             "report): %s", message);
    LLVMDisposeMessage(message);
  }
  if (whole && !error) {
    part_writer writer = {prefix, NULL};
    ltofold_split_module(whole, parts, NULL, NULL, NULL, write_part, &writer);
    error = writer.error;
  }
  if (!error && report)
    ltofold_report_write(report, options.report_path, &error);
  ltofold_report_free(report);
  if (whole)
    LLVMDisposeModule(whole);
  LLVMContextDispose(context);
  ltofold_options_free(&options);
  return error;
}

int ltofold_cli_thin_merge(int argc, char **argv) {
  arg_list pairs = {0}, inputs = {0};
  const char *prefix = NULL, *count = NULL;
  char *error = NULL;
  int i = 1;
  while (i < argc && !error) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      print_merge_usage(stdout);
      free_list(&pairs);
      free_list(&inputs);
      return ltofold_stdout_finish("ltofold", LTOFOLD_EXIT_ERROR);
    }
    const char *value;
    if (!strcmp(a, "-o") && i + 1 < argc)
      prefix = argv[i + 1], i += 2;
    else if ((value = own_option(argc, argv, &i, "parts")))
      count = value;
    else if (starts_with(a, "--"))
      error = take_pair(argc, argv, &i, &pairs);
    else if (a[0] == '-')
      error = ltofold_format("unknown option '%s' (see ltofold thin-merge --help)", a);
    else
      push(&inputs, a), ++i;
  }
  char *end = NULL;
  unsigned long parts = count ? strtoul(count, &end, 10) : 0;
  if (!error && (!count || *end || parts < 1 || parts > 65536))
    error = ltofold_format("--parts wants a number from 1 to 65536%s%s%s",
                           count ? ", not '" : "", count ? count : "",
                           count ? "'" : "");
  if (!error && !prefix)
    error = ltofold_format("no output prefix given (-o PREFIX)");
  if (!error && !inputs.count)
    error = ltofold_format("no modules given");
  if (!error)
    error = merge_and_split(&inputs, &pairs, prefix, (unsigned)parts);
  free_list(&pairs);
  free_list(&inputs);
  if (error) {
    fprintf(stderr, "ltofold: error: thin-merge: %s\n", error);
    free(error);
    return LTOFOLD_EXIT_ERROR;
  }
  return 0;
}
