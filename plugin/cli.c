/* `ltofold`: the passes on one module, from the command line.
 *
 *   ltofold merge|fprange|canon IN.{ll,bc} -o OUT.bc [-S] [--report FILE] ...
 *   ltofold fprange --print IN
 *   ltofold diff A B             (cli_diff.c)
 *   ltofold report diff OLD NEW  (cli_report.c)
 *
 * Steps: parse the command line, read the module (bitcode or text IR), run
 * the phase, verify, write the output through a temporary file and a rename
 * (so an error never leaves half a file), write the report. Every error is
 * one line on stderr naming the file and the cause, and exit status 1. */
#include "cli_commands.h"
#include "ir_reader.h"
#include "ltofold_fprange.h"
#include "messages.h"
#include "options.h"
#include "pipeline.h"
#include "report.h"
#include "version.h"

#include <errno.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm/Config/llvm-config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct command {
  const char *name;
  const char *summary;
  int phase; /* an ltofold_phase, or -1 when not available in this build */
} command;

static const command commands[] = {
    {"merge", "fold functions equal at the IR level", LTOFOLD_PHASE_MERGE},
    {"fprange", "fold FP compares, branches and instructions decided by value "
                "ranges (--print: show the ranges)", LTOFOLD_PHASE_FPRANGE},
    {"canon", "canonicalize IR so equal code reads equal", LTOFOLD_PHASE_CANON},
};

typedef struct cli_args {
  const command *command;
  const char *input;
  const char *output;
  bool text_output; /* -S */
  bool print_ranges; /* fprange --print */
  ltofold_options options;
} cli_args;

static void print_help(FILE *out) {
  fprintf(out,
          "usage: ltofold COMMAND INPUT -o OUTPUT [options]\n"
          "       ltofold --help | --version\n\n"
          "Link-time deduplication for LLVM IR. INPUT is LLVM bitcode (.bc)\n"
          "or text IR (.ll); OUTPUT is bitcode, or text IR with -S.\n\n"
          "commands:\n");
  for (size_t i = 0; i < sizeof commands / sizeof *commands; ++i)
    fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf(out, "  %-10s %s\n", "diff",
          "canonicalize two modules and show their difference (diff --help)");
  fprintf(out, "  %-10s %s\n", "report",
          "compare two JSON reports, with size budgets (report --help)");
  fprintf(out, "\noptions:\n"
               "  -o FILE              output file ('-' for stdout)\n"
               "  -S                   write text IR instead of bitcode\n");
  for (size_t i = 0; i < ltofold_option_count; ++i) {
    const ltofold_option_info *info = &ltofold_option_table[i];
    char left[64];
    if (info->kind == LTOFOLD_OPTION_FLAG)
      snprintf(left, sizeof left, "--%s[=false]", info->key);
    else
      snprintf(left, sizeof left, "--%s %s", info->key, info->value_name);
    fprintf(out, "  %-20s %s\n", left, info->help);
  }
  fprintf(out,
          "\nThe same options reach the linker plugins as\n"
          "  gold, bfd, mold:  -plugin-opt=KEY[=VALUE]\n"
          "  opt:              -ltofold-KEY[=VALUE]\n"
          "  lld:              LTOFOLD_OPTIONS=\"KEY[=VALUE],...\", or\n"
          "                    -mllvm -ltofold-KEY[=VALUE] with the plugin in "
          "LD_PRELOAD\n");
}

static int usage_error(char *message) {
  fprintf(stderr, "ltofold: error: %s\n", message);
  free(message);
  return 1;
}

/* Fills *args from argv. Returns 0 to run, 1 on error, 2 when help or the
 * version was printed. */
