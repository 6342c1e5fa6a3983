#include "report.h"

#include "messages.h"
#include "output_file.h"
#include "version.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <llvm-c/Core.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct ltofold_report {
  cJSON *root;   /* owned */
  cJSON *inputs; /* arrays inside root */
  cJSON *phases;
  cJSON *merge;  /* the merge object inside root, or NULL */
  double instructions_folded;
  double functions_folded;
  double fp_folds;
  double branches_removed;
  double bytes_saved;
  bool bytes_measured; /* bytes_saved is known (an object was measured) */
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

ltofold_report *ltofold_report_from_json(cJSON *root) {
  ltofold_report *report = calloc(1, sizeof *report);
  if (!report)
    abort();
  report->root = root;
  report->inputs = cJSON_GetObjectItem(root, "inputs");
  if (!cJSON_IsArray(report->inputs)) {
    cJSON_DeleteItemFromObject(root, "inputs");
    report->inputs = cJSON_AddArrayToObject(root, "inputs");
  }
  report->phases = cJSON_GetObjectItem(root, "phases");
  if (!cJSON_IsArray(report->phases)) {
    cJSON_DeleteItemFromObject(root, "phases");
    report->phases = cJSON_AddArrayToObject(root, "phases");
  }
  report->merge = cJSON_GetObjectItem(root, "merge");
  const cJSON *totals = cJSON_GetObjectItem(root, "totals");
  report->functions_folded = cJSON_GetNumberValue(cJSON_GetObjectItem(totals, "functions_folded"));
  report->instructions_folded =
      cJSON_GetNumberValue(cJSON_GetObjectItem(totals, "instructions_folded"));
  report->fp_folds = cJSON_GetNumberValue(cJSON_GetObjectItem(totals, "fp_folds"));
  report->branches_removed =
      cJSON_GetNumberValue(cJSON_GetObjectItem(totals, "branches_removed"));
  const cJSON *saved = cJSON_GetObjectItem(totals, "bytes_saved");
  report->bytes_measured = cJSON_IsNumber(saved);
  report->bytes_saved = report->bytes_measured ? saved->valuedouble : 0;
  /* NaN where a total is missing: count it as none. */
  double *numbers[] = {&report->functions_folded, &report->instructions_folded,
                       &report->fp_folds, &report->branches_removed};
  for (size_t i = 0; i < sizeof numbers / sizeof *numbers; ++i)
    if (*numbers[i] != *numbers[i])
      *numbers[i] = 0;
  cJSON_DeleteItemFromObject(root, "totals");
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

/* Whether the report lists `path` among its inputs. */
static bool has_input(const ltofold_report *report, const char *path) {
  const cJSON *input;
  cJSON_ArrayForEach(input, report->inputs)
    if (cJSON_IsString(input) && !strcmp(input->valuestring, path))
      return true;
  return false;
}

void ltofold_report_replace_input(ltofold_report *report, const char *name,
                                  const char *const *paths) {
  int index = 0;
  const cJSON *input;
  cJSON_ArrayForEach(input, report->inputs) {
    if (cJSON_IsString(input) && !strcmp(input->valuestring, name))
      break;
    ++index;
  }
  if (!input)
    return;
  cJSON_DeleteItemFromArray(report->inputs, index);
  for (; *paths; ++paths)
    if (!has_input(report, *paths))
      cJSON_InsertItemInArray(report->inputs, index++, cJSON_CreateString(*paths));
}

void ltofold_report_add_phase(ltofold_report *report, const char *name,
                              double seconds) {
  cJSON *phase = cJSON_CreateObject();
  cJSON_AddStringToObject(phase, "name", name);
  cJSON_AddNumberToObject(phase, "seconds", seconds);
  cJSON_AddItemToArray(report->phases, phase);
}

/* `path` made absolute against the working directory (not resolved: a
 * symbolic link stays as named). malloc'd. */
static char *absolute_path(const char *path) {
  char directory[PATH_MAX];
  if (path[0] == '/' || !getcwd(directory, sizeof directory))
    return ltofold_format("%s", path);
  return ltofold_format("%s/%s", directory, path);
}

static void add_string(cJSON *object, const char *name, const char *value) {
  if (value && *value)
    cJSON_AddStringToObject(object, name, value);
}

/* A time as ISO 8601 in UTC, "2026-11-28T07:00:00Z". */
static void add_time(cJSON *object, const char *name, double seconds) {
  if (seconds < 0)
    return;
  time_t when = (time_t)seconds;
  struct tm utc;
  char text[32];
  if (gmtime_r(&when, &utc) &&
      strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc))
    cJSON_AddStringToObject(object, name, text);
}

/* "KEY=VALUE" lines (ltofold_options' settings) as an array of strings. */
static cJSON *option_list(const char *settings) {
  cJSON *list = cJSON_CreateArray();
  for (const char *line = settings; line && *line;) {
    const char *end = strchr(line, '\n');
    size_t length = end ? (size_t)(end - line) : strlen(line);
    char *option = ltofold_format("%.*s", (int)length, line);
    cJSON_AddItemToArray(list, cJSON_CreateString(option));
    free(option);
    line += length + (end != NULL);
  }
  return list;
}

