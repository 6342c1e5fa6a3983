#include "options.h"

#include "messages.h"

#include <stdlib.h>
#include <string.h>

const ltofold_option_info ltofold_option_table[] = {
    {"report", LTOFOLD_OPTION_STRING, "FILE",
     "write a JSON report of what was folded to FILE"},
    {"stats", LTOFOLD_OPTION_FLAG, NULL, "print what was folded to stderr"},
    {"verify", LTOFOLD_OPTION_FLAG, NULL,
     "verify the module before and after every phase"},
    {"merge", LTOFOLD_OPTION_FLAG, NULL, "run merge (default: on)"},
    {"merge-recursive", LTOFOLD_OPTION_FLAG, NULL,
     "also fold mutually recursive groups (default: on)"},
    {"aliases", LTOFOLD_OPTION_FLAG, NULL,
     "allow global aliases (default: from the target, off for Mach-O)"},
    {"O", LTOFOLD_OPTION_LEVEL, "N",
     "LTO optimization level 0-3 for linker plugins (default: 2)"},
};
const size_t ltofold_option_count =
    sizeof ltofold_option_table / sizeof ltofold_option_table[0];

void ltofold_options_init(ltofold_options *options) {
  memset(options, 0, sizeof *options);
  options->merge = true;
  options->merge_recursive = true;
  options->aliases = -1;
  options->opt_level = 2;
}

void ltofold_options_free(ltofold_options *options) {
  free(options->report_path);
  options->report_path = NULL;
}

const ltofold_option_info *ltofold_option_find(const char *key, size_t length) {
  for (size_t i = 0; i < ltofold_option_count; ++i)
    if (strlen(ltofold_option_table[i].key) == length &&
        memcmp(ltofold_option_table[i].key, key, length) == 0)
      return &ltofold_option_table[i];
  return NULL;
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

int ltofold_options_set(ltofold_options *options, const char *key,
                        const char *value, char **error) {
  const ltofold_option_info *info = ltofold_option_find(key, strlen(key));
  if (!info) {
    *error = ltofold_format("unknown option '%s' (see ltofold --help)", key);
    return -1;
  }
  if (info->kind == LTOFOLD_OPTION_STRING && (!value || !*value)) {
    *error = ltofold_format("option '%s' needs a value (%s)", key,
                            info->value_name);
    return -1;
  }
  bool flag = false;
  if (info->kind == LTOFOLD_OPTION_FLAG && parse_flag(key, value, &flag, error))
    return -1;
  if (!strcmp(key, "report")) {
    free(options->report_path);
    options->report_path = strdup(value);
  } else if (!strcmp(key, "stats")) {
    options->stats = flag;
  } else if (!strcmp(key, "verify")) {
    options->verify = flag;
  } else if (!strcmp(key, "merge")) {
    options->merge = flag;
  } else if (!strcmp(key, "merge-recursive")) {
    options->merge_recursive = flag;
  } else if (!strcmp(key, "aliases")) {
    options->aliases = flag;
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
