/* The report's byte counts (report.c, docs/report.md "Bytes saved"): the
 * rule that turns symbol sizes into bytes saved, the same for the objects
 * the gold plugin generates and for a linked program (ltofold report
 * binary), and what each does with a symbol that is not there. Checked on
 * the JSON the report writes, parsed back with cJSON. */
#include "report.h"

#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

/* A merge of three groups: "kept" with a replaced, an alias, a thunk and a
 * callers fold; "lonely", whose kept body may have no symbol; and a similar
 * group "body.ltofold.similar" of two members folded as thunks. */
static ltofold_fold folds[] = {
    {"kept", "gone", LTOFOLD_FOLD_REPLACED, 10, false, false, 0},
    {"kept", "named", LTOFOLD_FOLD_ALIAS, 10, false, false, 0},
    {"kept", "thunked", LTOFOLD_FOLD_THUNK, 10, false, false, 0},
    {"kept", "called", LTOFOLD_FOLD_CALLERS, 10, false, false, 0},
    {"lonely", "twin", LTOFOLD_FOLD_REPLACED, 4, false, false, 0},
    {"body.ltofold.similar", "one", LTOFOLD_FOLD_THUNK, 20, false, true, 2},
    {"body.ltofold.similar", "two", LTOFOLD_FOLD_THUNK, 20, false, true, 2},
};

static ltofold_report *report_of_folds(void) {
  ltofold_merge_result result = {0};
  result.folds = folds;
  result.fold_count = sizeof folds / sizeof *folds;
  result.merged = result.fold_count;
  ltofold_report *report = ltofold_report_new();
  ltofold_report_add_merge(report, &result);
  return report;
}

/* The report as written, parsed. */
static cJSON *written(ltofold_report *report) {
  char *text = ltofold_report_to_json(report);
  cJSON *root = cJSON_Parse(text);
  cr_assert_not_null(root, "the report is not JSON: %s", text);
  free(text);
  return root;
}

static cJSON *group(cJSON *root, int index) {
  return cJSON_GetArrayItem(
      cJSON_GetObjectItem(cJSON_GetObjectItem(root, "merge"), "groups"), index);
}

static cJSON *fold(cJSON *root, int group_index, int fold_index) {
  return cJSON_GetArrayItem(
      cJSON_GetObjectItem(group(root, group_index), "folded"), fold_index);
}

static void assert_bytes(cJSON *object, double expected) {
  cJSON *saved = cJSON_GetObjectItem(object, "bytes_saved");
  cr_assert(cJSON_IsNumber(saved), "bytes_saved is not a number");
  cr_assert_eq(saved->valuedouble, expected, "bytes_saved %g, expected %g",
               saved->valuedouble, expected);
  cr_assert_null(cJSON_GetObjectItem(object, "bytes_unknown"));
}

static void assert_unknown(cJSON *object, const char *reason) {
  cr_assert(cJSON_IsNull(cJSON_GetObjectItem(object, "bytes_saved")));
  cr_assert_str_eq(
      cJSON_GetStringValue(cJSON_GetObjectItem(object, "bytes_unknown")),
      reason);
}

static double total(cJSON *root, const char *key) {
  return cJSON_GetNumberValue(
      cJSON_GetObjectItem(cJSON_GetObjectItem(root, "totals"), key));
}

TestSuite(report);

Test(report, unmeasured_is_null_with_a_reason_everywhere) {
  ltofold_report *report = report_of_folds();
  cJSON *root = written(report);
  for (int g = 0; g < 3; ++g) {
    assert_unknown(group(root, g), "not-measured");
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(group(root, g), "kept_bytes")));
    assert_unknown(fold(root, g, 0), "not-measured");
  }
  cr_assert(cJSON_IsNull(
      cJSON_GetObjectItem(cJSON_GetObjectItem(root, "totals"), "bytes_saved")));
  cr_assert_null(cJSON_GetObjectItem(cJSON_GetObjectItem(root, "totals"),
                                     "groups_unmeasured"));
  cJSON_Delete(root);
  ltofold_report_free(report);
}

/* Each fold would have cost kept's 100 bytes: replaced and alias leave
 * nothing, the thunk its 8 bytes, the callers fold its whole 100 (saving
 * nothing). The similar body (60) comes off its group once. */
