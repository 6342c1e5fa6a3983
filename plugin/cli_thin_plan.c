/* Steps 1 and 2 of merging across a distributed ThinLTO link from
 * summaries (docs/plugin.md, "Merging from summaries"):
 *
 *   `ltofold thin-summary [--module-name NAME] MODULE.bc -o SUMMARY`
 *     what merge would see of each function of one optimized module: its
 *     hashes (merge's own, merge/cross_module.c), the globals it refers
 *     to, its size, linkage and address significance;
 *   `ltofold thin-plan SUMMARY... -o PLAN`
 *     the groups across modules, each with a home module and the function
 *     kept there, and the members every other module sends to it.
 *
 * The plan reads summaries only: its memory grows with the number of
 * functions, never with their bodies. A group is a run of functions of
 * equal hash and equal references in two modules or more: equal functions
 * always agree on both, so no fold merge could make across modules is
 * missed for want of a proposal, and the home's comparator weeds out the
 * proposals that are not equal. A similar group is a run of the functions
 * left (those that refer to locals of their modules too) of equal similar
 * hash and size in two modules or more: merge's similar mode at the home
 * decides which merge. Everything is sorted by name (modules, then
 * functions), so the plan is the same whatever order the summaries come
 * in. */
#include "cli_commands.h"
#include "ir_reader.h"
#include "ltofold_merge.h"
#include "messages.h"
#include "options.h"
#include "output_file.h"
#include "thin_records.h"
#include "thin_steps.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SUMMARY_MAGIC "ltofold-thin-summary 1"
#define PLAN_MAGIC "ltofold-thin-plan 1"

/* ---- thin-summary ---------------------------------------------------------
 */

static const char *linkage_name(LLVMLinkage linkage) {
  switch (linkage) {
  case LLVMExternalLinkage:
    return "external";
  case LLVMLinkOnceAnyLinkage:
    return "linkonce";
  case LLVMLinkOnceODRLinkage:
    return "linkonce_odr";
  case LLVMWeakAnyLinkage:
    return "weak";
  case LLVMWeakODRLinkage:
    return "weak_odr";
  case LLVMInternalLinkage:
    return "internal";
  case LLVMPrivateLinkage:
    return "private";
  case LLVMExternalWeakLinkage:
    return "extern_weak";
  case LLVMCommonLinkage:
    return "common";
  default:
    return "other";
  }
}

static const char *address_name(LLVMUnnamedAddr unnamed) {
  return unnamed == LLVMGlobalUnnamedAddr  ? "unnamed_addr"
         : unnamed == LLVMLocalUnnamedAddr ? "local_unnamed_addr"
                                           : "significant";
}

/* One function's record: see docs/plugin.md for the fields. */
static void append_function(text_buffer *text, LLVMValueRef fn,
                            const ltofold_function_summary *s) {
  char flags[6];
  size_t count = 0;
  if (s->foldable)
    flags[count++] = 'f';
  if (s->local_references)
    flags[count++] = 'l';
  if (s->interposable)
    flags[count++] = 'i';
  if (s->address_taken)
    flags[count++] = 't';
  if (s->may_alias)
    flags[count++] = 'a';
  if (!count)
    flags[count++] = '-';
  flags[count] = 0;
  text_append(text,
              "function %016" PRIx64 " %016" PRIx64 " %016" PRIx64
              " %zu %s %s %s",
              s->hash, s->similar_hash, s->references, s->instructions,
              linkage_name(LLVMGetLinkage(fn)),
              address_name(LLVMGetUnnamedAddress(fn)), flags);
  size_t length;
  const char *name = LLVMGetValueName2(fn, &length);
  text_append_name(text, name, length);
  text_append(text, "\n");
}

