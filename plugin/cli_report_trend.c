/* `ltofold report trend A.json B.json C.json ...`: how code size
 * (.text and loadable bytes), bytes saved and folds moved across a series
 * of builds, given in build order.
 *
 * The model (cJSON) has one entry per build with its label (--label, or
 * the report's own name for the build: ltofold_cli_report_build_label),
 * its file and its numbers; every format names builds by label and prints
 * each number with its change from the build before, and the text ends
 * with the change from the first build to the last. `--html` draws the
 * same model as a plot (cli_report_html.c). */
#include "cli_commands.h"
#include "cli_report.h"

#include "messages.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The numbers followed: key in the model and CSV, label, where in a
 * report. */
static const struct {
  const char *key, *label, *first, *second;
} metrics[] = {
    {"text_bytes", "text bytes", "object", "text_bytes"},
    {"loadable_bytes", "loadable bytes", "object", "loadable_bytes"},
    {"bytes_saved", "bytes saved", "totals", "bytes_saved"},
    {"functions_folded", "functions folded", "totals", "functions_folded"},
    {"fp_folds", "FP folds", "totals", "fp_folds"},
};
enum { METRIC_COUNT = sizeof metrics / sizeof *metrics };

cJSON *ltofold_cli_report_trend_model(const report_set *set) {
  cJSON *model = cJSON_CreateObject();
  cJSON *labels = cJSON_AddArrayToObject(model, "metrics");
  for (size_t m = 0; m < METRIC_COUNT; ++m) {
    cJSON *metric = cJSON_CreateObject();
    cJSON_AddStringToObject(metric, "key", metrics[m].key);
    cJSON_AddStringToObject(metric, "label", metrics[m].label);
    cJSON_AddItemToArray(labels, metric);
  }
  cJSON *builds = cJSON_AddArrayToObject(model, "builds");
  const char *first_measured = NULL;
  bool mixed = false;
  for (size_t i = 0; i < set->count; ++i) {
    cJSON *build = cJSON_CreateObject();
    cJSON_AddStringToObject(build, "label", set->labels[i]);
    cJSON_AddStringToObject(build, "path", set->paths[i]);
    for (size_t m = 0; m < METRIC_COUNT; ++m) {
      double value = ltofold_cli_report_number(
          set->reports[i], metrics[m].first, metrics[m].second);
      cJSON_AddItemToObject(build, metrics[m].key,
                            isnan(value) ? cJSON_CreateNull()
                                         : cJSON_CreateNumber(value));
    }
    const cJSON *object =
        cJSON_GetObjectItemCaseSensitive(set->reports[i], "object");
    const char *measured = cJSON_GetStringValue(
        cJSON_GetObjectItemCaseSensitive(object, "measured"));
    if (object && !measured)
      measured = "generated-object"; /* reports from before "measured" */
    if (measured) {
      cJSON_AddStringToObject(build, "measured", measured);
      if (!first_measured)
        first_measured = measured;
      mixed |= strcmp(first_measured, measured) != 0;
    } else {
      cJSON_AddNullToObject(build, "measured");
    }
    cJSON_AddItemToArray(builds, build);
  }
  cJSON *notes = cJSON_AddArrayToObject(model, "notes");
  if (mixed)
    cJSON_AddItemToArray(
        notes, cJSON_CreateString("code sizes are not comparable across "
                                  "these builds: some measured a "
                                  "generated-object, some a linked-binary"));
  return model;
}

static double build_number(const cJSON *build, const char *key) {
  const cJSON *item = cJSON_GetObjectItemCaseSensitive(build, key);
  return cJSON_IsNumber(item) ? item->valuedouble : NAN;
}

/* "VALUE" for the first build, "VALUE (+CHANGE)" after; "-" when unknown. */
static void format_cell(char *buffer, size_t size, double value, double before,
                        bool first) {
  if (isnan(value))
    snprintf(buffer, size, "-");
  else if (first || isnan(before) || value == before)
    snprintf(buffer, size, "%.0f", value);
  else
    snprintf(buffer, size, "%.0f (%+.0f)", value, value - before);
}

static void print_change_summary(FILE *out, const cJSON *builds) {
  const cJSON *first = cJSON_GetArrayItem(builds, 0);
  const cJSON *last =
      cJSON_GetArrayItem(builds, cJSON_GetArraySize(builds) - 1);
  fprintf(out, "\nfirst to last:");
  for (size_t m = 0; m < METRIC_COUNT; ++m) {
    double a = build_number(first, metrics[m].key),
           b = build_number(last, metrics[m].key);
    fprintf(out, "%s %s ", m ? "," : "", metrics[m].label);
    if (isnan(a) || isnan(b))
      fprintf(out, "-");
    else if (a != 0)
      fprintf(out, "%+.0f (%+.1f%%)", b - a, 100.0 * (b - a) / a);
    else
      fprintf(out, "%+.0f", b - a);
  }
  fprintf(out, "\n");
}

