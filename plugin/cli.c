/* `ltofold`: the passes on one module, from the command line.
 *
 *   ltofold merge|fprange|canon IN.{ll,bc} -o OUT.bc [-S] [--report FILE] ...
 *   ltofold fprange --print IN
 *   ltofold diff A B             (cli_diff.c)
 *   ltofold report diff|trend|html|binary|combine ...  (cli_report*.c)
 *   ltofold demangle [--full] [SYMBOL...]  (cli_demangle.c)
 *   ltofold thin-backend [OPTIONS] -- COMPILER ARGS  (cli_thin.c)
 *   ltofold thin-merge [OPTIONS] --parts N -o PREFIX MODULE.bc...  (cli_thin.c)
 *   ltofold thin-summary | thin-plan  (cli_thin_plan.c)
 *   ltofold thin-fold | thin-apply    (cli_thin_fold.c)
 *   ltofold size-model IN   (cli_size_model.c; for a test, not in the help)
 *
 * Steps: parse the command line, read the module (bitcode or text IR; "-"
 * is standard input), check --mcpu against the module's target, run the
 * phase, verify, write the output, then the report. Files are written the
 * way output_file.h says: a regular file through a temporary renamed over
 * it, a device or FIFO in place. Both are written in full before either is
 * renamed into place, and the report only follows an output that made it:
 * no report ever claims a run that failed. SIGINT and SIGTERM remove the
 * temporaries. Every error is one line on stderr naming the file and the
 * cause, and exit status 2 (LTOFOLD_EXIT_ERROR, cli_commands.h). */
#include "cli_commands.h"
#include "ir_reader.h"
#include "ltofold_fprange.h"
#include "messages.h"
#include "options.h"
#include "output_file.h"
#include "pipeline.h"
#include "report.h"
#include "target_machine.h"
#include "version.h"

#include <errno.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct command {
  const char *name;
  const char *summary;
  int phase; /* an ltofold_phase, or -1 when not available in this build */
  /* The options of ltofold_option_table that tune this phase, for its
   * own --help (NULL-terminated). */
  const char *options[12];
} command;

static const command commands[] = {
    {"merge",
     "fold functions equal at the IR level",
     LTOFOLD_PHASE_MERGE,
     {"merge-recursive", "merge-similar", "merge-blocks", "merge-shapes", "merge-outline",
      "merge-outline-all", "merge-outline-sequences", "merge-canon", "aliases", "certify",
      "merge-test-break", NULL}},
    {"fprange",
     "fold FP compares, branches and instructions decided by value "
     "ranges (--print: show the ranges)",
     LTOFOLD_PHASE_FPRANGE,
     {"fprange-any-rounding", "fprange-flush-denormals", "fprange-attributes",
      NULL}},
    {"canon",
     "canonicalize IR so equal code reads equal",
     LTOFOLD_PHASE_CANON,
     {NULL}},
};

/* The options of every phase command, before its own. */
static const char *const common_options[] = {"report", "stats", "verify"};

typedef struct cli_args {
  const command *command;
  const char *input;
  const char *output;
  bool text_output; /* -S */
  bool print_ranges; /* fprange --print */
  ltofold_options options;
} cli_args;

/* One line of the option table, as --KEY... and its help. */
static void print_option(FILE *out, const ltofold_option_info *info) {
  char left[64];
  if (info->kind == LTOFOLD_OPTION_FLAG)
    snprintf(left, sizeof left, "--%s[=false]", info->key);
  else if (info->kind == LTOFOLD_OPTION_OPTIONAL)
    snprintf(left, sizeof left, "--%s[=%s]", info->key, info->value_name);
  else if (info->kind == LTOFOLD_OPTION_LEVEL)
    snprintf(left, sizeof left, "--%s %s, -%s0..-%s3", info->key,
             info->value_name, info->key, info->key);
  else
    snprintf(left, sizeof left, "--%s %s", info->key, info->value_name);
  fprintf(out, "  %-20s %s\n", left, info->help);
}

static void print_output_options(FILE *out) {
  fprintf(
      out,
      "  -o FILE              output file ('-' for stdout): a regular file is\n"
      "                       replaced whole or not at all, a device or FIFO\n"
      "                       written in place\n"
      "  -S                   write text IR instead of bitcode\n");
}

/* `ltofold merge|fprange|canon --help`: the command's usage, what it does,
 * and the options that concern it. */
