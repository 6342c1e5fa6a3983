/* `ltofold diff OLD NEW`: what changed between two builds, per function.
 *
 * Steps: read both modules (bitcode or text IR, each in its own context so
 * that type names do not clash), canonicalize both (canon/: instruction
 * order, names, operand order, compare orientation, switch cases, module
 * order), print each and cut the text into entities (ir_text.c: every
 * function, variable, declaration, and the module header, with attribute
 * groups and metadata resolved so that numbering does not leak in). Pair
 * the entities of the two sides: first those whose names carry a number
 * (".str.12": the IR linker numbers clashes in the order it meets them, so
 * one string added to a file renumbers those after it) by the name's stem
 * and content; then by name; then, where names changed (".llvm.NNN"
 * suffixes, numbered clashes, anonymous namespaces), by the name's stem and
 * content, by content alone, by stem alone; references to renamed globals
 * are rewritten to the old names. Entities whose text
 * differs are written one file per side into a temporary directory, and
 * the system's `diff -r -N -u` shows them all in one run (as the llvm-canon
 * authors meant: canonicalize each side on its own, leave the diffing to a
 * diff tool). Last, print a summary (added, removed, renamed, changed
 * functions ranked by lines changed, demangled), then the diff of each
 * changed entity; as text or Markdown.
 *
 * Exit status, like diff(1): 0 when nothing changed, 1 when something did,
 * 2 on any error (unreadable input, invalid IR, no diff tool, no such
 * function), with one line on stderr naming the file and the cause. */
#include "cli_commands.h"
#include "ir_reader.h"
#include "ir_text.h"
#include "ltofold_canon.h"
#include "messages.h"
#include "output_file.h"

#include <errno.h>
#include <fcntl.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

typedef enum diff_format { FORMAT_TEXT, FORMAT_MARKDOWN } diff_format;

typedef struct diff_args {
  const char *inputs[2];
  const char *context_lines; /* -U N, passed on to diff */
  ltofold_canon_options canon;
  bool summary_only;    /* --summary */
  const char *function; /* --function NAME */
  bool debug_info;      /* --debug-info */
  diff_format format;
  size_t limit; /* --limit N: entries per list of the summary; 0 = all */
} diff_args;

static void print_diff_help(FILE *out) {
  fprintf(
      out,
      "usage: ltofold diff OLD NEW [--summary] [--function NAME]\n"
      "                    [--format=text|markdown] [-U N] [--debug-info]\n"
      "                    [--no-reorder] [--no-rename] [--no-sort-operands]\n\n"
      "What changed between two builds: canonicalizes the modules OLD and\n"
      "NEW (LLVM bitcode or text IR, e.g. two whole programs kept by\n"
      "save-temps) as `ltofold canon` does, pairs their functions, variables\n"
      "and declarations by name (and by content where names changed), and\n"
      "prints a summary (added, removed, renamed, changed functions ranked by\n"
      "lines changed, with demangled names), then `diff -u` of each changed\n"
      "one. Instruction order, value and block names, operand and compare\n"
      "orientation, switch case order, function and global order, attribute\n"
      "group and metadata numbering do not show.\n\n"
      "options:\n"
      "  --summary           the summary alone\n"
      "  --function NAME     only this function (mangled or demangled name)\n"
      "  --format=FORMAT     text (default) or markdown (for CI comments)\n"
      "  --limit N           at most N names per list of the summary\n"
      "                      (default 20; 0: all)\n"
      "  -U N                lines of context (default: diff's, 3)\n"
      "  --debug-info        also compare debug locations and records\n"
      "  --no-reorder        keep instruction and block order\n"
      "  --no-rename         keep value and block names\n"
      "  --no-sort-operands  keep operand, compare, PHI edge and case order\n\n"
      "exit status: 0 no change, 1 changed, 2 error\n");
}

static int diff_usage_error(char *message) {
  fprintf(stderr, "ltofold diff: error: %s\n", message);
  free(message);
  return 2;
}

