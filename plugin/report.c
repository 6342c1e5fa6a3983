#include "report.h"

#include "messages.h"
#include "version.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct ltofold_report {
  cJSON *root;   /* owned */
  cJSON *inputs; /* arrays inside root */
  cJSON *phases;
  double instructions_folded;
  double functions_folded;
};

ltofold_report *ltofold_report_new(void) {
  ltofold_report *report = calloc(1, sizeof *report);
  if (!report)
    abort();
  report->root = cJSON_CreateObject();
  cJSON_AddStringToObject(report->root, "tool", "ltofold");
  cJSON_AddStringToObject(report->root, "version", LTOFOLD_VERSION);
  cJSON_AddNumberToObject(report->root, "schema", 1);
  report->inputs = cJSON_AddArrayToObject(report->root, "inputs");
  report->phases = cJSON_AddArrayToObject(report->root, "phases");
  return report;
}

void ltofold_report_free(ltofold_report *report) {
  if (!report)
    return;
  cJSON_Delete(report->root);
  free(report);
}

void ltofold_report_add_input(ltofold_report *report, const char *path) {
  cJSON_AddItemToArray(report->inputs, cJSON_CreateString(path));
}

void ltofold_report_add_phase(ltofold_report *report, const char *name,
                              double seconds) {
  cJSON *phase = cJSON_CreateObject();
  cJSON_AddStringToObject(phase, "name", name);
  cJSON_AddNumberToObject(phase, "seconds", seconds);
  cJSON_AddItemToArray(report->phases, phase);
}

typedef struct fold_ref {
  const ltofold_fold *fold;
  size_t index; /* position in the result, to keep the order of events */
} fold_ref;

static int compare_by_kept(const void *a, const void *b) {
  const fold_ref *fa = a, *fb = b;
  int order = strcmp(fa->fold->kept, fb->fold->kept);
  if (order)
    return order;
  return fa->index < fb->index ? -1 : fa->index > fb->index;
}

typedef struct group_span {
  size_t first_index; /* the group's earliest fold */
  size_t start, end;  /* range in the sorted fold_ref array */
} group_span;

static int compare_by_first(const void *a, const void *b) {
  const group_span *ga = a, *gb = b;
  return ga->first_index < gb->first_index ? -1 : ga->first_index > gb->first_index;
}

/* Folds grouped by kept function, groups in the order they began: sort by
 * (kept, index), cut into runs, order the runs by their first fold. */
static cJSON *fold_groups(const ltofold_merge_result *result) {
  size_t n = result->fold_count;
  fold_ref *refs = malloc((n + 1) * sizeof *refs);
  group_span *spans = malloc((n + 1) * sizeof *spans);
  if (!refs || !spans)
    abort();
  for (size_t i = 0; i < n; ++i)
    refs[i] = (fold_ref){&result->folds[i], i};
  qsort(refs, n, sizeof *refs, compare_by_kept);
  size_t span_count = 0;
  for (size_t i = 0; i < n;) {
    size_t end = i + 1;
    while (end < n && !strcmp(refs[end].fold->kept, refs[i].fold->kept))
      ++end;
    spans[span_count++] = (group_span){refs[i].index, i, end};
    i = end;
  }
  qsort(spans, span_count, sizeof *spans, compare_by_first);
  cJSON *groups = cJSON_CreateArray();
  for (size_t g = 0; g < span_count; ++g) {
    cJSON *group = cJSON_CreateObject();
    cJSON_AddStringToObject(group, "kept", refs[spans[g].start].fold->kept);
    cJSON *folded = cJSON_AddArrayToObject(group, "folded");
    for (size_t k = spans[g].start; k < spans[g].end; ++k) {
      const ltofold_fold *fold = refs[k].fold;
      cJSON *entry = cJSON_CreateObject();
      cJSON_AddStringToObject(entry, "symbol", fold->folded);
      cJSON_AddStringToObject(entry, "method",
                              ltofold_fold_method_name(fold->method));
      cJSON_AddNumberToObject(entry, "instructions", fold->instructions);
      cJSON_AddBoolToObject(entry, "recursive_group", fold->recursive_group);
      cJSON_AddItemToArray(folded, entry);
    }
    cJSON_AddItemToArray(groups, group);
  }
  free(refs);
  free(spans);
  return groups;
}

