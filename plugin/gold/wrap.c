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
 * it), so it comes from the linker's own command line, with its response
 * files (link_command.h). */
#include "gold.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void read_wrapped_symbols(char *const *arguments, size_t count) {
  for (size_t i = 1; i < count; ++i) {
    const char *a = arguments[i];
    const char *option = !strncmp(a, "--wrap", 6) ? a + 6
                         : !strncmp(a, "-wrap", 5) ? a + 5
                                                   : NULL;
    if (option && *option == '=' && option[1])
      append_string(&the_plugin.wrapped, &the_plugin.wrapped_count, option + 1);
    else if (option && !*option && i + 1 < count)
      append_string(&the_plugin.wrapped, &the_plugin.wrapped_count, arguments[++i]);
  }
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