/* Returns 0 to run, 2 on error, -1 when help was printed. */
static int parse_diff_args(int argc, char **argv, diff_args *args) {
  size_t inputs = 0;
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      print_diff_help(stdout);
      return -1;
    } else if (!strcmp(arg, "-U")) {
      if (++i == argc)
        return diff_usage_error(ltofold_format("option '-U' needs a number"));
      args->context_lines = argv[i];
      if (strspn(args->context_lines, "0123456789") !=
              strlen(args->context_lines) ||
          !*args->context_lines)
        return diff_usage_error(ltofold_format(
            "option '-U' needs a number, not '%s'", args->context_lines));
    } else if (!strcmp(arg, "--limit")) {
      char *end = NULL;
      if (++i == argc || !*argv[i] || (strtoull(argv[i], &end, 10), *end))
        return diff_usage_error(ltofold_format("option '--limit' needs a number"));
      args->limit = (size_t)strtoull(argv[i], NULL, 10);
    } else if (!strcmp(arg, "--summary")) {
      args->summary_only = true;
    } else if (!strcmp(arg, "--function")) {
      if (++i == argc)
        return diff_usage_error(
            ltofold_format("option '--function' needs a name"));
      args->function = argv[i];
    } else if (!strncmp(arg, "--function=", 11)) {
      args->function = arg + 11;
    } else if (!strcmp(arg, "--format=text")) {
      args->format = FORMAT_TEXT;
    } else if (!strcmp(arg, "--format=markdown")) {
      args->format = FORMAT_MARKDOWN;
    } else if (!strncmp(arg, "--format", 8)) {
      return diff_usage_error(ltofold_format(
          "unknown format in '%s' (text or markdown)", arg));
    } else if (!strcmp(arg, "--debug-info")) {
      args->debug_info = true;
    } else if (!strcmp(arg, "--no-reorder")) {
      args->canon.reorder = false;
    } else if (!strcmp(arg, "--no-rename")) {
      args->canon.rename = false;
    } else if (!strcmp(arg, "--no-sort-operands")) {
      args->canon.sort_operands = false;
    } else if (arg[0] == '-' && arg[1]) {
      return diff_usage_error(
          ltofold_format("unknown option '%s' (see ltofold diff --help)", arg));
    } else if (inputs == 2) {
      return diff_usage_error(
          ltofold_format("more than two inputs ('%s')", arg));
    } else {
      args->inputs[inputs++] = arg;
    }
  }
  if (inputs != 2)
    return diff_usage_error(
        ltofold_format("needs two modules (see ltofold diff --help)"));
  return 0;
}

/* Reads, canonicalizes and prints one module. Returns the text (caller
 * frees with LLVMDisposeMessage) or NULL with *error set. */
static char *canonical_text(const char *path,
                            const ltofold_canon_options *options,
                            char **error) {
  LLVMContextRef context = LLVMContextCreate();
  LLVMModuleRef module = ltofold_read_module(context, path, error);
  char *message = NULL;
  char *text = NULL;
  if (module) {
    ltofold_canon_result result = {0};
    ltofold_canon_module(module, options, &result);
    if (LLVMVerifyModule(module, LLVMReturnStatusAction, &message)) {
      char *newline = strchr(message, '\n');
      if (newline)
        *newline = '\0';
      *error = ltofold_format(
          "%s: canonical form does not verify (please report): %s", path,
          message);
    } else {
      LLVMSetSourceFileName(module, "", 0);
      text = LLVMPrintModuleToString(module);
    }
  }
  LLVMDisposeMessage(message);
  if (module)
    LLVMDisposeModule(module);
  LLVMContextDispose(context);
  return text;
}

/* ---- pairing ---------------------------------------------------------- */

typedef enum pair_state { UNCHANGED, CHANGED, ADDED, REMOVED } pair_state;

