/* `ltofold report html REPORT.json... -o OUT.html`: one self-contained page
 * to look at a report (one file), the difference of two builds (two), or a
 * series of builds (three or more; also `report trend --html`).
 *
 * The page is one file with nothing outside it: its style sheet and script
 * are inline (report_page.css and report_page.js, compiled into ltofold by
 * embed_text.cmake), and a Content-Security-Policy forbids it every network
 * request. What it shows is data, embedded as JSON in a
 * <script type="application/json"> element, which the script draws into
 * tables and SVG charts: the builds (each one's label, file and the
 * report's "build" object), and what the report says (one file) or the
 * comparison model that `report diff` and `report trend` print
 * (cli_report_diff.c, cli_report_trend.c). Its <title> and heading name
 * the builds by label.
 *
 * Size: a program folds thousands of functions, and C++ names are long
 * (their demangled forms longer), so the data says each thing once. Every
 * string in a list of groups, folds or FP folds (symbols, methods, kinds,
 * files) is an index into one table of strings, each string once; the
 * demangled name of each mangled one is keyed by that index. Each list
 * entry is a tuple (a JSON array) whose columns are the fields of a
 * "shape" (below), named in the data so that the script turns tuples back
 * into objects with the report's own field names; trailing nulls are left
 * out. The table is sorted and front-coded (front_coded), and so are the
 * demangled names. Of the report the page takes what it shows (totals, code
 * size, phases, FP folds, groups), not the counters. The script draws the long
 * tables a page of rows at a time.
 *
 * Escaping: every string comes from a report or the command line (C++
 * function names hold <, > and &), so none is ever parsed as HTML. In the
 * embedded JSON, <, > and & are written as \u003c, \u003e and \u0026
 * (JSON.parse gives them back), so no name can close the script element or
 * open a comment; the title is HTML-escaped; the script puts strings into
 * the page only as text nodes and attribute values (textContent,
 * setAttribute), never as markup. */
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

/* `text` with each <, > and & replaced by its entry of `escapes`, in that
 * order (malloc'd). */
static char *escape_markup(const char *text, const char *const escapes[3]) {
  static const char markup[] = "<>&";
  size_t length = 0;
  for (const char *c = text; *c; ++c) {
    const char *special = strchr(markup, *c);
    length += special && *c ? strlen(escapes[special - markup]) : 1;
  }
  char *out = malloc(length + 1);
  if (!out)
    abort();
  char *o = out;
  for (const char *c = text; *c; ++c) {
    const char *special = strchr(markup, *c);
    if (special && *c) {
      size_t size = strlen(escapes[special - markup]);
      memcpy(o, escapes[special - markup], size);
      o += size;
    } else {
      *o++ = *c;
    }
  }
  *o = '\0';
  return out;
}

/* `json` with <, > and & as JSON escapes, for the inside of a script
 * element. They occur only inside strings (JSON's own syntax has none), so
 * the escapes stay JSON for the same text. cJSON has no option for this;
 * hence by hand. */
static char *escape_for_script(const char *json) {
  static const char *const escapes[3] = {"\\u003c", "\\u003e", "\\u0026"};
  return escape_markup(json, escapes);
}

/* `text` as HTML character data (for the title): &, < and > as entities. */
static char *escape_for_html(const char *text) {
  static const char *const entities[3] = {"&lt;", "&gt;", "&amp;"};
  return escape_markup(text, entities);
}

/* ---- the table of strings ---- */

/* Every string the lists hold, once, sorted: collected first, then sealed
 * (sorted, duplicates dropped), then looked up by binary search. The
 * strings are borrowed from the reports. */
typedef struct string_table {
  const char **strings; /* owned array */
  size_t count, capacity;
} string_table;

static void table_collect(string_table *table, const char *string) {
  if (table->count == table->capacity) {
    table->capacity = table->capacity ? 2 * table->capacity : 256;
    table->strings =
        realloc(table->strings, table->capacity * sizeof *table->strings);
    if (!table->strings)
      abort();
  }
  table->strings[table->count++] = string;
}

