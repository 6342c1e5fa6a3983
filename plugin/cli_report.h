/* What the `ltofold report` subcommands share (cli_report*.c): reading a
 * report, numbers in it, the table formats, and the comparisons each
 * subcommand prints and `report html` draws.
 *
 * A comparison (diff, trend) is built once as JSON (a "model", made with
 * cJSON like the reports) and then written as text, Markdown or CSV, or
 * embedded in the HTML page: every format shows the same numbers. */
#ifndef LTOFOLD_CLI_REPORT_H
#define LTOFOLD_CLI_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct cJSON;

/* How a comparison is printed: aligned text for logs (the default),
 * Markdown for CI comments, CSV for spreadsheets and scripts. */
typedef enum report_format {
  REPORT_FORMAT_TEXT,
  REPORT_FORMAT_MARKDOWN,
  REPORT_FORMAT_CSV,
} report_format;

/* Parses the value of --format= ("text", "markdown", "csv"). */
bool ltofold_cli_report_parse_format(const char *value, report_format *format);

/* Reads the report at `path`, or says why not on stderr (naming the file:
 * missing, unreadable, not JSON, not an ltofold report) and returns NULL. */
struct cJSON *ltofold_cli_report_read(const char *path);

/* The reports a command names, in order: `paths` and `labels` have room
 * for every argument, `reports` is filled by ltofold_cli_report_set_read. */
typedef struct report_set {
  const char **paths;
  struct cJSON **reports;
  /* What each build is called: the --label given for it (the first label
   * names the first report, and so on), else, once read, its report's
   * name for it (ltofold_cli_report_build_label). Borrowed from argv or
   * the reports. */
  const char **labels;
  size_t count;
  size_t label_count; /* --label options given */
} report_set;
void ltofold_cli_report_set_init(report_set *set, int argc);
/* Takes `--label NAME` or `--label=NAME` at argv[*i], moving *i to its
 * last argument: true when argv[*i] was one (*status 2 after a usage error:
 * no NAME). */
bool ltofold_cli_report_set_label_option(report_set *set, int argc, char **argv,
                                         int *i, int *status);
/* Reads every path and names every build: 0, or 2 when one could not be
 * read or more labels than reports were given (said on stderr). */
int ltofold_cli_report_set_read(report_set *set);
void ltofold_cli_report_set_free(report_set *set);

/* The name a build goes by when no --label names it: the report's
 * build.label, else the base name of its build.output (the program it
 * describes), else `path`, the report's file. Every member is optional:
 * reports written before "build" existed have none. Borrowed from the
 * report or `path`. */
const char *ltofold_cli_report_build_label(const struct cJSON *report,
                                           const char *path);

/* A number at a path of keys (second may be NULL), or NAN when absent or
 * null. */
double ltofold_cli_report_number(const struct cJSON *root, const char *first,
                                 const char *second);

/* Prints "ltofold: error: " + format (one %s: detail) and a pointer to
 * --help; returns 2, the status of a usage error. */
int ltofold_cli_report_usage_error(const char *format, const char *detail);

/* `text` as Markdown inline code that nothing in it can end or break (a
 * table cell included). */
void ltofold_cli_report_markdown_code(FILE *out, const char *text);
/* `text` as one CSV field (RFC 4180). */
void ltofold_cli_report_csv_field(FILE *out, const char *text);

/* The difference of two reports (cli_report_diff.c): totals old and new,
 * fold groups new, gone and changed, notes, and budgets checked. */
typedef struct growth_budget {
  bool set;
  double limit; /* bytes, or percent of the old size */
  bool percent;
} growth_budget;

typedef struct report_budgets {
  growth_budget text_growth;     /* --max-text-growth */
  growth_budget loadable_growth; /* --max-loadable-growth */
  bool fold_loss_set;
  double fold_loss; /* --max-fold-loss: functions */
} report_budgets;

struct cJSON *ltofold_cli_report_diff_model(const char *old_path,
                                            const struct cJSON *old_report,
                                            const char *new_path,
                                            const struct cJSON *new_report,
                                            const report_budgets *budgets);
/* Takes a budget option (--max-text-growth=, --max-loadable-growth=,
 * --max-fold-loss=) into
 * `budgets`: 0, -1 when `arg` is none, 2 after a usage error (said). */
int ltofold_cli_report_budget_option(const char *arg, report_budgets *budgets);
/* Whether every budget in a diff model holds. */
bool ltofold_cli_report_budgets_hold(const struct cJSON *model);
void ltofold_cli_report_print_diff(FILE *out, const struct cJSON *model,
                                   report_format format);

/* A series of builds (cli_report_trend.c): per report, its label, file,
 * code size, bytes saved, folds. */
struct cJSON *ltofold_cli_report_trend_model(const report_set *set);
void ltofold_cli_report_print_trend(FILE *out, const struct cJSON *model,
                                    report_format format);

/* Writes the HTML page (cli_report_html.c) to `out_path`: `mode` is
 * "report", "diff" or "trend", `set` the reports read and named; `model`
 * (may be NULL) is the comparison. Takes nothing over. Returns the exit
 * status: 0, or 2 after an error message on stderr. */
int ltofold_cli_report_write_page(const char *out_path, const char *mode,
                                  const report_set *set,
                                  const struct cJSON *model);

/* The subcommands; argv[0] is the subcommand's name. */
int ltofold_cli_report_diff(int argc, char **argv);
int ltofold_cli_report_combine(int argc, char **argv);
int ltofold_cli_report_binary(int argc, char **argv);
int ltofold_cli_report_trend(int argc, char **argv);
int ltofold_cli_report_html(int argc, char **argv);

#endif