void ltofold_report_set_build(ltofold_report *report, const ltofold_build *build) {
  cJSON *old = cJSON_DetachItemFromObjectCaseSensitive(report->root, "build");
  cJSON *object = cJSON_AddObjectToObject(report->root, "build");
  add_string(object, "label", build->label);
  if (build->output) {
    char *output = absolute_path(build->output);
    cJSON_AddStringToObject(object, "output", output);
    free(output);
  }
  cJSON *build_id = cJSON_GetObjectItemCaseSensitive(old, "build_id");
  if (cJSON_IsString(build_id))
    cJSON_AddStringToObject(object, "build_id", build_id->valuestring);
  cJSON_Delete(old);
  add_string(object, "linker", build->linker);
  add_string(object, "plugin", build->plugin);
  cJSON_AddStringToObject(object, "lto", build->lto ? build->lto : "none");
  cJSON_AddItemToObject(object, "options", option_list(build->options));
  add_string(object, "target", build->target);
  add_string(object, "cpu", build->cpu);
  cJSON_AddStringToObject(object, "ltofold_version", LTOFOLD_VERSION);
  unsigned major, minor, patch;
  LLVMGetVersion(&major, &minor, &patch);
  char *llvm = ltofold_format("%u.%u.%u", major, minor, patch);
  cJSON_AddStringToObject(object, "llvm_version", llvm);
  free(llvm);
  add_time(object, "started", build->started);
  if (build->seconds >= 0)
    cJSON_AddNumberToObject(object, "seconds", build->seconds);
  cJSON *input;
  cJSON_ArrayForEach(input, report->inputs) {
    /* "<stdin>" names no file. */
    if (cJSON_IsString(input) && input->valuestring[0] != '/' &&
        input->valuestring[0] != '<') {
      char *path = absolute_path(input->valuestring);
      cJSON_SetValuestring(input, path);
      free(path);
    }
  }
}

void ltofold_report_set_build_id(ltofold_report *report, const char *build_id) {
  cJSON *object = cJSON_GetObjectItemCaseSensitive(report->root, "build");
  if (!object)
    object = cJSON_AddObjectToObject(report->root, "build");
  cJSON_DeleteItemFromObjectCaseSensitive(object, "build_id");
  cJSON_AddStringToObject(object, "build_id", build_id);
}

void ltofold_report_set_not_run(ltofold_report *report, const char *cause) {
  cJSON_DeleteItemFromObjectCaseSensitive(report->root, "not_run");
  cJSON_AddStringToObject(report->root, "not_run", cause);
}

const char *ltofold_report_not_run(const cJSON *root) {
  return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root, "not_run"));
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

/* Why a fold's or a group's bytes_saved is null (docs/report.md, "Bytes
 * saved"; docs/report.schema.json lists the same words). */
static const char NOT_MEASURED[] = "not-measured";
static const char NO_SYMBOL_TABLE[] = "no-symbol-table";
static const char KEPT_MISSING[] = "kept-symbol-missing";
static const char KEPT_AMBIGUOUS[] = "kept-symbol-ambiguous";
static const char FOLDED_MISSING[] = "folded-symbol-missing";
static const char FOLDED_AMBIGUOUS[] = "folded-symbol-ambiguous";

/* Sets `name` in `object` to `value`, where it was, or at the end when it
 * was not there: a report measured again keeps its layout. */
static void set_member(cJSON *object, const char *name, cJSON *value) {
  if (cJSON_GetObjectItemCaseSensitive(object, name))
    cJSON_ReplaceItemInObjectCaseSensitive(object, name, value);
  else
    cJSON_AddItemToObject(object, name, value);
}

/* bytes_saved null, and why. */
static void set_unmeasured(cJSON *object, const char *reason) {
  set_member(object, "bytes_saved", cJSON_CreateNull());
  set_member(object, "bytes_unknown", cJSON_CreateString(reason));
}

static void set_measured(cJSON *object, double bytes_saved) {
  set_member(object, "bytes_saved", cJSON_CreateNumber(bytes_saved));
  cJSON_DeleteItemFromObjectCaseSensitive(object, "bytes_unknown");
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
      if (fold->similar) {
        cJSON_AddBoolToObject(entry, "similar", true);
        cJSON_AddNumberToObject(entry, "parameters", fold->parameters);
      }
      set_unmeasured(entry, NOT_MEASURED);
      cJSON_AddItemToArray(folded, entry);
    }
    cJSON_AddNullToObject(group, "kept_bytes");
    set_unmeasured(group, NOT_MEASURED);
    cJSON_AddItemToArray(groups, group);
  }
  free(refs);
  free(spans);
  return groups;
}