Test(report, bytes_saved_by_method_from_a_generated_object) {
  ltofold_report *report = report_of_folds();
  ltofold_symbol_size symbols[] = {{"kept", 100, 0x10},
                                   {"named", 100, 0x10},
                                   {"thunked", 8, 0x80},
                                   {"called", 100, 0x90},
                                   {"body.ltofold.similar", 60, 0x100},
                                   {"one", 5, 0x140},
                                   {"two", 7, 0x150},
                                   {"main", 30, 0x200}};
  ltofold_report_add_symbol_sizes(report, symbols,
                                  sizeof symbols / sizeof *symbols,
                                  LTOFOLD_MEASURED_GENERATED_OBJECT);
  cJSON *root = written(report);
  assert_bytes(fold(root, 0, 0), 100);
  assert_bytes(fold(root, 0, 1), 100);
  assert_bytes(fold(root, 0, 2), 92);
  assert_bytes(fold(root, 0, 3), 0);
  assert_bytes(group(root, 0), 292);
  cr_assert_eq(
      cJSON_GetNumberValue(cJSON_GetObjectItem(group(root, 0), "kept_bytes")),
      100);
  /* No symbol for lonely: inlined everywhere and removed. */
  assert_unknown(group(root, 1), "kept-symbol-missing");
  assert_unknown(fold(root, 1, 0), "kept-symbol-missing");
  /* (60 - 5) + (60 - 7) - 60 */
  assert_bytes(group(root, 2), 48);
  cr_assert_eq(total(root, "bytes_saved"), 292 + 48);
  cr_assert_eq(total(root, "groups_unmeasured"), 1);
  /* Offsets in an object are no addresses: none is reported. */
  cr_assert_null(cJSON_GetObjectItem(group(root, 0), "kept_address"));
  cJSON_Delete(root);
  ltofold_report_free(report);
}

/* In a generated object a thunk without a symbol is gone (nothing left);
 * in a linked program it may have been stripped: unknown, and so is its
 * group's total (a partial sum would pass for the whole). */
Test(report, missing_thunk_gone_in_an_object_unknown_in_a_program) {
  ltofold_symbol_size symbols[] = {{"kept", 100, 0x401000},
                                   {"called", 100, 0x401200}};
  ltofold_report *object = report_of_folds();
  ltofold_report_add_symbol_sizes(object, symbols, 2,
                                  LTOFOLD_MEASURED_GENERATED_OBJECT);
  cJSON *root = written(object);
  assert_bytes(fold(root, 0, 2), 100);
  assert_bytes(group(root, 0), 300);
  cJSON_Delete(root);
  ltofold_report_free(object);

  ltofold_report *program = report_of_folds();
  ltofold_report_add_symbol_sizes(program, symbols, 2,
                                  LTOFOLD_MEASURED_LINKED_BINARY);
  root = written(program);
  assert_unknown(fold(root, 0, 2), "folded-symbol-missing");
  assert_bytes(fold(root, 0, 0), 100);
  assert_unknown(group(root, 0), "folded-symbol-missing");
  cr_assert_eq(
      cJSON_GetNumberValue(cJSON_GetObjectItem(group(root, 0), "kept_bytes")),
      100);
  cr_assert_str_eq(
      cJSON_GetStringValue(cJSON_GetObjectItem(group(root, 0), "kept_address")),
      "0x401000");
  cr_assert_eq(total(root, "bytes_saved"), 0);
  cr_assert_eq(total(root, "groups_unmeasured"), 3);
  cJSON_Delete(root);
  ltofold_report_free(program);
}

/* Two symbols of one name at different places (a program's static function
 * and the C library's): which is the fold's cannot be told. The same symbol
 * listed twice is one. */
Test(report, a_name_defined_twice_is_ambiguous) {
  ltofold_symbol_size symbols[] = {
      {"kept", 100, 0x1000},  {"kept", 40, 0x2000},   {"thunked", 8, 0x3000},
      {"lonely", 12, 0x4000}, {"lonely", 12, 0x4000}, {"called", 1, 0x5000}};
  ltofold_report *report = report_of_folds();
  ltofold_report_add_symbol_sizes(report, symbols,
                                  sizeof symbols / sizeof *symbols,
                                  LTOFOLD_MEASURED_LINKED_BINARY);
  cJSON *root = written(report);
  assert_unknown(group(root, 0), "kept-symbol-ambiguous");
  assert_bytes(group(root, 1), 12);
  cJSON_Delete(root);
  ltofold_report_free(report);
}