static void print_command_help(FILE *out, const command *c) {
  fprintf(out,
          "usage: ltofold %s INPUT -o OUTPUT [options]\n%s\n"
          "%s: %s.\nINPUT is LLVM bitcode (.bc) or text IR (.ll), '-' for "
          "stdin;\nOUTPUT is bitcode, or text IR with -S.\n\noptions:\n",
          c->name,
          c->phase == LTOFOLD_PHASE_FPRANGE
              ? "       ltofold fprange --print INPUT\n"
              : "",
          c->name, c->summary);
  print_output_options(out);
  if (c->phase == LTOFOLD_PHASE_FPRANGE)
    fprintf(out, "  %-20s %s\n", "--print",
            "print every FP value's range instead of folding");
  for (size_t i = 0; i < sizeof common_options / sizeof *common_options; ++i)
    print_option(
        out, ltofold_option_find(common_options[i], strlen(common_options[i])));
  for (const char *const *key = c->options; *key; ++key)
    print_option(out, ltofold_option_find(*key, strlen(*key)));
  fprintf(out, "\nEvery option of ltofold --help is taken too.\n");
}

static void print_help(FILE *out) {
  fprintf(out,
          "usage: ltofold COMMAND INPUT -o OUTPUT [options]\n"
          "       ltofold --help | --version\n\n"
          "Link-time deduplication for LLVM IR. INPUT is LLVM bitcode (.bc)\n"
          "or text IR (.ll), '-' for stdin; OUTPUT is bitcode, or text IR\n"
          "with -S.\n\n"
          "commands:\n");
  for (size_t i = 0; i < sizeof commands / sizeof *commands; ++i)
    fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf(out, "  %-10s %s\n", "diff",
          "canonicalize two modules and show their difference (diff --help)");
  fprintf(out, "  %-10s %s\n", "report",
          "compare, chart, measure or combine JSON reports, with size\n"
          "             budgets (report --help)");
  fprintf(out, "  %-10s %s\n", "demangle",
          "readable names for symbols, as report diff prints them\n"
          "             (demangle --help)");
  fprintf(out, "  %-10s %s\n", "thin-backend",
          "a distributed ThinLTO backend compile with ltofold in it\n"
          "             (thin-backend --help)");
  fprintf(out, "  %-10s %s\n", "thin-merge",
          "merge across the optimized modules of distributed ThinLTO\n"
          "             backends, then cut them into parts (thin-merge --help)");
  /* Merging across distributed ThinLTO backends from summaries. */
  fprintf(out, "  %-10s %s\n", "thin-summary",
          "what merge would see of each function of an optimized\n"
          "             module (thin-summary --help)");
  fprintf(out, "  %-10s %s\n", "thin-plan",
          "groups across modules, from the summaries alone\n"
          "             (thin-plan --help)");
  fprintf(out, "  %-10s %s\n", "thin-fold",
          "at a group's home: the members' bodies imported,\n"
          "             compared and certified (thin-fold --help)");
  fprintf(out, "  %-10s %s\n", "thin-apply",
          "in each module: its folded functions run the home's\n"
          "             (thin-apply --help)");
  fprintf(out, "\noptions:\n");
  print_output_options(out);
  for (size_t i = 0; i < ltofold_option_count; ++i)
    print_option(out, &ltofold_option_table[i]);
  fprintf(out,
          "\nThe same options reach the linker plugins as\n"
          "  gold, bfd, mold:  -plugin-opt=KEY[=VALUE]\n"
          "  opt:              -ltofold-KEY[=VALUE]\n"
          "  lld:              LTOFOLD_OPTIONS=\"KEY[=VALUE],...\", or\n"
          "                    -mllvm -ltofold-KEY[=VALUE] with the plugin in "
          "LD_PRELOAD\n");
}

/* --version: the release and the revision on the first line (scripts take
 * the second word), then the LLVM compiled against and the one loaded now:
 * they differ when libLLVM was updated after the build. */
static void print_version(FILE *out) {
  unsigned major, minor, patch;
  LLVMGetVersion(&major, &minor, &patch);
  fprintf(out,
          "ltofold %s (revision %s)\n"
          "built with LLVM %s, running with LLVM %u.%u.%u\n",
          LTOFOLD_VERSION, ltofold_git_revision, ltofold_llvm_build_version,
          major, minor, patch);
}


static int usage_error(char *message) {
  fprintf(stderr, "ltofold: error: %s\n", message);
  free(message);
  return LTOFOLD_EXIT_ERROR;
}