void ltofold_report_add_merge(ltofold_report *report,
                              const ltofold_merge_result *result) {
  cJSON *merge = cJSON_AddObjectToObject(report->root, "merge");
  cJSON_AddNumberToObject(merge, "functions", (double)result->functions);
  cJSON_AddNumberToObject(merge, "candidates", (double)result->candidates);
  cJSON_AddNumberToObject(merge, "merged", (double)result->merged);
  cJSON_AddNumberToObject(merge, "merged_recursive",
                          (double)result->merged_recursive);
  cJSON_AddNumberToObject(merge, "comparisons", (double)result->comparisons);
  cJSON *methods = cJSON_AddObjectToObject(merge, "methods");
  for (int m = 0; m < LTOFOLD_FOLD_METHOD_COUNT; ++m)
    cJSON_AddNumberToObject(methods, ltofold_fold_method_name(m),
                            (double)result->by_method[m]);
  cJSON *skipped = cJSON_AddObjectToObject(merge, "skipped");
  for (int s = 0; s < LTOFOLD_SKIP_REASON_COUNT; ++s)
    cJSON_AddNumberToObject(skipped, ltofold_skip_reason_name(s),
                            (double)result->skipped[s]);
  cJSON_AddItemToObject(merge, "groups", fold_groups(result));
  report->functions_folded += (double)result->merged;
  for (size_t i = 0; i < result->fold_count; ++i)
    report->instructions_folded += result->folds[i].instructions;
}

int ltofold_report_write(ltofold_report *report, const char *path,
                         char **error) {
  /* Totals go in for the print only: the report stays reusable. */
  cJSON *totals = cJSON_AddObjectToObject(report->root, "totals");
  cJSON_AddNumberToObject(totals, "functions_folded", report->functions_folded);
  cJSON_AddNumberToObject(totals, "instructions_folded",
                          report->instructions_folded);
  char *text = cJSON_Print(report->root);
  cJSON_DeleteItemFromObject(report->root, "totals");
  if (!text)
    abort();
  char *temporary = ltofold_format("%s.tmp.%ld", path, (long)getpid());
  FILE *file = fopen(temporary, "w");
  int status = 0;
  if (!file) {
    *error = ltofold_format("cannot write report '%s': %s", path, strerror(errno));
    status = -1;
  } else {
    bool ok = fputs(text, file) >= 0 && fputc('\n', file) != EOF;
    ok = (fclose(file) == 0) && ok;
    if (!ok || rename(temporary, path) != 0) {
      *error = ltofold_format("cannot write report '%s': %s", path,
                              strerror(errno));
      unlink(temporary);
      status = -1;
    }
  }
  free(temporary);
  cJSON_free(text);
  return status;
}

void ltofold_print_merge_stats(FILE *out, const ltofold_merge_result *r) {
  fprintf(out,
          "ltofold merge: %zu functions, %zu candidates, %zu folded "
          "(%zu in recursive groups), %llu comparisons\n",
          r->functions, r->candidates, r->merged, r->merged_recursive,
          (unsigned long long)r->comparisons);
  for (int m = 0; m < LTOFOLD_FOLD_METHOD_COUNT; ++m)
    if (r->by_method[m])
      fprintf(out, "  %-22s %zu\n", ltofold_fold_method_name(m), r->by_method[m]);
  for (int s = 0; s < LTOFOLD_SKIP_REASON_COUNT; ++s)
    if (r->skipped[s])
      fprintf(out, "  skipped: %-13s %zu\n", ltofold_skip_reason_name(s),
              r->skipped[s]);
}
