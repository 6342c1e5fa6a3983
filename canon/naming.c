/* Names: arguments, blocks and instructions, from structure only.
 *
 * All local names are cleared first, then given from what each value is.
 * No name depends on how many names came before it: the values that share
 * a base name get suffixes from their local context where it tells them
 * apart (name_ties.c), so an edit elsewhere in the function renames
 * nothing here. Hashes are printed as five decimal digits (FNV-1a modulo
 * 100000).
 *
 * - Arguments: a0, a1, ... by position.
 * - Blocks: the entry block is "entry"; the others "bb" + hash of the
 *   multiset of the opcodes of the block's instructions and its number of
 *   successors: a block is named by what it does, so inserting a block
 *   elsewhere renames nothing, and editing a constant in it neither.
 *   Blocks of equal name are told apart by their content one level deeper
 *   (what their instructions are and refer to, constants aside), then by
 *   how they are reached (what decides the branch to them).
 * - Instructions, three kinds (as in llvm-canon):
 *   initial  "vl" + local hash + callee + (immediate operands): no operand
 *            is an instruction; operands are arguments and constants.
 *   regular  "op" + local hash + callee + (short names of the instruction
 *            and argument operands): a pure instruction with instruction
 *            operands; a short name is the operand's prefix and hash
 *            without its own operand list, so a change upstream shows in
 *            names one level down, not further; constants are left out of
 *            the name (and of the local hash), so changing one changes only
 *            the line that holds it.
 *   output   the same for an instruction that is pinned (memory, side
 *            effects) or used by a pinned one (stored, passed, returned,
 *            deciding a branch), but the operand list is expanded
 *            recursively through pure instructions: an output's name shows
 *            what its value depends on. Capped in length.
 *   PHIs     "ph" + local hash + (short names of incoming values, in
 *            canonical block order).
 *   The local hash (hash.c) covers opcode, type, predicate and the kind of
 *   each operand, never names. Instructions of equal name are told apart
 *   by the globals they refer to (a string by its text) and by what their
 *   users are and which of their operands they are. */
#include "canon_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NAME_LIMIT = CANON_NAME_LIMIT, SHORT_LIMIT = 48, CONSTANT_LIMIT = 24 };

/* A bounded string: appends stop silently at NAME_LIMIT and mark it full. */
typedef struct name_buffer {
  char text[NAME_LIMIT + 8];
  size_t length;
  bool full;
} name_buffer;

static void append(name_buffer *buffer, const char *text, size_t length) {
  if (buffer->full)
    return;
  if (buffer->length + length > NAME_LIMIT) {
    length = NAME_LIMIT - buffer->length;
    buffer->full = true;
  }
  memcpy(buffer->text + buffer->length, text, length);
  buffer->length += length;
  if (buffer->full) {
    memcpy(buffer->text + buffer->length, "...", 3);
    buffer->length += 3;
  }
  buffer->text[buffer->length] = '\0';
}

static void append_string(name_buffer *buffer, const char *text) {
  append(buffer, text, strlen(text));
}

static unsigned five_digits(uint64_t hash) { return (unsigned)(hash % 100000); }

/* Short names of all instructions ("op12345"), indexed like
 * fn->instructions. */
typedef struct short_name {
  char text[SHORT_LIMIT];
} short_name;

static bool has_instruction_operand(LLVMValueRef instruction) {
  int count = LLVMGetNumOperands(instruction);
  for (int i = 0; i < count; ++i)
    if (LLVMIsAInstruction(LLVMGetOperand(instruction, i)))
      return true;
  return false;
}

static void make_short_name(const canon_instruction *entry, short_name *out) {
  const char *prefix = entry->opcode == LLVMPHI                ? "ph"
                       : has_instruction_operand(entry->value) ? "op"
                                                               : "vl";
  snprintf(out->text, sizeof out->text, "%s%05u", prefix,
           five_digits(entry->local_hash));
}

static void append_argument(name_buffer *buffer, const canon_function *fn,
                            LLVMValueRef argument) {
  unsigned index = 0;
  for (LLVMValueRef param = LLVMGetFirstParam(fn->function);
       param && param != argument; param = LLVMGetNextParam(param))
    ++index;
  char text[24];
  snprintf(text, sizeof text, "a%u", index);
  append_string(buffer, text);
}

