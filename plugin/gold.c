/* ltofold-gold.so: ltofold as an LTO plugin for the linkers that speak the
 * binutils plugin API (plugin-api.h): gold, ld.bfd and mold.
 *
 * The linker drives; the plugin answers four calls:
 *
 *   onload            read the transfer vector (the linker's callbacks, the
 *                     output kind and name, our -plugin-opt options) and
 *                     register the three hooks below;
 *   claim_file        for each input file and archive member: if it is LLVM
 *                     bitcode, keep its bytes, read its global symbols from a
 *                     lazily loaded module (no function bodies are read) and
 *                     tell the linker about them; anything else is left to
 *                     the linker;
 *   all_symbols_read  the linker has resolved every symbol. Load each claimed
 *                     module, apply the linker's verdict to it (a definition
 *                     another file preempted becomes a declaration; one only
 *                     IR uses becomes internal; one the outside uses stays),
 *                     link them into one module, run the pipeline (fprange,
 *                     LLVM's LTO optimization, canon, merge, global DCE),
 *                     generate one object for the module's target with the
 *                     relocation model the output kind needs, write the
 *                     report (bytes saved measured from the object's symbol
 *                     sizes), and hand the object back with add_input_file;
 *   cleanup           remove the temporary object file (if the linker has
 *                     not had it removed already) and free everything.
 *
 * The plugin API gives hooks no user data, so the plugin's state is one
 * context struct (`plugin`), set up in onload and torn down in cleanup.
 * Every diagnostic goes through the linker's message callback, prefixed
 * "ltofold: " and naming the file; an error makes the hook return LDPS_ERR
 * so the link fails without a crash. */
#include "ir_reader.h"
#include "messages.h"
#include "options.h"
#include "output_file.h"
#include "pipeline.h"
#include "report.h"
#include "target_machine.h"
#include "version.h"

#include <errno.h>
#include <fcntl.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Comdat.h>
#include <llvm-c/Core.h>
#include <llvm-c/ErrorHandling.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Object.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/lto.h>
#include <plugin-api.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One claimed input: a bitcode file or archive member. */
typedef struct claimed_file {
  char *name;     /* owned: path, or "archive(member)" for a member
                     ("archive(@offset)" when its name cannot be read) */
  void *handle;   /* the linker's handle for the file */
  char *bytes;    /* owned: the bitcode */
  size_t size;
  struct ld_plugin_symbol *symbols; /* owned, names owned; resolutions filled
                                       in at all_symbols_read */
  size_t symbol_count;
  size_t ir_symbol_count; /* the first ones are IR globals; the rest are
                             defined or used only in module-level asm */
} claimed_file;

typedef struct plugin {
  /* The linker's callbacks; NULL when the linker does not offer one. */
  ld_plugin_message message;
  ld_plugin_add_symbols add_symbols;
  ld_plugin_add_symbols add_symbols_v2;
  ld_plugin_get_symbols get_symbols; /* the newest version offered */
  ld_plugin_add_input_file add_input_file;
  int output_kind;   /* LDPO_EXEC, LDPO_DYN, LDPO_PIE, LDPO_REL */
  char *output_name; /* owned; "a.out" when the linker did not say */

  ltofold_options options;
  bool options_failed; /* a bad -plugin-opt: every hook fails */

  LLVMContextRef context; /* owned: every module lives in it */
  /* Installed on the context for the plugin's life: without a handler, LLVM
   * exits the process on an error diagnostic (inline asm, say). */
  ltofold_diagnostics diagnostics;

  claimed_file *files; /* owned array */
  size_t file_count, file_capacity;

  /* Every identifier in any claimed module's module-level asm (owned
   * strings): a global whose name is among them may be used from asm, where
   * the linker cannot see it, so it is never internalized. */
  char **asm_names;
  size_t asm_name_count;

  char *object_path; /* owned: the temporary object file until it is
                        removed (release_object), or NULL */
} plugin;

static plugin the_plugin;

/* ---------------------------------------------------------------------------
 * Messages */

static void say(int level, const char *format, ...) {
  va_list args;
  va_start(args, format);
  char *text = NULL;
  if (vasprintf(&text, format, args) < 0)
    abort();
  va_end(args);
  if (the_plugin.message)
    the_plugin.message(level, "ltofold: %s", text);
  else
    fprintf(stderr, "ltofold: %s\n", text);
  free(text);
}

/* Parses a claimed file into the plugin's context: lazily (declarations and
 * global initializers only) for claim_file, fully for the link. Returns NULL
 * after saying why. */
static LLVMModuleRef parse_file(const claimed_file *file, bool lazy) {
  char *error = NULL;
  LLVMModuleRef module = ltofold_parse_bitcode(
      the_plugin.context, file->bytes, file->size, file->name, lazy, &error);
  if (!module) {
    say(LDPL_ERROR, "%s", error);
    free(error);
  }
  return module;
}

/* ---------------------------------------------------------------------------
 * Symbols: which globals the linker sees, in an order both hooks share. */

static bool is_local(LLVMLinkage linkage) {
  return linkage == LLVMInternalLinkage || linkage == LLVMPrivateLinkage;
}

static const char *value_name(LLVMValueRef value) {
  size_t length;
  return LLVMGetValueName2(value, &length);
}

/* Globals the linker has a symbol for: not local, not LLVM's own
 * (llvm.used, llvm.global_ctors, intrinsics). */
static bool has_linker_symbol(LLVMValueRef global) {
  return !is_local(LLVMGetLinkage(global)) &&
         strncmp(value_name(global), "llvm.", 5) != 0;
}

typedef void symbol_visitor(LLVMValueRef global, void *data);

/* Visits the globals with a linker symbol: functions, variables, aliases,
 * ifuncs, each in module order. claim_file and all_symbols_read walk the
 * same bitcode with this, so the i-th symbol is the same global in both. */
