/* `ltofold report diff OLD.json NEW.json`: what changed between two builds'
 * reports, for CI logs (text), CI comments (Markdown) and scripts (CSV),
 * with optional size budgets.
 *
 * The comparison is built once as a model (cJSON): the totals side by side
 * (code and loadable bytes of the measured file, bytes saved, functions
 * folded, FP folds, branches removed), the fold groups that appeared or
 * disappeared (by kept symbol) and those whose folds or bytes saved
 * changed, each with its kept symbol's readable name (demangle.h: the
 * names of all the groups listed are made readable together, so two
 * symbols never read alike), notes, and each budget with its verdict. The three formats print that
 * model, every budget in each, and `report html` draws it. Budgets turn the
 * comparison into a gate: exit 1 when one is exceeded (whatever the
 * format), 2 on a usage or file error, 0 otherwise. */
#include "cli_report.h"

#include "demangle.h"
#include "messages.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* How many group lines text and Markdown show per list before "... and N
 * more" (CSV and the page list them all). */
enum { GROUP_LINES = 20 };

/* The totals compared: key in the model and CSV, label in text and
 * Markdown, where in the report. */
static const struct {
  const char *key, *label, *first, *second;
} total_rows[] = {
    {"text_bytes", "text bytes", "object", "text_bytes"},
    {"loadable_bytes", "loadable bytes", "object", "loadable_bytes"},
    {"object_bytes", "object bytes", "object", "bytes"},
    {"bytes_saved", "bytes saved", "totals", "bytes_saved"},
    {"functions_folded", "functions folded", "totals", "functions_folded"},
    {"instructions_folded", "IR instrs folded", "totals",
     "instructions_folded"},
    {"fp_folds", "FP folds", "totals", "fp_folds"},
    {"branches_removed", "branches removed", "totals", "branches_removed"},
};

/* NAN (absent, null) becomes JSON null. */
static cJSON *number_or_null(double value) {
  return isnan(value) ? cJSON_CreateNull() : cJSON_CreateNumber(value);
}

static double model_number(const cJSON *object, const char *key) {
  const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
  return cJSON_IsNumber(item) ? item->valuedouble : NAN;
}

static const char *model_string(const cJSON *object, const char *key) {
  const char *text =
      cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(object, key));
  return text ? text : "";
}

static const cJSON *groups_of(const cJSON *report) {
  const cJSON *merge = cJSON_GetObjectItemCaseSensitive(report, "merge");
  return merge ? cJSON_GetObjectItemCaseSensitive(merge, "groups") : NULL;
}

static const char *kept_of(const cJSON *group) {
  return model_string(group, "kept");
}

/* A model entry's readable name (name_groups). */
static const char *name_of(const cJSON *entry) {
  return model_string(entry, "name");
}

static int folded_count(const cJSON *group) {
  return cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(group, "folded"));
}

/* A report's groups sorted by kept symbol, for lookups by name. */
typedef struct named_group {
  const char *kept;
  const cJSON *group;
} named_group;

typedef struct group_index {
  named_group *entries; /* owned */
  size_t count;
} group_index;

static int compare_named(const void *a, const void *b) {
  return strcmp(((const named_group *)a)->kept, ((const named_group *)b)->kept);
}

static group_index index_groups(const cJSON *report) {
  const cJSON *groups = groups_of(report);
  group_index index = {NULL, 0};
  index.entries =
      malloc(((size_t)cJSON_GetArraySize(groups) + 1) * sizeof *index.entries);
  if (!index.entries)
    abort();
  const cJSON *group;
  cJSON_ArrayForEach(group, groups) {
    index.entries[index.count++] = (named_group){kept_of(group), group};
  }
  qsort(index.entries, index.count, sizeof *index.entries, compare_named);
  return index;
}

static const cJSON *find_group(const group_index *index, const char *kept) {
  named_group key = {kept, NULL};
  const named_group *found = bsearch(&key, index->entries, index->count,
                                     sizeof *index->entries, compare_named);
  return found ? found->group : NULL;
}

/* {"kept", "folded", "bytes_saved"} of a group present in one report. */
static cJSON *one_sided_group(const cJSON *group) {
  cJSON *entry = cJSON_CreateObject();
  cJSON_AddStringToObject(entry, "kept", kept_of(group));
  cJSON_AddNumberToObject(entry, "folded", folded_count(group));
  cJSON_AddItemToObject(entry, "bytes_saved",
                        number_or_null(model_number(group, "bytes_saved")));
  return entry;
}