/* Text and Markdown: a row per build, a column per metric. */
static void print_table(FILE *out, const cJSON *model, bool markdown) {
  const cJSON *builds = cJSON_GetObjectItemCaseSensitive(model, "builds");
  int count = cJSON_GetArraySize(builds);
  /* Every cell first, to size the text columns. */
  char(*cells)[METRIC_COUNT][48] = calloc((size_t)count + 1, sizeof *cells);
  if (!cells)
    abort();
  size_t width[METRIC_COUNT + 1] = {5};
  for (size_t m = 0; m < METRIC_COUNT; ++m)
    width[m + 1] = strlen(metrics[m].label);
  const cJSON *build, *previous = NULL;
  int row = 0;
  cJSON_ArrayForEach(build, builds) {
    const char *label =
        cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(build, "label"));
    if (strlen(label) > width[0])
      width[0] = strlen(label);
    for (size_t m = 0; m < METRIC_COUNT; ++m) {
      format_cell(cells[row][m], sizeof cells[row][m],
                  build_number(build, metrics[m].key),
                  previous ? build_number(previous, metrics[m].key) : NAN,
                  !previous);
      if (strlen(cells[row][m]) > width[m + 1])
        width[m + 1] = strlen(cells[row][m]);
    }
    previous = build;
    ++row;
  }
  if (markdown) {
    fprintf(out, "### ltofold report trend: %d %s\n\n| build |", count,
            ltofold_plural(count, "build", "builds"));
    for (size_t m = 0; m < METRIC_COUNT; ++m)
      fprintf(out, " %s |", metrics[m].label);
    fprintf(out, "\n|:--|");
    for (size_t m = 0; m < METRIC_COUNT; ++m)
      fprintf(out, "--:|");
    fprintf(out, "\n");
  } else {
    fprintf(out, "ltofold report trend: %d %s\n\n  %-*s", count,
            ltofold_plural(count, "build", "builds"), (int)width[0], "build");
    for (size_t m = 0; m < METRIC_COUNT; ++m)
      fprintf(out, "  %*s", (int)width[m + 1], metrics[m].label);
    fprintf(out, "\n");
  }
  row = 0;
  cJSON_ArrayForEach(build, builds) {
    const char *label =
        cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(build, "label"));
    if (markdown) {
      fputs("| ", out);
      ltofold_cli_report_markdown_code(out, label);
      fputs(" |", out);
      for (size_t m = 0; m < METRIC_COUNT; ++m)
        fprintf(out, " %s |", cells[row][m]);
    } else {
      fprintf(out, "  %-*s", (int)width[0], label);
      for (size_t m = 0; m < METRIC_COUNT; ++m)
        fprintf(out, "  %*s", (int)width[m + 1], cells[row][m]);
    }
    fprintf(out, "\n");
    ++row;
  }
  free(cells);
  if (count > 1)
    print_change_summary(out, builds);
  const cJSON *note;
  cJSON_ArrayForEach(note, cJSON_GetObjectItemCaseSensitive(model, "notes"))
      fprintf(out, markdown ? "\n> Note: %s\n" : "\nnote: %s\n",
              cJSON_GetStringValue(note));
}

/* CSV: build, then per metric its value and its change from the build
 * before (empty for the first, or when unknown). */
static void print_csv(FILE *out, const cJSON *model) {
  fprintf(out, "build");
  for (size_t m = 0; m < METRIC_COUNT; ++m)
    fprintf(out, ",%s,%s_change", metrics[m].key, metrics[m].key);
  fprintf(out, "\n");
  const cJSON *build, *previous = NULL;
  cJSON_ArrayForEach(build, cJSON_GetObjectItemCaseSensitive(model, "builds")) {
    const char *label =
        cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(build, "label"));
    ltofold_cli_report_csv_field(out, label);
    for (size_t m = 0; m < METRIC_COUNT; ++m) {
      double value = build_number(build, metrics[m].key);
      double before = previous ? build_number(previous, metrics[m].key) : NAN;
      fputc(',', out);
      if (!isnan(value))
        fprintf(out, "%.0f", value);
      fputc(',', out);
      if (!isnan(value) && !isnan(before))
        fprintf(out, "%.0f", value - before);
    }
    fprintf(out, "\n");
    previous = build;
  }
}

void ltofold_cli_report_print_trend(FILE *out, const cJSON *model,
                                    report_format format) {
  if (format == REPORT_FORMAT_CSV)
    print_csv(out, model);
  else
    print_table(out, model, format == REPORT_FORMAT_MARKDOWN);
}

/* ltofold report trend REPORT.json... [--label NAME]...
 *                      [--format=F | --html -o OUT.html] */
int ltofold_cli_report_trend(int argc, char **argv) {
  report_format format = REPORT_FORMAT_TEXT;
  bool html = false;
  const char *out = NULL;
  report_set set;
  ltofold_cli_report_set_init(&set, argc);
  int status = 0;
  for (int i = 1; i < argc && !status; ++i) {
    const char *arg = argv[i];
    if (!strncmp(arg, "--format=", 9)) {
      if (!ltofold_cli_report_parse_format(arg + 9, &format))
        status = ltofold_cli_report_usage_error(
            "'%s': the format is text, markdown or csv", arg);
    } else if (!strcmp(arg, "--html")) {
      html = true;
    } else if (!strcmp(arg, "-o") && i + 1 < argc) {
      out = argv[++i];
    } else if (ltofold_cli_report_set_label_option(&set, argc, argv, &i,
                                                   &status)) {
      continue;
    } else if (arg[0] == '-' && arg[1]) {
      status = ltofold_cli_report_usage_error("unknown option '%s'", arg);
    } else {
      set.paths[set.count++] = arg;
    }
  }
  if (!status && !set.count)
    status = ltofold_cli_report_usage_error("%s", "report trend needs reports, "
                                                  "oldest first");
  if (!status && html != (out != NULL))
    status = ltofold_cli_report_usage_error(
        "%s", html ? "report trend --html needs -o OUT.html"
                   : "report trend prints to stdout; -o goes with --html");
  if (!status)
    status = ltofold_cli_report_set_read(&set);
  if (!status) {
    cJSON *model = ltofold_cli_report_trend_model(&set);
    if (!html)
      ltofold_cli_report_print_trend(stdout, model, format);
    else
      status = ltofold_cli_report_write_page(out, "trend", &set, model);
    cJSON_Delete(model);
  }
  ltofold_cli_report_set_free(&set);
  return status;
}
