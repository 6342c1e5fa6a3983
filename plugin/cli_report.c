/* `ltofold report diff OLD.json NEW.json`: what changed between two builds'
 * reports, as a table for CI logs, with optional size budgets.
 *
 * The table compares the totals (code bytes of the generated object, bytes
 * saved, functions folded, FP folds, branches removed), then lists the fold
 * groups that appeared or disappeared (by kept symbol) and the groups whose
 * bytes saved changed. Budgets turn the comparison into a gate: exit 1 when
 * one is exceeded, 2 on a usage or file error, 0 otherwise. Reports are
 * read with cJSON, the library that writes them. */
#include "cli_commands.h"

#include "messages.h"
#include "report.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How many group lines each list shows before "... and N more". */
enum { GROUP_LINES = 20 };

typedef struct budgets {
  bool text_growth_set;
  double text_growth;      /* --max-text-growth: bytes, or percent */
  bool text_growth_percent;
  bool fold_loss_set;
  double fold_loss;        /* --max-fold-loss: functions */
} budgets;

static void print_usage(FILE *out) {
  fprintf(out,
          "usage: ltofold report diff OLD.json NEW.json [budgets]\n"
          "       ltofold report combine REPORT.json... -o OUT.json\n\n"
          "diff compares two reports written by ltofold (--report, report=)\n"
          "and prints what changed. Exit status: 0, or 1 when a budget is\n"
          "exceeded, 2 on an error.\n\n"
          "combine adds up reports of one link's parts (the ThinLTO backends\n"
          "of a distributed build: ltofold thin-backend) into one, as an\n"
          "in-process link writes it; exit status 0, or 2 on an error.\n\n"
          "budgets:\n"
          "  --max-text-growth=N     code bytes (.text) may grow by at most N\n"
          "  --max-text-growth=P%%    ... or by at most P percent\n"
          "  --max-fold-loss=N       at most N fewer functions folded\n");
}

static int usage_error(const char *format, const char *detail) {
  fprintf(stderr, "ltofold: error: ");
  fprintf(stderr, format, detail);
  fprintf(stderr, " (see ltofold report --help)\n");
  return 2;
}

static cJSON *read_report(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    fprintf(stderr, "ltofold: error: %s: cannot read: %s\n", path,
            strerror(errno));
    return NULL;
  }
  char *text = NULL;
  size_t size = 0;
  FILE *memory = open_memstream(&text, &size);
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, file)) > 0)
    fwrite(chunk, 1, n, memory);
  fclose(file);
  fclose(memory);
  cJSON *root = cJSON_ParseWithLength(text, size);
  free(text);
  if (!root || !cJSON_IsObject(root) ||
      !cJSON_IsString(cJSON_GetObjectItem(root, "tool")) ||
      strcmp(cJSON_GetObjectItem(root, "tool")->valuestring, "ltofold")) {
    fprintf(stderr, "ltofold: error: %s: not an ltofold report (JSON %s)\n",
            path, root ? "of another shape" : "does not parse");
    cJSON_Delete(root);
    return NULL;
  }
  return root;
}

/* A number at a path of keys, or NAN when absent or null. */
static double number_at(const cJSON *root, const char *first, const char *second) {
  const cJSON *item = cJSON_GetObjectItem(root, first);
  if (second)
    item = item ? cJSON_GetObjectItem(item, second) : NULL;
  return cJSON_IsNumber(item) ? item->valuedouble : NAN;
}

static void print_row(const char *label, double old_value, double new_value) {
  char old_text[32] = "-", new_text[32] = "-", change[48] = "";
  if (!isnan(old_value))
    snprintf(old_text, sizeof old_text, "%.0f", old_value);
  if (!isnan(new_value))
    snprintf(new_text, sizeof new_text, "%.0f", new_value);
  if (!isnan(old_value) && !isnan(new_value) && old_value != new_value) {
    double delta = new_value - old_value;
    if (old_value != 0)
      snprintf(change, sizeof change, "%+.0f (%+.1f%%)", delta,
               100.0 * delta / old_value);
    else
      snprintf(change, sizeof change, "%+.0f", delta);
  }
  printf("  %-20s %14s %14s%s%s\n", label, old_text, new_text,
         *change ? "  " : "", change);
}

