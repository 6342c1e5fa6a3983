/* The printed module as entities (ir_text.h says what and why).
 *
 * Steps: read the module-level tables first (attribute groups
 * `attributes #N = { ... }`, metadata nodes `!N = ...`), since references
 * to them come before their definitions; then cut the text into entities
 * and rewrite each with one scanner (rewrite), which copies string
 * literals through, and replaces `#N`, `!N` and `@name` tokens. */
#include "ir_text.h"

#include "demangle.h"
#include "ltofold_canon.h"
#include "messages.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


uint64_t ir_hash(uint64_t hash, const char *data, size_t size) {
  for (size_t i = 0; i < size; ++i) {
    hash ^= (unsigned char)data[i];
    hash *= 0x100000001b3ULL;
  }
  return hash;
}


static void *checked(void *pointer) {
  if (!pointer)
    abort();
  return pointer;
}

/* Copies the string literal at *p ("...", no escaped quotes in LLVM's
 * printed form: a quote is \22) to `out` (if any), hashing it into *hash
 * (if any); leaves *p after it. */
static void skip_string(const char **p, FILE *out, uint64_t *hash) {
  const char *start = *p;
  const char *end = strchr(start + 1, '"');
  end = end ? end + 1 : start + strlen(start);
  if (out)
    fwrite(start, 1, (size_t)(end - start), out);
  if (hash)
    *hash = ir_hash(*hash, start, (size_t)(end - start));
  *p = end;
}

static bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '$' || c == '.' || c == '_' ||
         c == '-';
}

/* The name token after an '@' at p: bare, or quoted with its quotes. */
static size_t name_token_length(const char *p) {
  if (*p == '"') {
    const char *end = strchr(p + 1, '"');
    return end ? (size_t)(end - p) + 1 : strlen(p);
  }
  size_t n = 0;
  while (is_name_char(p[n]))
    ++n;
  return n;
}

/* ---- module-level tables -------------------------------------------- */

typedef struct module_tables {
  char **groups; /* attribute group N -> "{ ... }" */
  size_t group_count;
  const char **metadata; /* node N -> its text after " = " (in the input) */
  size_t *metadata_length;
  size_t metadata_count;
  uint64_t *metadata_hash;
  unsigned char *metadata_state; /* 0 new, 1 in progress, 2 done */
  struct named_type *types; /* sorted by name */
  size_t type_count, type_capacity;
  bool debug_info;
} module_tables;

/* A named struct type, "%NAME = type BODY". One whose name has a numbered
 * suffix (the IR linker's "%struct.S.12", which changes from build to
 * build) is shown as its stem and a hash of its body. */
typedef struct named_type {
  char *name;       /* the token after '%' */
  const char *body; /* in the input */
  size_t body_length;
  unsigned char state; /* 0 new, 1 in progress, 2 done */
  uint64_t hash;
  char *shown; /* what a reference prints, or NULL to keep the name */
} named_type;

static size_t line_length(const char *line) {
  const char *end = strchr(line, '\n');
  return end ? (size_t)(end - line) : strlen(line);
}

/* Reads "N" at *p (digits); returns false if there are none. */
static bool read_number(const char **p, size_t *number) {
  if (**p < '0' || **p > '9')
    return false;
  size_t n = 0;
  while (**p >= '0' && **p <= '9')
    n = n * 10 + (size_t)(*(*p)++ - '0');
  *number = n;
  return true;
}

/* Makes *array (of *capacity elements) hold at least `needed`, doubling;
 * new elements are zero. */
static void grow(void **array, size_t element, size_t *capacity,
                 size_t needed) {
  if (needed <= *capacity)
    return;
  size_t size = *capacity ? *capacity : 16;
  while (size < needed)
    size *= 2;
  *array = checked(realloc(*array, size * element));
  memset((char *)*array + *capacity * element, 0, (size - *capacity) * element);
  *capacity = size;
}

static void read_type(const char *line, size_t length, module_tables *tables) {
  size_t token = name_token_length(line + 1);
  if (length < token + 9 || strncmp(line + 1 + token, " = type ", 8))
    return;
  grow((void **)&tables->types, sizeof *tables->types,
       &tables->type_capacity, tables->type_count + 1);
  const char *body = line + 1 + token + 8;
  tables->types[tables->type_count++] = (named_type){
      .name = checked(strndup(line + 1, token)),
      .body = body,
      .body_length = length - (size_t)(body - line)};
}

