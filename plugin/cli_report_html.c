/* `ltofold report html REPORT.json... -o OUT.html`: one self-contained page
 * to look at a report (one file), the difference of two builds (two), or a
 * series of builds (three or more; also `report trend --html`).
 *
 * The page is one file with nothing outside it: its style sheet and script
 * are inline (report_page.css and report_page.js, compiled into ltofold by
 * embed_text.cmake), and a Content-Security-Policy forbids it every network
 * request. What it shows is data: the report itself (one file) or the
 * comparison model that `report diff` and `report trend` print
 * (cli_report_diff.c, cli_report_trend.c), embedded as JSON in a
 * <script type="application/json"> element, which the script draws into
 * tables and SVG charts.
 *
 * Escaping: every string comes from a report (C++ function names hold <, >
 * and &), so none is ever parsed as HTML. In the embedded JSON, <, > and &
 * are written as \u003c, \u003e and \u0026 (JSON.parse gives them back),
 * so no name can close the script element or open a comment; the script
 * puts strings into the page only as text nodes and attribute values
 * (textContent, setAttribute), never as markup. */
#include "cli_report.h"

#include "demangle.h"
#include "messages.h"
#include "output_file.h"
#include "version.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

/* report_page.css and report_page.js, NUL-terminated (generated). */
extern const char ltofold_report_page_css[];
extern const char ltofold_report_page_js[];

/* `json` with <, > and & as JSON escapes, for the inside of a script
 * element. They occur only inside strings (JSON's own syntax has none), so
 * the escapes stay JSON for the same text. cJSON has no option for this;
 * hence by hand. */
static char *escape_for_script(const char *json) {
  size_t extra = 0;
  for (const char *c = json; *c; ++c)
    extra += (*c == '<' || *c == '>' || *c == '&') ? 5 : 0;
  char *out = malloc(strlen(json) + extra + 1);
  if (!out)
    abort();
  char *o = out;
  for (const char *c = json; *c; ++c) {
    const char *escape = *c == '<'   ? "\\u003c"
                         : *c == '>' ? "\\u003e"
                         : *c == '&' ? "\\u0026"
                                     : NULL;
    if (escape) {
      memcpy(o, escape, 6);
      o += 6;
    } else {
      *o++ = *c;
    }
  }
  *o = '\0';
  return out;
}

/* Adds to `names` the demangled form of every string in `item` that is a
 * mangled name (C++, Rust, D): the page shows symbols exactly, as the
 * report has them, and the readable name beside them. */
static void collect_demangled(const cJSON *item, cJSON *names) {
  if (cJSON_IsString(item)) {
    const char *name = item->valuestring;
    if (cJSON_GetObjectItemCaseSensitive(names, name))
      return;
    char *demangled = ltofold_demangle(name);
    if (demangled)
      cJSON_AddStringToObject(names, name, demangled);
    free(demangled);
    return;
  }
  const cJSON *child;
  cJSON_ArrayForEach(child, item) collect_demangled(child, names);
}

/* What the script draws: the mode, the files, and the report (one file) or
 * the comparison, with the demangled names. */
static char *page_data(const char *mode, const char *const *paths,
                       cJSON *const *reports, size_t count,
                       const cJSON *model) {
  cJSON *data = cJSON_CreateObject();
  cJSON_AddStringToObject(data, "mode", mode);
  cJSON_AddStringToObject(data, "generator", "ltofold " LTOFOLD_VERSION);
  cJSON *files = cJSON_AddArrayToObject(data, "paths");
  for (size_t i = 0; i < count; ++i)
    cJSON_AddItemToArray(files, cJSON_CreateString(paths[i]));
  if (!strcmp(mode, "report"))
    cJSON_AddItemToObject(data, "report", cJSON_Duplicate(reports[0], true));
  if (model)
    cJSON_AddItemToObject(data, "model", cJSON_Duplicate(model, true));
  cJSON *names = cJSON_AddObjectToObject(data, "demangled");
  collect_demangled(cJSON_GetObjectItemCaseSensitive(data, "report"), names);
  collect_demangled(model, names);
  char *json = cJSON_PrintUnformatted(data);
  cJSON_Delete(data);
  if (!json)
    abort();
  char *escaped = escape_for_script(json);
  cJSON_free(json);
  return escaped;
}

int ltofold_cli_report_write_page(const char *out_path, const char *mode,
                                  const char *const *paths,
                                  cJSON *const *reports, size_t count,
                                  const cJSON *model) {
  char *data = page_data(mode, paths, reports, count, model);
  char *page = ltofold_format(
      "<!DOCTYPE html>\n"
      "<html lang=\"en\">\n"
      "<head>\n"
      "<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
      "'none'; "
      "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, "
      "initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"ltofold " LTOFOLD_VERSION "\">\n"
      "<title>ltofold report</title>\n"
      "<style>\n%s</style>\n"
      "</head>\n"
      "<body>\n"
      "<main id=\"main\">\n"
      "<noscript><p>This page draws the report with JavaScript; the data is "
      "in its ltofold-data element.</p></noscript>\n"
      "</main>\n"
      "<script type=\"application/json\" id=\"ltofold-data\">%s</script>\n"
      "<script>\n%s</script>\n"
      "</body>\n"
      "</html>\n",
      ltofold_report_page_css, data, ltofold_report_page_js);
  char *error = NULL;
  int status = 0;
  if (ltofold_write_file(out_path, page, strlen(page), &error)) {
    fprintf(stderr, "ltofold: error: %s\n", error);
    free(error);
    status = 2;
  }
  free(page);
  free(data);
  return status;
}

/* ltofold report html REPORT.json... -o OUT.html */
int ltofold_cli_report_html(int argc, char **argv) {
  const char *out = NULL;
  report_set set;
  ltofold_cli_report_set_init(&set, argc);
  int status = 0;
  for (int i = 1; i < argc && !status; ++i) {
    if (!strcmp(argv[i], "-o") && i + 1 < argc) {
      if (out)
        status = ltofold_cli_report_usage_error("%s", "-o given twice");
      out = argv[++i];
    } else if (argv[i][0] == '-' && argv[i][1]) {
      status = ltofold_cli_report_usage_error("unknown option '%s'", argv[i]);
    } else {
      set.paths[set.count++] = argv[i];
    }
  }
  if (!status && (!set.count || !out))
    status = ltofold_cli_report_usage_error(
        "%s", "report html needs one report or more and -o OUT.html");
  if (!status)
    status = ltofold_cli_report_set_read(&set);
  if (!status) {
    static const report_budgets no_budgets = {0};
    size_t count = set.count;
    const char *mode = count == 1 ? "report" : count == 2 ? "diff" : "trend";
    cJSON *model =
        count == 1 ? NULL
        : count == 2
            ? ltofold_cli_report_diff_model(set.paths[0], set.reports[0],
                                            set.paths[1], set.reports[1],
                                            &no_budgets)
            : ltofold_cli_report_trend_model(set.paths, set.reports, count);
    status = ltofold_cli_report_write_page(out, mode, set.paths, set.reports,
                                           count, model);
    cJSON_Delete(model);
  }
  ltofold_cli_report_set_free(&set);
  return status;
}