static const cJSON *groups_of(const cJSON *report) {
  const cJSON *merge = cJSON_GetObjectItem(report, "merge");
  return merge ? cJSON_GetObjectItem(merge, "groups") : NULL;
}

static const char *kept_of(const cJSON *group) {
  const char *kept = cJSON_GetStringValue(cJSON_GetObjectItem(group, "kept"));
  return kept ? kept : "";
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
  index.entries = malloc(((size_t)cJSON_GetArraySize(groups) + 1) *
                         sizeof *index.entries);
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

/* Groups of `from` whose kept symbol `to` lacks. */
static void print_missing_groups(const char *title, const cJSON *from,
                                 const group_index *to) {
  size_t shown = 0, total = 0;
  const cJSON *group;
  cJSON_ArrayForEach(group, groups_of(from)) {
    const char *kept = kept_of(group);
    if (find_group(to, kept))
      continue;
    if (total++ == 0)
      printf("\n%s:\n", title);
    if (shown < GROUP_LINES) {
      ++shown;
      double saved = number_at(group, "bytes_saved", NULL);
      printf("  %s (%d folded", kept,
             cJSON_GetArraySize(cJSON_GetObjectItem(group, "folded")));
      if (!isnan(saved))
        printf(", %.0f bytes", saved);
      printf(")\n");
    }
  }
  if (total > shown)
    printf("  ... and %zu more\n", total - shown);
}

static void print_changed_groups(const group_index *old_index,
                                 const cJSON *new_report) {
  size_t shown = 0, total = 0;
  const cJSON *group;
  cJSON_ArrayForEach(group, groups_of(new_report)) {
    const char *kept = kept_of(group);
    const cJSON *old_group = find_group(old_index, kept);
    if (!old_group)
      continue;
    int old_count = cJSON_GetArraySize(cJSON_GetObjectItem(old_group, "folded"));
    int new_count = cJSON_GetArraySize(cJSON_GetObjectItem(group, "folded"));
    double old_saved = number_at(old_group, "bytes_saved", NULL);
    double new_saved = number_at(group, "bytes_saved", NULL);
    bool same_saved =
        (isnan(old_saved) && isnan(new_saved)) || old_saved == new_saved;
    if (old_count == new_count && same_saved)
      continue;
    if (total++ == 0)
      printf("\nchanged groups (folded, bytes saved):\n");
    if (shown < GROUP_LINES) {
      ++shown;
      printf("  %s: %d -> %d folded, %.0f -> %.0f bytes\n", kept, old_count,
             new_count, old_saved, new_saved);
    }
  }
  if (total > shown)
    printf("  ... and %zu more\n", total - shown);
}

/* Returns true when every budget holds; says which did not. */
static bool check_budgets(const budgets *b, const cJSON *old_report,
                          const cJSON *new_report) {
  bool ok = true;
  if (b->text_growth_set) {
    double old_text = number_at(old_report, "object", "text_bytes");
    double new_text = number_at(new_report, "object", "text_bytes");
    if (isnan(old_text) || isnan(new_text)) {
      printf("\nbudget: text growth cannot be checked: a report has no object "
             "sizes (only the gold plugin measures them)\n");
      ok = false;
    } else {
      double allowed = b->text_growth_percent
                           ? old_text * b->text_growth / 100.0
                           : b->text_growth;
      double growth = new_text - old_text;
      if (growth > allowed) {
        printf("\nbudget exceeded: text grew by %.0f bytes, %.0f allowed\n",
               growth, allowed);
        ok = false;
      }
    }
  }
  if (b->fold_loss_set) {
    double old_folded = number_at(old_report, "totals", "functions_folded");
    double new_folded = number_at(new_report, "totals", "functions_folded");
    double loss = (isnan(old_folded) ? 0 : old_folded) -
                  (isnan(new_folded) ? 0 : new_folded);
    if (loss > b->fold_loss) {
      printf("\nbudget exceeded: %.0f fewer functions folded, %.0f allowed\n",
             loss, b->fold_loss);
      ok = false;
    }
  }
  return ok;
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

/* ltofold report combine REPORT.json... -o OUT.json */
static int combine(int argc, char **argv) {
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
      status = usage_error("unknown option '%s'", argv[i]);
    } else {
      cJSON *root = read_report(argv[i]);
      if (root)
        reports[count++] = ltofold_report_from_json(root);
      else
        status = 2;
    }
  }
  if (!status && (!out || !count))
    status = usage_error("%s", "report combine needs reports and -o OUT.json");
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
  if (!strcmp(argv[1], "combine"))
    return combine(argc - 1, argv + 1);
  if (strcmp(argv[1], "diff"))
    return usage_error("unknown report command '%s'", argv[1]);
  const char *paths[2] = {NULL, NULL};
  size_t path_count = 0;
  budgets b = {0};
  for (int i = 2; i < argc; ++i) {
    const char *arg = argv[i];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      print_usage(stdout);
      return 0;
    } else if (!strncmp(arg, "--max-text-growth=", 18)) {
      b.text_growth_set = true;
      if (!parse_amount(arg + 18, &b.text_growth, true, &b.text_growth_percent))
        return usage_error("'%s' needs a number of bytes or a percentage", arg);
    } else if (!strncmp(arg, "--max-fold-loss=", 16)) {
      b.fold_loss_set = true;
      if (!parse_amount(arg + 16, &b.fold_loss, false, NULL))
        return usage_error("'%s' needs a number of functions", arg);
    } else if (arg[0] == '-' && arg[1]) {
      return usage_error("unknown option '%s'", arg);
    } else if (path_count == 2) {
      return usage_error("more than two reports ('%s')", arg);
    } else {
      paths[path_count++] = arg;
    }
  }
  if (path_count != 2)
    return usage_error("%s", "report diff needs two reports, OLD and NEW");
  cJSON *old_report = read_report(paths[0]);
  cJSON *new_report = old_report ? read_report(paths[1]) : NULL;
  if (!new_report) {
    cJSON_Delete(old_report);
    return 2;
  }
  printf("ltofold report diff\n  old: %s\n  new: %s\n\n", paths[0], paths[1]);
  printf("  %-20s %14s %14s  %s\n", "", "old", "new", "change");
  print_row("text bytes", number_at(old_report, "object", "text_bytes"),
            number_at(new_report, "object", "text_bytes"));
  print_row("object bytes", number_at(old_report, "object", "bytes"),
            number_at(new_report, "object", "bytes"));
  static const char *const totals[][2] = {
      {"bytes_saved", "bytes saved"},
      {"functions_folded", "functions folded"},
      {"instructions_folded", "IR instrs folded"},
      {"fp_folds", "FP folds"},
      {"branches_removed", "branches removed"}};
  for (size_t i = 0; i < sizeof totals / sizeof *totals; ++i)
    print_row(totals[i][1], number_at(old_report, "totals", totals[i][0]),
              number_at(new_report, "totals", totals[i][0]));
  group_index old_index = index_groups(old_report);
  group_index new_index = index_groups(new_report);
  print_missing_groups("new fold groups", new_report, &old_index);
  print_missing_groups("fold groups gone", old_report, &new_index);
  print_changed_groups(&old_index, new_report);
  free(old_index.entries);
  free(new_index.entries);
  bool ok = check_budgets(&b, old_report, new_report);
  cJSON_Delete(old_report);
  cJSON_Delete(new_report);
  return ok ? 0 : 1;
}