static int compare_strings(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void table_seal(string_table *table) {
  if (!table->count) /* qsort takes no NULL, even for no elements */
    return;
  qsort(table->strings, table->count, sizeof *table->strings, compare_strings);
  size_t unique = 0;
  for (size_t i = 0; i < table->count; ++i)
    if (!unique || strcmp(table->strings[unique - 1], table->strings[i]))
      table->strings[unique++] = table->strings[i];
  table->count = unique;
}

static size_t table_index(const string_table *table, const char *string) {
  const char **found = bsearch(&string, table->strings, table->count,
                               sizeof *table->strings, compare_strings);
  if (!found)
    abort(); /* every string was collected first */
  return (size_t)(found - table->strings);
}

/* ---- shapes: the columns of each kind of list entry ---- */

/* A column: the member of the report's object it holds, and how. */
typedef enum column_kind {
  COLUMN_VALUE,  /* the member as it is (number, boolean, string) */
  COLUMN_STRING, /* a string, as its index in the table of strings */
  COLUMN_OBJECT, /* an object of `shape`, as one tuple */
  COLUMN_LIST,   /* a list of objects of `shape`, as a list of tuples */
} column_kind;

typedef struct page_column {
  const char *key;
  column_kind kind;
  const char *shape; /* COLUMN_OBJECT, COLUMN_LIST: its name */
} page_column;

typedef struct page_shape {
  const char *name;
  page_column columns[7]; /* ended by a NULL key */
} page_shape;

/* The members the page shows, the ones most often absent last (a tuple
 * ends at its last member present). The script reads these from the
 * data's "columns". */
static const page_shape shapes[] = {
    {"group",
     {{"kept", COLUMN_STRING, NULL},
      {"kept_bytes", COLUMN_VALUE, NULL},
      {"bytes_saved", COLUMN_VALUE, NULL},
      {"folded", COLUMN_LIST, "fold"},
      {"kept_address", COLUMN_VALUE, NULL},
      {"bytes_unknown", COLUMN_STRING, NULL}}},
    {"fold",
     {{"symbol", COLUMN_STRING, NULL},
      {"method", COLUMN_STRING, NULL},
      {"instructions", COLUMN_VALUE, NULL},
      {"bytes_saved", COLUMN_VALUE, NULL},
      {"similar", COLUMN_VALUE, NULL}}},
    {"fp_fold",
     {{"kind", COLUMN_STRING, NULL},
      {"function", COLUMN_STRING, NULL},
      {"what", COLUMN_STRING, NULL},
      {"location", COLUMN_OBJECT, "location"}}},
    {"location",
     {{"file", COLUMN_STRING, NULL},
      {"line", COLUMN_VALUE, NULL},
      {"column", COLUMN_VALUE, NULL}}},
    /* report diff's groups new and gone, and changed */
    {"group_one_sided",
     {{"kept", COLUMN_STRING, NULL},
      {"folded", COLUMN_VALUE, NULL},
      {"bytes_saved", COLUMN_VALUE, NULL}}},
    {"group_changed",
     {{"kept", COLUMN_STRING, NULL},
      {"old_folded", COLUMN_VALUE, NULL},
      {"new_folded", COLUMN_VALUE, NULL},
      {"old_bytes_saved", COLUMN_VALUE, NULL},
      {"new_bytes_saved", COLUMN_VALUE, NULL}}},
};

static const page_shape *shape_named(const char *name) {
  for (size_t i = 0; i < sizeof shapes / sizeof *shapes; ++i)
    if (!strcmp(shapes[i].name, name))
      return &shapes[i];
  abort();
}

/* The shapes as the script reads them: {"group": [["kept", "string"],
 * ..., ["folded", "list", "fold"]], ...}. */
static cJSON *shapes_description(void) {
  cJSON *description = cJSON_CreateObject();
  for (size_t i = 0; i < sizeof shapes / sizeof *shapes; ++i) {
    cJSON *columns = cJSON_AddArrayToObject(description, shapes[i].name);
    for (const page_column *c = shapes[i].columns; c->key; ++c) {
      static const char *const kinds[] = {"value", "string", "object", "list"};
      const char *column[3] = {c->key, kinds[c->kind], c->shape};
      cJSON_AddItemToArray(columns,
                           cJSON_CreateStringArray(column, c->shape ? 3 : 2));
    }
  }
  return description;
}

/* Pass one: every string the tuples of `item` (an object of `shape`, or a
 * list of them) will refer to, into `table`. */
static void shape_collect(const cJSON *item, const page_shape *shape,
                          string_table *table) {
  if (cJSON_IsArray(item)) {
    const cJSON *entry;
    cJSON_ArrayForEach(entry, item) shape_collect(entry, shape, table);
    return;
  }
  for (const page_column *c = shape->columns; c->key; ++c) {
    const cJSON *member = cJSON_GetObjectItemCaseSensitive(item, c->key);
    if (c->kind == COLUMN_STRING && cJSON_IsString(member))
      table_collect(table, member->valuestring);
    else if ((c->kind == COLUMN_OBJECT && cJSON_IsObject(member)) ||
             (c->kind == COLUMN_LIST && cJSON_IsArray(member)))
      shape_collect(member, shape_named(c->shape), table);
  }
}

/* Pass two: `item` as a tuple (or a list of tuples), its strings as
 * indices into the sealed `table`; null for what is absent or null. */
static cJSON *shape_compact(const cJSON *item, const page_shape *shape,
                            const string_table *table) {
  if (cJSON_IsArray(item)) {
    cJSON *list = cJSON_CreateArray();
    const cJSON *entry;
    cJSON_ArrayForEach(entry, item)
        cJSON_AddItemToArray(list, shape_compact(entry, shape, table));
    return list;
  }
  if (!cJSON_IsObject(item))
    return cJSON_CreateNull();
  cJSON *tuple = cJSON_CreateArray();
  int present = 0, index = 0;
  for (const page_column *c = shape->columns; c->key; ++c, ++index) {
    const cJSON *member = cJSON_GetObjectItemCaseSensitive(item, c->key);
    cJSON *value = NULL;
    if (c->kind == COLUMN_STRING && cJSON_IsString(member))
      value =
          cJSON_CreateNumber((double)table_index(table, member->valuestring));
    else if ((c->kind == COLUMN_OBJECT && cJSON_IsObject(member)) ||
             (c->kind == COLUMN_LIST && cJSON_IsArray(member)))
      value = shape_compact(member, shape_named(c->shape), table);
    else if (c->kind == COLUMN_VALUE && member && !cJSON_IsNull(member))
      value = cJSON_Duplicate(member, true);
    if (value)
      present = index + 1;
    cJSON_AddItemToArray(tuple, value ? value : cJSON_CreateNull());
  }
  while (cJSON_GetArraySize(tuple) > present)
    cJSON_DeleteItemFromArray(tuple, cJSON_GetArraySize(tuple) - 1);
  return tuple;
}

/* ---- what the page draws ---- */

/* The lists of a report or a diff model that become tuples: where they
 * are (a member, or a member of a member) and their shape. */
typedef struct page_list {
  const char *first, *second; /* second NULL: a top-level member */
  const char *shape;
} page_list;

static const page_list report_lists[] = {
    {"merge", "groups", "group"},
    {"fprange", "folds", "fp_fold"},
};
static const page_list diff_lists[] = {
    {"groups_new", NULL, "group_one_sided"},
    {"groups_gone", NULL, "group_one_sided"},
    {"groups_changed", NULL, "group_changed"},
};

static const cJSON *list_in(const cJSON *root, const page_list *list) {
  const cJSON *item = cJSON_GetObjectItemCaseSensitive(root, list->first);
  return list->second ? cJSON_GetObjectItemCaseSensitive(item, list->second)
                      : item;
}

/* Of one report, what the page shows: totals, the measured file, phases,
 * FP range counts and folds, fold groups (as tuples). */
static cJSON *page_report(const cJSON *report, const string_table *table) {
  cJSON *page = cJSON_CreateObject();
  static const char *const kept[] = {"totals", "object", "phases"};
  for (size_t i = 0; i < sizeof kept / sizeof *kept; ++i) {
    const cJSON *member = cJSON_GetObjectItemCaseSensitive(report, kept[i]);
    if (member)
      cJSON_AddItemToObject(page, kept[i], cJSON_Duplicate(member, true));
  }
  const cJSON *fprange = cJSON_GetObjectItemCaseSensitive(report, "fprange");
  if (fprange) {
    cJSON *summary = cJSON_AddObjectToObject(page, "fprange");
    static const char *const counts[] = {"values", "branches_removed"};
    for (size_t i = 0; i < 2; ++i) {
      const cJSON *count = cJSON_GetObjectItemCaseSensitive(fprange, counts[i]);
      if (count)
        cJSON_AddItemToObject(summary, counts[i], cJSON_Duplicate(count, true));
    }
    cJSON_AddItemToObject(summary, "folds",
                          shape_compact(list_in(report, &report_lists[1]),
                                        shape_named("fp_fold"), table));
  }
  cJSON_AddItemToObject(page, "groups",
                        shape_compact(list_in(report, &report_lists[0]),
                                      shape_named("group"), table));
  return page;
}

/* The diff model with its group lists as tuples. */
static cJSON *page_diff(const cJSON *model, const string_table *table) {
  cJSON *page = cJSON_Duplicate(model, true);
  for (size_t i = 0; i < sizeof diff_lists / sizeof *diff_lists; ++i)
    cJSON_ReplaceItemInObjectCaseSensitive(
        page, diff_lists[i].first,
        shape_compact(list_in(model, &diff_lists[i]),
                      shape_named(diff_lists[i].shape), table));
  return page;
}

/* Per build: its label, its report's file, and the report's "build"
 * object (provenance: program, build ID, linker...) when it has one. */
static cJSON *page_builds(const report_set *set) {
  cJSON *builds = cJSON_CreateArray();
  for (size_t i = 0; i < set->count; ++i) {
    cJSON *build = cJSON_CreateObject();
    cJSON_AddStringToObject(build, "label", set->labels[i]);
    cJSON_AddStringToObject(build, "path", set->paths[i]);
    const cJSON *provenance =
        cJSON_GetObjectItemCaseSensitive(set->reports[i], "build");
    if (cJSON_IsObject(provenance))
      cJSON_AddItemToObject(build, "build", cJSON_Duplicate(provenance, true));
    cJSON_AddItemToArray(builds, build);
  }
  return builds;
}

/* `string` as an entry of a front-coded list: [SHARED, "REST"] when it
 * starts with the first SHARED characters of `previous` (at least 8, all
 * ASCII, so that bytes and the script's UTF-16 units count alike), else
 * the string itself. Sorted symbols share long prefixes (a namespace, a
 * class, a template): C++ names take about half the room. */
static cJSON *front_coded(const char *previous, const char *string) {
  size_t shared = 0;
  while (previous && previous[shared] && previous[shared] == string[shared] &&
         (unsigned char)string[shared] < 0x80)
    ++shared;
  if (shared < 8) /* [8,""] saves nothing over 8 characters */
    return cJSON_CreateString(string);
  cJSON *entry = cJSON_CreateArray();
  cJSON_AddItemToArray(entry, cJSON_CreateNumber((double)shared));
  cJSON_AddItemToArray(entry, cJSON_CreateString(string + shared));
  return entry;
}

/* The table's strings, front-coded in order, and {"INDEX": demangled}
 * for each that is a mangled name (C++, Rust, D), front-coded against the
 * one before it in index order: the page shows symbols exactly, as the
 * report has them, and the readable name beside them. */
static void add_strings(cJSON *data, const string_table *table) {
  cJSON *strings = cJSON_AddArrayToObject(data, "strings");
  cJSON *demangled = cJSON_AddObjectToObject(data, "demangled");
  char *previous_readable = NULL;
  for (size_t i = 0; i < table->count; ++i) {
    cJSON_AddItemToArray(strings, front_coded(i ? table->strings[i - 1] : NULL,
                                              table->strings[i]));
    char *readable = ltofold_demangle(table->strings[i]);
    if (readable) {
      char key[24];
      snprintf(key, sizeof key, "%zu", i);
      cJSON_AddItemToObject(demangled, key,
                            front_coded(previous_readable, readable));
      free(previous_readable);
      previous_readable = readable;
    }
  }
  free(previous_readable);
}

/* What the script draws, as escaped JSON. */
static char *page_data(const char *mode, const report_set *set,
                       const cJSON *model) {
  string_table table = {NULL, 0, 0};
  bool one_report = !strcmp(mode, "report");
  bool diff = !strcmp(mode, "diff");
  if (one_report)
    for (size_t i = 0; i < sizeof report_lists / sizeof *report_lists; ++i)
      shape_collect(list_in(set->reports[0], &report_lists[i]),
                    shape_named(report_lists[i].shape), &table);
  if (diff)
    for (size_t i = 0; i < sizeof diff_lists / sizeof *diff_lists; ++i)
      shape_collect(list_in(model, &diff_lists[i]),
                    shape_named(diff_lists[i].shape), &table);
  table_seal(&table);

  cJSON *data = cJSON_CreateObject();
  cJSON_AddStringToObject(data, "mode", mode);
  cJSON_AddStringToObject(data, "generator", "ltofold " LTOFOLD_VERSION);
  cJSON_AddItemToObject(data, "builds", page_builds(set));
  cJSON_AddItemToObject(data, "columns", shapes_description());
  add_strings(data, &table);
  if (one_report)
    cJSON_AddItemToObject(data, "report", page_report(set->reports[0], &table));
  else if (diff)
    cJSON_AddItemToObject(data, "model", page_diff(model, &table));
  else
    cJSON_AddItemToObject(data, "model", cJSON_Duplicate(model, true));
  free(table.strings);

  char *json = cJSON_PrintUnformatted(data);
  cJSON_Delete(data);
  if (!json)
    abort();
  char *escaped = escape_for_script(json);
  cJSON_free(json);
  return escaped;
}

/* The page's title, naming the builds: "ltofold report: LABEL", "...: OLD
 * -> NEW", "...: FIRST ... LAST (N builds)"; the script's heading says the
 * same. */
static char *page_title(const char *mode, const report_set *set) {
  const char *first = set->labels[0], *last = set->labels[set->count - 1];
  if (!strcmp(mode, "report"))
    return ltofold_format("ltofold report: %s", first);
  if (!strcmp(mode, "diff"))
    return ltofold_format("ltofold report: %s \u2192 %s", first, last);
  return ltofold_format("ltofold report: %s \u2026 %s (%zu builds)", first,
                        last, set->count);
}

int ltofold_cli_report_write_page(const char *out_path, const char *mode,
                                  const report_set *set, const cJSON *model) {
  char *data = page_data(mode, set, model);
  char *title = page_title(mode, set);
  char *escaped_title = escape_for_html(title);
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
      "<title>%s</title>\n"
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
      escaped_title, ltofold_report_page_css, data, ltofold_report_page_js);
  char *error = NULL;
  int status = 0;
  if (ltofold_write_file(out_path, page, strlen(page), &error)) {
    fprintf(stderr, "ltofold: error: %s\n", error);
    free(error);
    status = 2;
  }
  free(page);
  free(escaped_title);
  free(title);
  free(data);
  return status;
}