/* An entity of OLD and its counterpart in NEW; one side is NULL for an
 * added or removed one. */
typedef struct diff_pair {
  ir_entity *old, *new;
  pair_state state;
  char *display;       /* demangled name */
  size_t plus, minus;  /* lines added and removed */
  const char *hunks;   /* into the diff output, `hunks_length` bytes */
  size_t hunks_length;
} diff_pair;

typedef struct pairing {
  diff_pair *pairs;
  size_t count, capacity;
} pairing;

static void add_pair(pairing *p, ir_entity *old, ir_entity *new) {
  if (p->count == p->capacity) {
    p->capacity = p->capacity ? 2 * p->capacity : 256;
    p->pairs = realloc(p->pairs, p->capacity * sizeof *p->pairs);
    if (!p->pairs)
      abort();
  }
  p->pairs[p->count++] = (diff_pair){.old = old, .new = new};
}

/* An unpaired entity and its key in the current round. */
typedef struct keyed {
  ir_entity *entity;
  uint64_t key;
  bool *paired;
} keyed;

static int compare_keyed(const void *left, const void *right) {
  const keyed *a = left, *b = right;
  if (a->key != b->key)
    return a->key < b->key ? -1 : 1;
  int kind = (int)a->entity->kind - (int)b->entity->kind;
  return kind ? kind : strcmp(a->entity->name, b->entity->name);
}

/* How a round pairs entities. NUMBERED: by stem and content, as
 * BY_STEM_AND_CONTENT, but only entities whose name is not its own stem. */
typedef enum pair_key {
  NUMBERED,
  BY_NAME,
  BY_STEM_AND_CONTENT,
  BY_CONTENT,
  BY_STEM
} pair_key;

/* Whether the entity's name carries a suffix that changes between builds
 * of the same source (a number, ".llvm.NNN"). */
static bool is_numbered(const ir_entity *entity) {
  char *stem = ir_name_stem(entity->name);
  bool numbered = strcmp(stem, entity->name) != 0;
  free(stem);
  return numbered;
}

static uint64_t key_of(const ir_entity *entity, pair_key key) {
  uint64_t hash = IR_HASH_START ^ (uint64_t)entity->kind;
  if (key == BY_NAME)
    return ir_hash(hash, entity->name, strlen(entity->name));
  if (key == BY_CONTENT)
    return hash ^ entity->content;
  char *stem = ir_name_stem(entity->name);
  hash = ir_hash(hash, stem, strlen(stem));
  free(stem);
  return key == BY_STEM ? hash : hash ^ (entity->content * 31);
}

/* Collects the unpaired entities of one side with their keys, sorted. */
static keyed *unpaired(ir_text *side, bool *paired, pair_key key,
                       size_t *count) {
  keyed *list = malloc((side->count + 1) * sizeof *list);
  if (!list)
    abort();
  *count = 0;
  for (size_t i = 0; i < side->count; ++i)
    if (!paired[i] && (key != NUMBERED || is_numbered(&side->entities[i])))
      list[(*count)++] =
          (keyed){&side->entities[i], key_of(&side->entities[i], key),
                  &paired[i]};
  qsort(list, *count, sizeof *list, compare_keyed);
  return list;
}

/* Pairs the entities whose key is unique on both sides (by name: equal
 * names, which are unique within a module anyway). */
static void pair_round(ir_text sides[2], bool *paired[2], pair_key key,
                       pairing *result) {
  size_t counts[2];
  keyed *lists[2];
  for (int s = 0; s < 2; ++s)
    lists[s] = unpaired(&sides[s], paired[s], key, &counts[s]);
  size_t i = 0, j = 0;
  while (i < counts[0] && j < counts[1]) {
    uint64_t a = lists[0][i].key, b = lists[1][j].key;
    if (a != b) {
      if (a < b)
        ++i;
      else
        ++j;
      continue;
    }
    size_t i_end = i, j_end = j;
    while (i_end < counts[0] && lists[0][i_end].key == a)
      ++i_end;
    while (j_end < counts[1] && lists[1][j_end].key == a)
      ++j_end;
    ir_entity *old = lists[0][i].entity, *new = lists[1][j].entity;
    bool same = old->kind == new->kind &&
                (key != BY_NAME || !strcmp(old->name, new->name));
    if (i_end - i == 1 && j_end - j == 1 && same) {
      *lists[0][i].paired = *lists[1][j].paired = true;
      add_pair(result, old, new);
    }
    i = i_end;
    j = j_end;
  }
  free(lists[0]);
  free(lists[1]);
}