char *ltofold_thin_summary_write(LLVMModuleRef module, const char *module_name,
                                 const char *path) {
  text_buffer text = {0};
  text_append(&text, SUMMARY_MAGIC "\nmodule");
  text_append_name(&text, module_name, strlen(module_name));
  text_append(&text, "\n");
  ltofold_cross_module *cross = ltofold_cross_module_new(module);
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn;
       fn = LLVMGetNextFunction(fn)) {
    ltofold_function_summary summary;
    if (ltofold_summarize_function(cross, fn, &summary))
      append_function(&text, fn, &summary);
  }
  ltofold_cross_module_free(cross);
  char *error = NULL;
  ltofold_write_file(path, text.data, text.length, &error);
  text_free(&text);
  return error;
}

static char *summarize(const char *input, const char *module_name,
                       const char *output) {
  LLVMContextRef context = LLVMContextCreate();
  char *error = NULL;
  LLVMModuleRef module = ltofold_read_module(context, input, &error);
  if (module) {
    error = ltofold_thin_summary_write(module, module_name, output);
    LLVMDisposeModule(module);
  }
  LLVMContextDispose(context);
  return error;
}

int ltofold_cli_thin_summary(int argc, char **argv) {
  const char *input = NULL, *output = NULL, *name = NULL;
  char *error = NULL;
  for (int i = 1; i < argc && !error; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      printf("usage: ltofold thin-summary [--module-name NAME] MODULE.bc -o "
             "SUMMARY\n\n"
             "Writes what merge would see of each function of an optimized\n"
             "module (thin-backend --emit-optimized) for ltofold thin-plan:\n"
             "its hashes, the globals it refers to, size, linkage, address\n"
             "significance. NAME names the module in the plan (default:\n"
             "MODULE.bc as given): the same name every run, whatever the\n"
             "directory the file is in.\n");
      return ltofold_stdout_finish("ltofold", LTOFOLD_EXIT_ERROR);
    }
    if (!strcmp(a, "-o") && i + 1 < argc)
      output = argv[++i];
    else if (!strcmp(a, "--module-name") && i + 1 < argc)
      name = argv[++i];
    else if (!strncmp(a, "--module-name=", 14))
      name = a + 14;
    else if (a[0] == '-' && a[1])
      error = ltofold_format(
          "unknown option '%s' (see ltofold thin-summary --help)", a);
    else if (input)
      error = ltofold_format("one module at a time ('%s' and '%s')", input, a);
    else
      input = a;
  }
  if (!error && !input)
    error = ltofold_format("no module given");
  if (!error && !output)
    error = ltofold_format("no output given (-o SUMMARY)");
  if (!error)
    error = summarize(input, name ? name : input, output);
  if (error) {
    fprintf(stderr, "ltofold: error: thin-summary: %s\n", error);
    free(error);
    return LTOFOLD_EXIT_ERROR;
  }
  return 0;
}

/* ---- thin-plan ------------------------------------------------------------
 */

/* A function that may fold with one of another module: what the plan keeps
 * of a summary record. */
typedef struct plan_entry {
  uint64_t hash, references;
  uint64_t similar_hash; /* merge's similar mode's hash */
  unsigned module; /* index into the modules, in name order once sorted */
  char *name;      /* owned */
  size_t instructions;
  bool replaceable; /* local, address insignificant: its uses may move */
  bool interposable;
  bool local;
  bool may_alias; /* may become an alias the home defines */
  bool equal_group; /* in a group of equal functions of the plan */
  /* Refers to a local of its module: equal to no function of another
   * module, but similar to one where the local is a constant that may
   * vary (its module passes its own). */
  bool refers_to_local;
} plan_entry;

typedef struct plan_input {
  char **modules; /* owned names, in the order the summaries came */
  size_t *weights; /* each module's instructions, every function's summed */
  size_t module_count;
  plan_entry *entries; /* owned */
  size_t entry_count, entry_capacity;
} plan_input;

static void plan_input_free(plan_input *in) {
  for (size_t i = 0; i < in->module_count; ++i)
    free(in->modules[i]);
  free(in->modules);
  free(in->weights);
  for (size_t i = 0; i < in->entry_count; ++i)
    free(in->entries[i].name);
  free(in->entries);
}