static void for_each_symbol(LLVMModuleRef module, symbol_visitor *visit,
                            void *data) {
  for (LLVMValueRef g = LLVMGetFirstFunction(module); g;
       g = LLVMGetNextFunction(g))
    if (has_linker_symbol(g))
      visit(g, data);
  for (LLVMValueRef g = LLVMGetFirstGlobal(module); g; g = LLVMGetNextGlobal(g))
    if (has_linker_symbol(g))
      visit(g, data);
  for (LLVMValueRef g = LLVMGetFirstGlobalAlias(module); g;
       g = LLVMGetNextGlobalAlias(g))
    if (has_linker_symbol(g))
      visit(g, data);
  for (LLVMValueRef g = LLVMGetFirstGlobalIFunc(module); g;
       g = LLVMGetNextGlobalIFunc(g))
    if (has_linker_symbol(g))
      visit(g, data);
}

static bool is_definition(LLVMValueRef global) {
  return !LLVMIsDeclaration(global) &&
         LLVMGetLinkage(global) != LLVMAvailableExternallyLinkage;
}

static bool is_weak_definition(LLVMLinkage linkage) {
  return linkage == LLVMLinkOnceAnyLinkage ||
         linkage == LLVMLinkOnceODRLinkage || linkage == LLVMWeakAnyLinkage ||
         linkage == LLVMWeakODRLinkage;
}

/* The comdat's name. LLVM-C cannot ask a comdat its name, but a comdat is
 * unique per name in a module: the name is the one whose comdat it is. C and
 * C++ name a comdat after its leader, so look at the global's own name, then
 * at every global's (the module is a throwaway lazy one: comdats this adds
 * are never written). NULL when no global is its namesake. */
static const char *comdat_name(LLVMModuleRef module, LLVMValueRef global) {
  LLVMComdatRef comdat = LLVMGetComdat(global);
  if (!comdat)
    return NULL;
  if (LLVMGetOrInsertComdat(module, value_name(global)) == comdat)
    return value_name(global);
  for (LLVMValueRef g = LLVMGetFirstGlobal(module); g; g = LLVMGetNextGlobal(g))
    if (LLVMGetComdat(g) == comdat &&
        LLVMGetOrInsertComdat(module, value_name(g)) == comdat)
      return value_name(g);
  for (LLVMValueRef g = LLVMGetFirstFunction(module); g;
       g = LLVMGetNextFunction(g))
    if (LLVMGetComdat(g) == comdat &&
        LLVMGetOrInsertComdat(module, value_name(g)) == comdat)
      return value_name(g);
  return NULL;
}

typedef struct symbol_builder {
  LLVMModuleRef module;
  LLVMTargetDataRef data_layout;
  struct ld_plugin_symbol *symbols;
  size_t count, capacity;
} symbol_builder;

static char *copy_string(const char *text) {
  char *copy = strdup(text);
  if (!copy)
    abort();
  return copy;
}

/* A new, zeroed symbol at the end of the list. */
static struct ld_plugin_symbol *next_symbol(symbol_builder *b) {
  if (b->count == b->capacity) {
    b->capacity = b->capacity ? 2 * b->capacity : 16;
    b->symbols = realloc(b->symbols, b->capacity * sizeof *b->symbols);
    if (!b->symbols)
      abort();
  }
  struct ld_plugin_symbol *s = &b->symbols[b->count++];
  memset(s, 0, sizeof *s);
  s->resolution = LDPR_UNKNOWN;
  return s;
}

static void add_symbol(LLVMValueRef global, void *data) {
  symbol_builder *b = data;
  struct ld_plugin_symbol *s = next_symbol(b);
  /* A leading \1 tells LLVM not to mangle; the linker sees the rest. */
  const char *name = value_name(global);
  s->name = copy_string(name[0] == '\1' ? name + 1 : name);
  LLVMLinkage linkage = LLVMGetLinkage(global);
  if (!is_definition(global))
    s->def = linkage == LLVMExternalWeakLinkage ? LDPK_WEAKUNDEF : LDPK_UNDEF;
  else if (linkage == LLVMCommonLinkage)
    s->def = LDPK_COMMON;
  else if (is_weak_definition(linkage))
    s->def = LDPK_WEAKDEF;
  else
    s->def = LDPK_DEF;
  switch (LLVMGetVisibility(global)) {
  case LLVMHiddenVisibility:
    s->visibility = LDPV_HIDDEN;
    break;
  case LLVMProtectedVisibility:
    s->visibility = LDPV_PROTECTED;
    break;
  default:
    s->visibility = LDPV_DEFAULT;
  }
  bool variable = LLVMIsAGlobalVariable(global) != NULL;
  if (s->def == LDPK_COMMON)
    s->size = LLVMABISizeOfType(b->data_layout, LLVMGlobalGetValueType(global));
  s->symbol_type = LLVMIsAFunction(global) ? LDST_FUNCTION
                   : variable              ? LDST_VARIABLE
                                           : LDST_UNKNOWN;
  s->section_kind = variable && is_definition(global) &&
                            LLVMIsNull(LLVMGetInitializer(global))
                        ? LDSSK_BSS
                        : LDSSK_DEFAULT;
  const char *comdat = comdat_name(b->module, global);
  if (comdat)
    s->comdat_key = copy_string(comdat);
}

static void free_symbols(struct ld_plugin_symbol *symbols, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    free(symbols[i].name);
    free(symbols[i].comdat_key);
  }
  free(symbols);
}

/* ---------------------------------------------------------------------------
 * Module-level inline asm. LLVM-C cannot list the symbols asm defines or
 * uses; libLTO (llvm-c/lto.h, which parses the asm with LLVM's assembler,
 * as LLVMgold's symbol table does) can. It is asked only for modules that
 * have module asm. */