/* Pairs the two sides' entities and rewrites NEW's references to renamed
 * globals to their OLD names. */
static void pair_entities(ir_text sides[2], pairing *result) {
  bool *paired[2];
  for (int s = 0; s < 2; ++s) {
    paired[s] = calloc(sides[s].count + 1, sizeof *paired[s]);
    if (!paired[s])
      abort();
  }
  static const pair_key rounds[] = {NUMBERED, BY_NAME, BY_STEM_AND_CONTENT,
                                    BY_CONTENT, BY_STEM};
  for (size_t r = 0; r < sizeof rounds / sizeof *rounds; ++r)
    pair_round(sides, paired, rounds[r], result);
  for (int s = 0; s < 2; ++s)
    for (size_t i = 0; i < sides[s].count; ++i)
      if (!paired[s][i])
        add_pair(result, s ? NULL : &sides[s].entities[i],
                 s ? &sides[s].entities[i] : NULL);

  ir_renames renames = {0};
  for (size_t i = 0; i < result->count; ++i) {
    diff_pair *pair = &result->pairs[i];
    if (pair->old && pair->new && strcmp(pair->old->name, pair->new->name))
      ir_renames_add(&renames, pair->new->name, pair->old->name);
  }
  ir_renames_sort(&renames);
  for (size_t i = 0; i < sides[1].count; ++i)
    ir_entity_rename(&sides[1].entities[i], &renames);
  ir_renames_free(&renames);

  for (size_t i = 0; i < result->count; ++i) {
    diff_pair *pair = &result->pairs[i];
    pair->state = !pair->old   ? ADDED
                  : !pair->new ? REMOVED
                  : strcmp(pair->old->text, pair->new->text) ? CHANGED
                                                             : UNCHANGED;
    pair->display =
        ir_display_name(pair->old ? pair->old->name : pair->new->name);
  }
  free(paired[0]);
  free(paired[1]);
}

static bool renamed(const diff_pair *pair) {
  return pair->old && pair->new && strcmp(pair->old->name, pair->new->name);
}

static ir_entity_kind kind_of(const diff_pair *pair) {
  return pair->old ? pair->old->kind : pair->new->kind;
}

/* ---- the diff tool ---------------------------------------------------- */

static bool write_file(const char *path, const char *text, char **error) {
  FILE *file = fopen(path, "w");
  if (!file || fputs(text, file) < 0 || fclose(file)) {
    *error = ltofold_format("%s: cannot write: %s", path, strerror(errno));
    return false;
  }
  return true;
}

/* A temporary directory with a/ and b/ for the two sides. */
typedef struct scratch {
  char *root;
  char *out; /* diff's output */
} scratch;

static bool scratch_create(scratch *dir, char **error) {
  const char *tmp = getenv("TMPDIR");
  dir->root = ltofold_format("%s/ltofold-diff-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir->root)) {
    *error = ltofold_format("%s: cannot create: %s", dir->root, strerror(errno));
    free(dir->root);
    dir->root = NULL;
    return false;
  }
  dir->out = ltofold_format("%s/out", dir->root);
  for (int s = 0; s < 2; ++s) {
    char *side = ltofold_format("%s/%c", dir->root, "ab"[s]);
    bool made = !mkdir(side, 0700);
    if (!made)
      *error = ltofold_format("%s: cannot create: %s", side, strerror(errno));
    free(side);
    if (!made)
      return false;
  }
  return true;
}

