/* A printed module as the entities `ltofold diff` compares: each function
 * definition, global variable (and alias, ifunc), declaration, and the
 * module's header, each as text that no longer depends on the rest of the
 * module: attribute group numbers (`#3`) are replaced by the attributes
 * they stand for, metadata numbers (`!12`) by a hash of the node's content
 * (`!md.1f3a9c2b`), and debug locations and records are left out unless
 * asked for. Two builds that differ elsewhere in the module then print an
 * unchanged function the same way.
 *
 * Works on LLVM's own printed form (LLVMPrintModuleToString) rather than on
 * the IR: printing each function alone would number the whole module once
 * per function. The printed form is regular enough: a definition runs from
 * a line starting "define " to the line "}", every other top-level entity
 * is one line. */
#ifndef LTOFOLD_IR_TEXT_H
#define LTOFOLD_IR_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum ir_entity_kind {
  IR_FUNCTION,    /* define ... { ... } */
  IR_VARIABLE,    /* @x = global/constant/alias/ifunc ... */
  IR_DECLARATION, /* declare ... */
  IR_MODULE,      /* target, types, comdats, module asm, named metadata */
  IR_KINDS
} ir_entity_kind;

typedef struct ir_entity {
  ir_entity_kind kind;
  char *name; /* the name token after '@' ("foo", or "\"a b\"" quoted);
                 "(module)" for the header */
  char *text; /* one entity, normalized, ending in a newline */
  uint64_t content; /* hash of text with its own name left out */
} ir_entity;

typedef struct ir_text {
  ir_entity *entities;
  size_t count;
} ir_text;

/* A name -> name table for references to globals (renames). */
typedef struct ir_rename {
  char *from, *to;
} ir_rename;

typedef struct ir_renames {
  ir_rename *pairs; /* sorted by `from` after ir_renames_sort */
  size_t count, capacity;
} ir_renames;

/* FNV-1a over `size` bytes, from `hash` (IR_HASH_START to begin): the
 * hash of contents and names here and in `ltofold diff`'s pairing. */
#define IR_HASH_START 0xcbf29ce484222325ULL
uint64_t ir_hash(uint64_t hash, const char *data, size_t size);

/* Splits `module_text` into entities; keeps debug locations, `#dbg_`
 * records and `!dbg` attachments only with `debug_info`. */
void ir_text_split(const char *module_text, bool debug_info, ir_text *out);
void ir_text_free(ir_text *text);

void ir_renames_add(ir_renames *renames, const char *from, const char *to);
void ir_renames_sort(ir_renames *renames);
void ir_renames_free(ir_renames *renames);
/* Rewrites every reference `@from` in the entity's text to `@to`. */
void ir_entity_rename(ir_entity *entity, const ir_renames *renames);

/* The name as a person reads it: quotes removed, a C++, Rust or D name
 * demangled (plugin/demangle.cpp). malloc'd. */
char *ir_display_name(const char *name);

/* A name with the suffixes that change between builds of the same source
 * removed (".llvm.123" of ThinLTO promotion, ".12" of clashes), for
 * pairing renamed entities. malloc'd. */
char *ir_name_stem(const char *name);

#endif
