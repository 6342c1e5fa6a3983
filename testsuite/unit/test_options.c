/* Options: one parser for every front end. */
#include "options.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

static ltofold_options options;
static void setup(void) { ltofold_options_init(&options); }
static void teardown(void) { ltofold_options_free(&options); }

TestSuite(options, .init = setup, .fini = teardown);

Test(options, defaults) {
  cr_assert(options.merge);
  cr_assert(options.merge_recursive);
  cr_assert(options.merge_similar);
  cr_assert(options.merge_outline);
  cr_assert(options.merge_outline_sequences);
  cr_assert_not(options.merge_shapes);
  cr_assert_eq(options.aliases, -1);
  cr_assert_eq(options.opt_level, 2);
  cr_assert_null(options.report_path);
  cr_assert(options.fprange);
  cr_assert_not(options.canon);
  cr_assert_not(options.merge_canon);
  cr_assert_not(options.save_temps);
  cr_assert_null(options.cpu);
}

Test(options, pairs_set_values) {
  char *error = NULL;
  cr_assert_eq(ltofold_options_parse_pair(&options, "report=out.json", &error), 0);
  cr_assert_str_eq(options.report_path, "out.json");
  cr_assert_eq(ltofold_options_parse_pair(&options, "stats", &error), 0);
  cr_assert(options.stats);
  cr_assert_eq(ltofold_options_parse_pair(&options, "merge-recursive=false", &error), 0);
  cr_assert_not(options.merge_recursive);
  cr_assert_eq(ltofold_options_parse_pair(&options, "merge-outline-sequences=false", &error), 0);
  cr_assert_not(options.merge_outline_sequences);
  cr_assert_eq(ltofold_options_parse_pair(&options, "O=3", &error), 0);
  cr_assert_eq(options.opt_level, 3);
}

Test(options, list_from_environment_syntax) {
  char *error = NULL;
  cr_assert_eq(ltofold_options_parse_list(&options, "stats, report=r.json aliases=0", &error), 0);
  cr_assert(options.stats);
  cr_assert_str_eq(options.report_path, "r.json");
  cr_assert_eq(options.aliases, 0);
}

Test(options, unknown_key_is_an_error_naming_it) {
  char *error = NULL;
  cr_assert_eq(ltofold_options_parse_pair(&options, "frobnicate=1", &error), -1);
  cr_assert_not_null(strstr(error, "frobnicate"));
  free(error);
}

Test(options, bad_values_are_errors) {
  char *error = NULL;
  cr_assert_eq(ltofold_options_set(&options, "stats", "maybe", &error), -1);
  cr_assert_not_null(strstr(error, "maybe"));
  free(error);
  error = NULL;
  cr_assert_eq(ltofold_options_set(&options, "O", "7", &error), -1);
  free(error);
  error = NULL;
  cr_assert_eq(ltofold_options_set(&options, "report", NULL, &error), -1);
  cr_assert_not_null(strstr(error, "report"));
  free(error);
}

Test(options, linker_style_level_and_cpu) {
  char *error = NULL;
  cr_assert_eq(ltofold_options_parse_pair(&options, "O0", &error), 0);
  cr_assert_eq(options.opt_level, 0);
  cr_assert_eq(ltofold_options_parse_pair(&options, "O3", &error), 0);
  cr_assert_eq(options.opt_level, 3);
  cr_assert_eq(ltofold_options_parse_pair(&options, "O9", &error), -1);
  free(error);
  error = NULL;
  cr_assert_eq(ltofold_options_parse_pair(&options, "mcpu=znver3", &error), 0);
  cr_assert_str_eq(options.cpu, "znver3");
  cr_assert_eq(ltofold_options_parse_pair(&options, "save-temps", &error), 0);
  cr_assert(options.save_temps);
}

/* The spellings LLVMgold.so users write: jobs=N or jobs=all (every core, the
 * default), lto-partitions=N, cache-dir=, cache-policy=. */
Test(options, llvmgold_spellings) {
  char *error = NULL;
  cr_assert_eq(ltofold_options_parse_pair(&options, "jobs=8", &error), 0);
  cr_assert_eq(options.jobs, 8);
  cr_assert_eq(ltofold_options_parse_pair(&options, "jobs=all", &error), 0);
  cr_assert_eq(options.jobs, 0);
  cr_assert_eq(ltofold_options_parse_pair(&options, "lto-partitions=4", &error), 0);
  cr_assert_eq(options.partitions, 4);
  cr_assert_eq(ltofold_options_parse_pair(&options, "cache-dir=/tmp/c", &error), 0);
  cr_assert_str_eq(options.cache_dir, "/tmp/c");
  cr_assert_eq(ltofold_options_parse_pair(&options, "cache-policy=prune_after=24h", &error), 0);
  cr_assert_str_eq(options.cache_policy, "prune_after=24h");
  /* "all" is a count for jobs only. */
  cr_assert_eq(ltofold_options_parse_pair(&options, "lto-partitions=all", &error), -1);
  cr_assert_not_null(strstr(error, "not 'all'"));
  cr_assert_null(strstr(error, "or 'all'"));
  free(error);
  error = NULL;
  cr_assert_eq(ltofold_options_parse_pair(&options, "jobs=0", &error), -1);
  cr_assert_not_null(strstr(error, "or 'all'"));
  free(error);
}

/* thinlto-index-only alone, or with the file listing the objects; a
 * command line never takes the next argument for its value. */
Test(options, thinlto_index_only_value_is_optional) {
  char *error = NULL;
  cr_assert_eq(ltofold_options_parse_pair(&options, "thinlto-index-only", &error), 0);
  cr_assert(options.thinlto_index_only);
  cr_assert_null(options.thinlto_linked_objects);
  cr_assert_eq(ltofold_options_parse_pair(&options, "thinlto-index-only=objs.txt", &error), 0);
  cr_assert_str_eq(options.thinlto_linked_objects, "objs.txt");
  cr_assert_not(ltofold_option_takes_next(ltofold_option_find("thinlto-index-only", 18)));
  cr_assert_not(ltofold_option_takes_next(ltofold_option_find("stats", 5)));
  cr_assert(ltofold_option_takes_next(ltofold_option_find("report", 6)));
  cr_assert_eq(ltofold_options_parse_pair(&options, "thinlto-prefix-replace=a/;b/", &error), 0);
  cr_assert_str_eq(options.thinlto_prefix_replace, "a/;b/");
  cr_assert_eq(ltofold_options_parse_pair(&options, "thinlto-prefix-replace=a/", &error), -1);
  cr_assert_not_null(strstr(error, "OLD;NEW"));
  free(error);
}

Test(options, disable_turns_phases_off) {
  char *error = NULL;
  options.canon = options.merge_canon = true;
  cr_assert_eq(ltofold_options_parse_pair(&options, "disable=merge,canon", &error), 0);
  cr_assert_not(options.merge);
  cr_assert_not(options.canon);
  cr_assert_not(options.merge_canon);
  cr_assert(options.fprange);
  cr_assert_eq(ltofold_options_parse_pair(&options, "disable=fprange", &error), 0);
  cr_assert_not(options.fprange);
}

Test(options, disable_names_what_it_does_not_know) {
  char *error = NULL;
  cr_assert_eq(ltofold_options_parse_pair(&options, "disable=merge,inline", &error), -1);
  cr_assert_not_null(strstr(error, "'inline'"));
  free(error);
  error = NULL;
  cr_assert_eq(ltofold_options_parse_pair(&options, "disable", &error), -1);
  cr_assert_not_null(strstr(error, "disable"));
  free(error);
}