/* Removes what scratch_create and write_sides made. */
static void scratch_remove(scratch *dir, const pairing *pairs) {
  if (!dir->root)
    return;
  for (size_t i = 0; i < pairs->count; ++i)
    for (int s = 0; s < 2; ++s) {
      char *path = ltofold_format("%s/%c/%zu", dir->root, "ab"[s], i);
      unlink(path);
      free(path);
    }
  unlink(dir->out);
  for (int s = 0; s < 2; ++s) {
    char *side = ltofold_format("%s/%c", dir->root, "ab"[s]);
    rmdir(side);
    free(side);
  }
  rmdir(dir->root);
  free(dir->root);
  free(dir->out);
}

/* Runs `diff -r -N -u a b` in the scratch directory, its output into
 * dir->out. Returns diff's status (0, 1) or 2 with *error. */
static int run_diff(const diff_args *args, const scratch *dir, char **error) {
  char unified[32] = "-u";
  if (args->context_lines)
    snprintf(unified, sizeof unified, "-U%s", args->context_lines);
  char *argv[] = {"diff", "-r", "-N", unified, "a", "b", NULL};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addchdir_np(&actions, dir->root);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "out",
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  pid_t pid;
  int spawned = posix_spawnp(&pid, "diff", &actions, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned) {
    *error = ltofold_format("cannot run diff: %s", strerror(spawned));
    return 2;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      *error = ltofold_format("waiting for diff: %s", strerror(errno));
      return 2;
    }
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) > 1) {
    *error = ltofold_format("diff failed (status %d)",
                            WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return 2;
  }
  return WEXITSTATUS(status);
}

/* Cuts diff -r's output into the pairs' hunks and counts their lines. Each
 * file's part starts with a line "diff ... a/N b/N", then "--- a/N",
 * "+++ b/N" and the hunks. */
static void split_output(const char *output, pairing *pairs) {
  diff_pair *current = NULL;
  for (const char *line = output; *line;) {
    const char *eol = strchr(line, '\n');
    size_t length = eol ? (size_t)(eol - line) + 1 : strlen(line);
    if (!strncmp(line, "diff ", 5)) {
      const char *b = NULL;
      for (const char *p = line; p < line + length - 2; ++p)
        if (p[0] == ' ' && p[1] == 'b' && p[2] == '/')
          b = p + 3;
      size_t index = b ? strtoul(b, NULL, 10) : pairs->count;
      current = index < pairs->count ? &pairs->pairs[index] : NULL;
    } else if (current && (!strncmp(line, "--- ", 4) ||
                           !strncmp(line, "+++ ", 4)) &&
               !current->hunks) {
      /* file headers: left out */
    } else if (current) {
      if (!current->hunks)
        current->hunks = line;
      current->hunks_length = (size_t)(line + length - current->hunks);
      if (line[0] == '+')
        ++current->plus;
      else if (line[0] == '-')
        ++current->minus;
    }
    line += length;
  }
}

/* Writes each changed, added or removed pair's two sides, runs diff once
 * over them all, and fills in the pairs' hunks. Returns the diff output
 * (the hunks point into it) or NULL with *error. */
static char *diff_pairs(const diff_args *args, pairing *pairs, char **error) {
  scratch dir = {0};
  char *output = NULL;
  bool ok = scratch_create(&dir, error);
  for (size_t i = 0; ok && i < pairs->count; ++i) {
    diff_pair *pair = &pairs->pairs[i];
    if (pair->state == UNCHANGED)
      continue;
    ir_entity *sides[2] = {pair->old, pair->new};
    for (int s = 0; ok && s < 2; ++s) {
      if (!sides[s])
        continue;
      char *path = ltofold_format("%s/%c/%zu", dir.root, "ab"[s], i);
      ok = write_file(path, sides[s]->text, error);
      free(path);
    }
  }
  if (ok && run_diff(args, &dir, error) < 2) {
    size_t size = 0;
    output = ltofold_read_file(dir.out, &size);
    if (!output)
      *error = ltofold_format("%s: cannot read: %s", dir.out, strerror(errno));
  }
  scratch_remove(&dir, pairs);
  if (output)
    split_output(output, pairs);
  return output;
}

