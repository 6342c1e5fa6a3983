/* Steps 3 and 4 of merging across a distributed ThinLTO link from
 * summaries (docs/plugin.md, "Merging from summaries"; steps 1 and 2 are
 * cli_thin_plan.c):
 *
 *   `ltofold thin-fold --plan PLAN --home NAME [--module NAME FILE]...
 *        --folds FOLDS -o OUT.bc HOME.bc`
 *     a group's home: the members' bodies come in from their modules
 *     (import_bodies.cpp), each is compared with the kept function and the
 *     equality certified (merge/cross_module.c); the kept function gives
 *     up the facts a member lacks and becomes a symbol the other modules
 *     can call. A similar group's members merge with the kept function
 *     into one body with parameters (merge's similar mode), a symbol of
 *     the home. OUT.bc is the home module so changed; FOLDS says, per
 *     member, whether it folds and into which symbol (for a similar one,
 *     where its module finds the constants its thunk passes).
 *   `ltofold thin-apply --module-name NAME [--folds FOLDS]... -o OUT.bc
 *        MODULE.bc`
 *     each module: its members that fold now run the home's symbol
 *     (their uses moved, or a thunk; a similar one a thunk passing its
 *     constants). With --late-merge, merge then runs on the module as
 *     folded (ltofold's options, --KEY[=VALUE] and LTOFOLD_OPTIONS): the
 *     module's own similar merge and outlining, which step 1 leaves for
 *     after the folds across modules. Then code generation (thin-backend
 *     --from-optimized).
 *
 * The bodies are compared in a scratch copy of the home module, which the
 * imports change (they bring declarations, debug info, metadata of their
 * own): what the home's own copy takes from the comparison is only what
 * merge changes on a kept function when it folds (attributes and metadata
 * it drops, a larger alignment), carried over instruction by instruction,
 * and the new symbol. The scratch copy is read lazily, the kept functions'
 * bodies only (comparison_copy): it costs the candidates, not the home. */
#include "cli_commands.h"
#include "import_bodies.h"
#include "ir_reader.h"
#include "llvm_arrays.h"
#include "ltofold_merge.h"
#include "messages.h"
#include "options.h"
#include "output_file.h"
#include "pipeline.h"
#include "report.h"
#include "thin_backend.h"
#include "thin_records.h"
#include "thin_steps.h"

#include <errno.h>
#include <inttypes.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/Comdat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PLAN_MAGIC "ltofold-thin-plan 1"
#define FOLDS_MAGIC "ltofold-thin-folds 1"

/* ---- The plan, as a home reads it -----------------------------------------
 */

typedef struct home_member {
  unsigned module;   /* index into the plan's modules */
  uint64_t hash, references; /* a similar member's, as its summary says */
  char *name;        /* owned */
  char *import_name; /* owned: its name once imported */
  ltofold_cross_verdict verdict;
  bool imported;
  bool may_alias; /* the plan says its module may drop it for an alias */
} home_member;

typedef struct home_group {
  char *kept, *exported; /* owned; for similar functions, exported is the
                          * merged body's symbol */
  bool similar;          /* a group of similar functions (a `similar` line) */
  home_member *members;  /* owned */
  size_t member_count;
  const char *refusal; /* why the whole group does not fold, or NULL */
} home_group;

typedef struct home_plan {
  char **modules; /* owned names, by index */
  size_t module_count;
  home_group *groups; /* owned: the home's groups only */
  size_t group_count;
} home_plan;

static void home_plan_free(home_plan *plan) {
  for (size_t i = 0; i < plan->module_count; ++i)
    free(plan->modules[i]);
  free(plan->modules);
  for (size_t g = 0; g < plan->group_count; ++g) {
    home_group *group = &plan->groups[g];
    for (size_t i = 0; i < group->member_count; ++i) {
      free(group->members[i].name);
      free(group->members[i].import_name);
    }
    free(group->members);
    free(group->kept);
    free(group->exported);
  }
  free(plan->groups);
}

static void *grow(void *array, size_t count, size_t size) {
  array = realloc(array, (count + 1) * size);
  if (!array)
    abort();
  return array;
}

/* One record of the plan into `plan`: modules all, groups and members of
 * `home` only. `current` is the home group the last group line opened, or
 * NULL. Returns false when malformed. */
static bool read_plan_record(home_plan *plan, char **f, size_t count,
                             unsigned home, home_group **current) {
  char *end;
  if (count == 2 && !strcmp(f[0], "module")) {
    char *name = record_decode_name(f[1]);
    if (!name)
      return false;
    plan->modules =
        grow(plan->modules, plan->module_count, sizeof *plan->modules);
    plan->modules[plan->module_count++] = name;
    return true;
  }
  if (count == 5 && (!strcmp(f[0], "group") || !strcmp(f[0], "similar"))) {
    unsigned long module = strtoul(f[2], &end, 10);
    if (*end || module >= plan->module_count)
      return false;
    *current = NULL;
    if (module != home)
      return true;
    plan->groups = grow(plan->groups, plan->group_count, sizeof *plan->groups);
    home_group *group = &plan->groups[plan->group_count++];
    *group = (home_group){0};
    group->kept = record_decode_name(f[3]);
    group->exported = record_decode_name(f[4]);
    group->similar = !strcmp(f[0], "similar");
    *current = group;
    return group->kept && group->exported;
  }
  bool similar_member =
      count == 7 && !strcmp(f[0], "member") && !strcmp(f[3], "similar");
  if ((count == 5 && !strcmp(f[0], "member")) || similar_member) {
    unsigned long module = strtoul(f[2], &end, 10);
    if (*end || module >= plan->module_count ||
        (!similar_member && strcmp(f[3], "alias") && strcmp(f[3], "call")))
      return false;
    uint64_t hash = 0, references = 0;
    if (similar_member) {
      char *end_hash, *end_references;
      hash = strtoull(f[4], &end_hash, 16);
      references = strtoull(f[5], &end_references, 16);
      if (*end_hash || *end_references)
        return false;
    }
    if (!*current)
      return true;
    home_group *group = *current;
    group->members =
        grow(group->members, group->member_count, sizeof *group->members);
    home_member *member = &group->members[group->member_count++];
    *member = (home_member){(unsigned)module,
                            hash,
                            references,
                            record_decode_name(f[count - 1]),
                            NULL,
                            LTOFOLD_CROSS_DIFFERENT,
                            false,
                            !strcmp(f[3], "alias")};
    return member->name != NULL;
  }
  return false;
}

static char *read_home_plan(const char *path, const char *home_name,
                            home_plan *plan, unsigned *home) {
  record_file file;
  char *error = record_file_open(&file, path, PLAN_MAGIC);
  if (error)
    return error;
  *home = (unsigned)-1;
  home_group *current = NULL;
  char *line, *f[8];
  while (!error && (line = record_file_next(&file))) {
    size_t count = record_fields(line, f, 8);
    if (!read_plan_record(plan, f, count, *home, &current))
      error = record_file_error(&file);
    else if (count == 2 &&
             !strcmp(plan->modules[plan->module_count - 1], home_name))
      *home = (unsigned)plan->module_count - 1;
  }
  if (!error && *home == (unsigned)-1)
    error = ltofold_format("%s: no module '%s' in the plan", path, home_name);
  record_file_close(&file);
  return error;
}