/* What parse_command_line returns when it printed the help: nothing to
 * run, and no error. */
enum { HELP_PRINTED = -1 };

/* Fills *args from argv. Returns 0 to run, LTOFOLD_EXIT_ERROR on error,
 * HELP_PRINTED. */
static int parse_command_line(int argc, char **argv, cli_args *args) {
  if (argc < 2)
    return usage_error(ltofold_format("no command given (see ltofold --help)"));
  for (size_t i = 0; i < sizeof commands / sizeof *commands; ++i)
    if (!strcmp(argv[1], commands[i].name))
      args->command = &commands[i];
  if (!args->command)
    return usage_error(
        ltofold_format("unknown command '%s' (see ltofold --help)", argv[1]));
  for (int i = 2; i < argc; ++i) {
    const char *arg = argv[i];
    char *error = NULL;
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      print_command_help(stdout, args->command);
      return HELP_PRINTED;
    } else if (!strcmp(arg, "-o")) {
      if (++i == argc)
        return usage_error(ltofold_format("option '-o' needs a file name"));
      if (args->output)
        return usage_error(ltofold_format(
            "option '-o' given twice ('%s' and '%s')", args->output, argv[i]));
      args->output = argv[i];
    } else if (!strcmp(arg, "-S")) {
      args->text_output = true;
    } else if (!strcmp(arg, "--print") &&
               args->command->phase == LTOFOLD_PHASE_FPRANGE) {
      args->print_ranges = true;
    } else if (!strncmp(arg, "--", 2) && arg[2]) {
      const char *key = arg + 2;
      const char *equals = strchr(key, '=');
      size_t key_length = equals ? (size_t)(equals - key) : strlen(key);
      const ltofold_option_info *info = ltofold_option_find(key, key_length);
      if (info && ltofold_option_takes_next(info) && !equals) {
        if (++i == argc)
          return usage_error(ltofold_format("option '--%s' needs a value (%s)",
                                            info->key, info->value_name));
        if (ltofold_options_set(&args->options, info->key, argv[i], &error))
          return usage_error(error);
      } else if (!info) {
        return usage_error(
            ltofold_option_unknown("--", key, key_length, "ltofold --help"));
      } else if (ltofold_options_parse_pair(&args->options, key, &error)) {
        return usage_error(error);
      }
    } else if (arg[0] == '-' && arg[1] == 'O' && arg[2]) {
      /* -O2, as compilers spell it: the same as --O 2 */
      if (ltofold_options_set(&args->options, "O", arg + 2, &error))
        return usage_error(error);
    } else if (arg[0] == '-' && arg[1]) { /* "-" alone is standard input */
      return usage_error(
          ltofold_format("unknown option '%s' (see ltofold --help)", arg));
    } else if (args->input) {
      return usage_error(ltofold_format("more than one input ('%s' and '%s')",
                                        args->input, arg));
    } else {
      args->input = arg;
    }
  }
  if (!args->input)
    return usage_error(ltofold_format("no input file given"));
  if (!args->output && !args->print_ranges)
    return usage_error(
        ltofold_format("no output file given (use -o FILE, or -o - for stdout)"));
  return 0;
}

/* Writes the module to `output`: bitcode, or text IR. */
static int write_module(ltofold_output *output, LLVMModuleRef module, bool text,
                        char **error) {
  int status;
  if (text) {
    char *ir = LLVMPrintModuleToString(module);
    status = ltofold_output_write(output, ir, strlen(ir), error);
    LLVMDisposeMessage(ir);
  } else {
    LLVMMemoryBufferRef bitcode = LLVMWriteBitcodeToMemoryBuffer(module);
    status = ltofold_output_write(output, LLVMGetBufferStart(bitcode),
                                  LLVMGetBufferSize(bitcode), error);
    LLVMDisposeMemoryBuffer(bitcode);
  }
  return status;
}

/* Writes the output, then the report. Everything is written before
 * anything is committed: an output or report that cannot be written leaves
 * neither behind (but for what went into a device or FIFO), and the report
 * is renamed into place only after the output was. */
