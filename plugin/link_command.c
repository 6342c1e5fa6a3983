/* The linker's command line (link_command.h). */
#include "link_command.h"

#include "output_file.h"

#include <ctype.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* The base name of a path. */
static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

const char *ltofold_link_linker(char *const *arguments, size_t count) {
  static const struct {
    const char *program;
    const char *linker;
  } linkers[] = {{"ld.lld", "lld"},   {"lld", "lld"},       {"ld.gold", "gold"},
                 {"gold", "gold"},    {"ld.mold", "mold"},  {"mold", "mold"},
                 {"ld.bfd", "ld.bfd"}, {"ld", "ld.bfd"}};
  if (!count)
    return NULL;
  const char *program = base_name(arguments[0]);
  for (size_t i = 0; i < sizeof linkers / sizeof *linkers; ++i)
    if (!strcmp(program, linkers[i].program))
      return linkers[i].linker;
  return NULL;
}

const char *ltofold_link_output(char *const *arguments, size_t count) {
  const char *output = "a.out";
  for (size_t i = 1; i < count; ++i) {
    const char *a = arguments[i];
    if ((!strcmp(a, "-o") || !strcmp(a, "--output")) && i + 1 < count)
      output = arguments[++i];
    else if (!strncmp(a, "--output=", 9))
      output = a + 9;
    else if (!strncmp(a, "-o", 2) && a[2] && a[2] != '-')
      output = a + 2;
  }
  return output;
}

/* Whether `magic` (4 bytes) starts LLVM bitcode, plain ('BC' 0xC0DE) or in
 * its wrapper (0x0B17C0DE, little-endian). */
static bool is_bitcode_magic(const unsigned char *magic) {
  static const unsigned char plain[4] = {'B', 'C', 0xC0, 0xDE};
  static const unsigned char wrapper[4] = {0xDE, 0xC0, 0x17, 0x0B};
  return !memcmp(magic, plain, 4) || !memcmp(magic, wrapper, 4);
}

/* Whether an archive (`file`, just past its "!<arch>\n") has a member that
 * is bitcode: each member is a 60-byte header, whose size field (10
 * decimal digits at offset 48) gives the data that follows, padded to an
 * even length. A thin archive's members are elsewhere: not followed. */
static bool archive_has_bitcode(FILE *file) {
  char header[60];
  while (fread(header, 1, sizeof header, file) == sizeof header) {
    char size_field[11];
    memcpy(size_field, header + 48, 10);
    size_field[10] = '\0';
    char *end;
    long long size = strtoll(size_field, &end, 10);
    if (size < 0 || end == size_field)
      return false;
    long start = ftell(file);
    unsigned char magic[4];
    if (size >= 4 && fread(magic, 1, 4, file) == 4 && is_bitcode_magic(magic))
      return true;
    if (start < 0 || fseek(file, start + size + (size & 1), SEEK_SET))
      return false;
  }
  return false;
}

bool ltofold_file_has_bitcode(const char *path) {
  struct stat status;
  if (stat(path, &status) || !S_ISREG(status.st_mode))
    return false;
  FILE *file = fopen(path, "rb");
  if (!file)
    return false;
  unsigned char magic[8];
  bool found = false;
  if (fread(magic, 1, 4, file) == 4) {
    if (is_bitcode_magic(magic))
      found = true;
    else if (fread(magic + 4, 1, 4, file) == 4 && !memcmp(magic, "!<arch>\n", 8))
      found = archive_has_bitcode(file);
  }
  fclose(file);
  return found;
}

const char **ltofold_link_bitcode_inputs(char *const *arguments, size_t count) {
  const char **inputs = calloc(count + 1, sizeof *inputs);
  if (!inputs)
    abort();
  size_t found = 0;
  for (size_t i = 1; i < count; ++i)
    if (arguments[i][0] != '-' && ltofold_file_has_bitcode(arguments[i]))
      inputs[found++] = arguments[i];
  return inputs;
}

const char *ltofold_loaded_from(void) {
  Dl_info info;
  return dladdr((void *)ltofold_loaded_from, &info) ? info.dli_fname : NULL;
}

/* Whether two paths name one file. */
static bool same_file(const char *a, const char *b) {
  struct stat sa, sb;
  return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

const char *ltofold_link_other_plugin(char *const *arguments, size_t count,
                                      const char *own_path) {
  for (size_t i = 1; i < count; ++i) {
    const char *a = arguments[i], *plugin = NULL;
    if ((!strcmp(a, "-plugin") || !strcmp(a, "--plugin")) && i + 1 < count)
      plugin = arguments[++i];
    else if (!strncmp(a, "-plugin=", 8))
      plugin = a + 8;
    else if (!strncmp(a, "--plugin=", 9))
      plugin = a + 9;
    if (plugin)
      return own_path && same_file(plugin, own_path) ? NULL : plugin;
  }
  return NULL;
}