/* ---- thin-fold ------------------------------------------------------------
 */

/* Where each member module's file is (--module NAME FILE). */
typedef struct module_file {
  const char *name, *path;
} module_file;

static const char *file_of(const module_file *files, size_t count,
                           const char *name) {
  for (size_t i = 0; i < count; ++i)
    if (!strcmp(files[i].name, name))
      return files[i].path;
  return NULL;
}

/* Imports, into `scratch`, the bodies module `module` sends to this home;
 * a module that cannot give them (refers to a local: see import_bodies.h)
 * leaves them out, with a warning. */
static char *import_from(LLVMModuleRef scratch, home_plan *plan,
                         unsigned module, const module_file *files,
                         size_t file_count, bool similar) {
  size_t wanted = 0;
  for (size_t g = 0; g < plan->group_count; ++g)
    for (size_t i = 0; i < plan->groups[g].member_count; ++i)
      wanted += plan->groups[g].members[i].module == module &&
                plan->groups[g].similar == similar;
  if (!wanted)
    return NULL;
  const char *path = file_of(files, file_count, plan->modules[module]);
  if (!path)
    return ltofold_format("the plan imports from '%s', but no --module names "
                          "its file",
                          plan->modules[module]);
  const char **names = calloc(wanted, sizeof *names);
  const char **new_names = calloc(wanted, sizeof *new_names);
  home_member **members = calloc(wanted, sizeof *members);
  if (!names || !new_names || !members)
    abort();
  size_t count = 0;
  for (size_t g = 0; g < plan->group_count; ++g)
    for (size_t i = 0; i < plan->groups[g].member_count; ++i) {
      home_member *member = &plan->groups[g].members[i];
      if (member->module != module || plan->groups[g].similar != similar)
        continue;
      member->import_name =
          ltofold_format("ltofold.import.%u.%zu.%zu", module, g, i);
      names[count] = member->name;
      new_names[count] = member->import_name;
      members[count++] = member;
    }
  /* Read lazily: of the bodies, only the members' are ever parsed. */
  char *error = NULL;
  size_t size;
  char *data = ltofold_read_file(path, &size);
  LLVMModuleRef source = NULL;
  if (!data)
    error = ltofold_format("%s: %s", path, strerror(errno));
  else if (!ltofold_looks_like_bitcode(data, size))
    error = ltofold_format("%s: not bitcode", path);
  else
    source = ltofold_parse_bitcode(LLVMGetModuleContext(scratch), data, size,
                                   path, true, &error);
  if (source) {
    char *refused = ltofold_import_bodies(scratch, source, names, new_names,
                                          count, similar);
    if (refused) {
      fprintf(stderr, "ltofold: warning: thin-fold: %s: nothing imported: %s\n",
              path, refused);
      free(refused);
    }
    for (size_t i = 0; i < count; ++i)
      members[i]->imported = !refused;
  }
  free(data); /* after the lazy module, disposed of by the import */
  free(names);
  free(new_names);
  free(members);
  return error;
}

/* The comparisons of one group, in the scratch module. */
static void check_group(ltofold_cross_module *cross, LLVMModuleRef scratch,
                        home_group *group) {
  LLVMValueRef kept = LLVMGetNamedFunction(scratch, group->kept);
  if (!kept || LLVMIsDeclaration(kept)) {
    group->refusal = "no-kept-function";
    return;
  }
  LLVMLinkage linkage = LLVMGetLinkage(kept);
  if ((linkage == LLVMInternalLinkage || linkage == LLVMPrivateLinkage) &&
      LLVMGetComdat(kept)) {
    group->refusal = "local-in-comdat"; /* cannot become global alone */
    return;
  }
  for (size_t i = 0; i < group->member_count; ++i) {
    home_member *member = &group->members[i];
    if (!member->imported)
      continue;
    LLVMValueRef body = LLVMGetNamedFunction(scratch, member->import_name);
    member->verdict = body ? ltofold_cross_module_check(cross, kept, body)
                           : LTOFOLD_CROSS_DIFFERENT;
  }
}

/* The kept function of the home's own module drops each attribute the
 * scratch copy, after its folds' meets, no longer has. */
static void carry_attributes(LLVMValueRef from, LLVMValueRef to,
                             LLVMAttributeIndex index) {
  unsigned count;
  LLVMAttributeRef *mine = ltofold_attributes_at_index(to, index, &count);
  for (unsigned i = 0; i < count; ++i) {
    if (LLVMIsStringAttribute(mine[i]))
      continue;
    unsigned kind = LLVMGetEnumAttributeKind(mine[i]);
    if (!LLVMGetEnumAttributeAtIndex(from, index, kind))
      LLVMRemoveEnumAttributeAtIndex(to, index, kind);
  }
  free(mine);
}

static void carry_metadata(LLVMValueRef from, LLVMValueRef to) {
  size_t count;
  LLVMValueMetadataEntry *entries =
      LLVMInstructionGetAllMetadataOtherThanDebugLoc(to, &count);
  for (size_t i = 0; i < count; ++i) {
    unsigned kind = LLVMValueMetadataEntriesGetKind(entries, (unsigned)i);
    if (!LLVMGetMetadata(from, kind))
      LLVMSetMetadata(to, kind, NULL);
  }
  if (entries)
    LLVMDisposeValueMetadataEntries(entries);
}

/* What the folds changed on the scratch copy of the kept function, onto
 * the home's own (the same body, read from the same file). False when the
 * two bodies are not laid out alike, which they are. */
static bool carry_facts(LLVMValueRef from, LLVMValueRef to) {
  if (LLVMCountParams(from) != LLVMCountParams(to) ||
      LLVMCountBasicBlocks(from) != LLVMCountBasicBlocks(to))
    return false;
  for (LLVMBasicBlockRef a = LLVMGetFirstBasicBlock(from),
                         b = LLVMGetFirstBasicBlock(to);
       a; a = LLVMGetNextBasicBlock(a), b = LLVMGetNextBasicBlock(b)) {
    LLVMValueRef i = LLVMGetFirstInstruction(a), j = LLVMGetFirstInstruction(b);
    for (; i && j; i = LLVMGetNextInstruction(i), j = LLVMGetNextInstruction(j))
      if (LLVMGetInstructionOpcode(i) != LLVMGetInstructionOpcode(j))
        return false;
    if (i || j)
      return false;
  }
  for (LLVMBasicBlockRef a = LLVMGetFirstBasicBlock(from),
                         b = LLVMGetFirstBasicBlock(to);
       a; a = LLVMGetNextBasicBlock(a), b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(a),
                      j = LLVMGetFirstInstruction(b);
         i; i = LLVMGetNextInstruction(i), j = LLVMGetNextInstruction(j))
      carry_metadata(i, j);
  carry_attributes(from, to, LLVMAttributeFunctionIndex);
  carry_attributes(from, to, LLVMAttributeReturnIndex);
  for (unsigned p = 1; p <= LLVMCountParams(to); ++p)
    carry_attributes(from, to, p);
  if (LLVMGetAlignment(from) > LLVMGetAlignment(to))
    LLVMSetAlignment(to, LLVMGetAlignment(from));
  return true;
}