/* Groups of `from` whose kept symbol `to` lacks, in `from`'s order. */
static cJSON *missing_groups(const cJSON *from, const group_index *to) {
  cJSON *list = cJSON_CreateArray();
  const cJSON *group;
  cJSON_ArrayForEach(group,
                     groups_of(from)) if (!find_group(to, kept_of(group)))
      cJSON_AddItemToArray(list, one_sided_group(group));
  return list;
}

static bool same_number(double a, double b) {
  return (isnan(a) && isnan(b)) || a == b;
}

/* Groups in both whose number of folds or bytes saved changed. */
static cJSON *changed_groups(const group_index *old_index,
                             const cJSON *new_report) {
  cJSON *list = cJSON_CreateArray();
  const cJSON *group;
  cJSON_ArrayForEach(group, groups_of(new_report)) {
    const cJSON *old_group = find_group(old_index, kept_of(group));
    if (!old_group)
      continue;
    int old_count = folded_count(old_group), new_count = folded_count(group);
    double old_saved = model_number(old_group, "bytes_saved");
    double new_saved = model_number(group, "bytes_saved");
    if (old_count == new_count && same_number(old_saved, new_saved))
      continue;
    cJSON *entry = cJSON_CreateObject();
    cJSON_AddStringToObject(entry, "kept", kept_of(group));
    cJSON_AddNumberToObject(entry, "old_folded", old_count);
    cJSON_AddNumberToObject(entry, "new_folded", new_count);
    cJSON_AddItemToObject(entry, "old_bytes_saved", number_or_null(old_saved));
    cJSON_AddItemToObject(entry, "new_bytes_saved", number_or_null(new_saved));
    cJSON_AddItemToArray(list, entry);
  }
  return list;
}

/* Gives every group entry of the model its "name": the kept symbol made
 * readable, in the set of every kept symbol the model lists. */
static void name_groups(cJSON *model) {
  static const char *const lists[] = {"groups_new", "groups_gone",
                                      "groups_changed"};
  ltofold_symbol_names *names = ltofold_symbol_names_new();
  const cJSON *entry;
  for (size_t l = 0; l < sizeof lists / sizeof *lists; ++l)
    cJSON_ArrayForEach(entry, cJSON_GetObjectItemCaseSensitive(model, lists[l]))
        ltofold_symbol_names_add(names, kept_of(entry));
  cJSON *list_entry;
  for (size_t l = 0; l < sizeof lists / sizeof *lists; ++l)
    cJSON_ArrayForEach(list_entry,
                       cJSON_GetObjectItemCaseSensitive(model, lists[l]))
        cJSON_AddStringToObject(
            list_entry, "name",
            ltofold_symbol_names_get(names, kept_of(list_entry)));
  ltofold_symbol_names_free(names);
}

static const char *measured_of(const cJSON *report) {
  const cJSON *object = cJSON_GetObjectItemCaseSensitive(report, "object");
  const char *measured = cJSON_GetStringValue(
      cJSON_GetObjectItemCaseSensitive(object, "measured"));
  /* Reports written before "measured" existed come from the gold plugin. */
  return measured ? measured : object ? "generated-object" : NULL;
}

/* A budget's verdict: "ok", "exceeded", or "unchecked" (the reports lack
 * what it needs: a failed gate, as a budget that cannot be checked is not
 * met). `limit` and `value` in the budget's unit. */
static void add_budget(cJSON *budgets, const char *name, const char *status,
                       double limit, double value, char *message) {
  cJSON *budget = cJSON_CreateObject();
  cJSON_AddStringToObject(budget, "budget", name);
  cJSON_AddStringToObject(budget, "status", status);
  cJSON_AddItemToObject(budget, "limit", number_or_null(limit));
  cJSON_AddItemToObject(budget, "value", number_or_null(value));
  cJSON_AddStringToObject(budget, "message", message);
  cJSON_AddItemToArray(budgets, budget);
  free(message);
}

/* A size growth budget: which size, as the budget and its messages name
 * it, and where the report has it ("object": {KEY}). */
typedef struct growth_kind {
  const char *budget; /* the option without "--" and "=" */
  const char *what;   /* "text", "loadable sections" */
  const char *key;    /* in "object" */
  const char *absent; /* why a report may lack it */
} growth_kind;

