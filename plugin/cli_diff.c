/* `ltofold diff A B`: the semantic difference between two modules.
 *
 * Steps: read both modules (bitcode or text IR, each in its own context so
 * that type names do not clash), canonicalize both (canon/), verify, print
 * them as text without the "; ModuleID" line and with an empty
 * source_filename (for text IR both default to the file's path, which is not
 * the module's content), write the two texts to temporary files and let the
 * system's `diff -u` show the difference, labelled with the input names. As the
 * llvm-canon authors meant: canonicalize each module on its own, and leave
 * the diffing to an existing diff tool.
 *
 * Exit status, like diff(1): 0 when the canonical forms are equal, 1 when
 * they differ, 2 on any error (unreadable input, invalid IR, no diff tool),
 * with one line on stderr naming the file and the cause. */
#include "cli_commands.h"
#include "ir_reader.h"
#include "ltofold_canon.h"
#include "messages.h"

#include <errno.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

typedef struct diff_args {
  const char *inputs[2];
  const char *context_lines; /* -U N, passed on to diff */
  ltofold_canon_options canon;
} diff_args;

static void print_diff_help(FILE *out) {
  fprintf(
      out,
      "usage: ltofold diff A B [-U N] [--no-reorder] [--no-rename]\n"
      "                        [--no-sort-operands]\n\n"
      "Canonicalizes the modules A and B (LLVM bitcode or text IR) as\n"
      "`ltofold canon` does and shows `diff -u` of the results: what is\n"
      "left is what differs in meaning, not in instruction order, value\n"
      "or block names, operand order or block layout.\n\n"
      "options:\n"
      "  -U N                lines of context (default: diff's, 3)\n"
      "  --no-reorder        keep instruction and block order\n"
      "  --no-rename         keep value and block names\n"
      "  --no-sort-operands  keep commutative operand and PHI edge order\n\n"
      "exit status: 0 equal, 1 different, 2 error\n");
}

static int diff_usage_error(char *message) {
  fprintf(stderr, "ltofold diff: error: %s\n", message);
  free(message);
  return 2;
}

/* Returns 0 to run, 2 on error, -1 when help was printed. */
static int parse_diff_args(int argc, char **argv, diff_args *args) {
  size_t inputs = 0;
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      print_diff_help(stdout);
      return -1;
    } else if (!strcmp(arg, "-U")) {
      if (++i == argc)
        return diff_usage_error(ltofold_format("option '-U' needs a number"));
      args->context_lines = argv[i];
      if (strspn(args->context_lines, "0123456789") !=
              strlen(args->context_lines) ||
          !*args->context_lines)
        return diff_usage_error(ltofold_format(
            "option '-U' needs a number, not '%s'", args->context_lines));
    } else if (!strcmp(arg, "--no-reorder")) {
      args->canon.reorder = false;
    } else if (!strcmp(arg, "--no-rename")) {
      args->canon.rename = false;
    } else if (!strcmp(arg, "--no-sort-operands")) {
      args->canon.sort_operands = false;
    } else if (arg[0] == '-' && arg[1]) {
      return diff_usage_error(
          ltofold_format("unknown option '%s' (see ltofold diff --help)", arg));
    } else if (inputs == 2) {
      return diff_usage_error(
          ltofold_format("more than two inputs ('%s')", arg));
    } else {
      args->inputs[inputs++] = arg;
    }
  }
  if (inputs != 2)
    return diff_usage_error(
        ltofold_format("needs two modules (see ltofold diff --help)"));
  return 0;
}

/* Reads, canonicalizes and prints one module. Returns the text (caller
 * frees with LLVMDisposeMessage) or NULL with *error set. */