/* The kept function becomes a symbol other modules can call: a local gets
 * the plan's global name, hidden; a linkonce_odr one must stay in the
 * object though nothing here calls it (weak_odr). */
static void export_kept(LLVMValueRef kept, const char *exported) {
  LLVMLinkage linkage = LLVMGetLinkage(kept);
  if (linkage == LLVMInternalLinkage || linkage == LLVMPrivateLinkage) {
    LLVMSetValueName2(kept, exported, strlen(exported));
    LLVMSetLinkage(kept, LLVMExternalLinkage);
    LLVMSetVisibility(kept, LLVMHiddenVisibility);
  } else if (linkage == LLVMLinkOnceODRLinkage) {
    LLVMSetLinkage(kept, LLVMWeakODRLinkage);
  }
}

static bool any_equal(const home_group *group) {
  for (size_t i = 0; i < group->member_count; ++i)
    if (group->members[i].verdict == LTOFOLD_CROSS_EQUAL)
      return true;
  return false;
}

/* The home's own module takes each group's outcome; the folds file says
 * it for the members' modules. */
static void finish_group(LLVMModuleRef home, const home_plan *plan,
                         home_group *group, LLVMValueRef scratch_kept,
                         text_buffer *folds) {
  LLVMValueRef kept = LLVMGetNamedFunction(home, group->kept);
  if (!group->refusal && any_equal(group) &&
      (!kept || !carry_facts(scratch_kept, kept)))
    group->refusal = "kept-function-differs";
  bool folds_here = !group->refusal && any_equal(group);
  if (folds_here)
    export_kept(kept, group->exported);
  for (size_t i = 0; i < group->member_count; ++i) {
    const home_member *member = &group->members[i];
    const char *module = plan->modules[member->module];
    if (folds_here && member->verdict == LTOFOLD_CROSS_EQUAL) {
      /* An alias lives in its aliasee's section group: none, or the
       * member would go when the linker drops the group. */
      bool alias = member->may_alias && !LLVMGetComdat(kept) &&
                   ltofold_cross_module_add_alias(home, kept, member->name);
      text_append(folds, "fold");
      text_append_name(folds, module, strlen(module));
      text_append_name(folds, group->exported, strlen(group->exported));
      text_append(folds, " %s %s",
                  LLVMGetVisibility(kept) == LLVMHiddenVisibility ? "hidden"
                                                                  : "default",
                  alias ? "alias" : "call");
    } else {
      const char *why = group->refusal ? group->refusal
                        : !member->imported
                            ? "not-imported"
                            : ltofold_cross_verdict_name(member->verdict);
      text_append(folds, "refused");
      text_append_name(folds, module, strlen(module));
      text_append(folds, " %s", why);
    }
    text_append_name(folds, member->name, strlen(member->name));
    text_append(folds, "\n");
  }
}

/* ---- Similar functions at their home ---- */

/* The record of a function of the home that the home's merge made a thunk
 * of the merged body `symbol` (the kept function, or a member of the
 * home): done already; thin-apply only reports it. */
static void append_merged_here(text_buffer *folds, const char *home_name,
                               const char *symbol, const char *name,
                               size_t instructions, unsigned parameters) {
  text_append(folds, "merged");
  text_append_name(folds, home_name, strlen(home_name));
  text_append_name(folds, symbol, strlen(symbol));
  text_append(folds, " %zu %u", instructions, parameters);
  text_append_name(folds, name, strlen(name));
  text_append(folds, "\n");
}

/* The globals of a module, as pointers sorted for bsearch: those a module
 * had before the imports (which bring declarations of their own). */
typedef struct global_set {
  LLVMValueRef *items; /* owned */
  size_t count;
} global_set;

static int compare_pointers(const void *a, const void *b) {
  uintptr_t x = (uintptr_t) * (LLVMValueRef const *)a;
  uintptr_t y = (uintptr_t) * (LLVMValueRef const *)b;
  return x < y ? -1 : x > y;
}

static void global_set_add(global_set *set, LLVMValueRef global) {
  set->items = grow(set->items, set->count, sizeof *set->items);
  set->items[set->count++] = global;
}

static global_set globals_of(LLVMModuleRef module) {
  global_set set = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
       f = LLVMGetNextFunction(f))
    global_set_add(&set, f);
  for (LLVMValueRef g = LLVMGetFirstGlobal(module); g; g = LLVMGetNextGlobal(g))
    global_set_add(&set, g);
  if (set.count > 1)
    qsort(set.items, set.count, sizeof *set.items, compare_pointers);
  return set;
}

static bool global_set_has(const global_set *set, LLVMValueRef global) {
  return set->count && bsearch(&global, set->items, set->count,
                               sizeof *set->items, compare_pointers);
}

static const char *name_of_global(LLVMValueRef global) {
  size_t length;
  return LLVMGetValueName2(global, &length);
}

/* The imported bodies go, and the declarations they brought that nothing
 * uses now: the home module is as it was but for the merged bodies and
 * the kept functions, now thunks. Returns an error when something the
 * imports brought is still used (a merged body that refers to another
 * module's local would not link): none should be. */
static char *drop_imports(LLVMModuleRef home, home_plan *plan,
                          const global_set *before) {
  for (size_t g = 0; g < plan->group_count; ++g)
    for (size_t i = 0; i < plan->groups[g].member_count; ++i) {
      home_member *member = &plan->groups[g].members[i];
      LLVMValueRef fn = member->import_name && plan->groups[g].similar
                            ? LLVMGetNamedFunction(home, member->import_name)
                            : NULL;
      if (!fn)
        continue;
      /* Its body first: it may refer to itself. */
      for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
           bb = LLVMGetFirstBasicBlock(fn))
        LLVMDeleteBasicBlock(bb);
      LLVMReplaceAllUsesWith(fn, LLVMGetPoison(LLVMTypeOf(fn)));
      LLVMDeleteFunction(fn);
    }
  for (bool deleted = true; deleted;) {
    deleted = false;
    for (LLVMValueRef f = LLVMGetFirstFunction(home), next; f; f = next) {
      next = LLVMGetNextFunction(f);
      if (!global_set_has(before, f))
        ltofold_drop_dead_constant_users(f);
      if (LLVMIsDeclaration(f) && !LLVMGetFirstUse(f) &&
          !global_set_has(before, f)) {
        LLVMDeleteFunction(f);
        deleted = true;
      }
    }
    for (LLVMValueRef v = LLVMGetFirstGlobal(home), next; v; v = next) {
      next = LLVMGetNextGlobal(v);
      if (!global_set_has(before, v))
        ltofold_drop_dead_constant_users(v);
      if (LLVMIsDeclaration(v) && !LLVMGetFirstUse(v) &&
          !global_set_has(before, v)) {
        LLVMDeleteGlobal(v);
        deleted = true;
      }
    }
  }
  static const char prefix[] = "ltofold.import.";
  for (LLVMValueRef f = LLVMGetFirstFunction(home); f;
       f = LLVMGetNextFunction(f))
    if (!strncmp(name_of_global(f), prefix, sizeof prefix - 1))
      return ltofold_format("'%s', imported, is still used (please report)",
                            name_of_global(f));
  for (LLVMValueRef v = LLVMGetFirstGlobal(home); v; v = LLVMGetNextGlobal(v))
    if (!strncmp(name_of_global(v), prefix, sizeof prefix - 1))
      return ltofold_format("'%s', imported, is still used (please report)",
                            name_of_global(v));
  return NULL;
}