void ltofold_report_add_merge(ltofold_report *report,
                              const ltofold_merge_result *result) {
  cJSON *merge = cJSON_AddObjectToObject(report->root, "merge");
  report->merge = merge;
  cJSON_AddNumberToObject(merge, "functions", (double)result->functions);
  cJSON_AddNumberToObject(merge, "candidates", (double)result->candidates);
  cJSON_AddNumberToObject(merge, "merged", (double)result->merged);
  cJSON_AddNumberToObject(merge, "merged_recursive",
                          (double)result->merged_recursive);
  cJSON_AddNumberToObject(merge, "comparisons", (double)result->comparisons);
  cJSON_AddNumberToObject(merge, "certified", (double)result->certified);
  cJSON *methods = cJSON_AddObjectToObject(merge, "methods");
  for (int m = 0; m < LTOFOLD_FOLD_METHOD_COUNT; ++m)
    cJSON_AddNumberToObject(methods, ltofold_fold_method_name(m),
                            (double)result->by_method[m]);
  cJSON *skipped = cJSON_AddObjectToObject(merge, "skipped");
  for (int s = 0; s < LTOFOLD_SKIP_REASON_COUNT; ++s)
    cJSON_AddNumberToObject(skipped, ltofold_skip_reason_name(s),
                            (double)result->skipped[s]);
  cJSON *similar = cJSON_AddObjectToObject(merge, "similar");
  cJSON_AddNumberToObject(similar, "groups", (double)result->similar_groups);
  cJSON_AddNumberToObject(similar, "merged", (double)result->similar_merged);
  cJSON_AddNumberToObject(similar, "parameters",
                          (double)result->similar_parameters);
  cJSON_AddNumberToObject(similar, "choices", (double)result->similar_choices);
  cJSON_AddNumberToObject(similar, "blocks", (double)result->similar_blocks);
  cJSON *shapes = cJSON_AddObjectToObject(similar, "shapes");
  cJSON_AddNumberToObject(shapes, "aligned", (double)result->shapes_aligned);
  cJSON_AddNumberToObject(shapes, "built", (double)result->shapes_built);
  cJSON_AddNumberToObject(shapes, "merged", (double)result->shapes_merged);
  cJSON_AddNumberToObject(shapes, "unprofitable", (double)result->shapes_unprofitable);
  cJSON_AddNumberToObject(shapes, "uncertified", (double)result->shapes_uncertified);
  cJSON *similar_skipped = cJSON_AddObjectToObject(similar, "skipped");
  for (int s = 0; s < LTOFOLD_SIMILAR_SKIP_COUNT; ++s)
    cJSON_AddNumberToObject(similar_skipped, ltofold_similar_skip_name(s),
                            (double)result->similar_skipped[s]);
  const ltofold_outline_stats *o = &result->outline;
  cJSON *outline = cJSON_AddObjectToObject(merge, "outline");
  cJSON_AddNumberToObject(outline, "candidates", (double)o->candidates);
  cJSON_AddNumberToObject(outline, "outlined", (double)o->outlined);
  cJSON_AddNumberToObject(outline, "functions", (double)o->functions);
  cJSON_AddNumberToObject(outline, "calls", (double)o->calls);
  cJSON_AddNumberToObject(outline, "inlined_back", (double)o->inlined_back);
  cJSON_AddNumberToObject(outline, "sequences", (double)o->sequences);
  cJSON_AddNumberToObject(outline, "sequence_groups", (double)o->sequence_groups);
  cJSON *outline_skipped = cJSON_AddObjectToObject(outline, "skipped");
  cJSON_AddNumberToObject(outline_skipped, "unprofitable", (double)o->unprofitable);
  cJSON_AddNumberToObject(outline_skipped, "ineligible", (double)o->ineligible);
  cJSON_AddItemToObject(merge, "groups", fold_groups(result));
  report->functions_folded += (double)result->merged;
  for (size_t i = 0; i < result->fold_count; ++i)
    report->instructions_folded += result->folds[i].instructions;
}

void ltofold_report_uncount_merge_functions(ltofold_report *report) {
  cJSON *functions = cJSON_GetObjectItem(report->merge, "functions");
  if (functions)
    cJSON_SetNumberValue(functions, 0);
}

void ltofold_report_add_fprange(ltofold_report *report,
                                const ltofold_fprange_result *result) {
  cJSON *fprange = cJSON_AddObjectToObject(report->root, "fprange");
  cJSON_AddNumberToObject(fprange, "values", (double)result->values);
  cJSON_AddNumberToObject(fprange, "values_bounded",
                          (double)result->values_bounded);
  cJSON_AddNumberToObject(fprange, "branches_removed",
                          (double)result->branches_removed);
  cJSON *kinds = cJSON_AddObjectToObject(fprange, "folds_by_kind");
  for (int k = 0; k < LTOFOLD_FPRANGE_FOLD_KIND_COUNT; ++k)
    cJSON_AddNumberToObject(kinds, ltofold_fprange_fold_kind_name(k),
                            (double)result->by_kind[k]);
  cJSON *written = cJSON_AddObjectToObject(fprange, "nofpclass_written");
  for (int p = 0; p < LTOFOLD_FPRANGE_ATTRIBUTE_PLACE_COUNT; ++p)
    cJSON_AddNumberToObject(written, ltofold_fprange_attribute_place_name(p),
                            (double)result->attributes_written[p]);
  cJSON *folds = cJSON_AddArrayToObject(fprange, "folds");
  for (size_t i = 0; i < result->fold_count; ++i) {
    const ltofold_fprange_fold *fold = &result->folds[i];
    cJSON *entry = cJSON_CreateObject();
    cJSON_AddStringToObject(entry, "kind",
                            ltofold_fprange_fold_kind_name(fold->kind));
    cJSON_AddStringToObject(entry, "function", fold->function);
    cJSON_AddStringToObject(entry, "what", fold->what);
    if (fold->file) {
      cJSON *location = cJSON_AddObjectToObject(entry, "location");
      cJSON_AddStringToObject(location, "file", fold->file);
      cJSON_AddNumberToObject(location, "line", fold->line);
      cJSON_AddNumberToObject(location, "column", fold->column);
    } else {
      cJSON_AddNullToObject(entry, "location");
    }
    cJSON_AddItemToArray(folds, entry);
  }
  report->fp_folds += (double)result->fold_count;
  report->branches_removed += (double)result->branches_removed;
}