size_t ltofold_canon_name_stem(const char *name, size_t length) {
  for (;;) {
    size_t i = length;
    while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9')
      --i;
    if (i == length || i < 2 || name[i - 1] != '.')
      return length;
    length = i - 1;
    if (length >= 5 && !strncmp(name + length - 5, ".llvm", 5))
      length -= 5;
  }
}

/* A constant, briefly: integers by value, globals by name, short printed
 * forms without their type, anything longer by hash. */
static void append_constant(name_buffer *buffer, LLVMValueRef constant) {
  char text[CONSTANT_LIMIT + 16];
  if (LLVMIsAGlobalValue(constant)) {
    size_t length = 0;
    const char *name = LLVMGetValueName2(constant, &length);
    append_string(buffer, "@");
    append(buffer, name, ltofold_canon_name_stem(name, length));
    return;
  }
  if (LLVMIsAConstantInt(constant) &&
      LLVMGetIntTypeWidth(LLVMTypeOf(constant)) <= 64) {
    snprintf(text, sizeof text, "%lld", LLVMConstIntGetSExtValue(constant));
    append_string(buffer, text);
    return;
  }
  if (LLVMGetValueKind(constant) == LLVMMetadataAsValueValueKind) {
    /* Not printed: see canon_hash_constant. */
    snprintf(text, sizeof text, "md%05u",
             five_digits(canon_hash_constant(CANON_FNV_OFFSET, constant)));
    append_string(buffer, text);
    return;
  }
  char *printed = LLVMPrintValueToString(constant);
  const char *value = strchr(printed, ' ');
  value = value ? value + 1 : printed;
  if (strlen(value) <= CONSTANT_LIMIT && !strpbrk(value, "\"\\")) {
    append_string(buffer, value);
  } else {
    snprintf(text, sizeof text, "c%05u",
             five_digits(canon_hash_constant(CANON_FNV_OFFSET, constant)));
    append_string(buffer, text);
  }
  LLVMDisposeMessage(printed);
}

/* What naming one function needs besides the function. Every array is
 * owned here, indexed like fn->instructions but for the blocks' (like
 * fn->blocks) and named (like the instructions that get a name). */
typedef struct naming_state {
  const canon_function *fn;
  short_name *short_names;
  uint64_t *identities; /* instruction_identity of each instruction */
  /* compute_block_contexts: narrow and wide contexts of each block */
  uint64_t *block_contents, *block_reached;
  size_t *named; /* the instructions with a value, in order */
} naming_state;

/* Appends the operand list of `instruction`: for an initial instruction
 * (no instruction operands) its immediates; otherwise only its instruction
 * and argument operands, so that changing a constant changes the line that
 * holds it and no name. `depth` > 0 expands pure instruction operands
 * recursively that many levels (outputs). */
static void append_operands(name_buffer *buffer, const naming_state *state,
                            LLVMValueRef instruction, int depth) {
  int count = LLVMGetNumOperands(instruction);
  LLVMOpcode opcode = LLVMGetInstructionOpcode(instruction);
  /* Calls list their arguments; the callee is shown before the list. */
  if (opcode == LLVMCall || opcode == LLVMInvoke || opcode == LLVMCallBr)
    count = (int)LLVMGetNumArgOperands(instruction);
  bool show_immediates = !has_instruction_operand(instruction);
  append_string(buffer, "(");
  bool first = true;
  for (int i = 0; i < count && !buffer->full; ++i) {
    LLVMValueRef operand = LLVMGetOperand(instruction, i);
    canon_instruction *definition = canon_function_find(state->fn, operand);
    bool argument = LLVMIsAArgument(operand) != NULL;
    bool immediate = !definition && !argument;
    if (LLVMValueIsBasicBlock(operand) || (immediate && !show_immediates))
      continue;
    if (!first)
      append_string(buffer, ", ");
    first = false;
    if (definition) {
      size_t index = (size_t)(definition - state->fn->instructions);
      append_string(buffer, state->short_names[index].text);
      if (depth > 0 && !definition->pinned && definition->opcode != LLVMPHI &&
          has_instruction_operand(operand))
        append_operands(buffer, state, operand, depth - 1);
    } else if (argument) {
      append_argument(buffer, state->fn, operand);
    } else if (LLVMIsConstant(operand)) {
      append_constant(buffer, operand);
    } else {
      append_string(buffer, "md");
    }
  }
  append_string(buffer, ")");
}