/* The folds record of a member of a similar group: the merged body's
 * symbol, the member's hashes as its summary gave them (its module checks
 * that it still has that body), and the places of its constants. */
static void append_similar_fold(text_buffer *folds, const char *module,
                                const home_group *group,
                                const home_member *member,
                                const ltofold_constant_place *places,
                                unsigned place_count) {
  text_append(folds, "similar");
  text_append_name(folds, module, strlen(module));
  text_append_name(folds, group->exported, strlen(group->exported));
  text_append(folds, " %016" PRIx64 " %016" PRIx64 " ", member->hash,
              member->references);
  if (!place_count)
    text_append(folds, "-");
  for (unsigned p = 0; p < place_count; ++p) {
    if (p)
      text_append(folds, ",");
    if (places[p].instruction == SIZE_MAX)
      text_append(folds, "=%d", places[p].value ? 1 : 0);
    else
      text_append(folds, "%zu.%u", places[p].instruction, places[p].operand);
  }
  text_append_name(folds, member->name, strlen(member->name));
  text_append(folds, "\n");
}

/* A member's body in the home module: imported, or its own where the
 * member is a function of the home. */
static LLVMValueRef member_body(LLVMModuleRef home, unsigned home_index,
                                const home_member *member) {
  if (member->module == home_index)
    return LLVMGetNamedFunction(home, member->name);
  return member->imported ? LLVMGetNamedFunction(home, member->import_name)
                          : NULL;
}

/* One group of similar functions, its members imported into the home:
 * merged as merge's similar mode merges a group, the outcome for each
 * member into the folds file. Returns how many members fold. */
static size_t merge_similar_group(LLVMModuleRef home, const home_plan *plan,
                                  unsigned home_index, home_group *group,
                                  text_buffer *folds) {
  LLVMValueRef kept = LLVMGetNamedFunction(home, group->kept);
  size_t count = group->member_count, folded = 0;
  LLVMValueRef *bodies = calloc(count + 1, sizeof *bodies);
  ltofold_constant_place **places = calloc(count + 1, sizeof *places);
  unsigned *place_counts = calloc(count + 1, sizeof *place_counts);
  if (!bodies || !places || !place_counts)
    abort();
  size_t *sizes = calloc(count + 1, sizeof *sizes);
  if (!sizes)
    abort();
  ltofold_cross_module *cross = ltofold_cross_module_new(home);
  size_t present = 0;
  for (size_t i = 0; i < count; ++i) {
    LLVMValueRef body = member_body(home, home_index, &group->members[i]);
    if (body && !LLVMIsDeclaration(body)) {
      sizes[present] = ltofold_instruction_count(body);
      bodies[present++] = body;
    }
  }
  const char *home_name = plan->modules[home_index];
  size_t kept_size = kept ? ltofold_instruction_count(kept) : 0;
  LLVMValueRef merged = NULL;
  if (!kept || LLVMIsDeclaration(kept))
    group->refusal = "no-kept-function";
  else if (!(merged = ltofold_cross_module_merge_similar(
                 cross, kept, bodies, present, group->exported, places,
                 place_counts)))
    group->refusal = "not-merged";
  unsigned parameters =
      merged ? LLVMCountParams(merged) - LLVMCountParams(kept) : 0;
  if (merged)
    append_merged_here(folds, home_name, group->exported, group->kept,
                       kept_size, parameters);
  for (size_t i = 0, b = 0; i < count; ++i) {
    home_member *member = &group->members[i];
    const char *module = plan->modules[member->module];
    bool here =
        b < present && bodies[b] == member_body(home, home_index, member);
    size_t at = here ? b++ : SIZE_MAX;
    if (at != SIZE_MAX && places[at] && member->module == home_index) {
      append_merged_here(folds, home_name, group->exported, member->name,
                         sizes[at], parameters);
      ++folded; /* a thunk here already */
      continue;
    }
    if (at != SIZE_MAX && places[at]) {
      append_similar_fold(folds, module, group, member, places[at],
                          place_counts[at]);
      ++folded;
      continue;
    }
    const char *why = group->refusal      ? group->refusal
                      : !member->imported ? "not-imported"
                                          : "similar-different";
    text_append(folds, "refused");
    text_append_name(folds, module, strlen(module));
    text_append(folds, " %s", why);
    text_append_name(folds, member->name, strlen(member->name));
    text_append(folds, "\n");
  }
  for (size_t i = 0; i < present; ++i)
    free(places[i]);
  ltofold_cross_module_free(cross);
  free(bodies);
  free(sizes);
  free(places);
  free(place_counts);
  return folded;
}

/* The copy of the home that the equal groups are compared in. It is read
 * lazily and of its bodies only the kept functions of the equal groups are
 * parsed (before any import: a lazy module parses a body from the file as
 * it was read, so nothing may change the module before); the members'
 * bodies come in by import. So the comparisons hold the candidates, not a
 * second copy of the home module: a function they do not parse is
 * materializable, neither a declaration nor a body, and the comparator
 * tells it apart from others by identity, as it would a definition. */
typedef struct comparison_copy {
  LLVMModuleRef module;  /* owned: LLVMDisposeModule, then free(data) */
  char *data;            /* owned: the file's bytes, which the module reads */
  size_t bodies, parsed; /* the home's function bodies; how many parsed */
} comparison_copy;

static void comparison_copy_free(comparison_copy *copy) {
  if (copy->module)
    LLVMDisposeModule(copy->module);
  free(copy->data);
  copy->module = NULL;
  copy->data = NULL;
}

/* How many functions of `module` have a body, and how many of those are
 * parsed: what --stats says of the comparison copy. */
static void count_bodies(LLVMModuleRef module, comparison_copy *copy) {
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
       f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f)) {
      ++copy->bodies;
      copy->parsed += LLVMGetFirstBasicBlock(f) != NULL;
    }
}

/* The comparison copy of the home at `path`; textual IR (tests) is read
 * whole. */
static char *read_comparison_copy(LLVMContextRef context, const char *path,
                                  const home_plan *plan,
                                  comparison_copy *copy) {
  size_t size;
  char *error = NULL;
  copy->data = ltofold_read_file(path, &size);
  if (!copy->data)
    return ltofold_format("%s: %s", path, strerror(errno));
  if (!ltofold_looks_like_bitcode(copy->data, size)) {
    free(copy->data);
    copy->data = NULL;
    copy->module = ltofold_read_module(context, path, &error);
  } else {
    copy->module =
        ltofold_parse_bitcode(context, copy->data, size, path, true, &error);
  }
  for (size_t g = 0; g < plan->group_count && copy->module && !error; ++g) {
    LLVMValueRef kept =
        plan->groups[g].similar
            ? NULL
            : LLVMGetNamedFunction(copy->module, plan->groups[g].kept);
    if (kept && !LLVMIsDeclaration(kept))
      error = ltofold_materialize_function(kept);
  }
  if (copy->module)
    count_bodies(copy->module, copy);
  return error;
}