/* ---- output ---------------------------------------------------------- */

static const char *const kind_names[IR_KINDS] = {"functions", "variables",
                                                 "declarations", "module"};
static const char *const kind_name[IR_KINDS] = {"function", "variable",
                                                "declaration", "module"};

typedef struct counts {
  size_t old, new, state[4], renamed;
} counts;

static counts count_kind(const pairing *pairs, ir_entity_kind kind) {
  counts c = {0};
  for (size_t i = 0; i < pairs->count; ++i) {
    const diff_pair *pair = &pairs->pairs[i];
    if (kind_of(pair) != kind)
      continue;
    c.old += pair->old != NULL;
    c.new += pair->new != NULL;
    ++c.state[pair->state];
    c.renamed += renamed(pair);
  }
  return c;
}

/* Changed pairs first, most lines changed first; then by kind and name. */
static int compare_rank(const void *left, const void *right) {
  const diff_pair *a = *(const diff_pair *const *)left;
  const diff_pair *b = *(const diff_pair *const *)right;
  if (kind_of(a) != kind_of(b))
    return (int)kind_of(a) - (int)kind_of(b);
  if (a->state != b->state)
    return (int)a->state - (int)b->state;
  size_t la = a->plus + a->minus, lb = b->plus + b->minus;
  if (la != lb)
    return la > lb ? -1 : 1;
  return strcmp(a->display, b->display);
}

static const diff_pair **ranked(const pairing *pairs) {
  const diff_pair **order = malloc((pairs->count + 1) * sizeof *order);
  if (!order)
    abort();
  for (size_t i = 0; i < pairs->count; ++i)
    order[i] = &pairs->pairs[i];
  qsort(order, pairs->count, sizeof *order, compare_rank);
  return order;
}

static char *plain_name(const ir_entity *entity) {
  const char *name = entity->name;
  size_t length = strlen(name);
  if (length >= 2 && name[0] == '"')
    return strndup(name + 1, length - 2);
  return strdup(name);
}

/* `name` as text, or for Markdown as inline code that no HTML or table
 * syntax in it can break. */
static void print_text(FILE *out, const char *name, bool markdown) {
  if (!markdown) {
    fputs(name, out);
    return;
  }
  fputs("<code>", out);
  for (const char *p = name; *p; ++p) {
    switch (*p) {
    case '<': fputs("&lt;", out); break;
    case '>': fputs("&gt;", out); break;
    case '&': fputs("&amp;", out); break;
    case '|': fputs("&#124;", out); break;
    default: fputc(*p, out);
    }
  }
  fputs("</code>", out);
}

/* "display [mangled]" when they differ, and the new name if renamed. */
static void print_name(FILE *out, const diff_pair *pair, bool markdown) {
  const ir_entity *entity = pair->old ? pair->old : pair->new;
  char *plain = plain_name(entity);
  print_text(out, pair->display, markdown);
  if (strcmp(plain, pair->display)) {
    fputs(markdown ? " (" : " [", out);
    print_text(out, plain, markdown);
    fputs(markdown ? ")" : "]", out);
  }
  if (renamed(pair)) {
    char *new = plain_name(pair->new);
    fputs(", renamed to ", out);
    print_text(out, new, markdown);
    free(new);
  }
  free(plain);
}

static const char *const state_names[] = {"unchanged", "changed", "added",
                                          "removed"};

/* The lists of the summary, per kind: changed (ranked by lines), added,
 * removed, and renamed but otherwise unchanged. */