static const growth_kind text_growth = {
    "max-text-growth", "text", "text_bytes",
    "a report has no code size (measure lld's with ltofold report binary)"};
static const growth_kind loadable_growth = {
    "max-loadable-growth", "loadable sections", "loadable_bytes",
    "a report has no loadable size (measure lld's with ltofold report "
    "binary; ELF files only)"};

/* What a budget's value means, read the right way round whatever its sign:
 * "text grew by 300 bytes, 299 allowed", "text shrank by 1 byte, growth of
 * 0 allowed". */
static char *growth_message(const char *what, double growth, double allowed) {
  if (growth > 0)
    return ltofold_format("%s grew by %.0f %s, %.0f allowed", what, growth,
                          ltofold_plural(growth, "byte", "bytes"), allowed);
  if (growth < 0)
    return ltofold_format("%s shrank by %.0f %s, growth of %.0f allowed", what,
                          -growth, ltofold_plural(growth, "byte", "bytes"),
                          allowed);
  return ltofold_format("%s did not change in size, growth of %.0f allowed",
                        what, allowed);
}

/* Checks a size growth budget: unchecked where a report lacks the size or
 * the two measured different kinds of file (a failed gate either way). */
static void check_growth(cJSON *budgets, const growth_kind *kind,
                         const growth_budget *budget, const cJSON *old_report,
                         const cJSON *new_report) {
  double old_size = ltofold_cli_report_number(old_report, "object", kind->key);
  double new_size = ltofold_cli_report_number(new_report, "object", kind->key);
  const char *old_measured = measured_of(old_report);
  const char *new_measured = measured_of(new_report);
  double allowed =
      budget->percent ? old_size * budget->limit / 100.0 : budget->limit;
  if (isnan(old_size) || isnan(new_size)) {
    add_budget(budgets, kind->budget, "unchecked", NAN, NAN,
               ltofold_format("%s", kind->absent));
  } else if (strcmp(old_measured, new_measured)) {
    add_budget(budgets, kind->budget, "unchecked", allowed, NAN,
               ltofold_format("code sizes are not comparable: old measured "
                              "a %s, new a %s",
                              old_measured, new_measured));
  } else {
    double growth = new_size - old_size;
    add_budget(budgets, kind->budget, growth > allowed ? "exceeded" : "ok",
               allowed, growth, growth_message(kind->what, growth, allowed));
  }
}

/* "2 fewer functions folded, 1 allowed", "1 more function folded, a loss
 * of 0 allowed". */
static char *fold_loss_message(double loss, double allowed) {
  const char *functions = ltofold_plural(loss, "function", "functions");
  if (loss > 0)
    return ltofold_format("%.0f fewer %s folded, %.0f allowed", loss, functions,
                          allowed);
  if (loss < 0)
    return ltofold_format("%.0f more %s folded, a loss of %.0f allowed", -loss,
                          functions, allowed);
  return ltofold_format("as many functions folded as before, a loss of %.0f "
                        "allowed",
                        allowed);
}

static cJSON *check_budgets(const report_budgets *b, const cJSON *old_report,
                            const cJSON *new_report) {
  cJSON *budgets = cJSON_CreateArray();
  if (b->text_growth.set)
    check_growth(budgets, &text_growth, &b->text_growth, old_report,
                 new_report);
  if (b->loadable_growth.set)
    check_growth(budgets, &loadable_growth, &b->loadable_growth, old_report,
                 new_report);
  if (b->fold_loss_set) {
    double old_folded =
        ltofold_cli_report_number(old_report, "totals", "functions_folded");
    double new_folded =
        ltofold_cli_report_number(new_report, "totals", "functions_folded");
    double loss = (isnan(old_folded) ? 0 : old_folded) -
                  (isnan(new_folded) ? 0 : new_folded);
    add_budget(budgets, "max-fold-loss",
               loss > b->fold_loss ? "exceeded" : "ok", b->fold_loss, loss,
               fold_loss_message(loss, b->fold_loss));
  }
  return budgets;
}