static bool has_equal_groups(const home_plan *plan) {
  for (size_t g = 0; g < plan->group_count; ++g)
    if (!plan->groups[g].similar)
      return true;
  return false;
}

typedef struct fold_command {
  const char *plan, *home_name, *home_path, *output, *folds;
  module_file *files; /* owned array */
  size_t file_count;
  bool stats;
} fold_command;

static char *fold_at_home(const fold_command *command) {
  home_plan plan = {0};
  unsigned home_index = 0;
  char *error =
      read_home_plan(command->plan, command->home_name, &plan, &home_index);
  LLVMContextRef context = LLVMContextCreate();
  LLVMModuleRef home = NULL;
  comparison_copy copy = {0};
  if (!error)
    home = ltofold_read_module(context, command->home_path, &error);
  if (!error && has_equal_groups(&plan))
    error = read_comparison_copy(context, command->home_path, &plan, &copy);
  LLVMModuleRef scratch = copy.module;
  for (unsigned m = 0; m < plan.module_count && !error && scratch; ++m)
    if (m != home_index)
      error = import_from(scratch, &plan, m, command->files,
                          command->file_count, false);
  text_buffer folds = {0};
  text_append(&folds, FOLDS_MAGIC "\nhome");
  text_append_name(&folds, command->home_name, strlen(command->home_name));
  text_append(&folds, "\n");
  size_t folded = 0, refused = 0;
  if (!error && scratch) {
    ltofold_cross_module *cross = ltofold_cross_module_new(scratch);
    for (size_t g = 0; g < plan.group_count; ++g) {
      if (plan.groups[g].similar)
        continue;
      check_group(cross, scratch, &plan.groups[g]);
      finish_group(home, &plan, &plan.groups[g],
                   LLVMGetNamedFunction(scratch, plan.groups[g].kept), &folds);
      for (size_t i = 0; i < plan.groups[g].member_count; ++i)
        if (plan.groups[g].members[i].verdict == LTOFOLD_CROSS_EQUAL &&
            !plan.groups[g].refusal)
          ++folded;
        else
          ++refused;
    }
    ltofold_cross_module_free(cross);
  }
  /* The comparisons are done: their copy goes before the similar groups'
   * imports come in. */
  bool compared = scratch != NULL;
  comparison_copy_free(&copy);
  scratch = NULL;
  /* Similar groups: their members come into the home module itself
   * (without debug info or module facts), since the merged body is made
   * there, of the kept function's blocks; they go again afterwards. */
  size_t similar_folded = 0, similar_refused = 0;
  if (!error && plan.group_count) {
    global_set before = globals_of(home);
    for (unsigned m = 0; m < plan.module_count && !error; ++m)
      if (m != home_index)
        error = import_from(home, &plan, m, command->files, command->file_count,
                            true);
    for (size_t g = 0; g < plan.group_count && !error; ++g)
      if (plan.groups[g].similar) {
        size_t merged = merge_similar_group(home, &plan, home_index,
                                            &plan.groups[g], &folds);
        similar_folded += merged;
        similar_refused += plan.groups[g].member_count - merged;
      }
    char *left = drop_imports(home, &plan, &before);
    if (!error)
      error = left;
    else
      free(left);
    free(before.items);
  }
  char *message = NULL;
  if (!error && LLVMVerifyModule(home, LLVMReturnStatusAction, &message))
    error = ltofold_format(
        "the home module does not verify (please report): %s", message);
  LLVMDisposeMessage(message);
  if (!error && ltofold_write_bitcode_keeping_use_lists(home, command->output))
    error = ltofold_format("%s: cannot write", command->output);
  if (!error)
    ltofold_write_file(command->folds, folds.data, folds.length, &error);
  if (!error && command->stats)
    fprintf(stderr,
            "thin-fold: %s: %zu groups, %zu members fold, %zu refused; "
            "similar: %zu fold, %zu refused\n",
            command->home_name, plan.group_count, folded, refused,
            similar_folded, similar_refused);
  if (!error && command->stats && compared)
    fprintf(stderr,
            "thin-fold: %s: compared in a copy of %zu of its %zu function "
            "bodies\n",
            command->home_name, copy.parsed, copy.bodies);
  text_free(&folds);
  comparison_copy_free(&copy); /* after an error on the way */
  if (home)
    LLVMDisposeModule(home);
  LLVMContextDispose(context);
  home_plan_free(&plan);
  return error;
}

int ltofold_cli_thin_fold(int argc, char **argv) {
  fold_command command = {0};
  command.files = calloc((size_t)argc, sizeof *command.files);
  if (!command.files)
    abort();
  char *error = NULL;
  for (int i = 1; i < argc && !error; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      free(command.files);
      printf("usage: ltofold thin-fold --plan PLAN --home NAME [--module NAME "
             "FILE]...\n"
             "                         --folds FOLDS -o OUT.bc HOME.bc\n\n"
             "The home module NAME of groups of ltofold thin-plan's PLAN\n"
             "(HOME.bc, its optimized module) imports the members' bodies\n"
             "from the modules that send them (each named by --module with\n"
             "its optimized module's FILE), compares and certifies each\n"
             "against the function kept (or merges similar ones with it into\n"
             "one body with parameters), and writes the home module ready to\n"
             "be called for them (OUT.bc) and which members fold (FOLDS, for\n"
             "ltofold thin-apply).\n");
      return ltofold_stdout_finish("ltofold", LTOFOLD_EXIT_ERROR);
    }
    if (!strcmp(a, "--plan") && i + 1 < argc)
      command.plan = argv[++i];
    else if (!strcmp(a, "--home") && i + 1 < argc)
      command.home_name = argv[++i];
    else if (!strcmp(a, "--folds") && i + 1 < argc)
      command.folds = argv[++i];
    else if (!strcmp(a, "-o") && i + 1 < argc)
      command.output = argv[++i];
    else if (!strcmp(a, "--stats"))
      command.stats = true;
    else if (!strcmp(a, "--module") && i + 2 < argc) {
      command.files[command.file_count++] =
          (module_file){argv[i + 1], argv[i + 2]};
      i += 2;
    } else if (a[0] == '-' && a[1])
      error =
          ltofold_format("unknown option or missing value '%s' (see ltofold "
                         "thin-fold --help)",
                         a);
    else if (command.home_path)
      error = ltofold_format("one home module at a time ('%s' and '%s')",
                             command.home_path, a);
    else
      command.home_path = a;
  }
  if (!error && (!command.plan || !command.home_name || !command.home_path ||
                 !command.output || !command.folds))
    error =
        ltofold_format("wants --plan, --home, --folds, -o and the home module");
  if (!error)
    error = fold_at_home(&command);
  free(command.files);
  if (error) {
    fprintf(stderr, "ltofold: error: thin-fold: %s\n", error);
    free(error);
    return LTOFOLD_EXIT_ERROR;
  }
  return 0;
}

/* ---- thin-apply -----------------------------------------------------------
 */

