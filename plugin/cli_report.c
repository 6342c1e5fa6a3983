/* `ltofold report SUBCOMMAND`: tools for the JSON reports ltofold writes
 * (docs/report.md), for release pipelines:
 *
 *   diff     what changed between two builds, with size budgets
 *            (cli_report_diff.c)
 *   trend    how code size and folds moved across a series of builds
 *            (cli_report_trend.c)
 *   html     one self-contained page to look at a report, two, or a series
 *            (cli_report_html.c)
 *   binary   bytes saved measured from a linked program, for the reports of
 *            lld and the other paths that see IR only (cli_report_binary.c)
 *   combine  the reports of one link's parts added up into one (here)
 *
 * This file dispatches and holds what they share: reading a report (with
 * cJSON, the library that writes them) and the usage. Exit status 2 is a
 * usage or file error everywhere; 1 is a budget exceeded (diff). */
#include "cli_report.h"
#include "cli_commands.h"

#include "messages.h"
#include "output_file.h"
#include "report.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Each subcommand: how it is called, what it does, its options. `ltofold
 * report SUBCOMMAND --help` prints its own; `ltofold report --help` every
 * one's. */
typedef struct report_command {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *usage;   /* the arguments after the name */
  const char *about;   /* a paragraph, starting with the name */
  const char *options; /* one line each, or NULL */
} report_command;

static const report_command report_commands[] = {
    {"diff", ltofold_cli_report_diff,
     "OLD.json NEW.json [--format=F] [budgets]",
     "diff compares two reports written by ltofold (--report, report=)\n"
     "and prints what changed: the totals, and the fold groups new, gone\n"
     "and changed, each by its kept function's readable name (demangled;\n"
     "with its parameters where two names would read alike). Exit status:\n"
     "0, or 1 when a budget is exceeded, 2 on an error.\n",
     "  --format=F             text (default), markdown, csv\n"
     "budgets (each printed with its verdict, in every format; exit status\n"
     "1 when one is exceeded):\n"
     "  --max-text-growth=N    code bytes (.text) may grow by at most N\n"
     "  --max-text-growth=P%   ... or by at most P percent\n"
     "  --max-loadable-growth=N, --max-loadable-growth=P%\n"
     "                         the same for loadable bytes (allocated\n"
     "                         sections with contents: .text, .rodata,\n"
     "                         .eh_frame...)\n"
     "  --max-fold-loss=N      at most N fewer functions folded\n"},
    {"trend", ltofold_cli_report_trend,
     "REPORT.json... [--label NAME]... [--format=F | --html -o OUT.html]",
     "trend prints code size (.text, loadable bytes), bytes saved and folds\n"
     "of a series of builds (reports in build order), each with its change\n"
     "from the one before.\n",
     "  --label NAME           what a build is called, one per report in\n"
     "                         order; without it, the report's build.label,\n"
     "                         else its build.output's base name, else its file\n"
     "  --format=F             text (default), markdown, csv\n"
     "  --html -o OUT.html     draw the trend on a page instead\n"},
    {"html", ltofold_cli_report_html,
     "REPORT.json... [--label NAME]... [budgets] -o OUT.html",
     "html writes one self-contained page (no network, no external files):\n"
     "one report: totals, fold groups by bytes saved, phase times, FP folds;\n"
     "two: their difference, with the budgets' verdicts; more: the trend.\n",
     "  --label NAME           what a build is called, as for trend\n"
     "  budgets                as for diff (two reports): their verdicts on\n"
     "                         the page\n"
     "  -o OUT.html            the page\n"},
    {"binary", ltofold_cli_report_binary,
     "REPORT.json --binary PROGRAM -o OUT.json",
     "binary measures bytes saved and code size from the program linked\n"
     "with the report (its symbol table), for reports written where no\n"
     "object was seen (lld, opt, ltofold merge). A function whose symbol\n"
     "is not in the program gets null, with the reason. A program the\n"
     "report's link did not write (another build ID, or one most of whose\n"
     "functions contradict the folds) is refused.\n",
     "  --binary PROGRAM       the program the report's link wrote\n"
     "  -o OUT.json            the measured report (REPORT.json itself too)\n"},
    {"combine", ltofold_cli_report_combine, "REPORT.json... -o OUT.json",
     "combine adds up reports of one link's parts (the ThinLTO backends\n"
     "of a distributed build: ltofold thin-backend) into one, as an\n"
     "in-process link writes it; exit status 0, or 2 on an error.\n",
     "  -o OUT.json            the combined report\n"},
};
enum {
  REPORT_COMMAND_COUNT = sizeof report_commands / sizeof *report_commands
};

static void print_usage(FILE *out) {
  for (size_t i = 0; i < REPORT_COMMAND_COUNT; ++i)
    fprintf(out, "%s ltofold report %s %s\n",
            i ? "      " : "usage:", report_commands[i].name,
            report_commands[i].usage);
  fprintf(out, "       ltofold report COMMAND --help   (one command's help)\n");
  for (size_t i = 0; i < REPORT_COMMAND_COUNT; ++i)
    fprintf(out, "\n%s", report_commands[i].about);
  for (size_t i = 0; i < REPORT_COMMAND_COUNT; ++i)
    fprintf(out, "\n%s options:\n%s", report_commands[i].name,
            report_commands[i].options);
}

static void print_command_help(FILE *out, const report_command *command) {
  fprintf(out, "usage: ltofold report %s %s\n\n%s\noptions:\n%s", command->name,
          command->usage, command->about, command->options);
}

int ltofold_cli_report_usage_error(const char *format, const char *detail) {
  fprintf(stderr, "ltofold: error: ");
  fprintf(stderr, format, detail);
  fprintf(stderr, " (see ltofold report --help)\n");
  return 2;
}

bool ltofold_cli_report_parse_format(const char *value, report_format *format) {
  static const struct {
    const char *name;
    report_format format;
  } formats[] = {{"text", REPORT_FORMAT_TEXT},
                 {"markdown", REPORT_FORMAT_MARKDOWN},
                 {"csv", REPORT_FORMAT_CSV}};
  for (size_t i = 0; i < sizeof formats / sizeof *formats; ++i)
    if (!strcmp(value, formats[i].name)) {
      *format = formats[i].format;
      return true;
    }
  return false;
}

/* Line and column (from 1) of `position` in `text`. */
static void line_and_column(const char *text, const char *position,
                            unsigned *line, unsigned *column) {
  *line = 1;
  *column = 1;
  for (const char *c = text; c < position; ++c) {
    if (*c == '\n') {
      ++*line;
      *column = 1;
    } else {
      ++*column;
    }
  }
}

void ltofold_cli_report_set_init(report_set *set, int argc) {
  set->paths = calloc((size_t)argc + 1, sizeof *set->paths);
  set->reports = calloc((size_t)argc + 1, sizeof *set->reports);
  set->labels = calloc((size_t)argc + 1, sizeof *set->labels);
  set->count = 0;
  set->label_count = 0;
  if (!set->paths || !set->reports || !set->labels)
    abort();
}

bool ltofold_cli_report_set_label_option(report_set *set, int argc, char **argv,
                                         int *i, int *status) {
  const char *arg = argv[*i], *label;
  if (!strncmp(arg, "--label=", 8))
    label = arg + 8;
  else if (!strcmp(arg, "--label"))
    label = *i + 1 < argc ? argv[++*i] : "";
  else
    return false;
  if (*label)
    set->labels[set->label_count++] = label;
  else
    *status = ltofold_cli_report_usage_error("%s", "--label needs a NAME");
  return true;
}

int ltofold_cli_report_set_read(report_set *set) {
  if (set->label_count > set->count) {
    char *detail = ltofold_format("%zu labels for %zu reports (one --label "
                                  "per report, in order)",
                                  set->label_count, set->count);
    ltofold_cli_report_usage_error("%s", detail);
    free(detail);
    return 2;
  }
  for (size_t i = 0; i < set->count; ++i) {
    if (!(set->reports[i] = ltofold_cli_report_read(set->paths[i])))
      return 2;
    if (i >= set->label_count)
      set->labels[i] =
          ltofold_cli_report_build_label(set->reports[i], set->paths[i]);
  }
  return 0;
}

void ltofold_cli_report_set_free(report_set *set) {
  for (size_t i = 0; i < set->count; ++i)
    cJSON_Delete(set->reports[i]);
  free(set->labels);
  free(set->reports);
  free(set->paths);
}

const char *ltofold_cli_report_build_label(const cJSON *report,
                                           const char *path) {
  const cJSON *build = cJSON_GetObjectItemCaseSensitive(report, "build");
  const char *label =
      cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(build, "label"));
  if (label && *label)
    return label;
  const char *output =
      cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(build, "output"));
  if (output && *output) {
    const char *slash = strrchr(output, '/');
    return slash && slash[1] ? slash + 1 : output;
  }
  return path;
}

cJSON *ltofold_cli_report_read(const char *path) {
  size_t size = 0;
  char *text = ltofold_read_file(path, &size);
  if (!text) {
    fprintf(stderr, "ltofold: error: %s: cannot read: %s\n", path,
            strerror(errno));
    return NULL;
  }
  const char *end = NULL;
  cJSON *root = cJSON_ParseWithLengthOpts(text, size, &end, false);
  if (!root) {
    unsigned line, column;
    line_and_column(text, end && end >= text && end <= text + size ? end : text,
                    &line, &column);
    if (size == 0)
      fprintf(stderr, "ltofold: error: %s: not an ltofold report: empty file\n",
              path);
    else
      fprintf(stderr,
              "ltofold: error: %s: not an ltofold report: not JSON (line %u, "
              "column %u)\n",
              path, line, column);
    free(text);
    return NULL;
  }
  free(text);
  const cJSON *tool = cJSON_GetObjectItemCaseSensitive(root, "tool");
  if (!cJSON_IsObject(root) || !cJSON_IsString(tool) ||
      strcmp(tool->valuestring, "ltofold")) {
    fprintf(stderr,
            "ltofold: error: %s: not an ltofold report: JSON without "
            "\"tool\": \"ltofold\"\n",
            path);
    cJSON_Delete(root);
    return NULL;
  }
  const cJSON *schema = cJSON_GetObjectItemCaseSensitive(root, "schema");
  if (cJSON_IsNumber(schema) && schema->valuedouble > 1) {
    fprintf(stderr,
            "ltofold: error: %s: a report of schema %.0f, from a newer ltofold "
            "(this one reads schema 1)\n",
            path, schema->valuedouble);
    cJSON_Delete(root);
    return NULL;
  }
  /* A link where ltofold did not run still writes the report it was asked
   * for, saying so, so that no earlier build's numbers pass for its own:
   * none of them is a measurement. */
  const char *not_run = ltofold_report_not_run(root);
  if (not_run) {
    fprintf(stderr,
            "ltofold: error: %s: ltofold did not run in the build that wrote "
            "this report: %s\n",
            path, not_run);
    cJSON_Delete(root);
    return NULL;
  }
  /* What report combine adds up by name (the schema's phase). */
  const cJSON *phases = cJSON_GetObjectItemCaseSensitive(root, "phases");
  const cJSON *phase;
  unsigned index = 0;
  cJSON_ArrayForEach(phase, phases) {
    if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(phase, "name")) ||
        !cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(phase, "seconds"))) {
      fprintf(stderr,
              "ltofold: error: %s: not an ltofold report: \"phases\" entry %u "
              "is not {\"name\": text, \"seconds\": number}\n",
              path, index);
      cJSON_Delete(root);
      return NULL;
    }
    ++index;
  }
  return root;
}

double ltofold_cli_report_number(const cJSON *root, const char *first,
                                 const char *second) {
  const cJSON *item = cJSON_GetObjectItemCaseSensitive(root, first);
  if (second)
    item = item ? cJSON_GetObjectItemCaseSensitive(item, second) : NULL;
  return cJSON_IsNumber(item) ? item->valuedouble : NAN;
}

/* Markdown inline code for any text: a fence longer than any run of
 * backticks in it, and '|' escaped, which GitHub tables need even inside
 * code. */
void ltofold_cli_report_markdown_code(FILE *out, const char *text) {
  size_t longest = 0, run = 0;
  for (const char *c = text; *c; ++c) {
    run = *c == '`' ? run + 1 : 0;
    if (run > longest)
      longest = run;
  }
  bool pad = *text == '`' || (*text && text[strlen(text) - 1] == '`');
  for (size_t i = 0; i <= longest; ++i)
    fputc('`', out);
  if (pad)
    fputc(' ', out);
  for (const char *c = text; *c; ++c) {
    if (*c == '|')
      fputc('\\', out);
    fputc(*c == '\n' ? ' ' : *c, out);
  }
  if (pad)
    fputc(' ', out);
  for (size_t i = 0; i <= longest; ++i)
    fputc('`', out);
}