cJSON *ltofold_cli_report_diff_model(const char *old_path,
                                     const cJSON *old_report,
                                     const char *new_path,
                                     const cJSON *new_report,
                                     const report_budgets *budgets) {
  cJSON *model = cJSON_CreateObject();
  cJSON_AddStringToObject(model, "old", old_path);
  cJSON_AddStringToObject(model, "new", new_path);
  cJSON *totals = cJSON_AddArrayToObject(model, "totals");
  for (size_t i = 0; i < sizeof total_rows / sizeof *total_rows; ++i) {
    cJSON *row = cJSON_CreateObject();
    cJSON_AddStringToObject(row, "key", total_rows[i].key);
    cJSON_AddStringToObject(row, "label", total_rows[i].label);
    cJSON_AddItemToObject(
        row, "old",
        number_or_null(ltofold_cli_report_number(
            old_report, total_rows[i].first, total_rows[i].second)));
    cJSON_AddItemToObject(
        row, "new",
        number_or_null(ltofold_cli_report_number(
            new_report, total_rows[i].first, total_rows[i].second)));
    cJSON_AddItemToArray(totals, row);
  }
  group_index old_index = index_groups(old_report);
  group_index new_index = index_groups(new_report);
  cJSON_AddItemToObject(model, "groups_new",
                        missing_groups(new_report, &old_index));
  cJSON_AddItemToObject(model, "groups_gone",
                        missing_groups(old_report, &new_index));
  cJSON_AddItemToObject(model, "groups_changed",
                        changed_groups(&old_index, new_report));
  name_groups(model);
  free(old_index.entries);
  free(new_index.entries);
  cJSON *notes = cJSON_AddArrayToObject(model, "notes");
  const char *old_measured = measured_of(old_report);
  const char *new_measured = measured_of(new_report);
  if (old_measured && new_measured && strcmp(old_measured, new_measured)) {
    char *note = ltofold_format("code sizes are not comparable: old measured a "
                                "%s, new a %s",
                                old_measured, new_measured);
    cJSON_AddItemToArray(notes, cJSON_CreateString(note));
    free(note);
  }
  cJSON_AddItemToObject(model, "budgets",
                        check_budgets(budgets, old_report, new_report));
  return model;
}

bool ltofold_cli_report_budgets_hold(const cJSON *model) {
  const cJSON *budget;
  cJSON_ArrayForEach(
      budget, cJSON_GetObjectItemCaseSensitive(
                  model, "budgets")) if (strcmp(model_string(budget, "status"),
                                                "ok")) return false;
  return true;
}

/* A number as the tables print it; `missing` where there is none. */
static void format_number(char *buffer, size_t size, double value,
                          const char *missing) {
  if (isnan(value))
    snprintf(buffer, size, "%s", missing);
  else
    snprintf(buffer, size, "%.0f", value);
}

/* The change from old to new: "+300 (+3.0%)", "" when equal or unknown. */
static void format_change(char *buffer, size_t size, double old_value,
                          double new_value) {
  *buffer = '\0';
  if (isnan(old_value) || isnan(new_value) || old_value == new_value)
    return;
  double delta = new_value - old_value;
  if (old_value != 0)
    snprintf(buffer, size, "%+.0f (%+.1f%%)", delta, 100.0 * delta / old_value);
  else
    snprintf(buffer, size, "%+.0f", delta);
}

/* One CSV record of CSV_FIELDS fields (NULL: empty). */
enum { CSV_FIELDS = 7 };
static void print_csv_record(FILE *out, const char *const fields[CSV_FIELDS]) {
  for (int i = 0; i < CSV_FIELDS; ++i) {
    if (i)
      fputc(',', out);
    ltofold_cli_report_csv_field(out, fields[i] ? fields[i] : "");
  }
  fputc('\n', out);
}

/* One row of the totals, as text: old, new, and the change. */
static void format_totals_row(const cJSON *row, char old_text[32],
                              char new_text[32], char change[48]) {
  double old_value = model_number(row, "old"),
         new_value = model_number(row, "new");
  format_number(old_text, 32, old_value, "-");
  format_number(new_text, 32, new_value, "-");
  format_change(change, 48, old_value, new_value);
}

static void print_text_totals(FILE *out, const cJSON *model) {
  fprintf(out, "ltofold report diff\n  old: %s\n  new: %s\n\n",
          model_string(model, "old"), model_string(model, "new"));
  fprintf(out, "  %-20s %14s %14s  %s\n", "", "old", "new", "change");
  const cJSON *row;
  cJSON_ArrayForEach(row, cJSON_GetObjectItemCaseSensitive(model, "totals")) {
    char old_text[32], new_text[32], change[48];
    format_totals_row(row, old_text, new_text, change);
    fprintf(out, "  %-20s %14s %14s%s%s\n", model_string(row, "label"),
            old_text, new_text, *change ? "  " : "", change);
  }
}