/* A fold a home decided for a member of this module. */
typedef struct member_fold {
  char *member, *symbol; /* owned */
  bool hidden;
  bool alias; /* the home defines the member as an alias */
} member_fold;

/* A member of a group of similar functions: it becomes a thunk that calls
 * the home's merged body with the constants found at `places`, if its body
 * is still the one the home merged (`hash`, `references`). */
typedef struct similar_fold {
  char *member, *symbol;          /* owned */
  ltofold_constant_place *places; /* owned */
  unsigned place_count;
  uint64_t hash, references;
} similar_fold;

/* A function of this module, a home, that its similar merge made a thunk
 * (thin-fold): reported only. */
typedef struct merged_here {
  char *name, *symbol; /* owned */
  size_t instructions;
  unsigned parameters;
} merged_here;

typedef struct fold_list {
  member_fold *items; /* owned */
  size_t count;
  similar_fold *similar; /* owned */
  size_t similar_count;
  merged_here *merged; /* owned */
  size_t merged_count;
} fold_list;

static void fold_list_free(fold_list *list) {
  for (size_t i = 0; i < list->count; ++i) {
    free(list->items[i].member);
    free(list->items[i].symbol);
  }
  free(list->items);
  for (size_t i = 0; i < list->similar_count; ++i) {
    free(list->similar[i].member);
    free(list->similar[i].symbol);
    free(list->similar[i].places);
  }
  free(list->similar);
  for (size_t i = 0; i < list->merged_count; ++i) {
    free(list->merged[i].name);
    free(list->merged[i].symbol);
  }
  free(list->merged);
}

/* A merged record's fields (after `merged MODULE`) into the list. */
static bool read_merged(char **f, fold_list *list) {
  list->merged = grow(list->merged, list->merged_count, sizeof *list->merged);
  merged_here *merged = &list->merged[list->merged_count++];
  char *end1, *end2;
  *merged = (merged_here){record_decode_name(f[5]), record_decode_name(f[2]),
                          strtoull(f[3], &end1, 10),
                          (unsigned)strtoul(f[4], &end2, 10)};
  return merged->name && merged->symbol && !*end1 && !*end2;
}

/* PLACES of a similar record: `I.J` (operand J of instruction I) or `=0`,
 * `=1` (an i1), split by commas. False when malformed. */
static bool read_places(const char *field, similar_fold *fold) {
  fold->place_count = 1;
  for (const char *c = field; *c; ++c)
    fold->place_count += *c == ',';
  fold->places = calloc(fold->place_count, sizeof *fold->places);
  if (!fold->places)
    abort();
  const char *at = field;
  for (unsigned p = 0; p < fold->place_count; ++p) {
    char *end;
    ltofold_constant_place *place = &fold->places[p];
    if (at[0] == '=' && (at[1] == '0' || at[1] == '1')) {
      place->instruction = SIZE_MAX;
      place->value = at[1] == '1';
      end = (char *)at + 2;
    } else {
      if (*at < '0' || *at > '9')
        return false;
      place->instruction = strtoull(at, &end, 10);
      if (*end != '.' || end[1] < '0' || end[1] > '9')
        return false;
      place->operand = (unsigned)strtoul(end + 1, &end, 10);
    }
    if (*end != (p + 1 < fold->place_count ? ',' : 0))
      return false;
    at = end + 1;
  }
  return true;
}

/* A similar record's fields (after `similar MODULE`) into the list. */
static bool read_similar(char **f, fold_list *list) {
  list->similar =
      grow(list->similar, list->similar_count, sizeof *list->similar);
  similar_fold *fold = &list->similar[list->similar_count++];
  *fold = (similar_fold){0};
  char *end1, *end2;
  fold->symbol = record_decode_name(f[2]);
  fold->member = record_decode_name(f[6]);
  fold->hash = strtoull(f[3], &end1, 16);
  fold->references = strtoull(f[4], &end2, 16);
  return fold->symbol && fold->member && !*end1 && !*end2 &&
         read_places(f[5], fold);
}

/* The fold records of `path` for the module `name`. */
static char *read_folds(const char *path, const char *name, fold_list *list) {
  record_file file;
  char *error = record_file_open(&file, path, FOLDS_MAGIC);
  char *line, *f[8];
  while (!error && (line = record_file_next(&file))) {
    size_t count = record_fields(line, f, 8);
    if ((count == 2 && !strcmp(f[0], "home")) ||
        (count == 4 && !strcmp(f[0], "refused")))
      continue;
    if ((count == 7 && !strcmp(f[0], "similar")) ||
        (count == 6 && !strcmp(f[0], "merged"))) {
      char *module = record_decode_name(f[1]);
      bool mine = module && !strcmp(module, name);
      free(module);
      if (mine &&
          !(f[0][0] == 's' ? read_similar(f, list) : read_merged(f, list)))
        error = record_file_error(&file);
      continue;
    }
    if (count != 6 || strcmp(f[0], "fold") ||
        (strcmp(f[3], "hidden") && strcmp(f[3], "default")) ||
        (strcmp(f[4], "alias") && strcmp(f[4], "call"))) {
      error = record_file_error(&file);
      break;
    }
    char *module = record_decode_name(f[1]);
    bool mine = module && !strcmp(module, name);
    free(module);
    if (!mine)
      continue;
    list->items = grow(list->items, list->count, sizeof *list->items);
    member_fold *fold = &list->items[list->count++];
    *fold = (member_fold){record_decode_name(f[5]), record_decode_name(f[2]),
                          !strcmp(f[3], "hidden"), !strcmp(f[4], "alias")};
    if (!fold->member || !fold->symbol)
      error = record_file_error(&file);
  }
  if (file.data)
    record_file_close(&file);
  return error;
}

static int compare_folds(const void *a, const void *b) {
  return strcmp(((const member_fold *)a)->member,
                ((const member_fold *)b)->member);
}

static int compare_similar_folds(const void *a, const void *b) {
  return strcmp(((const similar_fold *)a)->member,
                ((const similar_fold *)b)->member);
}

/* The home's symbol in this module, declared if it is not here yet; NULL
 * when the name is taken by something else (a local of the same name). */
static LLVMValueRef home_symbol(LLVMModuleRef module, const member_fold *fold,
                                LLVMValueRef member) {
  LLVMTypeRef type = LLVMGlobalGetValueType(member);
  LLVMValueRef symbol = LLVMGetNamedFunction(module, fold->symbol);
  if (symbol)
    return LLVMGlobalGetValueType(symbol) == type &&
                   LLVMGetLinkage(symbol) != LLVMInternalLinkage &&
                   LLVMGetLinkage(symbol) != LLVMPrivateLinkage
               ? symbol
               : NULL;
  if (LLVMGetNamedGlobal(module, fold->symbol) ||
      LLVMGetNamedGlobalAlias(module, fold->symbol, strlen(fold->symbol)) ||
      LLVMGetNamedGlobalIFunc(module, fold->symbol, strlen(fold->symbol)))
    return NULL;
  symbol = LLVMAddFunction(module, fold->symbol, type);
  LLVMSetFunctionCallConv(symbol, LLVMGetFunctionCallConv(member));
  if (fold->hidden)
    LLVMSetVisibility(symbol, LLVMHiddenVisibility);
  return symbol;
}