static void push_entry(plan_input *in, const plan_entry *entry) {
  if (in->entry_count == in->entry_capacity) {
    in->entry_capacity = in->entry_capacity ? 2 * in->entry_capacity : 1024;
    in->entries =
        realloc(in->entries, in->entry_capacity * sizeof *in->entries);
    if (!in->entries)
      abort();
  }
  in->entries[in->entry_count++] = *entry;
}

/* A summary's function record, into `entry` when it may fold across
 * modules. Returns false when the record is malformed. */
static bool read_function(char **f, size_t count, unsigned module,
                          plan_entry *entry, bool *wanted, size_t *weight) {
  *wanted = false;
  if (count != 9 || strcmp(f[0], "function"))
    return false;
  char *end1, *end2, *end3, *end4;
  *entry = (plan_entry){0};
  entry->hash = strtoull(f[1], &end1, 16);
  entry->similar_hash = strtoull(f[2], &end4, 16);
  entry->references = strtoull(f[3], &end2, 16);
  entry->instructions = strtoull(f[4], &end3, 10);
  if (*end1 || *end2 || *end3 || *end4)
    return false;
  *weight += entry->instructions;
  const char *flags = f[7];
  if (!strchr(flags, 'f'))
    return true; /* not foldable */
  entry->module = module;
  entry->refers_to_local = strchr(flags, 'l') != NULL;
  entry->local = !strcmp(f[5], "internal") || !strcmp(f[5], "private");
  entry->interposable = strchr(flags, 'i') != NULL;
  entry->may_alias = strchr(flags, 'a') != NULL;
  entry->replaceable = entry->local && strcmp(f[6], "significant");
  entry->name = record_decode_name(f[8]);
  *wanted = entry->name != NULL;
  return entry->name != NULL;
}

static char *read_summary(plan_input *in, const char *path) {
  record_file file;
  char *error = record_file_open(&file, path, SUMMARY_MAGIC);
  if (error)
    return error;
  char *line = record_file_next(&file), *f[10];
  size_t count = line ? record_fields(line, f, 10) : 0;
  if (count != 2 || strcmp(f[0], "module")) {
    error = record_file_error(&file);
    record_file_close(&file);
    return error;
  }
  in->modules =
      realloc(in->modules, (in->module_count + 1) * sizeof *in->modules);
  in->weights =
      realloc(in->weights, (in->module_count + 1) * sizeof *in->weights);
  if (!in->modules || !in->weights)
    abort();
  char *name = record_decode_name(f[1]);
  if (!name) {
    error = record_file_error(&file);
    record_file_close(&file);
    return error;
  }
  unsigned module = (unsigned)in->module_count;
  in->weights[in->module_count] = 0;
  in->modules[in->module_count++] = name;
  while (!error && (line = record_file_next(&file))) {
    plan_entry entry;
    bool wanted;
    count = record_fields(line, f, 10);
    if (!read_function(f, count, module, &entry, &wanted, &in->weights[module]))
      error = record_file_error(&file);
    else if (wanted)
      push_entry(in, &entry);
  }
  record_file_close(&file);
  return error;
}

/* qsort_r order of module numbers, `names` the modules' names. */
static int compare_names(const void *a, const void *b, void *names) {
  return strcmp(((char **)names)[*(const unsigned *)a],
                ((char **)names)[*(const unsigned *)b]);
}

/* Puts the modules in name order and renumbers the entries so. */
static char *sort_modules(plan_input *in) {
  unsigned *order = malloc((in->module_count + 1) * sizeof *order);
  unsigned *rank = malloc((in->module_count + 1) * sizeof *rank);
  char **sorted = malloc((in->module_count + 1) * sizeof *sorted);
  size_t *weights = malloc((in->module_count + 1) * sizeof *weights);
  if (!order || !rank || !sorted || !weights)
    abort();
  for (unsigned i = 0; i < in->module_count; ++i)
    order[i] = i;
  if (in->module_count > 1)
    qsort_r(order, in->module_count, sizeof *order, compare_names, in->modules);
  char *error = NULL;
  for (unsigned i = 0; i < in->module_count; ++i) {
    rank[order[i]] = i;
    sorted[i] = in->modules[order[i]];
    weights[i] = in->weights[order[i]];
    if (i && !strcmp(sorted[i], sorted[i - 1]) && !error)
      error = ltofold_format("two summaries of the module '%s'", sorted[i]);
  }
  for (size_t i = 0; i < in->entry_count; ++i)
    in->entries[i].module = rank[in->entries[i].module];
  free(in->modules);
  in->modules = sorted;
  free(in->weights);
  in->weights = weights;
  free(order);
  free(rank);
  return error;
}