static void append_callee(name_buffer *buffer, LLVMValueRef instruction) {
  LLVMValueRef callee = canon_called_function(instruction);
  if (!callee)
    return;
  size_t length = 0;
  const char *name = LLVMGetValueName2(callee, &length);
  length = ltofold_canon_name_stem(name, length);
  if (length > SHORT_LIMIT)
    length = SHORT_LIMIT;
  append(buffer, name, length);
}

static void clear_names(canon_function *fn) {
  for (LLVMValueRef param = LLVMGetFirstParam(fn->function); param;
       param = LLVMGetNextParam(param))
    LLVMSetValueName2(param, "", 0);
  for (size_t b = 0; b < fn->block_count; ++b)
    LLVMSetValueName2(LLVMBasicBlockAsValue(fn->blocks[b]), "", 0);
  for (size_t i = 0; i < fn->instruction_count; ++i)
    LLVMSetValueName2(fn->instructions[i].value, "", 0);
}

/* Whether a pinned instruction other than a PHI uses `value`: the value is
 * then an output (it is stored, passed, returned or decides a branch). */
static bool feeds_pinned(const canon_function *fn, LLVMValueRef value) {
  for (LLVMUseRef use = LLVMGetFirstUse(value); use;
       use = LLVMGetNextUse(use)) {
    canon_instruction *user = canon_function_find(fn, LLVMGetUser(use));
    if (user && user->pinned && user->opcode != LLVMPHI)
      return true;
  }
  return false;
}

/* A block's name hash: the multiset of its opcodes (a sum, so the order of
 * its instructions does not matter) and its number of successors. */
static uint64_t block_hash(LLVMBasicBlockRef block) {
  uint64_t sum = 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(block); i;
       i = LLVMGetNextInstruction(i))
    sum +=
        canon_hash_u64(CANON_FNV_OFFSET, (uint64_t)LLVMGetInstructionOpcode(i));
  uint64_t hash = canon_hash_u64(CANON_FNV_OFFSET, sum);
  LLVMValueRef terminator = LLVMGetBasicBlockTerminator(block);
  return canon_hash_u64(hash,
                        terminator ? LLVMGetNumSuccessors(terminator) : 0);
}

/* What an instruction is, one level deep: its local hash and the globals it
 * refers to, its callee among them (the local hash sees a global only as
 * "a global"), by the stem of their names, a constant string also by its
 * text (canon_hash_constant). Numeric constants are left out, as names
 * leave them out, so that changing one renames nothing. */
static uint64_t instruction_identity(const canon_instruction *entry) {
  uint64_t hash = entry->local_hash;
  int count = LLVMGetNumOperands(entry->value);
  for (int i = 0; i < count; ++i) {
    LLVMValueRef operand = LLVMGetOperand(entry->value, i);
    if (LLVMIsAGlobalValue(operand))
      hash = canon_hash_u64(canon_hash_u64(hash, (uint64_t)i),
                            canon_hash_constant(CANON_FNV_OFFSET, operand));
  }
  return hash;
}

/* Which operand of `user` `use` is. */
static uint64_t operand_number(LLVMValueRef user, LLVMUseRef use) {
  int count = LLVMGetNumOperands(user);
  for (int i = 0; i < count; ++i)
    if (LLVMGetOperandUse(user, i) == use)
      return (uint64_t)i;
  return (uint64_t)count;
}

/* The context of the index-th named instruction (canon_context_of).
 * Narrow: its identity. Wide: also the identities of its instruction
 * operands, in order, and the least of its uses, each as the user's
 * identity and the operand it is there (the least, not all: a value used
 * in many places keeps its context when one more use appears, unless that
 * one comes first). Two loads of one global differ by what is done with
 * them; two compares of equal name by what they compare. */