static int compare_types(const void *a, const void *b) {
  return strcmp(((const named_type *)a)->name, ((const named_type *)b)->name);
}

static named_type *find_type(module_tables *tables, const char *name,
                             size_t length) {
  size_t low = 0, high = tables->type_count;
  while (low < high) {
    size_t mid = (low + high) / 2;
    named_type *type = &tables->types[mid];
    int order = strncmp(type->name, name, length);
    if (!order && type->name[length])
      order = 1;
    if (!order)
      return type;
    if (order < 0)
      low = mid + 1;
    else
      high = mid;
  }
  return NULL;
}

/* The type's hash: its name when it has no numbered suffix (the name is
 * then the same in every build), else its body with every named type in
 * it replaced by that type's hash. Struct bodies nest by value, so there
 * is no cycle but through a malformed table, which counts as "cycle". */
static uint64_t type_hash(module_tables *tables, named_type *type) {
  if (type->state == 2)
    return type->hash;
  if (type->state == 1)
    return ir_hash(IR_HASH_START, "cycle", 5);
  type->state = 1;
  size_t length = strlen(type->name);
  bool quoted = type->name[0] == '"';
  const char *plain = type->name + quoted;
  size_t plain_length = length - 2 * quoted;
  size_t stem = ltofold_canon_name_stem(plain, plain_length);
  uint64_t hash = IR_HASH_START;
  if (stem == plain_length) {
    hash = ir_hash(hash, type->name, length);
  } else {
    hash = ir_hash(hash, plain, stem);
    for (const char *p = type->body; p < type->body + type->body_length;) {
      named_type *inner = NULL;
      size_t token = 0;
      if (*p == '%') {
        token = name_token_length(p + 1);
        inner = find_type(tables, p + 1, token);
      }
      if (inner) {
        uint64_t child = type_hash(tables, inner);
        hash = ir_hash(hash, (const char *)&child, sizeof child);
        p += 1 + token;
      } else if (*p == '"') {
        skip_string(&p, NULL, &hash);
      } else {
        hash = ir_hash(hash, p++, 1);
      }
    }
    char *shown = NULL;
    size_t size = 0;
    FILE *out = checked(open_memstream(&shown, &size));
    fprintf(out, "%s%.*s.h%06x%s", quoted ? "\"" : "", (int)stem, plain,
            (unsigned)(hash >> 40), quoted ? "\"" : "");
    fclose(out);
    type->shown = shown;
  }
  type->state = 2;
  type->hash = hash;
  return hash;
}

static void read_tables(const char *text, module_tables *tables) {
  for (const char *line = text; *line;) {
    size_t length = line_length(line);
    const char *p = line;
    size_t n = 0;
    if (!strncmp(line, "attributes #", 12)) {
      p += 12;
      const char *brace = memchr(line, '{', length);
      if (read_number(&p, &n) && brace) {
        grow((void **)&tables->groups, sizeof *tables->groups,
             &tables->group_count, n + 1);
        free(tables->groups[n]);
        tables->groups[n] =
            checked(strndup(brace, length - (size_t)(brace - line)));
      }
    } else if (line[0] == '%') {
      read_type(line, length, tables);
    } else if (line[0] == '!' && (p = line + 1, read_number(&p, &n)) &&
               !strncmp(p, " = ", 3)) {
      size_t old = tables->metadata_count;
      grow((void **)&tables->metadata, sizeof *tables->metadata,
           &tables->metadata_count, n + 1);
      size_t sized = old;
      grow((void **)&tables->metadata_length,
           sizeof *tables->metadata_length, &sized, tables->metadata_count);
      tables->metadata[n] = p + 3;
      tables->metadata_length[n] = length - (size_t)(p + 3 - line);
    }
    line += length + (line[length] == '\n');
  }
  tables->metadata_hash =
      checked(calloc(tables->metadata_count + 1, sizeof(uint64_t)));
  tables->metadata_state = checked(calloc(tables->metadata_count + 1, 1));
  if (tables->type_count)
    qsort(tables->types, tables->type_count, sizeof *tables->types,
          compare_types);
  for (size_t i = 0; i < tables->type_count; ++i)
    type_hash(tables, &tables->types[i]);
}