static void remember_asm_identifiers(const char *text, size_t length) {
  for (size_t i = 0; i < length;) {
    size_t start = i;
    while (i < length && (text[i] == '_' || text[i] == '.' || text[i] == '$' ||
                          (text[i] >= '0' && text[i] <= '9') ||
                          (text[i] >= 'a' && text[i] <= 'z') ||
                          (text[i] >= 'A' && text[i] <= 'Z')))
      ++i;
    if (i == start) {
      ++i;
      continue;
    }
    the_plugin.asm_names = realloc(the_plugin.asm_names,
                                   (the_plugin.asm_name_count + 1) *
                                       sizeof *the_plugin.asm_names);
    if (!the_plugin.asm_names)
      abort();
    char *name = strndup(text + start, i - start);
    if (!name)
      abort();
    the_plugin.asm_names[the_plugin.asm_name_count++] = name;
  }
}

static int compare_strings(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_asm_name(const char *name) {
  return the_plugin.asm_name_count &&
         bsearch(&name, the_plugin.asm_names, the_plugin.asm_name_count,
                 sizeof *the_plugin.asm_names, compare_strings) != NULL;
}


/* Adds the symbols that only module asm defines or uses. */
static void add_asm_symbols(const claimed_file *file, symbol_builder *b) {
  lto_module_t lto = lto_module_create_from_memory(file->bytes, file->size);
  if (!lto) {
    say(LDPL_WARNING, "%s: cannot list the symbols of its module asm: %s",
        file->name, lto_get_error_message());
    return;
  }
  /* libLTO lists the IR globals too: skip the names already there. */
  size_t ir_count = b->count;
  char **known = malloc((ir_count + 1) * sizeof *known);
  if (!known)
    abort();
  for (size_t i = 0; i < ir_count; ++i)
    known[i] = b->symbols[i].name;
  qsort(known, ir_count, sizeof *known, compare_strings);
  unsigned count = lto_module_get_num_symbols(lto);
  for (unsigned i = 0; i < count; ++i) {
    const char *name = lto_module_get_symbol_name(lto, i);
    lto_symbol_attributes attributes = lto_module_get_symbol_attribute(lto, i);
    if (!name || !*name ||
        bsearch(&name, known, ir_count, sizeof *known, compare_strings) ||
        (attributes & LTO_SYMBOL_SCOPE_MASK) == LTO_SYMBOL_SCOPE_INTERNAL)
      continue;
    struct ld_plugin_symbol *sym = next_symbol(b);
    sym->name = copy_string(name);
    switch (attributes & LTO_SYMBOL_DEFINITION_MASK) {
    case LTO_SYMBOL_DEFINITION_UNDEFINED:
      sym->def = LDPK_UNDEF;
      break;
    case LTO_SYMBOL_DEFINITION_WEAKUNDEF:
      sym->def = LDPK_WEAKUNDEF;
      break;
    case LTO_SYMBOL_DEFINITION_WEAK:
      sym->def = LDPK_WEAKDEF;
      break;
    default:
      sym->def = LDPK_DEF;
    }
    sym->visibility = (attributes & LTO_SYMBOL_SCOPE_MASK) == LTO_SYMBOL_SCOPE_HIDDEN
                          ? LDPV_HIDDEN
                          : LDPV_DEFAULT;
    sym->symbol_type = (attributes & LTO_SYMBOL_PERMISSIONS_MASK) ==
                               LTO_SYMBOL_PERMISSIONS_CODE
                           ? LDST_FUNCTION
                           : LDST_UNKNOWN;
  }
  free(known);
  lto_module_dispose(lto);
}

/* ---------------------------------------------------------------------------
 * claim_file */

static bool read_at(int fd, off_t offset, char *out, size_t size) {
  size_t done = 0;
  while (done < size) {
    ssize_t n = pread(fd, out + done, size - done, offset + (off_t)done);
    if (n <= 0) {
      if (n < 0 && errno == EINTR)
        continue;
      return false;
    }
    done += (size_t)n;
  }
  return true;
}

/* The name of the archive member whose data starts at `offset`, from the
 * GNU ar header just before it ("name/", or "/N": at N in the long-name
 * member "//"). NULL when there is no such header (a thin archive, a BSD
 * one), and the caller falls back to the offset. */
static char *archive_member_name(int fd, off_t offset) {
  char header[60];
  if (offset < 8 + 60 || !read_at(fd, offset - 60, header, 60) ||
      memcmp(header + 58, "`\n", 2))
    return NULL;
  if (header[0] != '/') {
    size_t length = strcspn(header, "/ ");
    return length && length <= 16 ? strndup(header, length) : NULL;
  }
  if (header[1] < '0' || header[1] > '9')
    return NULL;
  unsigned long index = strtoul(header + 1, NULL, 10);
  /* The long-name member comes first, after the symbol table. */
  off_t at = 8;
  for (int member = 0; member < 3; ++member) {
    char h[60];
    if (!read_at(fd, at, h, 60) || memcmp(h + 58, "`\n", 2))
      return NULL;
    char size_text[11] = {0};
    memcpy(size_text, h + 48, 10);
    unsigned long size = strtoul(size_text, NULL, 10);
    if (!memcmp(h, "// ", 3)) {
      if (index >= size)
        return NULL;
      char name[256] = {0};
      size_t want = size - index < sizeof name - 1 ? size - index : sizeof name - 1;
      if (!read_at(fd, at + 60 + (off_t)index, name, want))
        return NULL;
      name[strcspn(name, "/\n")] = '\0';
      return name[0] ? strdup(name) : NULL;
    }
    at += 60 + (off_t)size + (off_t)(size & 1);
  }
  return NULL;
}

/* mcpu= must name a CPU of the target, which the first bitcode file tells
 * (all must share its architecture). Checked there rather than at code
 * generation, so that the link stops before the linker goes on without the
 * bitcode: the message is fatal, and the only one. */
static bool check_cpu(LLVMModuleRef module) {
  if (!the_plugin.options.cpu)
    return true;
  char *triple = ltofold_module_triple(module);
  char *error = NULL;
  LLVMTargetMachineRef machine = ltofold_create_target_machine(
      triple, the_plugin.options.cpu, LLVMCodeGenLevelDefault, LLVMRelocDefault,
      &error);
  free(triple);
  if (!machine) {
    say(LDPL_FATAL, "-plugin-opt=mcpu=%s: %s", the_plugin.options.cpu, error);
    free(error);
    return false;
  }
  LLVMDisposeTargetMachine(machine);
  return true;
}

static enum ld_plugin_status claim_file(const struct ld_plugin_input_file *input,
                                        int *claimed) {
  *claimed = 0;
  char magic[4];
  if (input->filesize < 4 || !read_at(input->fd, input->offset, magic, 4) ||
      !ltofold_looks_like_bitcode(magic, 4))
    return LDPS_OK;
  /* After a bad option the link fails; bitcode is claimed all the same, so
   * that gold does not read it as a linker script and bury the message. */
  if (the_plugin.options_failed) {
    *claimed = 1;
    return LDPS_ERR;
  }

  claimed_file file = {0};
  char *member = input->offset ? archive_member_name(input->fd, input->offset)
                               : NULL;
  file.name = member          ? ltofold_format("%s(%s)", input->name, member)
              : input->offset ? ltofold_format("%s(@%lld)", input->name,
                                               (long long)input->offset)
                              : copy_string(input->name);
  free(member);
  file.handle = input->handle;
  file.size = (size_t)input->filesize;
  file.bytes = malloc(file.size ? file.size : 1);
  if (!file.bytes)
    abort();
  if (!read_at(input->fd, input->offset, file.bytes, file.size)) {
    say(LDPL_ERROR, "%s: cannot read: %s", file.name, strerror(errno));
    free(file.bytes);
    free(file.name);
    return LDPS_ERR;
  }
  LLVMModuleRef module = parse_file(&file, true);
  if (!module) {
    free(file.bytes);
    free(file.name);
    /* Claimed, so that gold does not go on to read it as a linker script
     * and bury the message under syntax errors. */
    *claimed = 1;
    return LDPS_ERR;
  }
  if (!the_plugin.file_count && !check_cpu(module)) {
    LLVMDisposeModule(module);
    free(file.bytes);
    free(file.name);
    *claimed = 1;
    return LDPS_ERR;
  }
  symbol_builder builder = {module, LLVMGetModuleDataLayout(module), NULL, 0, 0};
  for_each_symbol(module, add_symbol, &builder);
  file.ir_symbol_count = builder.count;
  size_t asm_length = 0;
  const char *module_asm = LLVMGetModuleInlineAsm(module, &asm_length);
  if (asm_length) {
    remember_asm_identifiers(module_asm, asm_length);
    add_asm_symbols(&file, &builder);
  }
  LLVMDisposeModule(module);
  file.symbols = builder.symbols;
  file.symbol_count = builder.count;

  ld_plugin_add_symbols add = the_plugin.add_symbols_v2 ? the_plugin.add_symbols_v2
                                                        : the_plugin.add_symbols;
  if (!the_plugin.add_symbols_v2)
    for (size_t i = 0; i < file.symbol_count; ++i)
      file.symbols[i].symbol_type = file.symbols[i].section_kind = 0;
  if (file.symbol_count &&
      add(file.handle, (int)file.symbol_count, file.symbols) != LDPS_OK) {
    say(LDPL_ERROR, "%s: the linker refused its symbols", file.name);
    free_symbols(file.symbols, file.symbol_count);
    free(file.bytes);
    free(file.name);
    return LDPS_ERR;
  }
  if (the_plugin.file_count == the_plugin.file_capacity) {
    the_plugin.file_capacity =
        the_plugin.file_capacity ? 2 * the_plugin.file_capacity : 8;
    the_plugin.files = realloc(the_plugin.files, the_plugin.file_capacity *
                                                     sizeof *the_plugin.files);
    if (!the_plugin.files)
      abort();
  }
  the_plugin.files[the_plugin.file_count++] = file;
  *claimed = 1;
  return LDPS_OK;
}

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
  case LDPR_PREEMPTED_REG:
  case LDPR_PREEMPTED_IR:
    w->dropped[w->dropped_count++] = global;
    break;
  case LDPR_PREVAILING_DEF_IRONLY:
    *w->internal = realloc(*w->internal,
                           (*w->internal_count + 1) * sizeof **w->internal);
    if (!*w->internal)
      abort();
    (*w->internal)[(*w->internal_count)++] = copy_string(value_name(global));
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

static enum ld_plugin_status fetch_resolutions(void) {
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
  }
  return LDPS_OK;
}