typedef enum summary_list {
  LIST_CHANGED,
  LIST_ADDED,
  LIST_REMOVED,
  LIST_RENAMED,
  SUMMARY_LISTS
} summary_list;

static bool in_list(const diff_pair *pair, summary_list list) {
  switch (list) {
  case LIST_CHANGED: return pair->state == CHANGED;
  case LIST_ADDED: return pair->state == ADDED;
  case LIST_REMOVED: return pair->state == REMOVED;
  default: return pair->state == UNCHANGED && renamed(pair);
  }
}

/* One list of the summary: its title, then at most args->limit names in
 * ranked order, then how many more. Nothing when it is empty. */
static void print_list(const diff_args *args, const pairing *pairs,
                       const diff_pair **order, ir_entity_kind kind,
                       summary_list list, FILE *out) {
  static const char *const titles[] = {"changed", "added", "removed",
                                       "renamed, unchanged"};
  bool markdown = args->format == FORMAT_MARKDOWN;
  size_t listed = 0, left = 0;
  for (size_t i = 0; i < pairs->count; ++i) {
    const diff_pair *pair = order[i];
    if (kind_of(pair) != kind || !in_list(pair, list))
      continue;
    if (args->limit && listed == args->limit) {
      ++left;
      continue;
    }
    if (!listed++)
      fprintf(out, markdown ? "\n**%s %s**%s\n\n" : "\n%s %s%s:\n",
              titles[list], kind_names[kind],
              list == LIST_CHANGED ? " (by lines changed)" : "");
    if (list == LIST_CHANGED)
      fprintf(out, markdown ? "- +%zu −%zu " : "  +%-5zu -%-5zu ", pair->plus,
              pair->minus);
    else
      fputs(markdown ? "- " : "  ", out);
    print_name(out, pair, markdown);
    fputc('\n', out);
  }
  if (left)
    fprintf(out, markdown ? "- ... and %zu more\n" : "  ... and %zu more\n",
            left);
}

static void print_summary(const diff_args *args, const pairing *pairs,
                          const diff_pair **order, FILE *out) {
  bool markdown = args->format == FORMAT_MARKDOWN;
  bool any = false;
  for (size_t i = 0; i < pairs->count && !any; ++i)
    any = pairs->pairs[i].state != UNCHANGED || renamed(&pairs->pairs[i]);
  if (markdown)
    fprintf(out, "### ltofold diff: `%s` → `%s`\n\n", args->inputs[0],
            args->inputs[1]);
  else
    fprintf(out, "ltofold diff: %s -> %s\n", args->inputs[0], args->inputs[1]);
  if (!any) {
    fputs(markdown ? "No change.\n" : "no change\n", out);
    return;
  }
  if (markdown)
    fputs("| | old | new | changed | added | removed | renamed | unchanged |\n"
          "|---|---:|---:|---:|---:|---:|---:|---:|\n", out);
  for (int kind = 0; kind < IR_KINDS; ++kind) {
    counts c = count_kind(pairs, (ir_entity_kind)kind);
    if (kind == IR_MODULE) {
      fprintf(out, markdown ? "| module header | | | %s | | | | |\n"
                            : "module header: %s\n",
              c.state[CHANGED] ? "changed" : "unchanged");
      continue;
    }
    fprintf(out,
            markdown ? "| %s | %zu | %zu | %zu | %zu | %zu | %zu | %zu |\n"
                     : "%s: %zu -> %zu: %zu changed, %zu added, %zu removed, "
                       "%zu renamed, %zu unchanged\n",
            kind_names[kind], c.old, c.new, c.state[CHANGED], c.state[ADDED],
            c.state[REMOVED], c.renamed, c.state[UNCHANGED]);
  }
  for (int kind = 0; kind < IR_MODULE; ++kind)
    for (int list = 0; list < SUMMARY_LISTS; ++list)
      print_list(args, pairs, order, (ir_entity_kind)kind, (summary_list)list,
                 out);
}