static int parse_command_line(int argc, char **argv, cli_args *args) {
  if (argc < 2)
    return usage_error(ltofold_format("no command given (see ltofold --help)"));
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    print_help(stdout);
    return 2;
  }
  if (!strcmp(argv[1], "--version")) {
    printf("ltofold %s (LLVM %d)\n", LTOFOLD_VERSION, LLVM_VERSION_MAJOR);
    return 2;
  }
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
      print_help(stdout);
      return 2;
    } else if (!strcmp(arg, "-o")) {
      if (++i == argc)
        return usage_error(ltofold_format("option '-o' needs a file name"));
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
      if (info && info->kind != LTOFOLD_OPTION_FLAG && !equals) {
        if (++i == argc)
          return usage_error(ltofold_format("option '--%s' needs a value (%s)",
                                            info->key, info->value_name));
        if (ltofold_options_set(&args->options, info->key, argv[i], &error))
          return usage_error(error);
      } else if (!info) {
        return usage_error(ltofold_format(
            "unknown option '--%.*s' (see ltofold --help)", (int)key_length, key));
      } else if (ltofold_options_parse_pair(&args->options, key, &error)) {
        return usage_error(error);
      }
    } else if (arg[0] == '-' && arg[1]) {
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

static int write_module(LLVMModuleRef module, const char *path, bool text,
                        char **error) {
  if (!strcmp(path, "-")) {
    if (text) {
      char *ir = LLVMPrintModuleToString(module);
      fputs(ir, stdout);
      LLVMDisposeMessage(ir);
      return fflush(stdout) == 0 ? 0 : -1;
    }
    return LLVMWriteBitcodeToFD(module, STDOUT_FILENO, 0, 0) ? -1 : 0;
  }
  char *temporary = ltofold_format("%s.tmp.%ld", path, (long)getpid());
  int status = 0;
  char *message = NULL;
  if (text ? LLVMPrintModuleToFile(module, temporary, &message) != 0
           : LLVMWriteBitcodeToFile(module, temporary) != 0) {
    *error = ltofold_format("%s: cannot write: %s", path,
                            message ? message : strerror(errno));
    status = -1;
  } else if (rename(temporary, path) != 0) {
    *error = ltofold_format("%s: cannot write: %s", path, strerror(errno));
    status = -1;
  }
  if (status)
    unlink(temporary);
  LLVMDisposeMessage(message);
  free(temporary);
  return status;
}

static int run(cli_args *args) {
  LLVMContextRef context = LLVMContextCreate();
  char *error = NULL;
  ltofold_report *report = args->options.report_path ? ltofold_report_new() : NULL;
  LLVMModuleRef module = ltofold_read_module(context, args->input, &error);
  int status = module ? 0 : 1;
  if (module && report)
    ltofold_report_add_input(report, args->input);
  if (!status && args->print_ranges) {
    ltofold_fprange_print(module, stdout);
    ltofold_report_free(report);
    LLVMDisposeModule(module);
    LLVMContextDispose(context);
    return 0;
  }
  if (!status && ltofold_run_phase(module, (ltofold_phase)args->command->phase,
                                   &args->options, report, &error))
    status = 1;
  if (!status) {
    char *message = NULL;
    if (LLVMVerifyModule(module, LLVMReturnStatusAction, &message)) {
      error = ltofold_format("%s: result does not verify (please report): %s",
                             args->input, message);
      status = 1;
    }
    LLVMDisposeMessage(message);
  }
  /* The report first: if it cannot be written, no output is either; if the
   * output then fails, the report goes too. */
  if (!status && report &&
      ltofold_report_write(report, args->options.report_path, &error))
    status = 1;
  if (!status && write_module(module, args->output, args->text_output, &error)) {
    status = 1;
    if (report)
      unlink(args->options.report_path);
  }
  if (status)
    fprintf(stderr, "ltofold: error: %s\n", error);
  free(error);
  ltofold_report_free(report);
  if (module)
    LLVMDisposeModule(module);
  LLVMContextDispose(context);
  return status;
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
  if (argc > 1 && !strcmp(argv[1], "diff"))
    return ltofold_cli_diff(argc - 1, argv + 1);
  if (argc > 1 && !strcmp(argv[1], "report"))
    return ltofold_cli_report(argc - 1, argv + 1);
  cli_args args = {0};
  ltofold_options_init(&args.options);
  int status = parse_command_line(argc, argv, &args);
  if (status == 0) {
    enable_command_phase(&args);
    status = run(&args);
  } else if (status == 2) {
    status = 0;
  }
  ltofold_options_free(&args.options);
  return status;
}
