/* claim_file: which inputs are LLVM bitcode, and the symbols each defines
 * and uses, read from a lazily loaded module (no function bodies) and from
 * its module-level asm, told to the linker in an order that resolve.c
 * walks again. */
#include "gold.h"
#include "type_size.h"
#include "messages.h"
#include "target_machine.h"

#include <errno.h>
#include <llvm-c/Comdat.h>
#include <llvm-c/lto.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---------------------------------------------------------------------------
 * Symbols: which globals the linker sees, in an order both hooks share. */

bool is_local(LLVMLinkage linkage) {
  return linkage == LLVMInternalLinkage || linkage == LLVMPrivateLinkage;
}

const char *value_name(LLVMValueRef value) {
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
void for_each_symbol(LLVMModuleRef module, symbol_visitor *visit,
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

bool is_definition(LLVMValueRef global) {
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
  uint64_t size = 0; /* a type without a fixed size (scalable): unknown */
  if (s->def == LDPK_COMMON &&
      ltofold_fixed_abi_size(b->data_layout, LLVMGlobalGetValueType(global), &size))
    s->size = size;
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

void free_symbols(struct ld_plugin_symbol *symbols, size_t count) {
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

bool find_asm_identifier(const char *text, size_t length,
                         identifier_visitor *visit, void *data) {
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
    char *name = strndup(text + start, i - start);
    if (!name)
      abort();
    bool found = visit(name, data);
    free(name);
    if (found)
      return true;
  }
  return false;
}

static bool remember_asm_name(const char *name, void *unused) {
  (void)unused;
  append_string(&the_plugin.asm_names, &the_plugin.asm_name_count, name);
  return false;
}

int compare_strings(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

bool is_asm_name(const char *name) {
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

/* mcpu= must name a CPU of the target, and mattr= features of it, which
 * the first bitcode file tells (all must share its architecture). Checked
 * there rather than at code generation, so that the link stops before the
 * linker goes on without the bitcode: the message is fatal, and the only
 * one. */
static bool check_cpu(LLVMModuleRef module) {
  const ltofold_options *options = &the_plugin.options;
  if (!options->cpu && !options->features)
    return true;
  char *triple = ltofold_module_triple(module);
  char *error = NULL;
  LLVMTargetMachineRef machine = ltofold_create_target_machine_with_features(
      triple, options->cpu, options->features, LLVMCodeGenLevelDefault,
      LLVMRelocDefault, &error);
  free(triple);
  if (!machine) {
    if (options->cpu && !strstr(error, "feature"))
      say(LDPL_FATAL, "-plugin-opt=mcpu=%s: %s", options->cpu, error);
    else
      say(LDPL_FATAL, "-plugin-opt=mattr=%s: %s", options->features, error);
    free(error);
    return false;
  }
  LLVMDisposeTargetMachine(machine);
  return true;
}

enum ld_plugin_status claim_file(const struct ld_plugin_input_file *input,
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
  /* A ThinLTO object compiled with -fsplit-lto-unit (as
   * -fwhole-program-vtables and -fsanitize=cfi make them) holds a second,
   * regular-LTO module, whose type tests LTO lowers into absolute symbols
   * that the ThinLTO modules' code uses as such. The ThinLTO way here links
   * every module into one for merge, which breaks that code (a program
   * that crashed, in a test), so such a file is refused by name. */
  LLVMModuleRef module = NULL;
  if (ltofold_bitcode_module_count(file.bytes, file.size) > 1)
    say(LDPL_ERROR,
        "%s: a ThinLTO object with a split LTO unit (-fsplit-lto-unit, as "
        "-fwhole-program-vtables and -fsanitize=cfi make them): "
        "ltofold-gold.so cannot link it; lld with libltofold.so can",
        file.name);
  else
    module = parse_file(&file, true);
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
    find_asm_identifier(module_asm, asm_length, remember_asm_name, NULL);
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