static int compare_entries(const void *a, const void *b) {
  const plan_entry *x = a, *y = b;
  if (x->refers_to_local != y->refers_to_local)
    return x->refers_to_local ? 1 : -1; /* after those that may be equal */
  if (x->hash != y->hash)
    return x->hash < y->hash ? -1 : 1;
  if (x->references != y->references)
    return x->references < y->references ? -1 : 1;
  if (x->module != y->module)
    return x->module < y->module ? -1 : 1;
  return strcmp(x->name, y->name);
}

/* A group of the plan: entries [first, end) share hash and references. */
typedef struct plan_group {
  const plan_entry *kept;
  size_t first, end;
} plan_group;

static int compare_groups(const void *a, const void *b) {
  const plan_group *x = a, *y = b;
  if (x->kept->module != y->kept->module)
    return x->kept->module < y->kept->module ? -1 : 1;
  return strcmp(x->kept->name, y->kept->name);
}

/* Whether folding `member` into a function of another module gains
 * anything: its uses move (and it goes), it becomes an alias the home
 * defines, or its body becomes a thunk, which a body of a call and a
 * return at most is already. */
static bool worth_folding(const plan_entry *member) {
  return member->replaceable || member->may_alias || member->instructions > 2;
}

/* The group of entries [first, end), or false when it has no home (every
 * entry interposable) or nothing to send there. The home is the module
 * better_home puts first among those with an entry that is not
 * interposable; the kept function its first such entry by name. */
static uint64_t fnv(uint64_t hash, const char *bytes) {
  for (; *bytes; ++bytes)
    hash = (hash ^ (unsigned char)*bytes) * 0x100000001b3ULL;
  return hash;
}

/* How a group ranks module `module` as its home: a hash of the group's key
 * and the module's name, so that homes of modules alike in size spread
 * over the modules (each home is a job of step 3) and depend on names
 * alone. */
static uint64_t home_rank(const plan_input *in, const plan_entry *entry) {
  char key[40];
  snprintf(key, sizeof key, "%016" PRIx64 "%016" PRIx64, entry->hash,
           entry->references);
  return fnv(fnv(0xcbf29ce484222325ULL, key), in->modules[entry->module]);
}

/* Whether `entry`'s module, ranked `rank`, is a better home than `kept`'s,
 * ranked `best`: the smaller module first, since a home reads its module
 * whole and the largest home is the flow's largest merging step (on
 * yaml-cpp's tests, the largest module as home of 4 groups held 143 of
 * its 250 MB), then by rank. */
static bool better_home(const plan_input *in, const plan_entry *entry,
                        uint64_t rank, const plan_entry *kept, uint64_t best) {
  if (!kept)
    return true;
  size_t weight = in->weights[entry->module], kept_weight = in->weights[kept->module];
  if (weight != kept_weight)
    return weight < kept_weight;
  return rank < best;
}

static bool form_group(const plan_input *in, size_t first, size_t end,
                       plan_group *group) {
  const plan_entry *kept = NULL;
  uint64_t best = 0;
  for (size_t i = first; i < end; ++i) {
    const plan_entry *entry = &in->entries[i];
    uint64_t rank = entry->interposable ? 0 : home_rank(in, entry);
    if (!entry->interposable && better_home(in, entry, rank, kept, best))
      kept = entry, best = rank;
  }
  if (!kept)
    return false;
  for (size_t i = first; i < end; ++i)
    if (in->entries[i].module != kept->module &&
        worth_folding(&in->entries[i])) {
      *group = (plan_group){kept, first, end};
      return true;
    }
  return false;
}