/* The group lists as text: "NAME: N folded, B bytes" for new and gone,
 * "NAME: A -> B folded, X -> Y bytes" for changed (NAME: the kept symbol's
 * readable name). */
static void print_text_groups(FILE *out, const char *title, const cJSON *list,
                              bool changed) {
  int total = cJSON_GetArraySize(list), shown = 0;
  if (!total)
    return;
  fprintf(out, "\n%s:\n", title);
  const cJSON *entry;
  cJSON_ArrayForEach(entry, list) {
    if (shown++ == GROUP_LINES)
      break;
    char saved[32], old_saved[32], new_saved[32];
    if (changed) {
      format_number(old_saved, sizeof old_saved,
                    model_number(entry, "old_bytes_saved"), "-");
      format_number(new_saved, sizeof new_saved,
                    model_number(entry, "new_bytes_saved"), "-");
      fprintf(out, "  %s: %.0f -> %.0f folded, %s -> %s bytes\n",
              name_of(entry), model_number(entry, "old_folded"),
              model_number(entry, "new_folded"), old_saved, new_saved);
      continue;
    }
    fprintf(out, "  %s: %.0f folded", name_of(entry),
            model_number(entry, "folded"));
    double bytes = model_number(entry, "bytes_saved");
    format_number(saved, sizeof saved, bytes, "");
    if (*saved)
      fprintf(out, ", %s %s", saved, ltofold_plural(bytes, "byte", "bytes"));
    fprintf(out, "\n");
  }
  if (total > GROUP_LINES)
    fprintf(out, "  ... and %d more\n", total - GROUP_LINES);
}

/* A budget's verdict as text and Markdown say it. */
static const char *budget_verdict(const cJSON *budget) {
  const char *status = model_string(budget, "status");
  return !strcmp(status, "ok")         ? "met"
         : !strcmp(status, "exceeded") ? "exceeded"
                                       : "not checked";
}

static void print_text(FILE *out, const cJSON *model) {
  print_text_totals(out, model);
  print_text_groups(out, "new fold groups",
                    cJSON_GetObjectItemCaseSensitive(model, "groups_new"),
                    false);
  print_text_groups(out, "fold groups gone",
                    cJSON_GetObjectItemCaseSensitive(model, "groups_gone"),
                    false);
  print_text_groups(out, "changed groups (folded, bytes saved)",
                    cJSON_GetObjectItemCaseSensitive(model, "groups_changed"),
                    true);
  const cJSON *item;
  cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(model, "notes"))
      fprintf(out, "\nnote: %s\n", cJSON_GetStringValue(item));
  bool first = true;
  cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(model, "budgets")) {
    fprintf(out, "%sbudget %s (--%s): %s\n", first ? "\n" : "",
            budget_verdict(item), model_string(item, "budget"),
            model_string(item, "message"));
    first = false;
  }
}

static void print_markdown_groups(FILE *out, const char *title,
                                  const cJSON *list, bool changed) {
  int total = cJSON_GetArraySize(list), shown = 0;
  if (!total)
    return;
  fprintf(out, "\n#### %s (%d)\n\n", title, total);
  fprintf(out, "| kept | folded | bytes saved |\n|:--|--:|--:|\n");
  const cJSON *entry;
  cJSON_ArrayForEach(entry, list) {
    if (shown++ == GROUP_LINES)
      break;
    fputs("| ", out);
    ltofold_cli_report_markdown_code(out, name_of(entry));
    char a[32], b[32];
    if (changed) {
      format_number(a, sizeof a, model_number(entry, "old_bytes_saved"), "-");
      format_number(b, sizeof b, model_number(entry, "new_bytes_saved"), "-");
      fprintf(out, " | %.0f -> %.0f | %s -> %s |\n",
              model_number(entry, "old_folded"),
              model_number(entry, "new_folded"), a, b);
    } else {
      format_number(a, sizeof a, model_number(entry, "bytes_saved"), "-");
      fprintf(out, " | %.0f | %s |\n", model_number(entry, "folded"), a);
    }
  }
  if (total > GROUP_LINES)
    fprintf(out, "\n... and %d more\n", total - GROUP_LINES);
}