static LLVMValueRef named_global(LLVMModuleRef module, const char *name) {
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
 * replace it outright, and LLVM's optimizations may drop it. */
static void internalize(LLVMModuleRef module, char **names, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    LLVMValueRef global = module ? named_global(module, names[i]) : NULL;
    if (global && is_definition(global) && !is_asm_name(names[i])) {
      LLVMSetLinkage(global, LLVMInternalLinkage);
      LLVMSetVisibility(global, LLVMDefaultVisibility);
    }
    free(names[i]);
  }
  free(names);
}

/* The architecture is the triple up to its first '-'; the rest (vendor,
 * OS, environment) may legitimately differ between units. */
static bool same_architecture(LLVMModuleRef a, LLVMModuleRef b) {
  const char *x = LLVMGetTarget(a), *y = LLVMGetTarget(b);
  size_t n = strcspn(x, "-");
  return n == strcspn(y, "-") && !strncmp(x, y, n);
}

/* Links every claimed module into one. NULL after an error. */
static LLVMModuleRef link_modules(ltofold_report *report) {
  if (the_plugin.asm_name_count)
    qsort(the_plugin.asm_names, the_plugin.asm_name_count,
          sizeof *the_plugin.asm_names, compare_strings);
  LLVMModuleRef whole = NULL;
  char **internal = NULL;
  size_t internal_count = 0;
  bool failed = false;
  for (size_t i = 0; i < the_plugin.file_count && !failed; ++i) {
    const claimed_file *file = &the_plugin.files[i];
    LLVMModuleRef module = load_resolved(file, &internal, &internal_count);
    failed = !module;
    if (report && module)
      ltofold_report_add_input(report, file->name);
    if (!module || !whole) {
      whole = whole ? whole : module;
      continue;
    }
    if (!same_architecture(whole, module)) {
      say(LDPL_ERROR, "%s: bitcode for %s, but %s is for %s", file->name,
          LLVMGetTarget(module), the_plugin.files[0].name, LLVMGetTarget(whole));
      LLVMDisposeModule(module);
      failed = true;
      continue;
    }
    /* LLVMLinkModules2 destroys the source module. */
    ltofold_diagnostics diagnostics;
    ltofold_diagnostics_begin(&diagnostics, the_plugin.context);
    failed = LLVMLinkModules2(whole, module);
    char *text = ltofold_diagnostics_end(&diagnostics);
    if (failed)
      say(LDPL_ERROR, "%s: cannot link: %s", file->name,
          text ? text : "the IR linker failed");
    free(text);
  }
  if (failed && whole) {
    LLVMDisposeModule(whole);
    whole = NULL;
  }
  internalize(whole, internal, internal_count);
  return whole;
}