static int write_results(const cli_args *args, LLVMModuleRef module,
                         ltofold_report *report, char **error) {
  ltofold_output *output = ltofold_output_open(args->output, error);
  if (!output)
    return -1;
  if (write_module(output, module, args->text_output, error)) {
    ltofold_output_discard(output);
    return -1;
  }
  ltofold_output *report_output = NULL;
  if (report) {
    char *json = ltofold_report_to_json(report);
    report_output = ltofold_output_open(args->options.report_path, error);
    int failed = !report_output ||
                 ltofold_output_write(report_output, json, strlen(json), error);
    free(json);
    if (failed) {
      ltofold_output_discard(report_output);
      ltofold_output_discard(output);
      return -1;
    }
  }
  if (ltofold_output_commit(output, error)) {
    ltofold_output_discard(report_output);
    return -1;
  }
  return report_output ? ltofold_output_commit(report_output, error) : 0;
}

/* --mcpu names a CPU of the module's target (the command generates no
 * code, but a CPU the linker plugin would refuse is refused here too). */
static int check_cpu(LLVMModuleRef module, const char *cpu, char **error) {
  LLVMInitializeAllTargetInfos();
  LLVMInitializeAllTargets();
  LLVMInitializeAllTargetMCs();
  char *triple = ltofold_module_triple(module);
  LLVMTargetMachineRef machine = ltofold_create_target_machine(
      triple, cpu, LLVMCodeGenLevelDefault, LLVMRelocDefault, error);
  free(triple);
  if (!machine) {
    char *message = *error;
    *error = ltofold_format("--mcpu %s: %s", cpu, message);
    free(message);
    return -1;
  }
  LLVMDisposeTargetMachine(machine);
  return 0;
}

/* fprange --print: the ranges to standard output. */
static int print_ranges(LLVMModuleRef module, const ltofold_options *options,
                        char **error) {
  ltofold_fprange_options fprange_options;
  ltofold_fprange_options_default(&fprange_options);
  fprange_options.any_rounding = options->fprange_any_rounding;
  fprange_options.flush_denormals = options->fprange_flush_denormals;
  fprange_options.attributes = options->fprange_attributes;
  ltofold_fprange_print_with_options(module, &fprange_options, stdout);
  if (fflush(stdout) == 0 && !ferror(stdout))
    return 0;
  int failed = errno;
  ltofold_stdout_failed(failed);
  *error = ltofold_format("<stdout>: cannot write: %s", strerror(failed));
  return -1;
}

/* The error for a result that does not verify. The input is verified only
 * then (as opt does always, at a tenth of merge's time): an input that
 * does not verify either is the cause, named as such; otherwise ltofold is
 * at fault. Standard input cannot be read again. */
static char *blame_for_invalid_result(const char *input, const char *message) {
  const char *name = ltofold_input_name(input);
  if (!strcmp(input, "-"))
    return ltofold_format("%s: result does not verify (if the input does, "
                          "please report): %s", name, message);
  LLVMContextRef context = LLVMContextCreate();
  char *read_error = NULL, *input_message = NULL, *error;
  LLVMModuleRef original = ltofold_read_module(context, input, &read_error);
  if (original && LLVMVerifyModule(original, LLVMReturnStatusAction, &input_message))
    error = ltofold_format("%s: the input does not verify: %s", name, input_message);
  else
    error = ltofold_format("%s: result does not verify (please report): %s", name,
                           message);
  LLVMDisposeMessage(input_message);
  free(read_error);
  if (original)
    LLVMDisposeModule(original);
  LLVMContextDispose(context);
  return error;
}

/* Records where the report comes from (report.h, ltofold_build): the
 * command's output, options and module's target, when it started and how
 * long it took. */
static void describe_run(ltofold_report *report, const cli_args *args,
                         LLVMModuleRef module, double started_wall,
                         double started) {
  char *triple = ltofold_module_triple(module);
  ltofold_build build = {
      .label = args->options.label,
      .output = strcmp(args->output, "-") ? args->output : NULL,
      .options = args->options.settings,
      .target = triple,
      .cpu = args->options.cpu,
      .started = started_wall,
      .seconds = ltofold_now_seconds() - started,
  };
  ltofold_report_set_build(report, &build);
  free(triple);
}

