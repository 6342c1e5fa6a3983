/* --wrap=SYMBOL on the link's command line, applied to bitcode before LTO.
 *
 * The linker applies --wrap to the undefined symbols of each object it
 * reads: in an object that does not define X, a reference to X becomes one
 * to __wrap_X and a reference to __real_X one to X. LTO links the bitcode
 * modules into one object first, where a module's reference to X is bound
 * to another module's definition before the linker can wrap it (the same
 * for ThinLTO here, whose modules are linked into one for merge). So the
 * plugin does what the linker would, module by module, before the modules
 * are linked: LLVMgold.so does not (--wrap between bitcode units is lost
 * with full-LTO objects there).
 *
 * The plugin API gives no list of wrapped symbols (LDPT_GET_WRAP_SYMBOLS
 * is in binutils' header, but none of gold, ld.bfd 2.40 and mold passes
 * it), so it comes from the linker's own command line,
 * /proc/self/cmdline, with its response files (@FILE) read as GNU ld
 * reads them. */
#include "gold.h"
#include "output_file.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void add_argument(char ***arguments, size_t *count, const char *text,
                         int depth);

/* A response file's arguments, split as libiberty's buildargv splits them
 * (white space; single and double quotes; backslash escapes). */
static void add_response_file(char ***arguments, size_t *count,
                              const char *path, int depth) {
  size_t length;
  char *text = ltofold_read_file(path, &length);
  if (!text)
    return; /* not a response file: the linker took it as a file name */
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
    add_argument(arguments, count, word, depth + 1);
  }
  free(word);
  free(text);
}

static void add_argument(char ***arguments, size_t *count, const char *text,
                         int depth) {
  if (text[0] == '@' && depth < 8)
    add_response_file(arguments, count, text + 1, depth);
  else
    append_string(arguments, count, text);
}

void read_wrapped_symbols(void) {
  size_t length;
  char *line = ltofold_read_file("/proc/self/cmdline", &length);
  if (!line)
    return;
  char **arguments = NULL;
  size_t count = 0;
  for (size_t at = 0; at < length; at += strlen(line + at) + 1)
    add_argument(&arguments, &count, line + at, at == 0 ? 8 : 0);
  free(line);
  for (size_t i = 0; i < count; ++i) {
    const char *a = arguments[i];
    const char *option = !strncmp(a, "--wrap", 6) ? a + 6
                         : !strncmp(a, "-wrap", 5) ? a + 5
                                                   : NULL;
    if (option && *option == '=' && option[1])
      append_string(&the_plugin.wrapped, &the_plugin.wrapped_count, option + 1);
    else if (option && !*option && i + 1 < count)
      append_string(&the_plugin.wrapped, &the_plugin.wrapped_count, arguments[++i]);
  }
  for (size_t i = 0; i < count; ++i)
    free(arguments[i]);
  free(arguments);
  if (the_plugin.wrapped_count)
    qsort(the_plugin.wrapped, the_plugin.wrapped_count,
          sizeof *the_plugin.wrapped, compare_strings);
}

static bool is_wrapped(const char *name) {
  return the_plugin.wrapped_count &&
         bsearch(&name, the_plugin.wrapped, the_plugin.wrapped_count,
                 sizeof *the_plugin.wrapped, compare_strings) != NULL;
}

bool is_wrap_name(const char *name) {
  return is_wrapped(name) ||
         (!strncmp(name, "__wrap_", 7) && is_wrapped(name + 7)) ||
         (!strncmp(name, "__real_", 7) && is_wrapped(name + 7));
}

/* The module's references to `from` (a declaration) become references to
 * `to`: the global named so, or the declaration renamed. */
static void redirect(LLVMModuleRef module, const char *from, const char *to) {
  LLVMValueRef declaration = named_global(module, from);
  if (!declaration || is_definition(declaration))
    return;
  LLVMValueRef target = named_global(module, to);
  if (!target) {
    LLVMSetValueName2(declaration, to, strlen(to));
    return;
  }
  LLVMReplaceAllUsesWith(declaration, target);
  if (LLVMIsAFunction(declaration))
    LLVMDeleteFunction(declaration);
  else
    LLVMDeleteGlobal(declaration);
}

void apply_wrap(LLVMModuleRef module) {
  for (size_t i = 0; i < the_plugin.wrapped_count; ++i) {
    const char *name = the_plugin.wrapped[i];
    size_t length = strlen(name);
    char *wrap = malloc(length + 8), *real = malloc(length + 8);
    if (!wrap || !real)
      abort();
    snprintf(wrap, length + 8, "__wrap_%s", name);
    snprintf(real, length + 8, "__real_%s", name);
    /* First X's own references, then __real_X's become X's (the order
     * the linker's two rules need: __real_X must not become __wrap_X). */
    redirect(module, name, wrap);
    redirect(module, real, name);
    free(wrap);
    free(real);
  }
}