/* save-temps: OUTPUT.ltofold.N.STEP.bc next to the output. Returns false
 * after saying why it could not be written. */
static bool save_step(LLVMModuleRef module, int number, const char *step) {
  if (!the_plugin.options.save_temps)
    return true;
  char *path = ltofold_format("%s.ltofold.%d.%s.bc", the_plugin.output_name,
                              number, step);
  LLVMMemoryBufferRef bitcode = LLVMWriteBitcodeToMemoryBuffer(module);
  char *error = NULL;
  bool saved = ltofold_write_file(path, LLVMGetBufferStart(bitcode),
                                  LLVMGetBufferSize(bitcode), &error) == 0;
  if (!saved) {
    say(LDPL_ERROR, "save-temps: %s", error);
    free(error);
  }
  LLVMDisposeMemoryBuffer(bitcode);
  free(path);
  return saved;
}

/* The target machine for the module's triple, with the relocation model
 * the output kind needs and the CPU from mcpu= (checked: an unknown CPU is
 * an error). NULL after saying why. */
static LLVMTargetMachineRef create_target_machine(LLVMModuleRef module) {
  static const LLVMCodeGenOptLevel levels[] = {
      LLVMCodeGenLevelNone, LLVMCodeGenLevelLess, LLVMCodeGenLevelDefault,
      LLVMCodeGenLevelAggressive};
  /* An executable's code is not moved at load time; a PIE, a shared
   * library or a relocatable object may be. */
  LLVMRelocMode relocation =
      the_plugin.output_kind == LDPO_EXEC  ? LLVMRelocStatic
      : the_plugin.output_kind == LDPO_REL ? LLVMRelocDefault
                                           : LLVMRelocPIC;
  char *triple = ltofold_module_triple(module);
  char *error = NULL;
  LLVMTargetMachineRef machine = ltofold_create_target_machine(
      triple, the_plugin.options.cpu, levels[the_plugin.options.opt_level],
      relocation, &error);
  if (!machine) {
    say(LDPL_ERROR, "%s", error);
    free(error);
  }
  free(triple);
  return machine;
}

/* Each symbol of the object with its size, for bytes saved, and the
 * object's code size. */
static void measure_symbols(LLVMMemoryBufferRef object, ltofold_report *report) {
  char *message = NULL;
  LLVMBinaryRef binary = LLVMCreateBinary(object, the_plugin.context, &message);
  if (!binary) {
    say(LDPL_WARNING, "report: cannot read the generated object: %s", message);
    LLVMDisposeMessage(message);
    return;
  }
  ltofold_symbol_size *symbols = NULL;
  size_t count = 0, capacity = 0;
  LLVMSymbolIteratorRef it = LLVMObjectFileCopySymbolIterator(binary);
  for (; !LLVMObjectFileIsSymbolIteratorAtEnd(binary, it); LLVMMoveToNextSymbol(it)) {
    if (count == capacity) {
      capacity = capacity ? 2 * capacity : 64;
      symbols = realloc(symbols, capacity * sizeof *symbols);
      if (!symbols)
        abort();
    }
    /* Names point into the binary, which outlives the call below. */
    symbols[count++] =
        (ltofold_symbol_size){LLVMGetSymbolName(it), LLVMGetSymbolSize(it)};
  }
  LLVMDisposeSymbolIterator(it);
  ltofold_report_add_symbol_sizes(report, symbols, count);
  uint64_t text_bytes = 0;
  LLVMSectionIteratorRef section = LLVMObjectFileCopySectionIterator(binary);
  for (; !LLVMObjectFileIsSectionIteratorAtEnd(binary, section);
       LLVMMoveToNextSection(section)) {
    const char *name = LLVMGetSectionName(section);
    if (name && (!strcmp(name, ".text") || !strncmp(name, ".text.", 6)))
      text_bytes += LLVMGetSectionSize(section);
  }
  LLVMDisposeSectionIterator(section);
  ltofold_report_set_object(report, LLVMGetBufferSize(object), text_bytes);
  free(symbols);
  LLVMDisposeBinary(binary);
}