/* The symbol the home's kept function has for the other modules: its own
 * name, or for a local, a global name no other module has (its name and
 * the home module's). */
static void append_exported(text_buffer *text, const plan_input *in,
                            const plan_entry *kept) {
  if (!kept->local) {
    text_append_name(text, kept->name, strlen(kept->name));
    return;
  }
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char *c = in->modules[kept->module]; *c; ++c)
    hash = (hash ^ (unsigned char)*c) * 0x100000001b3ULL;
  char *exported = ltofold_format("%s.ltofold.%016" PRIx64, kept->name, hash);
  text_append_name(text, exported, strlen(exported));
  free(exported);
}

/* ---- Groups of similar functions ---- */

/* A group of similar functions: the entries order[first, end) of the
 * similar order share the similar hash and size; `kept` is the home's. */
typedef struct similar_group {
  const plan_entry *kept;
  size_t first, end;
} similar_group;

/* Members a similar group imports at most: its home holds their bodies
 * at once, and the engine's holes grow with each. */
enum { MAX_SIMILAR_MEMBERS = 32 };

/* Whether `entry` may be in a group of similar functions: in no group of
 * equal functions (those fold whole), not interposable (its callers might
 * run another definition, as the kept function's might), and bigger than
 * the thunk it would become. */
static bool similar_candidate(const plan_entry *entry) {
  return !entry->equal_group && !entry->interposable && entry->instructions > 2;
}

/* qsort_r order of entry numbers: similar hash, size, module, name. */
static int compare_similar(const void *a, const void *b, void *entries) {
  const plan_entry *x = &((const plan_entry *)entries)[*(const size_t *)a];
  const plan_entry *y = &((const plan_entry *)entries)[*(const size_t *)b];
  if (x->similar_hash != y->similar_hash)
    return x->similar_hash < y->similar_hash ? -1 : 1;
  if (x->instructions != y->instructions)
    return x->instructions < y->instructions ? -1 : 1;
  if (x->module != y->module)
    return x->module < y->module ? -1 : 1;
  return strcmp(x->name, y->name);
}

/* How a similar group ranks module `module` as its home: as home_rank,
 * from the group's key (similar hash and size). */
static uint64_t similar_rank(const plan_input *in, const plan_entry *entry) {
  char key[48];
  snprintf(key, sizeof key, "similar %016" PRIx64 " %zu", entry->similar_hash,
           entry->instructions);
  return fnv(fnv(0xcbf29ce484222325ULL, key), in->modules[entry->module]);
}

/* The group of order[first, end), or false when it spans one module. The
 * kept function is the first by name of the module better_home puts
 * first (similar_rank its rank). */
static bool form_similar_group(const plan_input *in, const size_t *order,
                               size_t first, size_t end, similar_group *group) {
  const plan_entry *kept = NULL;
  uint64_t best = 0;
  bool modules = false;
  for (size_t i = first; i < end; ++i) {
    const plan_entry *entry = &in->entries[order[i]];
    uint64_t rank = similar_rank(in, entry);
    modules |= kept && entry->module != kept->module;
    if (better_home(in, entry, rank, kept, best))
      kept = entry, best = rank;
  }
  if (!modules)
    return false;
  *group = (similar_group){kept, first, end};
  return true;
}

static int compare_similar_groups(const void *a, const void *b) {
  const similar_group *x = a, *y = b;
  if (x->kept->module != y->kept->module)
    return x->kept->module < y->kept->module ? -1 : 1;
  return strcmp(x->kept->name, y->kept->name);
}

/* The groups of similar functions across modules, among the candidates;
 * `order` (owned by the caller, freed after the groups) the entries in the
 * similar order. */