static char *canonical_text(const char *path,
                            const ltofold_canon_options *options,
                            char **error) {
  LLVMContextRef context = LLVMContextCreate();
  LLVMModuleRef module = ltofold_read_module(context, path, error);
  char *message = NULL;
  char *text = NULL;
  if (module) {
    ltofold_canon_result result = {0};
    ltofold_canon_module(module, options, &result);
    if (LLVMVerifyModule(module, LLVMReturnStatusAction, &message)) {
      char *newline = strchr(message, '\n');
      if (newline)
        *newline = '\0';
      *error = ltofold_format(
          "%s: canonical form does not verify (please report): %s", path,
          message);
    } else {
      LLVMSetModuleIdentifier(module, "", 0);
      LLVMSetSourceFileName(module, "", 0);
      text = LLVMPrintModuleToString(module);
    }
  }
  LLVMDisposeMessage(message);
  if (module)
    LLVMDisposeModule(module);
  LLVMContextDispose(context);
  return text;
}

/* Drops the "; ModuleID = ..." first line. */
static const char *without_module_id(const char *text) {
  if (strncmp(text, "; ModuleID = ", 13))
    return text;
  const char *newline = strchr(text, '\n');
  return newline ? newline + 1 : text + strlen(text);
}

/* Writes `text` to a new temporary file; returns its malloc'd path or NULL
 * with *error set. */
static char *write_temporary(const char *text, char **error) {
  const char *directory = getenv("TMPDIR");
  char *path = ltofold_format("%s/ltofold-diff-XXXXXX",
                              directory && *directory ? directory : "/tmp");
  int fd = mkstemp(path);
  if (fd < 0) {
    *error = ltofold_format("%s: cannot create: %s", path, strerror(errno));
    free(path);
    return NULL;
  }
  size_t length = strlen(text), written = 0;
  while (written < length) {
    ssize_t n = write(fd, text + written, length - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      *error = ltofold_format("%s: cannot write: %s", path, strerror(errno));
      close(fd);
      unlink(path);
      free(path);
      return NULL;
    }
    written += (size_t)n;
  }
  close(fd);
  return path;
}

/* Runs diff -u on the two files; returns its exit status (0, 1) or 2. */
static int run_diff(const diff_args *args, char *const files[2], char **error) {
  char unified[32] = "-u";
  if (args->context_lines)
    snprintf(unified, sizeof unified, "-U%s", args->context_lines);
  char *argv[] = {"diff",    unified,
                  "--label", (char *)args->inputs[0],
                  "--label", (char *)args->inputs[1],
                  files[0],  files[1],
                  NULL};
  fflush(stdout);
  pid_t pid;
  int spawned = posix_spawnp(&pid, "diff", NULL, NULL, argv, environ);
  if (spawned) {
    *error = ltofold_format("cannot run diff: %s", strerror(spawned));
    return 2;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      *error = ltofold_format("waiting for diff: %s", strerror(errno));
      return 2;
    }
  }
  /* A reader that stopped early (`ltofold diff A B | head`): different. */
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE)
    return 1;
  if (!WIFEXITED(status) || WEXITSTATUS(status) > 1) {
    *error = ltofold_format("diff failed (status %d)",
                            WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return 2;
  }
  return WEXITSTATUS(status);
}

int ltofold_cli_diff(int argc, char **argv) {
  diff_args args = {.inputs = {NULL, NULL}, .context_lines = NULL};
  ltofold_canon_options_default(&args.canon);
  int status = parse_diff_args(argc, argv, &args);
  if (status)
    return status < 0 ? 0 : status;

  char *error = NULL;
  char *texts[2] = {NULL, NULL};
  char *files[2] = {NULL, NULL};
  status = 0;
  for (int i = 0; i < 2 && !status; ++i) {
    texts[i] = canonical_text(args.inputs[i], &args.canon, &error);
    if (!texts[i])
      status = 2;
  }
  for (int i = 0; i < 2 && !status; ++i) {
    files[i] = write_temporary(without_module_id(texts[i]), &error);
    if (!files[i])
      status = 2;
  }
  if (!status)
    status = run_diff(&args, files, &error);
  for (int i = 0; i < 2; ++i) {
    if (files[i])
      unlink(files[i]);
    free(files[i]);
    LLVMDisposeMessage(texts[i]);
  }
  if (error)
    fprintf(stderr, "ltofold diff: error: %s\n", error);
  free(error);
  return status;
}