void ltofold_report_add_canon(ltofold_report *report,
                              const ltofold_canon_result *result) {
  cJSON *canon = cJSON_AddObjectToObject(report->root, "canon");
  cJSON_AddNumberToObject(canon, "functions", (double)result->functions);
  cJSON_AddNumberToObject(canon, "instructions_moved",
                          (double)result->instructions_moved);
  cJSON_AddNumberToObject(canon, "operands_swapped",
                          (double)result->operands_swapped);
  cJSON_AddNumberToObject(canon, "phis_sorted", (double)result->phis_sorted);
  cJSON_AddNumberToObject(canon, "switches_sorted",
                          (double)result->switches_sorted);
  cJSON_AddNumberToObject(canon, "instructions_sunk",
                          (double)result->instructions_sunk);
  cJSON_AddNumberToObject(canon, "globals_moved",
                          (double)result->globals_moved);
}

/* `from`'s members into `into`: numbers add, arrays follow one another,
 * objects the same way member by member, anything else stays as `into`
 * has it (or is taken from `from` when `into` has none). */
static void absorb_object(cJSON *into, const cJSON *from) {
  const cJSON *item;
  cJSON_ArrayForEach(item, from) {
    cJSON *mine = cJSON_GetObjectItemCaseSensitive(into, item->string);
    if (!mine) {
      cJSON_AddItemToObject(into, item->string, cJSON_Duplicate(item, true));
    } else if (cJSON_IsNumber(mine) && cJSON_IsNumber(item)) {
      cJSON_SetNumberValue(mine, mine->valuedouble + item->valuedouble);
    } else if (cJSON_IsArray(mine) && cJSON_IsArray(item)) {
      const cJSON *element;
      cJSON_ArrayForEach(element, item)
        cJSON_AddItemToArray(mine, cJSON_Duplicate(element, true));
    } else if (cJSON_IsObject(mine) && cJSON_IsObject(item)) {
      absorb_object(mine, item);
    }
  }
}

void ltofold_report_absorb(ltofold_report *into, const ltofold_report *from) {
  const cJSON *item;
  cJSON_ArrayForEach(item, from->inputs)
    cJSON_AddItemToArray(into->inputs, cJSON_Duplicate(item, true));
  cJSON_ArrayForEach(item, from->phases) {
    const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(item, "name"));
    double seconds = cJSON_GetNumberValue(cJSON_GetObjectItem(item, "seconds"));
    cJSON *mine = NULL, *phase;
    cJSON_ArrayForEach(phase, into->phases)
      if (!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(phase, "name")), name))
        mine = phase;
    if (mine) {
      cJSON *total = cJSON_GetObjectItem(mine, "seconds");
      cJSON_SetNumberValue(total, total->valuedouble + seconds);
    } else {
      ltofold_report_add_phase(into, name, seconds);
    }
  }
  static const char *const parts[] = {"fprange", "canon", "merge"};
  for (size_t i = 0; i < sizeof parts / sizeof *parts; ++i) {
    const cJSON *theirs = cJSON_GetObjectItem(from->root, parts[i]);
    if (!theirs)
      continue;
    cJSON *mine = cJSON_GetObjectItem(into->root, parts[i]);
    if (!mine)
      mine = cJSON_AddObjectToObject(into->root, parts[i]);
    absorb_object(mine, theirs);
  }
  into->merge = cJSON_GetObjectItem(into->root, "merge");
  /* The parts of one link: the first part's build is the link's. */
  const cJSON *build = cJSON_GetObjectItemCaseSensitive(from->root, "build");
  if (build && !cJSON_GetObjectItemCaseSensitive(into->root, "build"))
    cJSON_AddItemToObject(into->root, "build", cJSON_Duplicate(build, true));
  into->instructions_folded += from->instructions_folded;
  into->functions_folded += from->functions_folded;
  into->fp_folds += from->fp_folds;
  into->branches_removed += from->branches_removed;
  into->bytes_saved += from->bytes_saved;
  into->bytes_measured |= from->bytes_measured;
}

static const char *first_input(const ltofold_report *report) {
  const char *name = cJSON_GetStringValue(cJSON_GetArrayItem(report->inputs, 0));
  return name ? name : "";
}