static similar_group *form_similar_groups(const plan_input *in, size_t **order,
                                          size_t *group_count) {
  *order = malloc((in->entry_count + 1) * sizeof **order);
  similar_group *groups = malloc((in->entry_count + 1) * sizeof *groups);
  if (!*order || !groups)
    abort();
  size_t count = 0;
  for (size_t i = 0; i < in->entry_count; ++i)
    if (similar_candidate(&in->entries[i]))
      (*order)[count++] = i;
  if (count > 1)
    qsort_r(*order, count, sizeof **order, compare_similar, in->entries);
  *group_count = 0;
  for (size_t first = 0, end; first < count; first = end) {
    const plan_entry *head = &in->entries[(*order)[first]];
    end = first + 1;
    while (end < count &&
           in->entries[(*order)[end]].similar_hash == head->similar_hash &&
           in->entries[(*order)[end]].instructions == head->instructions)
      ++end;
    *group_count +=
        form_similar_group(in, *order, first, end, &groups[*group_count]);
  }
  if (*group_count > 1)
    qsort(groups, *group_count, sizeof *groups, compare_similar_groups);
  return groups;
}

/* The merged body's symbol: a global name no other module has (the kept
 * function's name, the group's key and the home module's name). */
static void append_similar_symbol(text_buffer *text, const plan_input *in,
                                  const plan_entry *kept) {
  char key[48];
  snprintf(key, sizeof key, "similar %016" PRIx64 " %zu", kept->similar_hash,
           kept->instructions);
  uint64_t hash =
      fnv(fnv(0xcbf29ce484222325ULL, key), in->modules[kept->module]);
  char *symbol =
      ltofold_format("%s.ltofold.similar.%016" PRIx64, kept->name, hash);
  text_append_name(text, symbol, strlen(symbol));
  free(symbol);
}

static void write_similar_groups(text_buffer *text, const plan_input *in,
                                 const size_t *order,
                                 const similar_group *groups, size_t count,
                                 size_t first_index) {
  for (size_t g = 0; g < count; ++g) {
    const plan_entry *kept = groups[g].kept;
    text_append(text, "similar %zu %u", first_index + g, kept->module);
    text_append_name(text, kept->name, strlen(kept->name));
    append_similar_symbol(text, in, kept);
    text_append(text, "\n");
    size_t members = 0;
    for (size_t i = groups[g].first;
         i < groups[g].end && members < MAX_SIMILAR_MEMBERS; ++i) {
      const plan_entry *member = &in->entries[order[i]];
      if (member == kept)
        continue;
      text_append(text, "member %zu %u similar %016" PRIx64 " %016" PRIx64,
                  first_index + g, member->module, member->hash,
                  member->references);
      text_append_name(text, member->name, strlen(member->name));
      text_append(text, "\n");
      ++members;
    }
  }
}

static void write_plan(text_buffer *text, const plan_input *in,
                       const plan_group *groups, size_t group_count) {
  text_append(text, PLAN_MAGIC "\n");
  for (size_t i = 0; i < in->module_count; ++i) {
    text_append(text, "module");
    text_append_name(text, in->modules[i], strlen(in->modules[i]));
    text_append(text, "\n");
  }
  for (size_t g = 0; g < group_count; ++g) {
    const plan_entry *kept = groups[g].kept;
    text_append(text, "group %zu %u", g, kept->module);
    text_append_name(text, kept->name, strlen(kept->name));
    append_exported(text, in, kept);
    text_append(text, "\n");
    for (size_t i = groups[g].first; i < groups[g].end; ++i) {
      const plan_entry *member = &in->entries[i];
      if (member->module == kept->module || !worth_folding(member))
        continue;
      text_append(text, "member %zu %u %s", g, member->module,
                  member->may_alias ? "alias" : "call");
      text_append_name(text, member->name, strlen(member->name));
      text_append(text, "\n");
    }
  }
}

