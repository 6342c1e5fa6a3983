#include "options.h"
#include "cache_dir.h"

#include "messages.h"

#include <stdlib.h>
#include <string.h>

const ltofold_option_info ltofold_option_table[] = {
    {"report", LTOFOLD_OPTION_STRING, "FILE",
     "write a JSON report of what was folded to FILE"},
    {"label", LTOFOLD_OPTION_STRING, "NAME",
     "the build's name in the report (build.label), which report trend and "
     "report html show (default: none; they use the output's name)"},
    {"stats", LTOFOLD_OPTION_FLAG, NULL,
     "print each phase's time and what it did as it ends, and the totals, to "
     "stderr"},
    {"verify", LTOFOLD_OPTION_FLAG, NULL,
     "verify the module around every phase (and certify every fold)"},
    {"certify", LTOFOLD_OPTION_FLAG, NULL,
     "check every fold of merge just before it is made; folds that do not "
     "check are not made, with a warning (default: on)"},
    {"merge-test-break", LTOFOLD_OPTION_STRING, "NAME",
     "for ltofold's own tests: the similar fold of function NAME passes a "
     "wrong constant, which certification must refuse"},
    {"merge", LTOFOLD_OPTION_FLAG, NULL, "run merge (default: on)"},
    {"merge-recursive", LTOFOLD_OPTION_FLAG, NULL,
     "also fold mutually recursive groups (default: on)"},
    {"merge-similar", LTOFOLD_OPTION_FLAG, NULL,
     "also fold functions equal up to constants and operations, into one "
     "body with parameters, where that saves bytes (default: on)"},
    {"merge-blocks", LTOFOLD_OPTION_FLAG, NULL,
     "with merge-similar, also merge pairs of functions some of whose blocks "
     "differ, selecting each one's by a parameter, where that saves bytes "
     "(default: on)"},
    {"merge-shapes", LTOFOLD_OPTION_FLAG, NULL,
     "with merge-similar, also merge pairs of functions whose blocks and "
     "lengths differ, by aligning their code, each one's selected by a "
     "parameter, where that saves bytes and the result certifies "
     "(default: off)"},
    {"merge-outline", LTOFOLD_OPTION_FLAG, NULL,
     "also move pieces of code that repeat inside functions (a destructor, "
     "an error path) into functions of their own, so that their copies "
     "fold into one; put back those too few copies fold with (default: on)"},
    {"merge-outline-all", LTOFOLD_OPTION_FLAG, NULL,
     "with merge-outline, also pieces some path of which makes no call (a "
     "destructor's test when there is nothing to free): smaller, but slower "
     "where such code is hot (default: off)"},
    {"merge-outline-sequences", LTOFOLD_OPTION_FLAG, NULL,
     "with merge-outline, also straight-line sequences of instructions that "
     "repeat, in blocks in no loop of functions no loop calls, where the "
     "calls, the new function and its unwind entry cost less than the "
     "copies (default: on)"},
    {"aliases", LTOFOLD_OPTION_FLAG, NULL,
     "allow global aliases (default: from the target, off for Mach-O, NVPTX)"},
    {"fprange", LTOFOLD_OPTION_FLAG, NULL,
     "fold FP compares decided by value ranges (default: on)"},
    {"fprange-any-rounding", LTOFOLD_OPTION_FLAG, NULL,
     "fprange: ranges hold in every rounding mode, not only in "
     "round-to-nearest as LLVM IR assumes outside strictfp (for code that "
     "changes the mode without strictfp; default: off)"},
    {"fprange-flush-denormals", LTOFOLD_OPTION_FLAG, NULL,
     "fprange: float and double subnormals may be zeros anywhere in the "
     "program, as results and as operands (FTZ/DAZ set at start-up); the "
     "linker plugins turn it on when the link has crtfastmath.o, which "
     "-ffast-math and -Ofast add (default: off)"},
    {"fprange-attributes", LTOFOLD_OPTION_FLAG, NULL,
     "fprange: also write what the ranges prove about arguments, return "
     "values and the results of calls as nofpclass attributes, for LLVM's "
     "passes after it (default: on)"},
    {"canon", LTOFOLD_OPTION_FLAG, NULL,
     "canonicalize the whole module before merge (default: off)"},
    {"merge-canon", LTOFOLD_OPTION_FLAG, NULL,
     "compare functions in canonical instruction order (default: off)"},
    {"disable", LTOFOLD_OPTION_LIST, "PHASES",
     "turn off phases: any of merge,fprange,canon"},
    {"O", LTOFOLD_OPTION_LEVEL, "N",
     "LTO optimization level 0-3 for linker plugins (default: 2)"},
    {"mcpu", LTOFOLD_OPTION_STRING, "CPU",
     "target CPU for code generation, gold plugin (default: the module's; "
     "must be a CPU of the module's target)"},
    {"mattr", LTOFOLD_OPTION_STRING, "FEATURES",
     "target features for code generation, gold plugin, as llc's -mattr "
     "spells them (+avx2,-sse4a; with mcpu=native, on top of this machine's)"},
    {"dwo_dir", LTOFOLD_OPTION_STRING, "DIR",
     "gold plugin: split DWARF: the debug information of each object in "
     "DIR/N.dwo (N: 0, or the partition), the objects keeping a skeleton"},
    {"obj-path", LTOFOLD_OPTION_STRING, "FILE",
     "gold plugin: keep the objects handed to the linker as FILE (FILE1, "
     "FILE2... for more partitions) instead of temporary files"},
    {"emit-llvm", LTOFOLD_OPTION_FLAG, NULL,
     "gold plugin: write the optimized, folded program as bitcode to the "
     "output file and stop the link (no object, no linking)"},
    {"emit-asm", LTOFOLD_OPTION_FLAG, NULL,
     "gold plugin: write the program's assembly to the output file (OUTPUT1, "
     "OUTPUT2... for more partitions) and stop the link"},
    {"also-emit-llvm", LTOFOLD_OPTION_STRING, "FILE",
     "gold plugin: also write the optimized, folded program as bitcode to "
     "FILE, and link as usual"},
    {"sample-profile", LTOFOLD_OPTION_STRING, "FILE",
     "gold plugin: optimize with this sample profile (llvm-profdata), as "
     "LTO's optimization pipeline loads it"},
    {"cs-profile-path", LTOFOLD_OPTION_STRING, "FILE",
     "gold plugin: optimize with this context-sensitive IR profile "
     "(-fcs-profile-generate's, merged by llvm-profdata)"},
    {"opt-remarks-filename", LTOFOLD_OPTION_STRING, "FILE",
     "gold plugin: write LLVM's optimization remarks to FILE (ThinLTO "
     "backends: FILE.thin.N.yaml, as LLVM names them)"},
    {"opt-remarks-passes", LTOFOLD_OPTION_STRING, "REGEX",
     "gold plugin: only the remarks of passes matching REGEX"},
    {"opt-remarks-with-hotness", LTOFOLD_OPTION_FLAG, NULL,
     "gold plugin: remarks carry the profile's hotness"},
    {"opt-remarks-hotness-threshold", LTOFOLD_OPTION_STRING, "N",
     "gold plugin: only remarks at least this hot (a count, or auto: the "
     "profile summary's threshold)"},
    {"opt-remarks-format", LTOFOLD_OPTION_STRING, "FORMAT",
     "gold plugin: the remarks file's format, yaml (default) or bitstream"},
    {"thinlto", LTOFOLD_OPTION_FLAG, NULL,
     "gold plugin: accepted as LLVMgold.so takes it; ThinLTO objects are "
     "known by their summary whether it is given or not"},
    {"disable-verify", LTOFOLD_OPTION_FLAG, NULL,
     "gold plugin: LLVM's LTO does not verify the modules before and after "
     "optimizing (ltofold's verify option still verifies its own phases)"},
    {"save-temps", LTOFOLD_OPTION_FLAG, NULL,
     "gold plugin: keep the bitcode after each phase and the object, next to "
     "the output"},
    {"jobs", LTOFOLD_OPTION_COUNT, "N",
     "gold plugin: generate code, and run ThinLTO backends, on N threads "
     "(default, or all: the machine's cores)"},
    {"lto-partitions", LTOFOLD_OPTION_COUNT, "N",
     "gold plugin: cut the program into N objects for parallel code "
     "generation (default: one per 50000 instructions, at most 8; "
     "the output depends on N, never on jobs)"},
    {"cache-dir", LTOFOLD_OPTION_STRING, "DIR",
     "gold plugin: keep each link's objects in DIR, and take them from there "
     "when the same link comes again"},
    {"cache-policy", LTOFOLD_OPTION_STRING, "POLICY",
     "gold plugin: prune cache-dir by POLICY, as LLVM's linkers spell it "
     "(e.g. prune_after=24h:cache_size=10%; default: LLVM's)"},
    {"thinlto-index-only", LTOFOLD_OPTION_OPTIONAL, "FILE",
     "gold plugin: write each ThinLTO module's index (MODULE.thinlto.bc) and "
     "stop the link, for a build that runs the backends itself; =FILE also "
     "lists there the objects they will make"},
    {"thinlto-emit-imports-files", LTOFOLD_OPTION_FLAG, NULL,
     "gold plugin, with thinlto-index-only: also write MODULE.imports, the "
     "files each backend imports from"},
    {"thinlto-prefix-replace", LTOFOLD_OPTION_STRING, "OLD;NEW",
     "gold plugin, with thinlto-index-only: write the files of a module under "
     "OLD to the same path under NEW"},
};
const size_t ltofold_option_count =
    sizeof ltofold_option_table / sizeof ltofold_option_table[0];