static int run(cli_args *args) {
  double started = ltofold_now_seconds();
  double started_wall = ltofold_wall_seconds();
  LLVMContextRef context = LLVMContextCreate();
  char *error = NULL;
  ltofold_report *report = args->options.report_path ? ltofold_report_new() : NULL;
  /* The outputs first, as compilers do: an output that cannot be written
   * is found before the work, not after it. */
  int status = (args->output && !args->print_ranges &&
                ltofold_output_check(args->output, &error)) ||
               (args->options.report_path &&
                ltofold_output_check(args->options.report_path, &error));
  LLVMModuleRef module =
      status ? NULL : ltofold_read_module(context, args->input, &error);
  status = status || !module;
  if (!status && args->options.cpu &&
      check_cpu(module, args->options.cpu, &error))
    status = 1;
  if (!status && report)
    ltofold_report_add_input(report, ltofold_input_name(args->input));
  if (!status && args->print_ranges) {
    status = print_ranges(module, &args->options, &error) ? 1 : 0;
  } else if (!status) {
    if (ltofold_run_phase(module, (ltofold_phase)args->command->phase,
                          &args->options, report, &error)) {
      char *cause = error; /* of this input */
      error = ltofold_format("%s: %s", ltofold_input_name(args->input), cause);
      free(cause);
      status = 1;
    }
    char *message = NULL;
    if (!status && LLVMVerifyModule(module, LLVMReturnStatusAction, &message)) {
      error = blame_for_invalid_result(args->input, message);
      status = 1;
    }
    LLVMDisposeMessage(message);
    if (!status && report)
      describe_run(report, args, module, started_wall, started);
    if (!status && write_results(args, module, report, &error))
      status = 1;
  }
  if (status)
    fprintf(stderr, "ltofold: error: %s\n", error);
  free(error);
  ltofold_report_free(report);
  if (module)
    LLVMDisposeModule(module);
  LLVMContextDispose(context);
  return status ? LTOFOLD_EXIT_ERROR : LTOFOLD_EXIT_OK;
}

/* The command names its phase: `ltofold canon` runs canon even though the
 * pipeline leaves it off by default. */
static void enable_command_phase(cli_args *args) {
  switch ((ltofold_phase)args->command->phase) {
  case LTOFOLD_PHASE_FPRANGE:
    args->options.fprange = true;
    break;
  case LTOFOLD_PHASE_CANON:
    args->options.canon = true;
    break;
  default:
    break;
  }
}

int main(int argc, char **argv) {
  /* Help and version come first: nothing (not even a bad LTOFOLD_OPTIONS)
   * keeps a user from reading them. */
  if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    print_help(stdout);
    return ltofold_stdout_finish("ltofold", LTOFOLD_EXIT_ERROR);
  }
  if (argc > 1 && !strcmp(argv[1], "--version")) {
    print_version(stdout);
    return ltofold_stdout_finish("ltofold", LTOFOLD_EXIT_ERROR);
  }
  if (argc > 1 && !strcmp(argv[1], "diff"))
    return ltofold_cli_diff(argc - 1, argv + 1);
  if (argc > 1 && !strcmp(argv[1], "report"))
    return ltofold_cli_report(argc - 1, argv + 1);
  if (argc > 1 && !strcmp(argv[1], "demangle"))
    return ltofold_cli_demangle(argc - 1, argv + 1);
  if (argc > 1 && !strcmp(argv[1], "thin-backend"))
    return ltofold_cli_thin_backend(argc - 1, argv + 1);
  if (argc > 1 && !strcmp(argv[1], "thin-merge"))
    return ltofold_cli_thin_merge(argc - 1, argv + 1);
  if (argc > 1 && !strcmp(argv[1], "thin-summary"))
    return ltofold_cli_thin_summary(argc - 1, argv + 1);
  if (argc > 1 && !strcmp(argv[1], "thin-plan"))
    return ltofold_cli_thin_plan(argc - 1, argv + 1);
  if (argc > 1 && !strcmp(argv[1], "thin-fold"))
    return ltofold_cli_thin_fold(argc - 1, argv + 1);
  if (argc > 1 && !strcmp(argv[1], "thin-apply"))
    return ltofold_cli_thin_apply(argc - 1, argv + 1);
  if (argc > 1 && !strcmp(argv[1], "size-model"))
    return ltofold_cli_size_model(argc - 1, argv + 1);
  cli_args args = {0};
  ltofold_options_init(&args.options);
  char *error = NULL;
  int status = ltofold_options_from_environment(&args.options, &error)
                   ? usage_error(error)
                   : parse_command_line(argc, argv, &args);
  if (status == 0) {
    ltofold_output_handle_signals();
    enable_command_phase(&args);
    status = run(&args);
  } else if (status == HELP_PRINTED) {
    status = ltofold_stdout_finish("ltofold", LTOFOLD_EXIT_ERROR);
  }
  ltofold_options_free(&args.options);
  return status;
}
