/* Internal interface between the steps of the canonicalizer (canon.c tells
 * the algorithm; each step has its own file). Nothing here is public.
 *
 * Ownership: a canon_function owns its arrays and maps and frees them in
 * canon_function_free; it never owns LLVM values. */
#ifndef LTOFOLD_CANON_INTERNAL_H
#define LTOFOLD_CANON_INTERNAL_H

#include "ltofold_canon.h"
#include "ptr_map.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- hash.c: FNV-1a, 64-bit, over stable data only ------------------- */

#define CANON_FNV_OFFSET 0xcbf29ce484222325ULL
#define CANON_FNV_PRIME 0x100000001b3ULL

uint64_t canon_hash_bytes(uint64_t hash, const void *data, size_t size);
uint64_t canon_hash_u64(uint64_t hash, uint64_t value);
uint64_t canon_hash_string(uint64_t hash, const char *text);
/* Kind, widths, element counts and (a few levels of) element types. */
uint64_t canon_hash_type(uint64_t hash, LLVMTypeRef type);
/* The same, with address-space-0 pointers as `pointer_bits`-wide integers
 * when pointer_bits > 0. */
uint64_t canon_hash_type_as(uint64_t hash, LLVMTypeRef type,
                            unsigned pointer_bits);
/* A constant or global, from its printed form (or value, for small
 * integers; a global by the stem of its name, a constant string also by
 * its text); never from its address. */
uint64_t canon_hash_constant(uint64_t hash, LLVMValueRef constant);

/* ---- name_set.c: the set of names given so far ---------------------- */


/* A set of strings (the names already given in one function). */
typedef struct canon_name_entry {
  char *name;           /* owned copy; NULL marks an empty slot */
  unsigned next_suffix; /* every "name.N" below it is taken */
} canon_name_entry;

typedef struct canon_name_set {
  canon_name_entry *entries; /* owned */
  size_t capacity;
  size_t count;
} canon_name_set;

void canon_name_set_init(canon_name_set *set);
void canon_name_set_free(canon_name_set *set);
/* Adds `name` if absent; returns false when it was already there. */
bool canon_name_set_add(canon_name_set *set, const char *name);
/* Adds `base`, or if it is taken "base.N" with the least N from 1 that is
 * free, and writes the name added into `out` (`size` bytes). */
void canon_name_set_add_unique(canon_name_set *set, const char *base,
                               char *out, size_t size);

/* ---- name_ties.c: names that several values share -------------------- */

/* The longest base name naming.c builds (it ends longer ones with "...");
 * a buffer of CANON_NAME_SIZE holds such a base and any suffix. */
#define CANON_NAME_LIMIT 160
#define CANON_NAME_SIZE (CANON_NAME_LIMIT + 64)

/* A hash of the context of values[index], for telling apart values that
 * share a base name, from structure only: `wide` false, what the value
 * itself is, one level deeper than its name; true, that and its
 * neighbours. */
typedef uint64_t canon_context_of(void *state, size_t index, bool wide);

/* Names values[0..count), given in canonical order, each from its base
 * name bases[i]: a base no other of these values has is the name. The
 * values sharing a base get ".DDDDD", five digits of their narrow context,
 * where those differ among them; then, between values whose narrow
 * contexts are equal, five digits of their wide one where those differ;
 * then ".1", ".2", ... in canonical order between values left equal.
 * Adds every name to `taken`. */
void canon_give_names(canon_name_set *taken, LLVMValueRef *values,
                      char *const *bases, size_t count,
                      canon_context_of *context_of, void *state);

/* ---- the function being canonicalized --------------------------------- */

/* The structural hashes of an instruction (hash.c), as sort keys in this
 * order. */
typedef enum canon_hash_kind {
  CANON_HASH_SHAPE,    /* what feeds it, constants by type only */
  CANON_HASH_DEEP,     /* what feeds it, constants by value */
  CANON_HASH_ANCHORED, /* deep, and pinned instructions by their place */
  CANON_HASH_KINDS
} canon_hash_kind;

/* What the canonicalizer knows about one instruction. */
typedef struct canon_instruction {
  LLVMValueRef value;
  size_t block; /* index into canon_function.blocks */
  LLVMOpcode opcode;
  bool pinned;           /* may not move: side effects, memory, terminators */
  size_t pinned_ordinal; /* place among the pinned instructions of its block */
  bool emitted;          /* reorder.c: already placed in the new order */
  uint64_t hash[CANON_HASH_KINDS];
  uint64_t local_hash; /* opcode, type and operand kinds only (naming.c) */
  uint64_t user_hash;  /* the anchored hashes of its users: breaks ties
                          between equal computations used differently */
} canon_instruction;