void ltofold_options_init(ltofold_options *options) {
  memset(options, 0, sizeof *options);
  options->merge = true;
  options->certify = true;
  options->merge_recursive = true;
  options->merge_similar = true;
  options->merge_blocks = true;
  options->merge_shapes = false;
  options->merge_outline = true;
  options->merge_outline_all = false;
  options->merge_outline_sequences = true;
  options->aliases = -1;
  options->opt_level = 2;
  options->fprange = true;
  options->fprange_attributes = true;
}

/* The options' owned strings, each freed and set to NULL. */
#define LTOFOLD_FREE(field) (free(options->field), options->field = NULL)

void ltofold_options_free(ltofold_options *options) {
  LTOFOLD_FREE(report_path);
  LTOFOLD_FREE(label);
  LTOFOLD_FREE(cpu);
  LTOFOLD_FREE(features);
  LTOFOLD_FREE(merge_test_break);
  LTOFOLD_FREE(cache_dir);
  LTOFOLD_FREE(cache_policy);
  LTOFOLD_FREE(thinlto_linked_objects);
  LTOFOLD_FREE(thinlto_prefix_replace);
  LTOFOLD_FREE(dwo_dir);
  LTOFOLD_FREE(obj_path);
  LTOFOLD_FREE(also_emit_llvm);
  LTOFOLD_FREE(sample_profile);
  LTOFOLD_FREE(cs_profile_path);
  LTOFOLD_FREE(remarks_filename);
  LTOFOLD_FREE(remarks_passes);
  LTOFOLD_FREE(remarks_hotness_threshold);
  LTOFOLD_FREE(remarks_format);
  for (size_t i = 0; i < options->llvm_option_count; ++i)
    free(options->llvm_options[i]);
  LTOFOLD_FREE(llvm_options);
  options->llvm_option_count = 0;
  LTOFOLD_FREE(settings);
  options->settings_length = 0;
}

