/* The linker's command line (link_command.h). */
#include "link_command.h"

#include "output_file.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The arguments read so far; owns them. */
typedef struct argument_list {
  char **arguments;
  size_t count;
} argument_list;

static void append_argument(argument_list *list, const char *text) {
  list->arguments =
      realloc(list->arguments, (list->count + 1) * sizeof *list->arguments);
  char *copy = strdup(text);
  if (!list->arguments || !copy)
    abort();
  list->arguments[list->count++] = copy;
}

static void add_argument(argument_list *list, const char *text, int depth);

/* A response file's arguments, split as libiberty's buildargv splits them
 * (white space; single and double quotes; backslash escapes), and as lld's
 * GNU tokenizer does. Returns false when `path` cannot be read. */
static bool add_response_file(argument_list *list, const char *path,
                              int depth) {
  size_t length;
  char *text = ltofold_read_file(path, &length);
  if (!text)
    return false;
  char *word = malloc(length + 1);
  if (!word)
    abort();
  for (const char *p = text; *p;) {
    while (isspace((unsigned char)*p))
      ++p;
    if (!*p)
      break;
    size_t n = 0;
    char quote = 0;
    for (; *p && (quote || !isspace((unsigned char)*p)); ++p) {
      if (*p == '\\' && p[1])
        word[n++] = *++p;
      else if (quote && *p == quote)
        quote = 0;
      else if (!quote && (*p == '\'' || *p == '"'))
        quote = *p;
      else
        word[n++] = *p;
    }
    word[n] = '\0';
    add_argument(list, word, depth + 1);
  }
  free(word);
  free(text);
  return true;
}

static void add_argument(argument_list *list, const char *text, int depth) {
  if (text[0] == '@' && depth < 8 && add_response_file(list, text + 1, depth))
    return;
  append_argument(list, text); /* not a response file: a file name */
}

bool ltofold_link_arguments(char ***arguments, size_t *count) {
  *arguments = NULL;
  *count = 0;
  size_t length;
  char *line = ltofold_read_file("/proc/self/cmdline", &length);
  if (!line)
    return false;
  argument_list list = {NULL, 0};
  /* NUL-separated; the program's own name is never a response file. */
  for (size_t at = 0; at < length; at += strlen(line + at) + 1)
    add_argument(&list, line + at, at == 0 ? 8 : 0);
  free(line);
  *arguments = list.arguments;
  *count = list.count;
  return true;
}

void ltofold_link_arguments_free(char **arguments, size_t count) {
  for (size_t i = 0; i < count; ++i)
    free(arguments[i]);
  free(arguments);
}

/* The start-up objects that turn on flush-to-zero for the process: GCC's
 * (x86, AArch64, and most of its targets), which clang's driver also adds
 * (ToolChain::addFastMathRuntimeIfAvailable). */
static const char *const flush_to_zero_objects[] = {"crtfastmath.o"};

bool ltofold_link_flushes_denormals(char *const *arguments, size_t count) {
  for (size_t i = 1; i < count; ++i) {
    const char *name = arguments[i];
    if (!strncmp(name, "-l:", 3))
      name += 3;
    const char *slash = strrchr(name, '/');
    if (slash)
      name = slash + 1;
    for (size_t k = 0;
         k < sizeof flush_to_zero_objects / sizeof *flush_to_zero_objects; ++k)
      if (!strcmp(name, flush_to_zero_objects[k]))
        return true;
  }
  return false;
}