/* Moves the entries of llvm.global_ctors and llvm.global_dtors into
 * .init_array and .fini_array sections (".init_array.PRIORITY" for a
 * priority other than the default 65535). Clang does this through a target
 * option that LLVM-C cannot set; left to its defaults, LLVM puts them in the
 * old .ctors/.dtors sections, which mold never runs. Each entry becomes a
 * private pointer in its section, in list order; the linkers sort the
 * sections by priority. */
static void use_init_array(LLVMModuleRef module, const char *list_name,
                           const char *section_base) {
  LLVMValueRef list = LLVMGetNamedGlobal(module, list_name);
  if (!list || !LLVMGetInitializer(list))
    return;
  LLVMValueRef entries = LLVMGetInitializer(list);
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef pointer = LLVMPointerTypeInContext(context, 0);
  unsigned count = LLVMGetArrayLength2(LLVMTypeOf(entries));
  for (unsigned i = 0; i < count; ++i) {
    LLVMValueRef entry = LLVMGetAggregateElement(entries, i);
    LLVMValueRef priority = entry ? LLVMGetAggregateElement(entry, 0) : NULL;
    LLVMValueRef function = entry ? LLVMGetAggregateElement(entry, 1) : NULL;
    if (!priority || !function || LLVMIsNull(function))
      continue;
    unsigned long long level = LLVMConstIntGetZExtValue(priority);
    char *section = level == 65535
                        ? ltofold_format("%s", section_base)
                        : ltofold_format("%s.%llu", section_base, level);
    LLVMValueRef slot = LLVMAddGlobal(module, pointer, "");
    LLVMSetLinkage(slot, LLVMPrivateLinkage);
    LLVMSetInitializer(slot, function);
    LLVMSetSection(slot, section);
    LLVMSetAlignment(slot, (unsigned)LLVMABISizeOfType(
                               LLVMGetModuleDataLayout(module), pointer));
    free(section);
  }
  LLVMDeleteGlobal(list);
}

/* Writes the object where the linker can read it. With save-temps it is
 * kept next to the output (OUTPUT.ltofold.o). Otherwise it is a temporary
 * file in TMPDIR named after the output (ltofold-OUTPUT-XXXXXX.o), so that
 * what the linker says about the object (an undefined reference, say)
 * names a file a user can place; an anonymous in-memory file would show as
 * /proc/self/fd/N. release_object removes it. Returns the path (owned), or
 * NULL after saying why. */
static char *write_object(LLVMMemoryBufferRef object) {
  const char *data = LLVMGetBufferStart(object);
  size_t size = LLVMGetBufferSize(object);
  char *error = NULL;
  if (the_plugin.options.save_temps) {
    char *path = ltofold_format("%s.ltofold.o", the_plugin.output_name);
    if (ltofold_write_file(path, data, size, &error) == 0)
      return path;
    say(LDPL_ERROR, "save-temps: %s", error);
    free(error);
    free(path);
    return NULL;
  }
  const char *directory = getenv("TMPDIR");
  const char *output = strrchr(the_plugin.output_name, '/');
  char *path = ltofold_format("%s/ltofold-%s-XXXXXX.o",
                              directory && *directory ? directory : "/tmp",
                              output ? output + 1 : the_plugin.output_name);
  int fd = mkostemps(path, 2, O_CLOEXEC);
  if (fd < 0 || ltofold_write_fully(fd, data, size) != 0 || close(fd) != 0) {
    int cause = errno;
    if (fd >= 0)
      unlink(path); /* before saying why: mold exits on an error message */
    say(LDPL_ERROR, "cannot write the object file %s: %s", path,
        strerror(cause));
    free(path);
    return NULL;
  }
  the_plugin.object_path = copy_string(path);
  return path;
}

/* Whether the linker has mapped the file at `path` into memory already
 * (mold does in add_input_file), from /proc/self/maps. */
static bool is_mapped(const char *path) {
  FILE *maps = fopen("/proc/self/maps", "re");
  if (!maps)
    return false;
  bool found = false;
  size_t length = strlen(path);
  char *line = NULL;
  size_t capacity = 0;
  ssize_t got;
  while (!found && (got = getline(&line, &capacity, maps)) > 0) {
    size_t end = line[got - 1] == '\n' ? (size_t)got - 1 : (size_t)got;
    found = end > length && line[end - length - 1] == ' ' &&
            !memcmp(line + end - length, path, length);
  }
  free(line);
  fclose(maps);
  return found;
}

/* Removes the temporary object once the linker no longer needs its name:
 * at cleanup (gold and ld.bfd open it after all_symbols_read, and call
 * cleanup however the link ends), or as soon as the linker has it mapped
 * (mold maps it in add_input_file, and exits without cleanup when a link
 * fails). `now`: whatever the linker did. */
static void release_object(bool now) {
  if (!the_plugin.object_path || (!now && !is_mapped(the_plugin.object_path)))
    return;
  unlink(the_plugin.object_path);
  free(the_plugin.object_path);
  the_plugin.object_path = NULL;
}

/* The report, with the object's sizes, written before the object goes to
 * the linker: a report that cannot be written fails the link, like any
 * other file ltofold was asked for. Returns false after saying why. */
static bool write_report(LLVMMemoryBufferRef object, ltofold_report *report) {
  measure_symbols(object, report);
  char *error = NULL;
  if (ltofold_report_write(report, the_plugin.options.report_path, &error)) {
    say(LDPL_ERROR, "report: %s", error);
    free(error);
    return false;
  }
  return true;
}