#undef LTOFOLD_FREE

static void record_setting(ltofold_options *options, const char *key,
                           const char *value) {
  char *line = value ? ltofold_format("%s=%s\n", key, value)
                     : ltofold_format("%s\n", key);
  size_t length = strlen(line);
  options->settings = realloc(options->settings, options->settings_length + length + 1);
  if (!options->settings)
    abort();
  memcpy(options->settings + options->settings_length, line, length + 1);
  options->settings_length += length;
  free(line);
}

const ltofold_option_info *ltofold_option_find(const char *key, size_t length) {
  for (size_t i = 0; i < ltofold_option_count; ++i)
    if (strlen(ltofold_option_table[i].key) == length &&
        memcmp(ltofold_option_table[i].key, key, length) == 0)
      return &ltofold_option_table[i];
  return NULL;
}

/* The edit distance between two keys (insertions, deletions,
 * substitutions; a swap of neighbours counts one), with '_' and '-' equal:
 * LLVMgold.so spells dwo_dir with an underscore, the others with hyphens. */
static size_t key_distance(const char *a, size_t a_length, const char *b,
                           size_t b_length) {
  size_t *rows = calloc(3 * (b_length + 1), sizeof *rows);
  if (!rows)
    abort();
  size_t *before = rows, *previous = rows + b_length + 1,
         *current = rows + 2 * (b_length + 1);
  for (size_t j = 0; j <= b_length; ++j)
    previous[j] = j;
  for (size_t i = 1; i <= a_length; ++i) {
    current[0] = i;
    for (size_t j = 1; j <= b_length; ++j) {
      char x = a[i - 1] == '_' ? '-' : a[i - 1];
      char y = b[j - 1] == '_' ? '-' : b[j - 1];
      size_t best = previous[j - 1] + (x != y);
      if (previous[j] + 1 < best)
        best = previous[j] + 1;
      if (current[j - 1] + 1 < best)
        best = current[j - 1] + 1;
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
          before[j - 2] + 1 < best)
        best = before[j - 2] + 1;
      current[j] = best;
    }
    size_t *oldest = before;
    before = previous;
    previous = current;
    current = oldest;
  }
  size_t distance = previous[b_length];
  free(rows);
  return distance;
}