/* What thin-apply did: merge's result (its folds, for the report), and
 * the folds it could not write. */
typedef struct apply_counts {
  ltofold_merge_result result; /* owned strings: ltofold_merge_result_free */
  size_t capacity;
  size_t skipped;
} apply_counts;

/* A fold made: into the result as merge reports its own (each was
 * certified at the home). */
static void count_fold(apply_counts *counts, const member_fold *fold,
                       ltofold_fold_method method, size_t instructions) {
  ltofold_merge_result *r = &counts->result;
  if (r->fold_count == counts->capacity) {
    counts->capacity = counts->capacity ? 2 * counts->capacity : 16;
    r->folds = realloc(r->folds, counts->capacity * sizeof *r->folds);
    if (!r->folds)
      abort();
  }
  r->folds[r->fold_count++] = (ltofold_fold){strdup(fold->symbol),
                                             strdup(fold->member),
                                             method,
                                             (unsigned)instructions,
                                             false,
                                             false,
                                             0};
  if (!r->folds[r->fold_count - 1].kept || !r->folds[r->fold_count - 1].folded)
    abort();
  r->merged++;
  r->certified++;
  r->by_method[method]++;
}

/* The constants of `fold` in `member`'s body, or NULL when a place holds
 * none (the body is not the one the home merged). */
static LLVMValueRef *constants_at_places(LLVMValueRef member,
                                         const similar_fold *fold) {
  LLVMValueRef *constants = calloc(fold->place_count + 1, sizeof *constants);
  if (!constants)
    abort();
  LLVMTypeRef i1 =
      LLVMInt1TypeInContext(LLVMGetModuleContext(LLVMGetGlobalParent(member)));
  for (unsigned p = 0; p < fold->place_count; ++p) {
    const ltofold_constant_place *place = &fold->places[p];
    constants[p] =
        place->instruction == SIZE_MAX
            ? LLVMConstInt(i1, place->value, false)
            : ltofold_constant_at(member, place->instruction, place->operand);
    if (!constants[p]) {
      free(constants);
      return NULL;
    }
  }
  return constants;
}

/* Whether `fn` is a thunk that calls `symbol`. */
static bool is_thunk_of(LLVMValueRef fn, const char *symbol) {
  LLVMBasicBlockRef entry = fn ? LLVMGetFirstBasicBlock(fn) : NULL;
  for (LLVMValueRef i = entry ? LLVMGetFirstInstruction(entry) : NULL; i;
       i = LLVMGetNextInstruction(i)) {
    if (LLVMGetInstructionOpcode(i) != LLVMCall)
      continue;
    LLVMValueRef callee = LLVMGetCalledValue(i);
    size_t length;
    const char *name =
        LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &length) : NULL;
    return name && !strcmp(name, symbol);
  }
  return false;
}

/* A thunk the home's similar merge made here: into the report, where the
 * module is that home's output (the function is that thunk). */
static void count_merged_here(LLVMModuleRef module, const merged_here *merged,
                              apply_counts *counts) {
  if (!is_thunk_of(LLVMGetNamedFunction(module, merged->name), merged->symbol))
    return;
  member_fold named = {merged->name, merged->symbol, true, false};
  count_fold(counts, &named, LTOFOLD_FOLD_THUNK, merged->instructions);
  ltofold_fold *made = &counts->result.folds[counts->result.fold_count - 1];
  made->similar = true;
  made->parameters = merged->parameters;
  counts->result.similar_merged++;
}

/* A member of a similar group becomes a thunk of the home's merged body,
 * where its body is the one the home merged. */
static void apply_similar_fold(ltofold_cross_module *cross,
                               LLVMModuleRef module, const similar_fold *fold,
                               apply_counts *counts) {
  LLVMValueRef member = LLVMGetNamedFunction(module, fold->member);
  ltofold_function_summary summary;
  LLVMValueRef *constants = NULL;
  if (member && ltofold_summarize_function(cross, member, &summary) &&
      summary.hash == fold->hash && summary.references == fold->references)
    constants = constants_at_places(member, fold);
  size_t instructions = constants ? ltofold_instruction_count(member) : 0;
  ltofold_skip_reason reason;
  if (constants &&
      ltofold_cross_module_similar_thunk(cross, member, fold->symbol, constants,
                                         fold->place_count, &reason)) {
    member_fold named = {fold->member, fold->symbol, true, false};
    count_fold(counts, &named, LTOFOLD_FOLD_THUNK, instructions);
    ltofold_fold *made = &counts->result.folds[counts->result.fold_count - 1];
    made->similar = true;
    made->parameters = fold->place_count;
    counts->result.similar_merged++;
  } else {
    counts->skipped++;
  }
  free(constants);
}

static char *apply_folds(LLVMModuleRef module, fold_list *list,
                         apply_counts *counts) {
  if (list->count > 1) /* no array at all when there are no folds */
    qsort(list->items, list->count, sizeof *list->items, compare_folds);
  if (list->similar_count > 1)
    qsort(list->similar, list->similar_count, sizeof *list->similar,
          compare_similar_folds);
  ltofold_cross_module *cross = ltofold_cross_module_new(module);
  /* Similar members first: their constants are found at places of their
   * bodies as summarized, which the equal folds below may change (a call
   * of a member that goes moves to the home's symbol). */
  for (size_t i = 0; i < list->similar_count; ++i)
    apply_similar_fold(cross, module, &list->similar[i], counts);
  for (size_t i = 0; i < list->merged_count; ++i)
    count_merged_here(module, &list->merged[i], counts);
  char *error = NULL;
  for (size_t i = 0; i < list->count && !error; ++i) {
    const member_fold *fold = &list->items[i];
    LLVMValueRef member = LLVMGetNamedFunction(module, fold->member);
    bool defined = member && !LLVMIsDeclaration(member);
    if (fold->alias) {
      /* The home defines it now: it must go here, or the link would have
       * two definitions. The summary said it may; it still must. */
      if (!defined || !ltofold_cross_module_may_alias(cross, member))
        error = ltofold_format("'%s' cannot give way to the home's alias "
                               "(the module is not the one summarized?)",
                               fold->member);
      else {
        size_t instructions = ltofold_instruction_count(member);
        ltofold_cross_module_drop_body(cross, member);
        count_fold(counts, fold, LTOFOLD_FOLD_ALIAS, instructions);
      }
      continue;
    }
    LLVMValueRef symbol = defined ? home_symbol(module, fold, member) : NULL;
    size_t instructions = defined ? ltofold_instruction_count(member) : 0;
    ltofold_skip_reason reason;
    ltofold_fold_method method =
        symbol ? ltofold_cross_module_fold(cross, symbol, member, &reason)
               : LTOFOLD_FOLD_METHOD_COUNT;
    if (method == LTOFOLD_FOLD_METHOD_COUNT)
      counts->skipped++;
    else
      count_fold(counts, fold, method, instructions);
  }
  ltofold_cross_module_free(cross);
  return error;
}

/* What thin-apply is asked to do: its own options, and ltofold's for the
 * late merge. */