static int compare_first_inputs(const void *a, const void *b) {
  return strcmp(first_input(*(ltofold_report *const *)a),
                first_input(*(ltofold_report *const *)b));
}

ltofold_report *ltofold_report_combine(ltofold_report *const *reports,
                                       size_t count) {
  ltofold_report **sorted = malloc((count + 1) * sizeof *sorted);
  if (!sorted)
    abort();
  memcpy(sorted, reports, count * sizeof *sorted);
  qsort(sorted, count, sizeof *sorted, compare_first_inputs);
  ltofold_report *combined = ltofold_report_new();
  for (size_t i = 0; i < count; ++i)
    ltofold_report_absorb(combined, sorted[i]);
  free(sorted);
  return combined;
}

static int compare_symbol_names(const void *a, const void *b) {
  return strcmp(((const ltofold_symbol_size *)a)->name,
                ((const ltofold_symbol_size *)b)->name);
}

typedef enum lookup_status { SYMBOL_FOUND, SYMBOL_MISSING, SYMBOL_AMBIGUOUS } lookup_status;

/* The one symbol named `name` among `symbols` (sorted by name). Two
 * definitions of one name at different places (a static function of the
 * program and one of the C library, in a linked program) are ambiguous:
 * which one is the fold's cannot be told from the name. */
static lookup_status find_symbol(const ltofold_symbol_size *symbols, size_t count,
                                 const char *name,
                                 const ltofold_symbol_size **found) {
  if (!count)
    return SYMBOL_MISSING;
  ltofold_symbol_size key = {name, 0, 0};
  const ltofold_symbol_size *hit =
      bsearch(&key, symbols, count, sizeof *symbols, compare_symbol_names);
  if (!hit)
    return SYMBOL_MISSING;
  const ltofold_symbol_size *first = hit, *last = hit;
  while (first > symbols && !strcmp(first[-1].name, name))
    --first;
  while (last + 1 < symbols + count && !strcmp(last[1].name, name))
    ++last;
  for (const ltofold_symbol_size *other = first; other <= last; ++other)
    if (other->address != first->address || other->size != first->size)
      return SYMBOL_AMBIGUOUS;
  *found = first;
  return SYMBOL_FOUND;
}

/* What is left of a folded function in the measured file: nothing for
 * `replaced` and `alias` (an alias shares the kept bytes), its own
 * symbol's size for `thunk` and `callers` (the body stays). A thunk without
 * a symbol is gone in an object ltofold generated (its callers inlined it),
 * unknown in a linked program (stripped, or gone). Returns the bytes, or
 * -1 with *reason. */
static double bytes_left(const cJSON *entry, const ltofold_symbol_size *symbols,
                         size_t count, ltofold_measured_file measured,
                         const char **reason) {
  const char *method = cJSON_GetStringValue(cJSON_GetObjectItem(entry, "method"));
  if (!method ||
      (strcmp(method, ltofold_fold_method_name(LTOFOLD_FOLD_THUNK)) &&
       strcmp(method, ltofold_fold_method_name(LTOFOLD_FOLD_CALLERS))))
    return 0;
  const char *folded = cJSON_GetStringValue(cJSON_GetObjectItem(entry, "symbol"));
  const ltofold_symbol_size *symbol = NULL;
  switch (find_symbol(symbols, count, folded ? folded : "", &symbol)) {
  case SYMBOL_FOUND:
    return (double)symbol->size;
  case SYMBOL_AMBIGUOUS:
    *reason = FOLDED_AMBIGUOUS;
    return -1;
  case SYMBOL_MISSING:
    break;
  }
  if (measured == LTOFOLD_MEASURED_GENERATED_OBJECT)
    return 0;
  *reason = FOLDED_MISSING;
  return -1;
}

/* One group: each folded function would have cost the kept body's size
 * (`kept_bytes`); it saved that minus what is left of it (bytes_left). A
 * group of similar functions lists every member, none of which had the
 * merged body before, so the body's bytes come off its total once (the
 * constants its callers now pass are not counted: they are in the callers'
 * bytes). A group any of whose folds is unknown has no total: a partial
 * sum would pass for the whole. Returns whether the group's bytes are
 * known, and then adds them to *total. */