static void print_markdown(FILE *out, const cJSON *model) {
  fprintf(out, "### ltofold report diff\n\n- old: ");
  ltofold_cli_report_markdown_code(out, model_string(model, "old"));
  fprintf(out, "\n- new: ");
  ltofold_cli_report_markdown_code(out, model_string(model, "new"));
  fprintf(out, "\n\n|  | old | new | change |\n|:--|--:|--:|--:|\n");
  const cJSON *row;
  cJSON_ArrayForEach(row, cJSON_GetObjectItemCaseSensitive(model, "totals")) {
    char old_text[32], new_text[32], change[48];
    format_totals_row(row, old_text, new_text, change);
    fprintf(out, "| %s | %s | %s | %s |\n", model_string(row, "label"),
            old_text, new_text, change);
  }
  print_markdown_groups(out, "New fold groups",
                        cJSON_GetObjectItemCaseSensitive(model, "groups_new"),
                        false);
  print_markdown_groups(out, "Fold groups gone",
                        cJSON_GetObjectItemCaseSensitive(model, "groups_gone"),
                        false);
  print_markdown_groups(
      out, "Changed groups",
      cJSON_GetObjectItemCaseSensitive(model, "groups_changed"), true);
  const cJSON *item;
  bool first = true;
  cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(model, "notes")) {
    fprintf(out, "%s> Note: %s\n", first ? "\n" : "",
            cJSON_GetStringValue(item));
    first = false;
  }
  first = true;
  cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(model, "budgets")) {
    /* Bold where the gate fails. */
    const char *stress = strcmp(model_string(item, "status"), "ok") ? "**" : "";
    fprintf(out, "%s- %sBudget %s%s (`--%s`): %s\n", first ? "\n" : "", stress,
            budget_verdict(item), stress, model_string(item, "budget"),
            model_string(item, "message"));
    first = false;
  }
}

/* CSV: one header, then one record per total, group and budget. Columns:
 * record, name, old, new, change, note, symbol; a group's name is its kept
 * symbol's readable name and its symbol the symbol itself (to join on:
 * empty for the other records); a budget's old is its limit and new its
 * value. */
static void print_csv(FILE *out, const cJSON *model) {
  static const char *const header[CSV_FIELDS] = {
      "record", "name", "old", "new", "change", "note", "symbol"};
  print_csv_record(out, header);
  char a[32], b[32], c[32], note[64];
  const cJSON *item;
  cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(model, "totals")) {
    double old_value = model_number(item, "old"),
           new_value = model_number(item, "new");
    format_number(a, sizeof a, old_value, "");
    format_number(b, sizeof b, new_value, "");
    format_number(c, sizeof c, new_value - old_value, "");
    *note = '\0';
    if (!isnan(old_value) && !isnan(new_value) && old_value != 0)
      snprintf(note, sizeof note, "%+.1f%%",
               100.0 * (new_value - old_value) / old_value);
    const char *fields[CSV_FIELDS] = {
        "total", model_string(item, "key"), a, b, c, note, NULL};
    print_csv_record(out, fields);
  }
  static const char *const lists[][2] = {{"groups_new", "group-new"},
                                         {"groups_gone", "group-gone"}};
  for (size_t l = 0; l < 2; ++l)
    cJSON_ArrayForEach(item,
                       cJSON_GetObjectItemCaseSensitive(model, lists[l][0])) {
      /* A new group's bytes are in the new build, a gone one's in the old. */
      bool is_new = l == 0;
      format_number(a, sizeof a, model_number(item, "bytes_saved"), "");
      snprintf(note, sizeof note, "%.0f folded", model_number(item, "folded"));
      const char *fields[CSV_FIELDS] = {
          lists[l][1], name_of(item), is_new ? "" : a, is_new ? a : "",
          NULL,        note,          kept_of(item)};
      print_csv_record(out, fields);
    }
  cJSON_ArrayForEach(
      item, cJSON_GetObjectItemCaseSensitive(model, "groups_changed")) {
    double old_value = model_number(item, "old_bytes_saved");
    double new_value = model_number(item, "new_bytes_saved");
    format_number(a, sizeof a, old_value, "");
    format_number(b, sizeof b, new_value, "");
    format_number(c, sizeof c, new_value - old_value, "");
    snprintf(note, sizeof note, "%.0f -> %.0f folded",
             model_number(item, "old_folded"),
             model_number(item, "new_folded"));
    const char *fields[CSV_FIELDS] = {
        "group-changed", name_of(item), a, b, c, note, kept_of(item)};
    print_csv_record(out, fields);
  }
  cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(model, "notes")) {
    const char *fields[CSV_FIELDS] = {
        "note", NULL, NULL, NULL, NULL, cJSON_GetStringValue(item), NULL};
    print_csv_record(out, fields);
  }
  cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(model, "budgets")) {
    format_number(a, sizeof a, model_number(item, "limit"), "");
    format_number(b, sizeof b, model_number(item, "value"), "");
    char *verdict = ltofold_format("%s: %s", model_string(item, "status"),
                                   model_string(item, "message"));
    const char *fields[CSV_FIELDS] = {
        "budget", model_string(item, "budget"), a, b, NULL, verdict, NULL};
    print_csv_record(out, fields);
    free(verdict);
  }
}

