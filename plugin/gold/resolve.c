/* all_symbols_read, first half: each claimed module loaded in full, the
 * linker's verdict applied to it (a definition another file preempted
 * becomes a declaration; one only IR uses becomes internal; one the outside
 * uses stays), and the modules linked into one. */
#include "gold.h"
#include "lto_driver.h"
#include "module_linker.h"
#include "pipeline.h"

#include <llvm-c/Comdat.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------
 * Resolutions: the linker's verdict applied to one module. */

/* Makes `global` a declaration that keeps its name and uses. A variable
 * loses its initializer (keeping its type, alignment and thread-locality).
 * A function or alias hands its name and uses to a new declaration; the
 * function is deleted, the alias (LLVM-C cannot delete one) is left local
 * and unused, for global DCE. */
static void make_declaration(LLVMModuleRef module, LLVMValueRef global) {
  if (LLVMIsAGlobalVariable(global)) {
    LLVMSetInitializer(global, NULL);
    LLVMSetLinkage(global, LLVMExternalLinkage);
    LLVMSetComdat(global, NULL);
    return;
  }
  LLVMTypeRef type = LLVMGlobalGetValueType(global);
  bool function = LLVMGetTypeKind(type) == LLVMFunctionTypeKind;
  LLVMValueRef declaration = function ? LLVMAddFunction(module, "", type)
                                      : LLVMAddGlobal(module, type, "");
  if (function && LLVMIsAFunction(global))
    LLVMSetFunctionCallConv(declaration, LLVMGetFunctionCallConv(global));
  LLVMSetVisibility(declaration, LLVMGetVisibility(global));
  LLVMReplaceAllUsesWith(global, declaration);
  size_t length;
  const char *old_name = LLVMGetValueName2(global, &length);
  char *name = strndup(old_name, length);
  if (!name)
    abort();
  LLVMSetValueName2(global, "", 0);
  LLVMSetValueName2(declaration, name, length);
  free(name);
  if (LLVMIsAFunction(global)) {
    LLVMDeleteFunction(global);
    return;
  }
  /* The orphan alias must still name a definition: a private byte, which
   * global DCE removes with it. */
  LLVMSetLinkage(global, LLVMPrivateLinkage);
  LLVMValueRef byte = LLVMAddGlobal(module, LLVMInt8TypeInContext(
                                                LLVMGetModuleContext(module)),
                                    "");
  LLVMSetLinkage(byte, LLVMPrivateLinkage);
  LLVMSetInitializer(byte, LLVMConstNull(LLVMGlobalGetValueType(byte)));
  LLVMAliasSetAliasee(global, byte);
}

typedef struct resolution_walk {
  LLVMModuleRef module;
  const claimed_file *file;
  size_t next;             /* index of the next symbol */
  LLVMValueRef *dropped;   /* preempted definitions, made declarations after
                              the walk (so the walk's order stays intact) */
  size_t dropped_count;
  char ***internal;        /* names to internalize once all are linked */
  size_t *internal_count;
} resolution_walk;

static void apply_resolution(LLVMValueRef global, void *data) {
  resolution_walk *w = data;
  int resolution = w->file->symbols[w->next++].resolution;
  if (!is_definition(global))
    return;
  LLVMLinkage linkage = LLVMGetLinkage(global);
  switch (resolution) {
  case LDPR_PREEMPTED_IR:
    /* A common another IR common preempts stays: the IR linker keeps the
     * largest of them, with the strictest alignment, as C's commons
     * require. mold names the first common it sees prevailing, whatever
     * its size; dropping a larger one left its users writing past the
     * smaller. (A strong IR definition still wins over a common there.) */
    if (linkage == LLVMCommonLinkage)
      break;
    w->dropped[w->dropped_count++] = global;
    break;
  case LDPR_PREEMPTED_REG:
    w->dropped[w->dropped_count++] = global;
    break;
  case LDPR_PREVAILING_DEF_IRONLY:
    append_string(w->internal, w->internal_count, value_name(global));
    break;
  case LDPR_PREVAILING_DEF:
  case LDPR_PREVAILING_DEF_IRONLY_EXP:
    /* Something outside IR uses it: it must survive even if IR stops
     * referring to it, which linkonce does not promise. */
    if (linkage == LLVMLinkOnceAnyLinkage)
      LLVMSetLinkage(global, LLVMWeakAnyLinkage);
    else if (linkage == LLVMLinkOnceODRLinkage)
      LLVMSetLinkage(global, LLVMWeakODRLinkage);
    break;
  default:
    break;
  }
}

/* A global with its comdat, for grouping comdat members. */
typedef struct comdat_member {
  LLVMComdatRef comdat;
  LLVMValueRef global;
  size_t order; /* module order, for a deterministic result */
} comdat_member;