Test(report, no_symbols_at_all_is_no_symbol_table) {
  ltofold_report *report = report_of_folds();
  ltofold_report_add_symbol_sizes(report, NULL, 0,
                                  LTOFOLD_MEASURED_LINKED_BINARY);
  cJSON *root = written(report);
  for (int g = 0; g < 3; ++g)
    assert_unknown(group(root, g), "no-symbol-table");
  cr_assert_eq(total(root, "groups_unmeasured"), 3);
  cJSON_Delete(root);
  ltofold_report_free(report);
}

/* Measuring again replaces: no member twice, the total not doubled, the
 * layout kept (bytes_saved where it was). */
Test(report, measuring_again_replaces) {
  ltofold_symbol_size first[] = {
      {"kept", 100, 0x10}, {"thunked", 8, 0x80}, {"called", 100, 0x90}};
  ltofold_symbol_size second[] = {
      {"kept", 50, 0x10}, {"thunked", 8, 0x80}, {"called", 50, 0x90}};
  ltofold_report *report = report_of_folds();
  ltofold_report_add_symbol_sizes(report, first, 3,
                                  LTOFOLD_MEASURED_LINKED_BINARY);
  ltofold_report_add_symbol_sizes(report, second, 3,
                                  LTOFOLD_MEASURED_LINKED_BINARY);
  ltofold_file_sizes known = {400, 600, true, true},
                     unknown = {800, 0, false, true};
  ltofold_report_set_object(report, 1000, &known,
                            LTOFOLD_MEASURED_LINKED_BINARY, "app");
  ltofold_report_set_object(report, 2000, &unknown,
                            LTOFOLD_MEASURED_LINKED_BINARY, "app");
  cJSON *root = written(report);
  cJSON *first_fold = fold(root, 0, 0);
  int saved_members = 0;
  cJSON *member;
  cJSON_ArrayForEach(member, first_fold) saved_members +=
      !strcmp(member->string, "bytes_saved");
  cr_assert_eq(saved_members, 1);
  /* 50 + 50 + (50 - 8) + 0 */
  assert_bytes(group(root, 0), 142);
  cr_assert_eq(total(root, "bytes_saved"), 142);
  cr_assert_str_eq(
      cJSON_GetStringValue(cJSON_GetObjectItem(group(root, 0), "kept_address")),
      "0x10");
  cJSON *object = cJSON_GetObjectItem(root, "object");
  cr_assert_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(object, "bytes")),
               2000);
  cr_assert_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(object, "text_bytes")),
               800);
  /* Loadable bytes unknown the second time: none, not the first's. */
  cr_assert_null(cJSON_GetObjectItem(object, "loadable_bytes"));
  cr_assert_str_eq(
      cJSON_GetStringValue(cJSON_GetObjectItem(object, "measured")),
      "linked-binary");
  cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(object, "file")),
                   "app");
  cJSON_Delete(root);
  ltofold_report_free(report);
}

/* A report read back (report binary reads lld's) and measured: the totals
 * count from zero, whatever the file said. */
Test(report, a_report_read_back_is_measured_from_zero) {
  ltofold_report *report = report_of_folds();
  char *text = ltofold_report_to_json(report);
  ltofold_report_free(report);
  cJSON *parsed = cJSON_Parse(text);
  free(text);
  cJSON_ReplaceItemInObject(cJSON_GetObjectItem(parsed, "totals"),
                            "bytes_saved", cJSON_CreateNumber(12345));
  ltofold_report *again = ltofold_report_from_json(parsed);
  ltofold_symbol_size symbols[] = {{"lonely", 12, 0x4000}};
  ltofold_report_add_symbol_sizes(again, symbols, 1,
                                  LTOFOLD_MEASURED_LINKED_BINARY);
  cJSON *root = written(again);
  cr_assert_eq(total(root, "bytes_saved"), 12);
  cr_assert_eq(total(root, "functions_folded"), sizeof folds / sizeof *folds);
  cJSON_Delete(root);
  ltofold_report_free(again);
}