static void print_hunks(const diff_args *args, const diff_pair *pair,
                        FILE *out) {
  bool markdown = args->format == FORMAT_MARKDOWN;
  const char *kind = kind_name[kind_of(pair)];
  if (markdown) {
    fputs("\n<details><summary>", out);
    print_name(out, pair, true);
    fprintf(out, " (%s, +%zu −%zu)</summary>\n\n```diff\n",
            state_names[pair->state], pair->plus, pair->minus);
  } else {
    fprintf(out, "\n=== %s ", kind);
    print_name(out, pair, false);
    fprintf(out, ": %s, +%zu -%zu\n--- %s\n+++ %s\n",
            state_names[pair->state], pair->plus, pair->minus,
            args->inputs[0], args->inputs[1]);
  }
  if (pair->hunks)
    fwrite(pair->hunks, 1, pair->hunks_length, out);
  if (markdown)
    fputs("```\n\n</details>\n", out);
}

/* Whether `pair` is the function --function names. */
static bool selected(const diff_pair *pair, const char *name) {
  const ir_entity *sides[2] = {pair->old, pair->new};
  if (!strcmp(pair->display, name))
    return true;
  for (int s = 0; s < 2; ++s) {
    if (!sides[s])
      continue;
    char *plain = plain_name(sides[s]);
    bool match = !strcmp(plain, name);
    free(plain);
    if (match)
      return true;
  }
  return false;
}

int ltofold_cli_diff(int argc, char **argv) {
  diff_args args = {.inputs = {NULL, NULL}, .context_lines = NULL,
                    .limit = 20};
  ltofold_canon_options_default(&args.canon);
  int status = parse_diff_args(argc, argv, &args);
  if (status)
    return status < 0 ? 0 : status;

  char *error = NULL;
  ir_text sides[2] = {{0}, {0}};
  for (int i = 0; i < 2 && !error; ++i) {
    char *text = canonical_text(args.inputs[i], &args.canon, &error);
    if (text)
      ir_text_split(text, args.debug_info, &sides[i]);
    LLVMDisposeMessage(text);
  }
  pairing pairs = {0};
  char *output = NULL;
  if (!error) {
    pair_entities(sides, &pairs);
    output = diff_pairs(&args, &pairs, &error);
  }
  status = 2;
  if (!error) {
    const diff_pair **order = ranked(&pairs);
    status = 0;
    bool found = false;
    for (size_t i = 0; i < pairs.count; ++i) {
      const diff_pair *pair = order[i];
      if (args.function && !selected(pair, args.function))
        continue;
      found = true;
      if (pair->state != UNCHANGED || renamed(pair))
        status = 1;
    }
    if (args.function && !found) {
      error = ltofold_format("no function '%s' in %s or %s", args.function,
                             args.inputs[0], args.inputs[1]);
      status = 2;
    } else if (args.function) {
      for (size_t i = 0; i < pairs.count; ++i)
        if (selected(order[i], args.function)) {
          if (order[i]->state == UNCHANGED) {
            print_name(stdout, order[i], false);
            fputs(": unchanged\n", stdout);
          } else {
            print_hunks(&args, order[i], stdout);
          }
        }
    } else {
      print_summary(&args, &pairs, order, stdout);
      for (size_t i = 0; i < pairs.count && !args.summary_only; ++i)
        if (order[i]->state != UNCHANGED)
          print_hunks(&args, order[i], stdout);
    }
    free(order);
  }
  for (size_t i = 0; i < pairs.count; ++i)
    free(pairs.pairs[i].display);
  free(pairs.pairs);
  free(output);
  ir_text_free(&sides[0]);
  ir_text_free(&sides[1]);
  if (error)
    fprintf(stderr, "ltofold diff: error: %s\n", error);
  free(error);
  /* a difference not written is an error, not "changed" (exit 1) */
  int unwritten = ltofold_stdout_finish("ltofold diff", 2);
  return unwritten ? unwritten : status;
}