static int compare_members(const void *a, const void *b) {
  const comdat_member *x = a, *y = b;
  if (x->comdat != y->comdat)
    return (uintptr_t)x->comdat < (uintptr_t)y->comdat ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

static void collect_member(LLVMValueRef global, comdat_member **members,
                           size_t *count, size_t *capacity) {
  if (!LLVMGetComdat(global))
    return;
  if (*count == *capacity) {
    *capacity = *capacity ? 2 * *capacity : 16;
    *members = realloc(*members, *capacity * sizeof **members);
    if (!*members)
      abort();
  }
  (*members)[*count] = (comdat_member){LLVMGetComdat(global), global, *count};
  ++*count;
}

static int compare_pointers(const void *a, const void *b) {
  uintptr_t x = (uintptr_t) * (const LLVMValueRef *)a;
  uintptr_t y = (uintptr_t) * (const LLVMValueRef *)b;
  return x < y ? -1 : x > y;
}

/* `sorted` is sorted by address (a lookup only; nothing is emitted in that
 * order). */
static bool contains(LLVMValueRef *sorted, size_t count, LLVMValueRef value) {
  return count &&
         bsearch(&value, sorted, count, sizeof *sorted, compare_pointers) != NULL;
}

/* A comdat is kept or dropped whole. Where the linker dropped one member,
 * every member goes: definitions with a symbol become declarations, local
 * ones leave the comdat (global DCE removes them if nothing else uses
 * them). Then every dropped definition becomes a declaration (last: that
 * deletes functions). */
static void drop_definitions(LLVMModuleRef module, LLVMValueRef *dropped,
                             size_t dropped_count) {
  LLVMValueRef *sorted = malloc((dropped_count + 1) * sizeof *sorted);
  if (!sorted)
    abort();
  memcpy(sorted, dropped, dropped_count * sizeof *sorted);
  qsort(sorted, dropped_count, sizeof *sorted, compare_pointers);
  comdat_member *members = NULL;
  size_t count = 0, capacity = 0;
  for (LLVMValueRef g = LLVMGetFirstFunction(module); g; g = LLVMGetNextFunction(g))
    collect_member(g, &members, &count, &capacity);
  for (LLVMValueRef g = LLVMGetFirstGlobal(module); g; g = LLVMGetNextGlobal(g))
    collect_member(g, &members, &count, &capacity);
  if (count)
    qsort(members, count, sizeof *members, compare_members);
  LLVMValueRef *also = malloc((count + 1) * sizeof *also);
  if (!also)
    abort();
  size_t also_count = 0;
  for (size_t start = 0; start < count;) {
    size_t end = start + 1;
    while (end < count && members[end].comdat == members[start].comdat)
      ++end;
    bool drop = false;
    for (size_t i = start; i < end && !drop; ++i)
      drop = contains(sorted, dropped_count, members[i].global);
    for (size_t i = start; i < end && drop; ++i) {
      LLVMValueRef g = members[i].global;
      if (is_local(LLVMGetLinkage(g)))
        LLVMSetComdat(g, NULL);
      else if (!contains(sorted, dropped_count, g))
        also[also_count++] = g;
    }
    start = end;
  }
  free(members);
  free(sorted);
  for (size_t i = 0; i < dropped_count; ++i)
    make_declaration(module, dropped[i]);
  for (size_t i = 0; i < also_count; ++i)
    make_declaration(module, also[i]);
  free(also);
}

/* Loads a claimed file and applies its resolutions, but for
 * internalization: that waits until every module is linked (the IR linker
 * does not resolve a declaration to another module's internal definition),
 * so the names to internalize are added to *internal. NULL after an
 * error. */
static LLVMModuleRef load_resolved(const claimed_file *file, char ***internal,
                                   size_t *internal_count) {
  LLVMModuleRef module = parse_file(file, false);
  if (!module)
    return NULL;
  resolution_walk walk = {module, file, 0, NULL, 0, internal, internal_count};
  walk.dropped = malloc((file->symbol_count + 1) * sizeof *walk.dropped);
  if (!walk.dropped)
    abort();
  for_each_symbol(module, apply_resolution, &walk);
  drop_definitions(module, walk.dropped, walk.dropped_count);
  free(walk.dropped);
  return module;
}

/* ---------------------------------------------------------------------------
 * all_symbols_read */

enum ld_plugin_status fetch_resolutions(void) {
  /* Every file is claimed: the names module asm uses are complete, and
   * sorted here for is_asm_name, which both the full-LTO and the ThinLTO
   * way ask (before, only the full-LTO way sorted them, and ThinLTO's
   * internalized a function only a `.symver` names). */
  if (the_plugin.asm_name_count)
    qsort(the_plugin.asm_names, the_plugin.asm_name_count,
          sizeof *the_plugin.asm_names, compare_strings);
  for (size_t i = 0; i < the_plugin.file_count; ++i) {
    claimed_file *file = &the_plugin.files[i];
    if (!file->symbol_count)
      continue;
    enum ld_plugin_status status =
        the_plugin.get_symbols(file->handle, (int)file->symbol_count, file->symbols);
    if (status != LDPS_OK && status != LDPS_NO_SYMS) {
      say(LDPL_ERROR, "%s: the linker gave no symbol resolutions", file->name);
      return LDPS_ERR;
    }
    file->left_out = status == LDPS_NO_SYMS;
  }
  return LDPS_OK;
}

LLVMValueRef named_global(LLVMModuleRef module, const char *name) {
  LLVMValueRef global = LLVMGetNamedFunction(module, name);
  if (!global)
    global = LLVMGetNamedGlobal(module, name);
  if (!global)
    global = LLVMGetNamedGlobalAlias(module, name, strlen(name));
  if (!global)
    global = LLVMGetNamedGlobalIFunc(module, name, strlen(name));
  return global;
}

/* What only IR uses and nothing exports becomes internal: merge may then
 * replace it outright, and LLVM's optimizations may drop it. Not what
 * module asm names, what --wrap redefines, nor what a section named as a
 * C identifier holds (any object may reach it through __start_NAME, as
 * LLVMgold.so and lld see it). The names internalized are kept, sorted, in
 * the_plugin.internalized. */
void internalize(LLVMModuleRef module, char **names, size_t count) {
  size_t kept = 0;
  for (size_t i = 0; i < count; ++i) {
    LLVMValueRef global = module ? named_global(module, names[i]) : NULL;
    const char *section = global ? LLVMGetSection(global) : NULL;
    if (global && is_definition(global) && !is_asm_name(names[i]) &&
        !is_wrap_name(names[i]) &&
        !(section && ltofold_is_c_identifier(section))) {
      LLVMSetLinkage(global, LLVMInternalLinkage);
      LLVMSetVisibility(global, LLVMDefaultVisibility);
      names[kept++] = names[i];
    } else {
      free(names[i]);
    }
  }
  if (kept)
    qsort(names, kept, sizeof *names, compare_strings);
  the_plugin.internalized = names;
  the_plugin.internalized_count = kept;
}

int is_internalized(const char *name, void *unused) {
  (void)unused;
  return the_plugin.internalized_count &&
         bsearch(&name, the_plugin.internalized, the_plugin.internalized_count,
                 sizeof *the_plugin.internalized, compare_strings);
}

/* The architecture is the triple up to its first '-'; the rest (vendor,
 * OS, environment) may legitimately differ between units. */
static bool same_architecture(LLVMModuleRef a, LLVMModuleRef b) {
  const char *x = LLVMGetTarget(a), *y = LLVMGetTarget(b);
  size_t n = strcspn(x, "-");
  return n == strcspn(y, "-") && !strncmp(x, y, n);
}

/* Links every claimed module into one. NULL after an error. */
LLVMModuleRef link_modules(ltofold_report *report) {
  double start = ltofold_now_seconds();
  LLVMModuleRef whole = NULL;
  ltofold_module_linker *linker = NULL;
  char **internal = NULL;
  size_t internal_count = 0;
  bool failed = false;
  for (size_t i = 0; i < the_plugin.file_count && !failed; ++i) {
    const claimed_file *file = &the_plugin.files[i];
    LLVMModuleRef module = load_resolved(file, &internal, &internal_count);
    failed = !module;
    if (module)
      apply_wrap(module);
    if (report && module)
      ltofold_report_add_input(report, file->name);
    if (!module)
      continue;
    if (!whole) {
      whole = module;
      linker = ltofold_module_linker_new(whole);
      continue;
    }
    if (!same_architecture(whole, module)) {
      say(LDPL_ERROR, "%s: bitcode for %s, but %s is for %s", file->name,
          LLVMGetTarget(module), the_plugin.files[0].name, LLVMGetTarget(whole));
      LLVMDisposeModule(module);
      failed = true;
      continue;
    }
    ltofold_diagnostics diagnostics;
    ltofold_diagnostics_begin(&diagnostics, the_plugin.context);
    failed = ltofold_module_linker_link(linker, module); /* disposes of it */
    char *text = ltofold_diagnostics_end(&diagnostics);
    if (failed)
      say(LDPL_ERROR, "%s: cannot link: %s", file->name,
          text ? text : "the IR linker failed");
    free(text);
  }
  if (linker)
    ltofold_module_linker_free(linker);
  if (failed && whole) {
    LLVMDisposeModule(whole);
    whole = NULL;
  }
  internalize(whole, internal, internal_count);
  if (whole)
    ltofold_step_ended(&the_plugin.options, report, "link",
                       ltofold_now_seconds() - start);
  return whole;
}