/* Generates the object, writes the report and gives the object to the
 * linker. */
static enum ld_plugin_status emit_object(LLVMModuleRef module,
                                         LLVMTargetMachineRef machine,
                                         ltofold_report *report) {
  use_init_array(module, "llvm.global_ctors", ".init_array");
  use_init_array(module, "llvm.global_dtors", ".fini_array");
  char *message = NULL;
  LLVMMemoryBufferRef object = NULL;
  bool failed = LLVMTargetMachineEmitToMemoryBuffer(machine, module,
                                                    LLVMObjectFile, &message,
                                                    &object);
  const char *reported = the_plugin.diagnostics.first_error;
  if (failed || reported) {
    say(LDPL_ERROR, "code generation failed: %s", failed ? message : reported);
    LLVMDisposeMessage(message);
    if (object)
      LLVMDisposeMemoryBuffer(object);
    return LDPS_ERR;
  }
  if (report && !write_report(object, report)) {
    LLVMDisposeMemoryBuffer(object);
    return LDPS_ERR;
  }
  enum ld_plugin_status status = LDPS_ERR;
  char *path = write_object(object);
  if (path && the_plugin.add_input_file(path) == LDPS_OK)
    status = LDPS_OK;
  /* Before saying anything: mold exits on an error message. */
  release_object(status != LDPS_OK);
  if (path && status != LDPS_OK)
    say(LDPL_ERROR, "the linker did not take the object %s", path);
  LLVMDisposeMemoryBuffer(object);
  free(path);
  return status;
}

/* The whole-program pipeline (DESIGN.md), step by step; with save-temps the
 * module is kept after each, as OUTPUT.ltofold.N.NAME.bc. */
static const char *const step_names[] = {"input", "fprange", "lto",
                                         "canon", "merge",   "final"};
enum { STEP_COUNT = sizeof step_names / sizeof *step_names };

/* Runs step `step` (0, the input, does nothing). Returns nonzero with
 * *error. */
static int run_step(int step, LLVMModuleRef module,
                    LLVMTargetMachineRef machine, ltofold_report *report,
                    char **error) {
  const ltofold_options *options = &the_plugin.options;
  switch (step) {
  case 1:
    return ltofold_run_phase(module, LTOFOLD_PHASE_FPRANGE, options, report,
                             error);
  case 2: {
    char *lto = ltofold_format("lto<O%d>", options->opt_level);
    int failed = ltofold_run_llvm_passes(module, "lto", lto, machine, options,
                                         report, error);
    free(lto);
    return failed;
  }
  case 3:
    return ltofold_run_phase(module, LTOFOLD_PHASE_CANON, options, report,
                             error);
  case 4:
    return ltofold_run_phase(module, LTOFOLD_PHASE_MERGE, options, report,
                             error);
  case 5:
    return ltofold_run_llvm_passes(module, "globaldce", "globaldce", machine,
                                   options, report, error);
  default:
    return 0;
  }
}

static enum ld_plugin_status run_pipeline(LLVMModuleRef module,
                                          LLVMTargetMachineRef machine,
                                          ltofold_report *report) {
  for (int step = 0; step < STEP_COUNT; ++step) {
    char *error = NULL;
    if (run_step(step, module, machine, report, &error)) {
      say(LDPL_ERROR, "%s", error);
      free(error);
      return LDPS_ERR;
    }
    if (!save_step(module, step, step_names[step]))
      return LDPS_ERR;
  }
  return LDPS_OK;
}

static enum ld_plugin_status all_symbols_read(void) {
  if (the_plugin.options_failed)
    return LDPS_ERR;
  if (!the_plugin.file_count) {
    if (the_plugin.options.report_path || the_plugin.options.stats)
      say(LDPL_WARNING,
          "no LLVM bitcode reached ltofold, so there is no report: was "
          "another plugin loaded first (clang adds LLVMgold.so when -flto is "
          "on the link line)?");
    return LDPS_OK;
  }
  if (fetch_resolutions() != LDPS_OK)
    return LDPS_ERR;
  ltofold_report *report =
      the_plugin.options.report_path ? ltofold_report_new() : NULL;
  enum ld_plugin_status status = LDPS_ERR;
  LLVMModuleRef module = link_modules(report);
  LLVMTargetMachineRef machine = module ? create_target_machine(module) : NULL;
  if (machine && run_pipeline(module, machine, report) == LDPS_OK)
    status = emit_object(module, machine, report);
  ltofold_report_free(report);
  if (machine)
    LLVMDisposeTargetMachine(machine);
  if (module)
    LLVMDisposeModule(module);
  /* The bitcode is no longer needed. */
  for (size_t i = 0; i < the_plugin.file_count; ++i) {
    free(the_plugin.files[i].bytes);
    the_plugin.files[i].bytes = NULL;
  }
  return status;
}

/* ---------------------------------------------------------------------------
 * cleanup and onload */

static enum ld_plugin_status cleanup(void) {
  release_object(true);
  for (size_t i = 0; i < the_plugin.file_count; ++i) {
    claimed_file *file = &the_plugin.files[i];
    free(file->name);
    free(file->bytes);
    free_symbols(file->symbols, file->symbol_count);
  }
  free(the_plugin.files);
  for (size_t i = 0; i < the_plugin.asm_name_count; ++i)
    free(the_plugin.asm_names[i]);
  free(the_plugin.asm_names);
  free(the_plugin.output_name);
  ltofold_options_free(&the_plugin.options);
  if (the_plugin.context) {
    free(ltofold_diagnostics_end(&the_plugin.diagnostics));
    LLVMContextDispose(the_plugin.context);
  }
  memset(&the_plugin, 0, sizeof the_plugin);
  return LDPS_OK;
}