static void free_tables(module_tables *tables) {
  for (size_t i = 0; i < tables->group_count; ++i)
    free(tables->groups[i]);
  free(tables->groups);
  free(tables->metadata);
  free(tables->metadata_length);
  free(tables->metadata_hash);
  free(tables->metadata_state);
  for (size_t i = 0; i < tables->type_count; ++i) {
    free(tables->types[i].name);
    free(tables->types[i].shown);
  }
  free(tables->types);
}

/* The hash of metadata node n: its text with every reference to another
 * node replaced by that node's hash (a node on a cycle back to itself
 * counts as "cycle"). Equal content, equal hash, whatever the numbers. */
static uint64_t metadata_hash(module_tables *tables, size_t n) {
  if (n >= tables->metadata_count || !tables->metadata[n])
    return ir_hash(IR_HASH_START, "undefined", 9);
  if (tables->metadata_state[n] == 2)
    return tables->metadata_hash[n];
  if (tables->metadata_state[n] == 1)
    return ir_hash(IR_HASH_START, "cycle", 5);
  tables->metadata_state[n] = 1;
  uint64_t hash = IR_HASH_START;
  const char *p = tables->metadata[n];
  const char *end = p + tables->metadata_length[n];
  while (p < end) {
    size_t ref = 0;
    const char *q = p + 1;
    if (*p == '"') {
      skip_string(&p, NULL, &hash);
    } else if (*p == '!' && read_number(&q, &ref)) {
      uint64_t child = metadata_hash(tables, ref);
      hash = ir_hash(hash, (const char *)&child, sizeof child);
      p = q;
    } else {
      hash = ir_hash(hash, p++, 1);
    }
  }
  tables->metadata_state[n] = 2;
  tables->metadata_hash[n] = hash;
  return hash;
}

/* ---- the scanner ------------------------------------------------------ */

typedef struct rewrite_context {
  module_tables *tables;      /* NULL: leave # and ! references alone */
  const ir_renames *renames;  /* NULL: no renames */
  const char *self;           /* a name to leave out (content hashes) */
} rewrite_context;

static const char *rename_of(const ir_renames *renames, const char *name,
                           size_t length) {
  size_t low = 0, high = renames->count;
  while (low < high) {
    size_t mid = (low + high) / 2;
    const ir_rename *pair = &renames->pairs[mid];
    int order = strncmp(pair->from, name, length);
    if (!order && pair->from[length])
      order = 1;
    if (!order)
      return pair->to;
    if (order < 0)
      low = mid + 1;
    else
      high = mid;
  }
  return NULL;
}

/* The length of a debug location attachment at p (", !dbg !N" after an
 * instruction, " !dbg !N" on a define line), or 0. */
static size_t debug_attachment_length(const char *p) {
  const char *q = p;
  if (*q == ',')
    ++q;
  if (*q != ' ' || strncmp(q + 1, "!dbg !", 6))
    return 0;
  q += 7;
  size_t n = 0;
  if (!read_number(&q, &n))
    return 0;
  return (size_t)(q - p);
}

/* Rewrites `length` bytes of text at `text` into `out`. */
static void rewrite(const char *text, size_t length,
                    const rewrite_context *context, FILE *out) {
  const char *p = text, *end = text + length;
  module_tables *tables = context->tables;
  while (p < end) {
    size_t n = 0;
    const char *q = p + 1;
    if (*p == '"') {
      skip_string(&p, out, NULL);
    } else if (*p == ';') { /* a comment, to the end of the line */
      const char *eol = memchr(p, '\n', (size_t)(end - p));
      eol = eol ? eol : end;
      fwrite(p, 1, (size_t)(eol - p), out);
      p = eol;
    } else if (*p == '@') {
      size_t token = name_token_length(p + 1);
      const char *to = NULL;
      if (context->self && strlen(context->self) == token &&
          !strncmp(context->self, p + 1, token))
        to = "(self)";
      else if (context->renames)
        to = rename_of(context->renames, p + 1, token);
      fputc('@', out);
      if (to)
        fputs(to, out);
      else
        fwrite(p + 1, 1, token, out);
      p += 1 + token;
    } else if (tables && *p == '%') {
      size_t token = name_token_length(p + 1);
      named_type *type = find_type(tables, p + 1, token);
      fputc('%', out);
      if (type && type->shown)
        fputs(type->shown, out);
      else
        fwrite(p + 1, 1, token, out);
      p += 1 + token;
    } else if (tables && *p == '#' && read_number(&q, &n)) {
      if (n < tables->group_count && tables->groups[n])
        fprintf(out, "#%s", tables->groups[n]);
      else
        fwrite(p, 1, (size_t)(q - p), out);
      p = q;
    } else if (tables && *p == '!' && read_number(&q, &n)) {
      fprintf(out, "!md.%08x", (unsigned)(metadata_hash(tables, n) >> 32));
      p = q;
    } else if (tables && !tables->debug_info && (*p == ',' || *p == ' ') &&
               (n = debug_attachment_length(p)) > 0) {
      p += n; /* a debug location: left out */
    } else {
      fputc(*p++, out);
    }
  }
}