static bool measure_group(cJSON *group, const ltofold_symbol_size *symbols,
                          size_t count, ltofold_measured_file measured,
                          double *total) {
  const char *kept = cJSON_GetStringValue(cJSON_GetObjectItem(group, "kept"));
  const ltofold_symbol_size *kept_symbol = NULL;
  const char *kept_reason = NULL;
  if (!count)
    kept_reason = NO_SYMBOL_TABLE;
  else
    switch (find_symbol(symbols, count, kept ? kept : "", &kept_symbol)) {
    case SYMBOL_FOUND:
      break;
    case SYMBOL_MISSING:
      kept_reason = KEPT_MISSING;
      break;
    case SYMBOL_AMBIGUOUS:
      kept_reason = KEPT_AMBIGUOUS;
      break;
    }
  cJSON_DeleteItemFromObjectCaseSensitive(group, "kept_address");
  cJSON *entry;
  if (kept_reason) {
    cJSON_ArrayForEach(entry, cJSON_GetObjectItem(group, "folded"))
      set_unmeasured(entry, kept_reason);
    set_member(group, "kept_bytes", cJSON_CreateNull());
    set_unmeasured(group, kept_reason);
    return false;
  }
  double kept_size = (double)kept_symbol->size;
  double group_saved = 0;
  const char *group_reason = NULL;
  bool similar = false;
  cJSON_ArrayForEach(entry, cJSON_GetObjectItem(group, "folded")) {
    similar |= cJSON_IsTrue(cJSON_GetObjectItem(entry, "similar"));
    const char *reason = NULL;
    double left = bytes_left(entry, symbols, count, measured, &reason);
    if (left < 0) {
      set_unmeasured(entry, reason);
      group_reason = reason;
      continue;
    }
    double saved = kept_size > left ? kept_size - left : 0;
    set_measured(entry, saved);
    group_saved += saved;
  }
  if (similar)
    group_saved -= kept_size;
  set_member(group, "kept_bytes", cJSON_CreateNumber(kept_size));
  if (measured == LTOFOLD_MEASURED_LINKED_BINARY) {
    char address[32];
    snprintf(address, sizeof address, "0x%llx",
             (unsigned long long)kept_symbol->address);
    cJSON_AddStringToObject(group, "kept_address", address);
  }
  if (group_reason) {
    set_unmeasured(group, group_reason);
    return false;
  }
  set_measured(group, group_saved);
  *total += group_saved;
  return true;
}

void ltofold_report_add_symbol_sizes(ltofold_report *report,
                                     ltofold_symbol_size *symbols, size_t count,
                                     ltofold_measured_file measured) {
  if (count) /* qsort and bsearch take no NULL, even for no elements */
    qsort(symbols, count, sizeof *symbols, compare_symbol_names);
  report->bytes_measured = true;
  report->bytes_saved = 0;
  cJSON *groups = report->merge ? cJSON_GetObjectItem(report->merge, "groups")
                                : NULL;
  cJSON *group;
  cJSON_ArrayForEach(group, groups)
    measure_group(group, symbols, count, measured, &report->bytes_saved);
}

/* Whether the folded function's symbol in a linked program says the fold
 * did not happen there: a fold that leaves no body (replaced, alias) finds
 * one of its own, at another address than the kept body's (`kept` may be
 * NULL: not in the program, as a similar group's merged body is not in a
 * program linked without ltofold); a thunk finds a body as large as the
 * kept one (merge makes no thunk as large as the body it calls:
 * too-small-for-thunk). `callers` keeps the body: it tells nothing.
 * Returns -1 for a fold that tells nothing, else 0 or 1. */
static int contradicts(const cJSON *entry, const ltofold_symbol_size *kept,
                       const ltofold_symbol_size *symbols, size_t count) {
  const char *method = cJSON_GetStringValue(cJSON_GetObjectItem(entry, "method"));
  const char *folded = cJSON_GetStringValue(cJSON_GetObjectItem(entry, "symbol"));
  bool thunk = method && !strcmp(method, ltofold_fold_method_name(LTOFOLD_FOLD_THUNK));
  bool no_body =
      method && (!strcmp(method, ltofold_fold_method_name(LTOFOLD_FOLD_REPLACED)) ||
                 !strcmp(method, ltofold_fold_method_name(LTOFOLD_FOLD_ALIAS)));
  if (!folded || !(no_body || (thunk && kept)))
    return -1;
  const ltofold_symbol_size *symbol = NULL;
  if (find_symbol(symbols, count, folded, &symbol) != SYMBOL_FOUND ||
      !symbol->size || (kept && symbol->address == kept->address))
    return 0;
  return no_body || symbol->size >= kept->size;
}

int ltofold_report_check_binary(ltofold_report *report,
                                ltofold_symbol_size *symbols, size_t count,
                                char **why) {
  if (count)
    qsort(symbols, count, sizeof *symbols, compare_symbol_names);
  size_t checked = 0, contradicting = 0;
  const char *example = NULL;
  uint64_t example_address = 0;
  const cJSON *groups =
      report->merge ? cJSON_GetObjectItem(report->merge, "groups") : NULL;
  const cJSON *group, *entry;
  cJSON_ArrayForEach(group, groups) {
    const char *kept = cJSON_GetStringValue(cJSON_GetObjectItem(group, "kept"));
    const ltofold_symbol_size *kept_symbol = NULL, *folded_symbol = NULL;
    if (find_symbol(symbols, count, kept ? kept : "", &kept_symbol) != SYMBOL_FOUND)
      kept_symbol = NULL;
    cJSON_ArrayForEach(entry, cJSON_GetObjectItem(group, "folded")) {
      int verdict = contradicts(entry, kept_symbol, symbols, count);
      checked += verdict >= 0;
      if (verdict > 0 && !contradicting++) {
        example = cJSON_GetStringValue(cJSON_GetObjectItem(entry, "symbol"));
        find_symbol(symbols, count, example, &folded_symbol);
        example_address = folded_symbol->address;
      }
    }
  }
  if (!contradicting || 2 * contradicting <= checked)
    return 0;
  *why = ltofold_format(
      "%zu of the %zu functions the report folded have bodies of their "
      "own in it (%s at 0x%llx, one of them)",
      contradicting, checked, example, (unsigned long long)example_address);
  return -1;
}