const ltofold_option_info *ltofold_option_nearest(const char *key,
                                                  size_t length) {
  /* A third of the key, at most 3: beyond that the nearest key is another
   * option, not the one mistyped. */
  size_t allowed = length / 3 < 1 ? 1 : length / 3 > 3 ? 3 : length / 3;
  const ltofold_option_info *nearest = NULL;
  size_t best = allowed + 1;
  for (size_t i = 0; i < ltofold_option_count; ++i) {
    const char *candidate = ltofold_option_table[i].key;
    size_t distance = key_distance(key, length, candidate, strlen(candidate));
    if (distance < best) {
      best = distance;
      nearest = &ltofold_option_table[i];
    }
  }
  return nearest;
}

char *ltofold_option_unknown(const char *prefix, const char *key, size_t length,
                             const char *hint) {
  const ltofold_option_info *nearest = ltofold_option_nearest(key, length);
  if (!nearest)
    return ltofold_format("unknown option '%s%.*s' (see %s)", prefix,
                          (int)length, key, hint);
  return ltofold_format("unknown option '%s%.*s' (did you mean '%s%s'? see %s)",
                        prefix, (int)length, key, prefix, nearest->key, hint);
}

void ltofold_options_add_llvm(ltofold_options *options, const char *option) {
  record_setting(options, option, NULL);
  options->llvm_options =
      realloc(options->llvm_options,
              (options->llvm_option_count + 1) * sizeof *options->llvm_options);
  if (!options->llvm_options)
    abort();
  options->llvm_options[options->llvm_option_count] = strdup(option);
  if (!options->llvm_options[options->llvm_option_count++])
    abort();
}

bool ltofold_option_takes_next(const ltofold_option_info *info) {
  return info->kind != LTOFOLD_OPTION_FLAG &&
         info->kind != LTOFOLD_OPTION_OPTIONAL;
}

static int parse_flag(const char *key, const char *value, bool *out,
                      char **error) {
  if (!value || !strcmp(value, "") || !strcmp(value, "true") ||
      !strcmp(value, "1")) {
    *out = true;
    return 0;
  }
  if (!strcmp(value, "false") || !strcmp(value, "0")) {
    *out = false;
    return 0;
  }
  *error = ltofold_format("option '%s' takes true or false, not '%s'", key, value);
  return -1;
}

/* disable=merge,fprange,canon */
static int disable_phases(ltofold_options *options, const char *list,
                          char **error) {
  for (const char *item = list; *item;) {
    size_t length = strcspn(item, ",");
    if (length == 5 && !memcmp(item, "merge", 5)) {
      options->merge = false;
    } else if (length == 7 && !memcmp(item, "fprange", 7)) {
      options->fprange = false;
    } else if (length == 5 && !memcmp(item, "canon", 5)) {
      options->canon = false;
      options->merge_canon = false;
    } else {
      *error = ltofold_format("option 'disable' takes phases among "
                              "merge,fprange,canon, not '%.*s'",
                              (int)length, item);
      return -1;
    }
    item += length + (item[length] == ',');
  }
  return 0;
}

static void replace_string(char **field, const char *value) {
  free(*field);
  *field = strdup(value);
  if (!*field)
    abort();
}