/* A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line
 * break, quotes doubled. */
void ltofold_cli_report_csv_field(FILE *out, const char *text) {
  if (!strpbrk(text, ",\"\r\n")) {
    fputs(text, out);
    return;
  }
  fputc('"', out);
  for (const char *c = text; *c; ++c) {
    if (*c == '"')
      fputc('"', out);
    fputc(*c, out);
  }
  fputc('"', out);
}

/* ltofold report combine REPORT.json... -o OUT.json */
int ltofold_cli_report_combine(int argc, char **argv) {
  const char *out = NULL;
  ltofold_report **reports = calloc((size_t)argc + 1, sizeof *reports);
  if (!reports)
    abort();
  size_t count = 0;
  int status = 0;
  for (int i = 1; i < argc && !status; ++i) {
    if (!strcmp(argv[i], "-o") && i + 1 < argc) {
      out = argv[++i];
    } else if (argv[i][0] == '-' && argv[i][1]) {
      status = ltofold_cli_report_usage_error("unknown option '%s'", argv[i]);
    } else {
      cJSON *root = ltofold_cli_report_read(argv[i]);
      if (root)
        reports[count++] = ltofold_report_from_json(root);
      else
        status = 2;
    }
  }
  if (!status && (!out || !count))
    status = ltofold_cli_report_usage_error(
        "%s", "report combine needs reports and -o OUT.json");
  if (!status) {
    ltofold_report *combined = ltofold_report_combine(reports, count);
    char *error = NULL;
    if (ltofold_report_write(combined, out, &error)) {
      fprintf(stderr, "ltofold: error: %s\n", error);
      free(error);
      status = 2;
    }
    ltofold_report_free(combined);
  }
  for (size_t i = 0; i < count; ++i)
    ltofold_report_free(reports[i]);
  free(reports);
  return status;
}

int ltofold_cli_report(int argc, char **argv) {
  if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    print_usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  const report_command *command = NULL;
  for (size_t i = 0; i < REPORT_COMMAND_COUNT; ++i)
    if (!strcmp(argv[1], report_commands[i].name))
      command = &report_commands[i];
  if (!command)
    return ltofold_cli_report_usage_error("unknown report command '%s'",
                                          argv[1]);
  int status = -1;
  for (int i = 2; i < argc && status < 0; ++i)
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      print_command_help(stdout, command);
      status = 0;
    }
  if (status < 0)
    status = command->run(argc - 1, argv + 1);
  /* what it printed (a PR comment, a table, help) must have been written */
  int unwritten = ltofold_stdout_finish("ltofold", 2);
  return unwritten ? unwritten : status;
}