static const char *measured_name(ltofold_measured_file measured) {
  return measured == LTOFOLD_MEASURED_LINKED_BINARY ? "linked-binary"
                                                    : "generated-object";
}

void ltofold_report_set_object(ltofold_report *report, uint64_t object_bytes,
                               const ltofold_file_sizes *sizes,
                               ltofold_measured_file measured,
                               const char *file) {
  cJSON_DeleteItemFromObject(report->root, "object");
  cJSON *object = cJSON_AddObjectToObject(report->root, "object");
  cJSON_AddNumberToObject(object, "bytes", (double)object_bytes);
  cJSON_AddNumberToObject(object, "text_bytes", (double)sizes->text_bytes);
  if (sizes->loadable_known)
    cJSON_AddNumberToObject(object, "loadable_bytes",
                            (double)sizes->loadable_bytes);
  cJSON_AddStringToObject(object, "measured", measured_name(measured));
  if (file)
    cJSON_AddStringToObject(object, "file", file);
}

void ltofold_report_set_thin_modules(ltofold_report *report, unsigned modules,
                                     long cached) {
  cJSON_DeleteItemFromObject(report->root, "thinlto");
  cJSON *thin = cJSON_AddObjectToObject(report->root, "thinlto");
  cJSON_AddNumberToObject(thin, "modules", modules);
  if (cached >= 0)
    cJSON_AddNumberToObject(thin, "cached", (double)cached);
}

void ltofold_report_set_cache(ltofold_report *report, bool hit, const char *key) {
  cJSON_DeleteItemFromObject(report->root, "cache");
  cJSON *cache = cJSON_AddObjectToObject(report->root, "cache");
  cJSON_AddBoolToObject(cache, "hit", hit);
  cJSON_AddStringToObject(cache, "key", key);
}

/* Groups whose bytes a measurement could not tell: bytes_saved in totals
 * is the sum over the others. */
static size_t unmeasured_groups(const ltofold_report *report) {
  size_t count = 0;
  const cJSON *groups =
      report->merge ? cJSON_GetObjectItem(report->merge, "groups") : NULL;
  const cJSON *group;
  cJSON_ArrayForEach(group, groups)
    count += cJSON_IsNull(cJSON_GetObjectItem(group, "bytes_saved"));
  return count;
}

char *ltofold_report_to_json(ltofold_report *report) {
  /* Totals go in for the print only: the report stays reusable. */
  cJSON *totals = cJSON_AddObjectToObject(report->root, "totals");
  cJSON_AddNumberToObject(totals, "functions_folded", report->functions_folded);
  cJSON_AddNumberToObject(totals, "instructions_folded",
                          report->instructions_folded);
  if (report->bytes_measured) {
    cJSON_AddNumberToObject(totals, "bytes_saved", report->bytes_saved);
    cJSON_AddNumberToObject(totals, "groups_unmeasured",
                            (double)unmeasured_groups(report));
  } else {
    cJSON_AddNullToObject(totals, "bytes_saved");
  }
  cJSON_AddNumberToObject(totals, "fp_folds", report->fp_folds);
  cJSON_AddNumberToObject(totals, "branches_removed", report->branches_removed);
  char *text = cJSON_Print(report->root);
  cJSON_DeleteItemFromObject(report->root, "totals");
  if (!text)
    abort();
  char *line = ltofold_format("%s\n", text);
  cJSON_free(text);
  return line;
}

int ltofold_report_write(ltofold_report *report, const char *path,
                         char **error) {
  char *text = ltofold_report_to_json(report);
  int status = ltofold_write_file(path, text, strlen(text), error);
  free(text);
  return status;
}

/* The end of a statistics summary line: its time, when known. */
static void end_line(FILE *out, double seconds) {
  if (seconds >= 0)
    fprintf(out, ", %.2f s", seconds);
  fputc('\n', out);
}

/* "1 function", "2 functions": a count and its noun, for the stats lines. */
#define COUNTED(count, singular, plural)                                       \
  (size_t)(count), ltofold_plural((double)(count), singular, plural)

void ltofold_print_totals(FILE *out, const ltofold_report *report,
                          double seconds) {
  fprintf(out, "ltofold total: %.0f %s folded, %.0f %s, %.0f %s removed",
          report->functions_folded,
          ltofold_plural(report->functions_folded, "function", "functions"),
          report->fp_folds,
          ltofold_plural(report->fp_folds, "FP fold", "FP folds"),
          report->branches_removed,
          ltofold_plural(report->branches_removed, "branch", "branches"));
  if (report->bytes_measured)
    fprintf(out, ", %.0f bytes saved", report->bytes_saved);
  end_line(out, seconds);
}