int ltofold_options_set(ltofold_options *options, const char *key,
                        const char *value, char **error) {
  const ltofold_option_info *info = ltofold_option_find(key, strlen(key));
  if (!info) {
    *error = ltofold_option_unknown("", key, strlen(key), "ltofold --help");
    return -1;
  }
  if ((info->kind == LTOFOLD_OPTION_STRING || info->kind == LTOFOLD_OPTION_LIST ||
       info->kind == LTOFOLD_OPTION_COUNT) &&
      (!value || !*value)) {
    *error = ltofold_format("option '%s' needs a value (%s)", key,
                            info->value_name);
    return -1;
  }
  bool flag = false;
  if (info->kind == LTOFOLD_OPTION_FLAG && parse_flag(key, value, &flag, error))
    return -1;
  /* jobs=all: every core (the default), as LLVMgold.so and lld spell it. */
  bool all_cores = !strcmp(key, "jobs") && !strcmp(value, "all");
  unsigned long count = 0;
  if (info->kind == LTOFOLD_OPTION_COUNT && !all_cores) {
    char *end = NULL;
    count = strtoul(value, &end, 10);
    if (*end || value[0] == '-' || count < 1 || count > 1024) {
      *error = ltofold_format("option '%s' takes a number from 1 to 1024%s, not '%s'",
                              key, strcmp(key, "jobs") ? "" : " or 'all'", value);
      return -1;
    }
  }
  record_setting(options, key, value);
  if (!strcmp(key, "report")) {
    free(options->report_path);
    options->report_path = strdup(value);
  } else if (!strcmp(key, "stats")) {
    options->stats = flag;
  } else if (!strcmp(key, "verify")) {
    options->verify = flag;
  } else if (!strcmp(key, "certify")) {
    options->certify = flag;
  } else if (!strcmp(key, "merge-test-break")) {
    free(options->merge_test_break);
    options->merge_test_break = strdup(value);
  } else if (!strcmp(key, "merge")) {
    options->merge = flag;
  } else if (!strcmp(key, "merge-recursive")) {
    options->merge_recursive = flag;
  } else if (!strcmp(key, "merge-similar")) {
    options->merge_similar = flag;
  } else if (!strcmp(key, "merge-blocks")) {
    options->merge_blocks = flag;
  } else if (!strcmp(key, "merge-shapes")) {
    options->merge_shapes = flag;
  } else if (!strcmp(key, "merge-outline")) {
    options->merge_outline = flag;
  } else if (!strcmp(key, "merge-outline-all")) {
    options->merge_outline_all = flag;
  } else if (!strcmp(key, "merge-outline-sequences")) {
    options->merge_outline_sequences = flag;
  } else if (!strcmp(key, "aliases")) {
    options->aliases = flag;
  } else if (!strcmp(key, "fprange")) {
    options->fprange = flag;
  } else if (!strcmp(key, "fprange-any-rounding")) {
    options->fprange_any_rounding = flag;
  } else if (!strcmp(key, "fprange-flush-denormals")) {
    options->fprange_flush_denormals = flag;
  } else if (!strcmp(key, "fprange-attributes")) {
    options->fprange_attributes = flag;
  } else if (!strcmp(key, "canon")) {
    options->canon = flag;
  } else if (!strcmp(key, "merge-canon")) {
    options->merge_canon = flag;
  } else if (!strcmp(key, "save-temps")) {
    options->save_temps = flag;
  } else if (!strcmp(key, "label")) {
    free(options->label);
    options->label = strdup(value);
  } else if (!strcmp(key, "mcpu")) {
    replace_string(&options->cpu, value);
  } else if (!strcmp(key, "mattr")) {
    replace_string(&options->features, value);
  } else if (!strcmp(key, "dwo_dir")) {
    replace_string(&options->dwo_dir, value);
  } else if (!strcmp(key, "obj-path")) {
    replace_string(&options->obj_path, value);
  } else if (!strcmp(key, "emit-llvm")) {
    options->emit_llvm = flag;
    options->emit_asm &= !flag; /* the last one given, as LLVMgold.so */
  } else if (!strcmp(key, "emit-asm")) {
    options->emit_asm = flag;
    options->emit_llvm &= !flag;
  } else if (!strcmp(key, "also-emit-llvm")) {
    replace_string(&options->also_emit_llvm, value);
  } else if (!strcmp(key, "sample-profile")) {
    replace_string(&options->sample_profile, value);
  } else if (!strcmp(key, "cs-profile-path")) {
    replace_string(&options->cs_profile_path, value);
  } else if (!strcmp(key, "opt-remarks-filename")) {
    replace_string(&options->remarks_filename, value);
  } else if (!strcmp(key, "opt-remarks-passes")) {
    replace_string(&options->remarks_passes, value);
  } else if (!strcmp(key, "opt-remarks-with-hotness")) {
    options->remarks_with_hotness = flag;
  } else if (!strcmp(key, "opt-remarks-hotness-threshold")) {
    if (strcmp(value, "auto") && strspn(value, "0123456789") != strlen(value)) {
      *error = ltofold_format("option 'opt-remarks-hotness-threshold' takes a "
                              "count or 'auto', not '%s'",
                              value);
      return -1;
    }
    replace_string(&options->remarks_hotness_threshold, value);
  } else if (!strcmp(key, "opt-remarks-format")) {
    if (strcmp(value, "yaml") && strcmp(value, "bitstream")) {
      *error = ltofold_format("option 'opt-remarks-format' takes yaml or "
                              "bitstream, not '%s'",
                              value);
      return -1;
    }
    replace_string(&options->remarks_format, value);
  } else if (!strcmp(key, "thinlto")) {
    /* nothing to do: ThinLTO objects are known by their summary */
  } else if (!strcmp(key, "disable-verify")) {
    options->disable_verify = flag;
  } else if (!strcmp(key, "jobs")) {
    options->jobs = all_cores ? 0 : (unsigned)count;
  } else if (!strcmp(key, "lto-partitions")) {
    options->partitions = (unsigned)count;
  } else if (!strcmp(key, "cache-dir")) {
    free(options->cache_dir);
    options->cache_dir = strdup(value);
  } else if (!strcmp(key, "cache-policy")) {
    char *why = NULL;
    if (ltofold_cache_policy_check(value, &why)) {
      *error = ltofold_format("option 'cache-policy': %s", why);
      free(why);
      return -1;
    }
    free(options->cache_policy);
    options->cache_policy = strdup(value);
  } else if (!strcmp(key, "thinlto-index-only")) {
    options->thinlto_index_only = true;
    free(options->thinlto_linked_objects);
    options->thinlto_linked_objects = value && *value ? strdup(value) : NULL;
  } else if (!strcmp(key, "thinlto-emit-imports-files")) {
    options->thinlto_emit_imports = flag;
  } else if (!strcmp(key, "thinlto-prefix-replace")) {
    if (!strchr(value, ';')) {
      *error = ltofold_format("option 'thinlto-prefix-replace' takes "
                              "OLD;NEW, not '%s'", value);
      return -1;
    }
    free(options->thinlto_prefix_replace);
    options->thinlto_prefix_replace = strdup(value);
  } else if (!strcmp(key, "disable")) {
    return disable_phases(options, value, error);
  } else if (!strcmp(key, "O")) {
    if (!value || strlen(value) != 1 || value[0] < '0' || value[0] > '3') {
      *error = ltofold_format("option 'O' takes a level from 0 to 3, not '%s'",
                              value ? value : "");
      return -1;
    }
    options->opt_level = value[0] - '0';
  }
  return 0;
}