typedef struct apply_command {
  ltofold_thin_apply apply; /* its options point into the fields below */
  const char *input, *output;
  const char **folds;      /* the folds files, apply.fold_files of them */
  ltofold_options options; /* LTOFOLD_OPTIONS, then --KEY[=VALUE] */
} apply_command;

/* One of ltofold's options at argv[*i], "--KEY[=VALUE]" or, for one that
 * takes a value, "--KEY VALUE" (as thin-backend reads them: the
 * distributor passes the job's own); *i moves past it. */
static char *take_option(int argc, char **argv, int *i,
                         ltofold_options *options) {
  const char *key = argv[*i] + 2;
  char *pair = NULL;
  const ltofold_option_info *info = ltofold_option_find(key, strlen(key));
  if (!strchr(key, '=') && info && ltofold_option_takes_next(info) &&
      *i + 1 < argc)
    pair = ltofold_format("%s=%s", key, argv[++*i]);
  char *error = NULL;
  ltofold_options_parse_pair(options, pair ? pair : key, &error);
  free(pair);
  return error;
}

static char *read_apply_command(int argc, char **argv, apply_command *c) {
  c->folds = calloc((size_t)argc, sizeof *c->folds);
  if (!c->folds)
    abort();
  c->apply.folds = c->folds;
  c->apply.options = &c->options;
  ltofold_options_init(&c->options);
  char *error = NULL;
  ltofold_options_from_environment(&c->options, &error);
  for (int i = 1; i < argc && !error; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--module-name") && i + 1 < argc)
      c->apply.module_name = argv[++i];
    else if (!strcmp(a, "--folds") && i + 1 < argc)
      c->folds[c->apply.fold_files++] = argv[++i];
    else if (!strcmp(a, "-o") && i + 1 < argc)
      c->output = argv[++i];
    else if (!strcmp(a, "--stats"))
      c->apply.stats = true;
    else if (!strcmp(a, "--report") && i + 1 < argc)
      c->apply.report = argv[++i];
    else if (!strncmp(a, "--report=", 9))
      c->apply.report = a + 9;
    else if (!strcmp(a, "--late-merge"))
      c->apply.late_merge = true;
    else if (!strncmp(a, "--", 2) && a[2])
      error = take_option(argc, argv, &i, &c->options);
    else if (a[0] == '-' && a[1])
      error =
          ltofold_format("unknown option or missing value '%s' (see ltofold "
                         "thin-apply --help)",
                         a);
    else if (c->input)
      error =
          ltofold_format("one module at a time ('%s' and '%s')", c->input, a);
    else
      c->input = a;
  }
  if (!error && (!c->apply.module_name || !c->input || !c->output))
    error = ltofold_format("wants --module-name, -o and the module");
  return error;
}

/* The module's own merge, after the folds across modules (--late-merge),
 * into `report` when there is one. Its functions were counted by the
 * job's first merge (thin-backend --emit-optimized): not again. */
static char *merge_late(LLVMModuleRef module, const ltofold_thin_apply *apply,
                        ltofold_report *report) {
  ltofold_report *late = report ? ltofold_report_new() : NULL;
  char *error = NULL;
  ltofold_run_phase(module, LTOFOLD_PHASE_MERGE, apply->options, late, &error);
  if (late) {
    ltofold_report_uncount_merge_functions(late);
    ltofold_report_absorb(report, late);
    ltofold_report_free(late);
  }
  return error;
}

/* Reads the module, applies the folds (and the late merge), writes it. */
static char *apply_to_module(const ltofold_thin_apply *apply, const char *input,
                             const char *output, fold_list *list,
                             apply_counts *counts, ltofold_report *report) {
  LLVMContextRef context = LLVMContextCreate();
  char *error = NULL;
  LLVMModuleRef module = ltofold_read_module(context, input, &error);
  if (module) {
    error = apply_folds(module, list, counts);
    char *message = NULL;
    if (!error && LLVMVerifyModule(module, LLVMReturnStatusAction, &message))
      error = ltofold_format("the module does not verify after the folds "
                             "(please report): %s",
                             message);
    LLVMDisposeMessage(message);
    if (report)
      ltofold_report_add_merge(report, &counts->result);
    if (!error && apply->late_merge)
      error = merge_late(module, apply, report);
    if (!error && ltofold_write_bitcode_keeping_use_lists(module, output))
      error = ltofold_format("%s: cannot write", output);
    LLVMDisposeModule(module);
  }
  LLVMContextDispose(context);
  return error;
}

char *ltofold_thin_apply_file(const ltofold_thin_apply *apply,
                              const char *input, const char *output) {
  fold_list list = {0};
  char *error = NULL;
  for (size_t i = 0; i < apply->fold_files && !error; ++i)
    error = read_folds(apply->folds[i], apply->module_name, &list);
  apply_counts counts = {0};
  ltofold_report *report = apply->report ? ltofold_report_new() : NULL;
  if (!error)
    error = apply_to_module(apply, input, output, &list, &counts, report);
  if (!error && report)
    ltofold_report_write(report, apply->report, &error);
  ltofold_report_free(report);
  const size_t *by_method = counts.result.by_method;
  if (!error && apply->stats)
    fprintf(stderr,
            "thin-apply: %s: %zu replaced, %zu thunks, %zu aliases, %zu left\n",
            apply->module_name, by_method[LTOFOLD_FOLD_REPLACED],
            by_method[LTOFOLD_FOLD_THUNK], by_method[LTOFOLD_FOLD_ALIAS],
            counts.skipped);
  ltofold_merge_result_free(&counts.result);
  fold_list_free(&list);
  return error;
}

int ltofold_cli_thin_apply(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      printf("usage: ltofold thin-apply [OPTIONS] --module-name NAME "
             "[--folds FOLDS]... -o OUT.bc MODULE.bc\n\n"
             "Makes the functions of module NAME that homes folded (their\n"
             "FOLDS, from ltofold thin-fold) run the home's symbol: their\n"
             "uses move there where their address does not matter, otherwise\n"
             "they become thunks. MODULE.bc is the optimized module (or\n"
             "thin-fold's output where NAME is a home); OUT.bc goes to code\n"
             "generation (thin-backend --from-optimized). --report FILE\n"
             "writes the folds as merge's part of a report, for ltofold\n"
             "report combine. --late-merge: merge then runs on the module\n"
             "(what thin-backend --emit-optimized left undone with\n"
             "--merge-similar=false --merge-outline=false), with OPTIONS,\n"
             "ltofold's (ltofold --help) as --KEY[=VALUE] or --KEY VALUE,\n"
             "and LTOFOLD_OPTIONS; its folds go into the report too.\n");
      return ltofold_stdout_finish("ltofold", LTOFOLD_EXIT_ERROR);
    }
  apply_command command = {0};
  char *error = read_apply_command(argc, argv, &command);
  if (!error)
    error =
        ltofold_thin_apply_file(&command.apply, command.input, command.output);
  free(command.folds);
  ltofold_options_free(&command.options);
  if (error) {
    fprintf(stderr, "ltofold: error: thin-apply: %s\n", error);
    free(error);
    return LTOFOLD_EXIT_ERROR;
  }
  return 0;
}