static uint64_t instruction_context(void *context_state, size_t index,
                                    bool wide) {
  const naming_state *state = context_state;
  const canon_function *fn = state->fn;
  size_t instruction = state->named[index];
  uint64_t hash = state->identities[instruction];
  if (!wide)
    return hash;
  LLVMValueRef value = fn->instructions[instruction].value;
  int count = LLVMGetNumOperands(value);
  for (int i = 0; i < count; ++i) {
    const canon_instruction *operand =
        canon_function_find(fn, LLVMGetOperand(value, i));
    if (operand)
      hash =
          canon_hash_u64(hash, state->identities[operand - fn->instructions]);
  }
  uint64_t least_use = 0;
  bool used = false;
  for (LLVMUseRef use = LLVMGetFirstUse(value); use;
       use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    const canon_instruction *entry = canon_function_find(fn, user);
    if (!entry)
      continue;
    uint64_t this_use = canon_hash_u64(
        state->identities[entry - fn->instructions], operand_number(user, use));
    if (!used || this_use < least_use)
      least_use = this_use;
    used = true;
  }
  return canon_hash_u64(hash, least_use);
}

/* What decides a branch: the identity of `entry` and, `depth` levels up,
 * of the instructions feeding it (for a conditional branch, the compare
 * and what it compares). */
static uint64_t decision_identity(const naming_state *state,
                                  const canon_instruction *entry, int depth) {
  const canon_function *fn = state->fn;
  uint64_t hash = state->identities[entry - fn->instructions];
  int count = depth > 0 ? LLVMGetNumOperands(entry->value) : 0;
  for (int i = 0; i < count; ++i) {
    const canon_instruction *operand =
        canon_function_find(fn, LLVMGetOperand(entry->value, i));
    if (operand)
      hash = canon_hash_u64(hash, decision_identity(state, operand, depth - 1));
  }
  return hash;
}

/* The contexts of every block (canon_context_of; the index-th named block
 * is blocks[index + 1], after the entry). Narrow: its content one level
 * deeper than its name (its name hash and its instructions' identities).
 * Wide: also how it is reached: the least of its incoming edges, each as
 * what decides the branch (decision_identity) and which successor of it
 * the block is. Not its neighbours' content: twenty switch cases that
 * store a constant and go on to one block keep their names when that
 * block changes. */
static void compute_block_contexts(naming_state *state) {
  const canon_function *fn = state->fn;
  size_t count = fn->block_count;
  uint64_t *content = calloc(count + 1, sizeof *content);
  uint64_t *least_edge = calloc(count + 1, sizeof *least_edge);
  bool *reached = calloc(count + 1, sizeof *reached);
  if (!content || !least_edge || !reached)
    abort();
  for (size_t i = 0; i < fn->instruction_count; ++i)
    content[fn->instructions[i].block] += state->identities[i];
  for (size_t b = 0; b < count; ++b)
    content[b] = canon_hash_u64(block_hash(fn->blocks[b]), content[b]);
  for (size_t b = 0; b < count; ++b) {
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(fn->blocks[b]);
    const canon_instruction *entry =
        terminator ? canon_function_find(fn, terminator) : NULL;
    if (!entry)
      continue;
    uint64_t decision = decision_identity(state, entry, 2);
    unsigned successors = LLVMGetNumSuccessors(terminator);
    for (unsigned k = 0; k < successors; ++k) {
      uint64_t successor = 0;
      if (!ptr_map_get(&fn->block_index,
                       LLVMBasicBlockAsValue(LLVMGetSuccessor(terminator, k)),
                       &successor))
        continue;
      uint64_t edge = canon_hash_u64(decision, k);
      if (!reached[successor] || edge < least_edge[successor])
        least_edge[successor] = edge;
      reached[successor] = true;
    }
  }
  for (size_t b = 0; b < count; ++b)
    least_edge[b] = canon_hash_u64(content[b], least_edge[b]);
  state->block_contents = content;
  state->block_reached = least_edge;
  free(reached);
}

static uint64_t block_context(void *context_state, size_t index, bool wide) {
  const naming_state *state = context_state;
  return wide ? state->block_reached[index + 1]
              : state->block_contents[index + 1];
}