/* The options gcc's driver adds for its own LTO plugin (liblto_plugin.so):
 * the lto-wrapper path, -fresolution=, -pass-through=, and the -f flags of
 * the compilation. mold loads a single plugin and hands it every
 * -plugin-opt, so with `gcc -fuse-ld=mold` they reach ltofold. */
static bool is_gcc_plugin_option(const char *pair) {
  size_t length = strlen(pair);
  return (length >= 12 && !strcmp(pair + length - 12, "/lto-wrapper")) ||
         !strncmp(pair, "-pass-through=", 14) || !strncmp(pair, "-f", 2);
}

static void report_fatal_error(const char *reason) {
  say(LDPL_FATAL, "LLVM error: %s", reason);
}

static void take_option(const char *pair) {
  if (is_gcc_plugin_option(pair))
    return;
  char *error = NULL;
  /* Fatal: the linker stops here, with this message alone. After a plain
   * error gold would go on to link without the bitcode and bury it under
   * "undefined reference to 'main'"; failing onload is worse (gold then
   * reads the bitcode as linker scripts). LLVMgold does the same. */
  if (ltofold_options_parse_pair(&the_plugin.options, pair, &error)) {
    say(LDPL_FATAL, "-plugin-opt=%s: %s", pair, error);
    free(error);
    the_plugin.options_failed = true;
  }
}

__attribute__((visibility("default"))) enum ld_plugin_status
onload(struct ld_plugin_tv *tv) {
  memset(&the_plugin, 0, sizeof the_plugin);
  ltofold_options_init(&the_plugin.options);
  ld_plugin_register_claim_file register_claim = NULL;
  ld_plugin_register_all_symbols_read register_all_read = NULL;
  ld_plugin_register_cleanup register_cleanup = NULL;
  ld_plugin_get_symbols get_symbols_v1 = NULL, get_symbols_v2 = NULL,
                        get_symbols_v3 = NULL;
  const char *output_name = NULL;
  /* The message callback first, so option errors can use it. */
  for (struct ld_plugin_tv *t = tv; t->tv_tag != LDPT_NULL; ++t)
    if (t->tv_tag == LDPT_MESSAGE)
      the_plugin.message = t->tv_u.tv_message;
  char *error = NULL;
  if (ltofold_options_from_environment(&the_plugin.options, &error)) {
    say(LDPL_FATAL, "%s", error);
    free(error);
    the_plugin.options_failed = true;
  }
  for (struct ld_plugin_tv *t = tv; t->tv_tag != LDPT_NULL; ++t) {
    switch (t->tv_tag) {
    case LDPT_LINKER_OUTPUT:
      the_plugin.output_kind = t->tv_u.tv_val;
      break;
    case LDPT_OUTPUT_NAME:
      output_name = t->tv_u.tv_string;
      break;
    case LDPT_OPTION:
      take_option(t->tv_u.tv_string);
      break;
    case LDPT_REGISTER_CLAIM_FILE_HOOK:
      register_claim = t->tv_u.tv_register_claim_file;
      break;
    case LDPT_REGISTER_ALL_SYMBOLS_READ_HOOK:
      register_all_read = t->tv_u.tv_register_all_symbols_read;
      break;
    case LDPT_REGISTER_CLEANUP_HOOK:
      register_cleanup = t->tv_u.tv_register_cleanup;
      break;
    case LDPT_ADD_SYMBOLS:
      the_plugin.add_symbols = t->tv_u.tv_add_symbols;
      break;
    case LDPT_ADD_SYMBOLS_V2:
      the_plugin.add_symbols_v2 = t->tv_u.tv_add_symbols;
      break;
    case LDPT_GET_SYMBOLS:
      get_symbols_v1 = t->tv_u.tv_get_symbols;
      break;
    case LDPT_GET_SYMBOLS_V2:
      get_symbols_v2 = t->tv_u.tv_get_symbols;
      break;
    case LDPT_GET_SYMBOLS_V3:
      get_symbols_v3 = t->tv_u.tv_get_symbols;
      break;
    case LDPT_ADD_INPUT_FILE:
      the_plugin.add_input_file = t->tv_u.tv_add_input_file;
      break;
    default:
      break;
    }
  }
  the_plugin.get_symbols = get_symbols_v3   ? get_symbols_v3
                           : get_symbols_v2 ? get_symbols_v2
                                            : get_symbols_v1;
  the_plugin.output_name = copy_string(output_name ? output_name : "a.out");
  if (!register_claim || !register_all_read || !the_plugin.add_symbols ||
      !the_plugin.get_symbols || !the_plugin.add_input_file) {
    say(LDPL_ERROR, "this linker does not offer the LTO plugin interface "
                    "ltofold needs (claim file, all symbols read, add "
                    "symbols, get symbols, add input file)");
    return LDPS_ERR;
  }
  if (the_plugin.output_kind == LDPO_REL) {
    say(LDPL_ERROR, "relocatable output (-r) is not supported: link the "
                    "bitcode objects without ltofold-gold.so, or into an "
                    "executable or shared library");
    the_plugin.options_failed = true;
  }
  /* A fatal error inside LLVM ends the process; say it the linker's way
   * first. */
  LLVMInstallFatalErrorHandler(report_fatal_error);
  LLVMInitializeAllTargetInfos();
  LLVMInitializeAllTargets();
  LLVMInitializeAllTargetMCs();
  LLVMInitializeAllAsmPrinters();
  LLVMInitializeAllAsmParsers();
  the_plugin.context = LLVMContextCreate();
  ltofold_diagnostics_begin(&the_plugin.diagnostics, the_plugin.context);
  register_claim(claim_file);
  register_all_read(all_symbols_read);
  if (register_cleanup)
    register_cleanup(cleanup);
  return LDPS_OK;
}