/* ---- entities ------------------------------------------------------ */

static void add_entity(ir_text *out, size_t *capacity, ir_entity entity) {
  grow((void **)&out->entities, sizeof *out->entities, capacity,
       out->count + 1);
  out->entities[out->count++] = entity;
}

/* The entity's own name: the first '@' token of its first line. */
static char *entity_name(const char *line, size_t length) {
  const char *p = line;
  while (p < line + length && *p != '@') {
    if (*p == '"')
      skip_string(&p, NULL, NULL);
    else
      ++p;
  }
  if (p >= line + length)
    return checked(strdup("(unnamed)"));
  return checked(strndup(p + 1, name_token_length(p + 1)));
}

/* True for a line that debug information alone makes: a `#dbg_` record. */
static bool is_debug_record(const char *line, size_t length) {
  size_t i = 0;
  while (i < length && line[i] == ' ')
    ++i;
  return length - i >= 5 && !strncmp(line + i, "#dbg_", 5);
}

static char *rewrite_to_string(const char *text, size_t length,
                               const rewrite_context *context) {
  char *buffer = NULL;
  size_t size = 0;
  FILE *out = checked(open_memstream(&buffer, &size));
  rewrite(text, length, context, out);
  fclose(out);
  return buffer;
}

static uint64_t content_hash(const ir_entity *entity) {
  rewrite_context context = {.self = entity->name};
  char *text = rewrite_to_string(entity->text, strlen(entity->text), &context);
  uint64_t hash = ir_hash(IR_HASH_START, text, strlen(text));
  free(text);
  return ir_hash(hash, (const char *)&entity->kind, sizeof entity->kind);
}

/* Finishes an entity from the lines in `body` (a memstream's buffer). */
static void finish_entity(ir_text *out, size_t *capacity, ir_entity_kind kind,
                          char *name, const char *body, size_t length,
                          module_tables *tables) {
  rewrite_context context = {.tables = tables};
  ir_entity entity = {.kind = kind, .name = name};
  entity.text = rewrite_to_string(body, length, &context);
  entity.content = content_hash(&entity);
  add_entity(out, capacity, entity);
}