static void free_bases(char **bases, size_t count) {
  for (size_t i = 0; i < count; ++i)
    free(bases[i]);
  free(bases);
}

static char *copy_string(const char *text) {
  char *copy = strdup(text);
  if (!copy)
    abort();
  return copy;
}

static void name_arguments(const canon_function *fn, canon_name_set *taken) {
  unsigned index = 0;
  for (LLVMValueRef param = LLVMGetFirstParam(fn->function); param;
       param = LLVMGetNextParam(param)) {
    char name[24];
    snprintf(name, sizeof name, "a%u", index++);
    canon_name_set_add(taken, name);
    LLVMSetValueName2(param, name, strlen(name));
  }
}

/* The entry block is "entry" whatever it holds (it is the one block every
 * function has, and edits at the top of a function land in it); the others
 * "bb" + their name hash. */
static void name_blocks(naming_state *state, canon_name_set *taken) {
  const canon_function *fn = state->fn;
  if (fn->block_count == 0)
    return;
  canon_name_set_add(taken, "entry");
  LLVMSetValueName2(LLVMBasicBlockAsValue(fn->blocks[0]), "entry", 5);

  size_t count = fn->block_count - 1;
  LLVMValueRef *values = malloc((count + 1) * sizeof *values);
  char **bases = malloc((count + 1) * sizeof *bases);
  if (!values || !bases)
    abort();
  for (size_t i = 0; i < count; ++i) {
    char name[24];
    snprintf(name, sizeof name, "bb%05u",
             five_digits(block_hash(fn->blocks[i + 1])));
    values[i] = LLVMBasicBlockAsValue(fn->blocks[i + 1]);
    bases[i] = copy_string(name);
  }
  compute_block_contexts(state);
  canon_give_names(taken, values, bases, count, block_context, state);
  free_bases(bases, count);
  free(values);
}

/* The base name of every instruction with a value, in canonical order. */
static void name_instructions(naming_state *state, canon_name_set *taken) {
  const canon_function *fn = state->fn;
  LLVMValueRef *values = malloc((fn->instruction_count + 1) * sizeof *values);
  char **bases = malloc((fn->instruction_count + 1) * sizeof *bases);
  state->named = malloc((fn->instruction_count + 1) * sizeof *state->named);
  if (!values || !bases || !state->named)
    abort();
  size_t count = 0;
  for (size_t i = 0; i < fn->instruction_count; ++i) {
    const canon_instruction *entry = &fn->instructions[i];
    if (LLVMGetTypeKind(LLVMTypeOf(entry->value)) == LLVMVoidTypeKind)
      continue;
    name_buffer buffer = {.length = 0, .full = false};
    buffer.text[0] = '\0';
    append_string(&buffer, state->short_names[i].text);
    append_callee(&buffer, entry->value);
    bool output = entry->opcode != LLVMPHI &&
                  (entry->pinned || feeds_pinned(fn, entry->value));
    append_operands(&buffer, state, entry->value, output ? 8 : 0);
    values[count] = entry->value;
    bases[count] = copy_string(buffer.text);
    state->named[count++] = i;
  }
  canon_give_names(taken, values, bases, count, instruction_context, state);
  free_bases(bases, count);
  free(values);
}

void canon_name_values(canon_function *fn) {
  canon_name_set taken;
  canon_name_set_init(&taken);
  clear_names(fn);
  name_arguments(fn, &taken);

  naming_state state = {.fn = fn};
  state.short_names =
      malloc((fn->instruction_count + 1) * sizeof *state.short_names);
  state.identities =
      malloc((fn->instruction_count + 1) * sizeof *state.identities);
  if (!state.short_names || !state.identities)
    abort();
  for (size_t i = 0; i < fn->instruction_count; ++i) {
    make_short_name(&fn->instructions[i], &state.short_names[i]);
    state.identities[i] = instruction_identity(&fn->instructions[i]);
  }
  name_blocks(&state, &taken);
  name_instructions(&state, &taken);

  free(state.short_names);
  free(state.identities);
  free(state.block_contents);
  free(state.block_reached);
  free(state.named);
  canon_name_set_free(&taken);
}