typedef struct canon_function {
  LLVMValueRef function;
  bool ignore_global_names;  /* from ltofold_canon_options */
  unsigned pointer_bits;     /* > 0 with pointers_as_integers */
  LLVMBasicBlockRef *blocks; /* in canonical order (after blocks.c) */
  size_t block_count;
  ptr_map block_index;     /* block (as value) -> index in blocks */
  canon_instruction *instructions; /* in block order at the last scan */
  size_t instruction_count;
  ptr_map instruction_index; /* instruction -> index */
  /* Hashes of constants already printed (canon_function_constant_hash):
   * constant -> index into constant_hashes. */
  ptr_map constant_index;
  uint64_t *constant_hashes;
  size_t constant_count, constant_capacity;
} canon_function;

/* canon.c: (re)builds the instruction table from the function's current
 * order; keeps `blocks`. */
void canon_function_scan(canon_function *fn);
void canon_function_free(canon_function *fn);
/* canon_hash_constant(CANON_FNV_OFFSET, constant), computed once per
 * constant and function (printing a constant is slow). */
uint64_t canon_function_constant_hash(canon_function *fn,
                                      LLVMValueRef constant);
/* The table entry of `value`, or NULL if it is not an instruction of fn. */
canon_instruction *canon_function_find(const canon_function *fn,
                                       LLVMValueRef value);

/* ---- the steps, in the order canon.c runs them ------------------------- */

/* blocks.c: computes the canonical block order (reverse post-order from the
 * entry, successors in terminator order; unreachable blocks keep their
 * relative order at the end) into fn->blocks and fn->block_index, and lays
 * the blocks out in it when `move`. */
void canon_order_blocks(canon_function *fn, bool move);

/* blocks.c: sorts the cases of every switch by value (unsigned), with
 * their branch weights; run first, since the cases are successors and so
 * decide the block order. Returns how many switches changed. Switches
 * wider than 64 bits, or whose `!prof` node has an unknown form, are left
 * as they are. */
size_t canon_sort_switch_cases(LLVMValueRef function);

/* blocks.c: re-sets the block operands of every terminator so that each
 * block's use list (the order of "; preds = " in printed IR) follows the
 * canonical order of the branches. */
void canon_order_block_uses(canon_function *fn);

/* operands.c: rebuilds PHIs whose incoming edges are not in canonical block
 * order. Returns how many PHIs it rebuilt. Run before canon_function_scan. */
size_t canon_sort_phi_incoming(canon_function *fn);

/* hash.c: fills pinned and the hashes of every instruction. */
void canon_classify_and_hash(canon_function *fn);

/* operands.c: orders the operands of commutative instructions. Returns the
 * number of instructions whose operands it swapped. */
size_t canon_sort_commutative_operands(canon_function *fn);

/* sink.c: moves each pure instruction that cannot trap, whose uses are all
 * in one other block (none in a PHI), into that block, when its own block
 * dominates it and it is in no cycle (so nothing runs more often). Two
 * builds that placed such a computation differently (one pipeline sank
 * it, the other did not) then agree. Needs the canonical block order;
 * run before canon_function_scan. Returns how many moved. */
size_t canon_sink_instructions(canon_function *fn);

/* reorder.c: moves `value` right before `anchor`, keeping its name and
 * debug location. */
void canon_move_before(LLVMBuilderRef builder, LLVMValueRef value,
                       LLVMValueRef anchor);

/* reorder.c: def-use distance reduction inside each block. Returns the
 * number of instructions that changed position. */
size_t canon_reorder_instructions(canon_function *fn);

/* naming.c: names arguments, blocks and instructions. */
void canon_name_values(canon_function *fn);

/* module_order.cpp: sorts the module's functions (definitions, then
 * declarations), global variables, aliases and ifuncs by name. Returns
 * how many changed place. */
#ifdef __cplusplus
extern "C"
#endif
    size_t
    canon_order_module(LLVMModuleRef module);

/* Shared predicates (hash.c). */
/* -1/0/1 by the hashes in canon_hash_kind order, then the users' hash. */
int canon_compare_hashes(const canon_instruction *a,
                         const canon_instruction *b);
bool canon_is_commutative(LLVMValueRef instruction);
/* For a compare whose operands may be swapped by changing its predicate
 * (every icmp and fcmp but the symmetric ones, which are commutative):
 * the predicate after swapping, as a code (icmp and fcmp predicates do
 * not overlap); *code gets the current one. Returns false for anything
 * else. */
bool canon_compare_orientation(LLVMValueRef instruction, unsigned *code,
                               unsigned *swapped);
/* The called function of a call or invoke, or NULL (indirect, asm). */
LLVMValueRef canon_called_function(LLVMValueRef instruction);

#endif