static char *plan(char **summaries, size_t count, const char *output,
                  bool stats) {
  plan_input in = {0};
  char *error = NULL;
  /* merge-similar=false (LTOFOLD_OPTIONS, as every step of the link
   * reads it) makes no similar groups. */
  ltofold_options options;
  ltofold_options_init(&options);
  ltofold_options_from_environment(&options, &error);
  bool similar = options.merge_similar;
  ltofold_options_free(&options);
  for (size_t i = 0; i < count && !error; ++i)
    error = read_summary(&in, summaries[i]);
  if (!error)
    error = sort_modules(&in);
  plan_group *groups = NULL;
  similar_group *similar_groups = NULL;
  size_t group_count = 0, similar_count = 0;
  if (!error) {
    if (in.entry_count > 1)
      qsort(in.entries, in.entry_count, sizeof *in.entries, compare_entries);
    groups = malloc((in.entry_count + 1) * sizeof *groups);
    if (!groups)
      abort();
    for (size_t first = 0, end; first < in.entry_count; first = end) {
      end = first + 1;
      while (end < in.entry_count &&
             in.entries[end].hash == in.entries[first].hash &&
             in.entries[end].references == in.entries[first].references &&
             in.entries[end].refers_to_local ==
                 in.entries[first].refers_to_local)
        ++end;
      /* A local of one module is no global of another: equal to nothing
       * elsewhere (as after thin-merge's link, where two modules' locals
       * stay two), however their names hash. */
      if (!in.entries[first].refers_to_local)
        group_count += form_group(&in, first, end, &groups[group_count]);
    }
    if (group_count > 1)
      qsort(groups, group_count, sizeof *groups, compare_groups);
    /* What is proposed as equal is no similar candidate. */
    for (size_t g = 0; g < group_count; ++g)
      for (size_t i = groups[g].first; i < groups[g].end; ++i)
        in.entries[i].equal_group = true;
    size_t *order = NULL;
    similar_groups = form_similar_groups(&in, &order, &similar_count);
    if (!similar)
      similar_count = 0;
    text_buffer text = {0};
    write_plan(&text, &in, groups, group_count);
    write_similar_groups(&text, &in, order, similar_groups, similar_count,
                         group_count);
    free(order);
    ltofold_write_file(output, text.data, text.length, &error);
    text_free(&text);
  }
  if (!error && stats)
    fprintf(stderr,
            "thin-plan: %zu modules, %zu functions that may fold "
            "across modules, %zu groups, %zu of similar functions\n",
            in.module_count, in.entry_count, group_count, similar_count);
  free(groups);
  free(similar_groups);
  plan_input_free(&in);
  return error;
}

int ltofold_cli_thin_plan(int argc, char **argv) {
  const char *output = NULL;
  char **summaries = calloc((size_t)argc + 1, sizeof *summaries);
  if (!summaries)
    abort();
  size_t count = 0;
  bool stats = false;
  char *error = NULL;
  for (int i = 1; i < argc && !error; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      free(summaries);
      printf(
          "usage: ltofold thin-plan [--stats] SUMMARY... -o PLAN\n\n"
          "Reads the summaries of the modules of a link (ltofold\n"
          "thin-summary) and writes the plan of merging across them: the\n"
          "groups of functions that may be equal, and of those that may\n"
          "be similar (equal up to constants; none with merge-similar=false\n"
          "in LTOFOLD_OPTIONS), each with a home module and the function\n"
          "kept there, and the members other modules send to it (ltofold\n"
          "thin-fold, ltofold thin-apply).\n");
      return ltofold_stdout_finish("ltofold", LTOFOLD_EXIT_ERROR);
    }
    if (!strcmp(a, "-o") && i + 1 < argc)
      output = argv[++i];
    else if (!strcmp(a, "--stats"))
      stats = true;
    else if (a[0] == '-' && a[1])
      error = ltofold_format(
          "unknown option '%s' (see ltofold thin-plan --help)", a);
    else
      summaries[count++] = argv[i];
  }
  if (!error && !count)
    error = ltofold_format("no summaries given");
  if (!error && !output)
    error = ltofold_format("no output given (-o PLAN)");
  if (!error)
    error = plan(summaries, count, output, stats);
  free(summaries);
  if (error) {
    fprintf(stderr, "ltofold: error: thin-plan: %s\n", error);
    free(error);
    return LTOFOLD_EXIT_ERROR;
  }
  return 0;
}