/* ltofold report html REPORT.json... [--label NAME]... [budgets]
 *                     -o OUT.html */
int ltofold_cli_report_html(int argc, char **argv) {
  const char *out = NULL;
  report_budgets budgets = {0};
  bool budgets_given = false;
  report_set set;
  ltofold_cli_report_set_init(&set, argc);
  int status = 0;
  for (int i = 1; i < argc && !status; ++i) {
    int budget = ltofold_cli_report_budget_option(argv[i], &budgets);
    if (budget >= 0) {
      status = budget;
      budgets_given = true;
    } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
      if (out)
        status = ltofold_cli_report_usage_error("%s", "-o given twice");
      out = argv[++i];
    } else if (ltofold_cli_report_set_label_option(&set, argc, argv, &i,
                                                   &status)) {
      continue;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      status = ltofold_cli_report_usage_error("unknown option '%s'", argv[i]);
    } else {
      set.paths[set.count++] = argv[i];
    }
  }
  if (!status && (!set.count || !out))
    status = ltofold_cli_report_usage_error(
        "%s", "report html needs one report or more and -o OUT.html");
  if (!status && budgets_given && set.count != 2)
    status = ltofold_cli_report_usage_error(
        "%s", "budgets compare two builds: give report html two reports");
  if (!status)
    status = ltofold_cli_report_set_read(&set);
  if (!status) {
    size_t count = set.count;
    const char *mode = count == 1 ? "report" : count == 2 ? "diff" : "trend";
    cJSON *model = count == 1   ? NULL
                   : count == 2 ? ltofold_cli_report_diff_model(
                                      set.paths[0], set.reports[0],
                                      set.paths[1], set.reports[1], &budgets)
                                : ltofold_cli_report_trend_model(&set);
    status = ltofold_cli_report_write_page(out, mode, &set, model);
    cJSON_Delete(model);
  }
  ltofold_cli_report_set_free(&set);
  return status;
}