int ltofold_options_parse_pair(ltofold_options *options, const char *pair,
                               char **error) {
  const char *equals = strchr(pair, '=');
  if (pair[0] == 'O' && pair[1] >= '0' && pair[1] <= '9' && !pair[2])
    return ltofold_options_set(options, "O", pair + 1, error);
  if (!equals)
    return ltofold_options_set(options, pair, NULL, error);
  char *key = strndup(pair, (size_t)(equals - pair));
  if (!key)
    abort();
  int status = ltofold_options_set(options, key, equals + 1, error);
  free(key);
  return status;
}

int ltofold_options_parse_list(ltofold_options *options, const char *list,
                               char **error) {
  char *copy = strdup(list);
  if (!copy)
    abort();
  int status = 0;
  char *save = NULL;
  for (char *item = strtok_r(copy, ", \t", &save); item && !status;
       item = strtok_r(NULL, ", \t", &save))
    status = ltofold_options_parse_pair(options, item, error);
  free(copy);
  return status;
}

int ltofold_options_from_environment(ltofold_options *options, char **error) {
  const char *environment = getenv("LTOFOLD_OPTIONS");
  if (!environment || !ltofold_options_parse_list(options, environment, error))
    return 0;
  char *detail = *error;
  *error = ltofold_format("LTOFOLD_OPTIONS: %s", detail);
  free(detail);
  return -1;
}