static int compare_strings(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

void ir_text_split(const char *module_text, bool debug_info, ir_text *out) {
  memset(out, 0, sizeof *out);
  module_tables tables = {.debug_info = debug_info};
  read_tables(module_text, &tables);
  size_t capacity = 0;

  char *header = NULL;
  size_t header_size = 0;
  FILE *header_out = checked(open_memstream(&header, &header_size));
  /* Type and comdat lines come in the printer's order of first use, which
   * changes with the code: they are shown sorted (after renaming). */
  char **sorted = NULL;
  size_t sorted_count = 0, sorted_capacity = 0;
  rewrite_context header_context = {.tables = &tables};
  for (const char *line = module_text; *line;) {
    size_t length = line_length(line);
    const char *next = line + length + (line[length] == '\n');
    if (!strncmp(line, "define ", 7)) {
      /* Up to the closing "}" line, without debug records. */
      char *body = NULL;
      size_t body_size = 0;
      FILE *body_out = checked(open_memstream(&body, &body_size));
      char *name = entity_name(line, length);
      const char *l = line;
      for (;;) {
        size_t n = line_length(l);
        if (debug_info || !is_debug_record(l, n)) {
          fwrite(l, 1, n, body_out);
          fputc('\n', body_out);
        }
        bool last = n == 1 && l[0] == '}';
        l += n + (l[n] == '\n');
        if (last || !*l)
          break;
      }
      fclose(body_out);
      finish_entity(out, &capacity, IR_FUNCTION, name, body, body_size,
                    &tables);
      free(body);
      next = l;
    } else if (!strncmp(line, "declare ", 8) || line[0] == '@') {
      char *one = checked(strndup(line, length + 1));
      one[length] = '\n';
      finish_entity(out, &capacity,
                    line[0] == '@' ? IR_VARIABLE : IR_DECLARATION,
                    entity_name(line, length), one, length + 1, &tables);
      free(one);
    } else if (line[0] == '!' && line[1] >= '0' && line[1] <= '9') {
      /* A metadata node: its content reaches the entities as hashes. */
    } else if (!strncmp(line, "attributes #", 12) || line[0] == ';' ||
               !strncmp(line, "source_filename", 15) || length == 0) {
      /* Resolved into the entities, a comment, or the file's name. */
    } else if (line[0] == '%' || line[0] == '$') {
      grow((void **)&sorted, sizeof *sorted, &sorted_capacity,
           sorted_count + 1);
      sorted[sorted_count++] = rewrite_to_string(line, length, &header_context);
    } else {
      /* target, module asm, named metadata. */
      char *rewritten = rewrite_to_string(line, length, &header_context);
      fprintf(header_out, "%s\n", rewritten);
      free(rewritten);
    }
    line = next;
  }
  if (sorted_count)
    qsort(sorted, sorted_count, sizeof *sorted, compare_strings);
  for (size_t i = 0; i < sorted_count; ++i) {
    fprintf(header_out, "%s\n", sorted[i]);
    free(sorted[i]);
  }
  free(sorted);
  fclose(header_out);
  ir_entity module = {.kind = IR_MODULE, .name = checked(strdup("(module)")),
                      .text = header};
  module.content = content_hash(&module);
  add_entity(out, &capacity, module);
  free_tables(&tables);
}

void ir_text_free(ir_text *text) {
  for (size_t i = 0; i < text->count; ++i) {
    free(text->entities[i].name);
    free(text->entities[i].text);
  }
  free(text->entities);
  memset(text, 0, sizeof *text);
}

/* ---- renames -------------------------------------------------------- */

void ir_renames_add(ir_renames *renames, const char *from, const char *to) {
  grow((void **)&renames->pairs, sizeof *renames->pairs, &renames->capacity,
       renames->count + 1);
  renames->pairs[renames->count++] =
      (ir_rename){checked(strdup(from)), checked(strdup(to))};
}

static int compare_renames(const void *a, const void *b) {
  return strcmp(((const ir_rename *)a)->from, ((const ir_rename *)b)->from);
}

void ir_renames_sort(ir_renames *renames) {
  if (renames->count)
    qsort(renames->pairs, renames->count, sizeof *renames->pairs,
          compare_renames);
}

void ir_renames_free(ir_renames *renames) {
  for (size_t i = 0; i < renames->count; ++i) {
    free(renames->pairs[i].from);
    free(renames->pairs[i].to);
  }
  free(renames->pairs);
  memset(renames, 0, sizeof *renames);
}

void ir_entity_rename(ir_entity *entity, const ir_renames *renames) {
  if (!renames->count)
    return;
  rewrite_context context = {.renames = renames};
  char *text = rewrite_to_string(entity->text, strlen(entity->text), &context);
  free(entity->text);
  entity->text = text;
}

/* ---- names -------------------------------------------------------- */

char *ir_display_name(const char *name) {
  size_t length = strlen(name);
  char *plain = length >= 2 && name[0] == '"'
                    ? checked(strndup(name + 1, length - 2))
                    : checked(strdup(name));
  char *demangled = ltofold_demangle(plain);
  if (demangled) {
    free(plain);
    return demangled;
  }
  return plain;
}

char *ir_name_stem(const char *name) {
  size_t length = strlen(name);
  if (length >= 2 && name[0] == '"')
    return checked(strndup(name + 1, ltofold_canon_name_stem(name + 1, length - 2)));
  return checked(strndup(name, ltofold_canon_name_stem(name, length)));
}