void ltofold_cli_report_print_diff(FILE *out, const cJSON *model,
                                   report_format format) {
  switch (format) {
  case REPORT_FORMAT_TEXT:
    print_text(out, model);
    break;
  case REPORT_FORMAT_MARKDOWN:
    print_markdown(out, model);
    break;
  case REPORT_FORMAT_CSV:
    print_csv(out, model);
    break;
  }
}

static bool parse_amount(const char *text, double *value, bool allow_percent,
                         bool *percent) {
  char *end = NULL;
  errno = 0;
  *value = strtod(text, &end);
  if (end == text || errno || *value < 0 || isnan(*value))
    return false;
  if (allow_percent && *end == '%') {
    *percent = true;
    ++end;
  }
  return *end == '\0';
}

/* --max-text-growth=N|P% or --max-loadable-growth=N|P% into `budget`:
 * 0, -1 when `arg` is not `option`, 2 after a usage error (said). */
static int growth_option(const char *arg, const char *option,
                         growth_budget *budget) {
  size_t length = strlen(option);
  if (strncmp(arg, option, length))
    return -1;
  budget->set = true;
  if (!parse_amount(arg + length, &budget->limit, true, &budget->percent))
    return ltofold_cli_report_usage_error(
        "'%s' needs a number of bytes or a percentage", arg);
  return 0;
}

int ltofold_cli_report_budget_option(const char *arg, report_budgets *budgets) {
  int status = growth_option(arg, "--max-text-growth=", &budgets->text_growth);
  if (status < 0)
    status =
        growth_option(arg, "--max-loadable-growth=", &budgets->loadable_growth);
  if (status >= 0)
    return status;
  if (!strncmp(arg, "--max-fold-loss=", 16)) {
    budgets->fold_loss_set = true;
    if (!parse_amount(arg + 16, &budgets->fold_loss, false, NULL))
      return ltofold_cli_report_usage_error("'%s' needs a number of functions",
                                            arg);
    return 0;
  }
  return -1;
}

int ltofold_cli_report_diff(int argc, char **argv) {
  const char *paths[2] = {NULL, NULL};
  size_t path_count = 0;
  report_budgets budgets = {0};
  report_format format = REPORT_FORMAT_TEXT;
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    int budget = ltofold_cli_report_budget_option(arg, &budgets);
    if (budget >= 0) {
      if (budget)
        return budget;
    } else if (!strncmp(arg, "--format=", 9)) {
      if (!ltofold_cli_report_parse_format(arg + 9, &format))
        return ltofold_cli_report_usage_error(
            "'%s': the format is text, markdown or csv", arg);
    } else if (arg[0] == '-' && arg[1]) {
      return ltofold_cli_report_usage_error("unknown option '%s'", arg);
    } else if (path_count == 2) {
      return ltofold_cli_report_usage_error("more than two reports ('%s')",
                                            arg);
    } else {
      paths[path_count++] = arg;
    }
  }
  if (path_count != 2)
    return ltofold_cli_report_usage_error(
        "%s", "report diff needs two reports, OLD and NEW");
  cJSON *old_report = ltofold_cli_report_read(paths[0]);
  cJSON *new_report = old_report ? ltofold_cli_report_read(paths[1]) : NULL;
  if (!new_report) {
    cJSON_Delete(old_report);
    return 2;
  }
  cJSON *model = ltofold_cli_report_diff_model(paths[0], old_report, paths[1],
                                               new_report, &budgets);
  ltofold_cli_report_print_diff(stdout, model, format);
  bool hold = ltofold_cli_report_budgets_hold(model);
  cJSON_Delete(model);
  cJSON_Delete(old_report);
  cJSON_Delete(new_report);
  return hold ? 0 : 1;
}