void ltofold_print_merge_stats(FILE *out, const ltofold_merge_result *r,
                               double seconds) {
  fprintf(out,
          "ltofold merge: %zu %s, %zu %s, %zu folded "
          "(%zu in recursive groups), %llu %s",
          COUNTED(r->functions, "function", "functions"),
          COUNTED(r->candidates, "candidate", "candidates"), r->merged,
          r->merged_recursive, (unsigned long long)r->comparisons,
          ltofold_plural((double)r->comparisons, "comparison", "comparisons"));
  end_line(out, seconds);
  for (int m = 0; m < LTOFOLD_FOLD_METHOD_COUNT; ++m)
    if (r->by_method[m])
      fprintf(out, "  %-22s %zu\n", ltofold_fold_method_name(m), r->by_method[m]);
  for (int s = 0; s < LTOFOLD_SKIP_REASON_COUNT; ++s)
    if (r->skipped[s])
      fprintf(out, "  skipped: %-13s %zu\n", ltofold_skip_reason_name(s),
              r->skipped[s]);
  if (r->similar_groups)
    fprintf(out, "  similar: %zu %s into %zu %s, %zu %s, %zu %s, %zu %s\n",
            COUNTED(r->similar_merged, "function", "functions"),
            COUNTED(r->similar_groups, "merged body", "merged bodies"),
            COUNTED(r->similar_parameters, "parameter", "parameters"),
            COUNTED(r->similar_choices, "choice", "choices"),
            COUNTED(r->similar_blocks, "block", "blocks"));
  if (r->shapes_aligned)
    fprintf(out,
            "  similar shapes: %zu %s aligned, %zu built, %zu merged "
            "(unprofitable %zu, uncertified %zu)\n",
            COUNTED(r->shapes_aligned, "pair", "pairs"), r->shapes_built,
            r->shapes_merged, r->shapes_unprofitable, r->shapes_uncertified);
  for (int s = 0; s < LTOFOLD_SIMILAR_SKIP_COUNT; ++s)
    if (r->similar_skipped[s])
      fprintf(out, "  similar skipped: %-13s %zu\n", ltofold_similar_skip_name(s),
              r->similar_skipped[s]);
  const ltofold_outline_stats *o = &r->outline;
  if (o->candidates || o->sequences)
    fprintf(out,
            "  outline: %zu %s, %zu outlined, %zu put back; "
            "%zu %s called from %zu %s (skipped: %zu "
            "unprofitable, %zu ineligible)\n",
            COUNTED(o->candidates, "repeated region", "repeated regions"),
            o->outlined, o->inlined_back,
            COUNTED(o->functions, "function", "functions"),
            COUNTED(o->calls, "place", "places"), o->unprofitable,
            o->ineligible);
  if (o->sequences)
    fprintf(out, "  outline sequences: %zu outlined in %zu %s\n", o->sequences,
            COUNTED(o->sequence_groups, "group", "groups"));
  if (r->certified)
    fprintf(out, "  certified              %zu\n", r->certified);
}

void ltofold_print_fprange_stats(FILE *out, const ltofold_fprange_result *r,
                                 double seconds) {
  fprintf(out, "ltofold fprange: %zu %s (%zu bounded), %zu %s, %zu %s removed",
          COUNTED(r->values, "FP value", "FP values"), r->values_bounded,
          COUNTED(r->fold_count, "fold", "folds"),
          COUNTED(r->branches_removed, "branch", "branches"));
  end_line(out, seconds);
  for (int k = 0; k < LTOFOLD_FPRANGE_FOLD_KIND_COUNT; ++k)
    if (r->by_kind[k])
      fprintf(out, "  %-22s %zu\n", ltofold_fprange_fold_kind_name(k),
              r->by_kind[k]);
  size_t written = 0;
  for (int p = 0; p < LTOFOLD_FPRANGE_ATTRIBUTE_PLACE_COUNT; ++p)
    written += r->attributes_written[p];
  if (written)
    fprintf(out,
            "  nofpclass written      %zu (%zu arguments, %zu returns, "
            "%zu call returns; fmod calls guarded: %zu)\n",
            written - r->attributes_written[LTOFOLD_FPRANGE_FMOD_GUARD],
            r->attributes_written[LTOFOLD_FPRANGE_ARGUMENT],
            r->attributes_written[LTOFOLD_FPRANGE_RETURN],
            r->attributes_written[LTOFOLD_FPRANGE_CALL_RETURN],
            r->attributes_written[LTOFOLD_FPRANGE_FMOD_GUARD]);
}

void ltofold_print_canon_stats(FILE *out, const ltofold_canon_result *r,
                               double seconds) {
  fprintf(out,
          "ltofold canon: %zu %s, %zu %s moved, %zu sunk, %zu %s swapped, "
          "%zu %s sorted, %zu %s sorted, %zu %s moved",
          COUNTED(r->functions, "function", "functions"),
          COUNTED(r->instructions_moved, "instruction", "instructions"),
          r->instructions_sunk,
          COUNTED(r->operands_swapped, "operand pair", "operand pairs"),
          COUNTED(r->phis_sorted, "PHI", "PHIs"),
          COUNTED(r->switches_sorted, "switch", "switches"),
          COUNTED(r->globals_moved, "global", "globals"));
  end_line(out, seconds);
}
