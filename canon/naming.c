/* Names: arguments, blocks and instructions, from structure only.
 *
 * All local names are cleared first, then given in canonical order (blocks
 * after blocks.c, instructions after reorder.c), so a name that two values
 * would share gets the suffix ".1", ".2", ... by position, deterministically.
 * Hashes are printed as five decimal digits (FNV-1a modulo 100000).
 *
 * - Arguments: a0, a1, ... by position.
 * - Blocks: "bb" + hash of the multiset of the opcodes of the block's
 *   instructions and its number of successors: a block is named by what it
 * does, so inserting a block elsewhere renames nothing, and editing a constant
 * in it neither.
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
 *   each operand, never names. */
#include "canon_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NAME_LIMIT = 160, SHORT_LIMIT = 48, CONSTANT_LIMIT = 24 };

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

typedef struct naming_state {
  const canon_function *fn;
  short_name *short_names;
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

/* Gives `value` the name in `buffer`, or with the first free ".N". */
static void give_unique_name(canon_name_set *taken, LLVMValueRef value,
                             const char *base) {
  char candidate[NAME_LIMIT + 32];
  canon_name_set_add_unique(taken, base, candidate, sizeof candidate);
  LLVMSetValueName2(value, candidate, strlen(candidate));
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

void canon_name_values(canon_function *fn) {
  canon_name_set taken;
  canon_name_set_init(&taken);
  clear_names(fn);

  unsigned index = 0;
  for (LLVMValueRef param = LLVMGetFirstParam(fn->function); param;
       param = LLVMGetNextParam(param)) {
    char name[24];
    snprintf(name, sizeof name, "a%u", index++);
    give_unique_name(&taken, param, name);
  }
  for (size_t b = 0; b < fn->block_count; ++b) {
    char name[24];
    snprintf(name, sizeof name, "bb%05u",
             five_digits(block_hash(fn->blocks[b])));
    give_unique_name(&taken, LLVMBasicBlockAsValue(fn->blocks[b]), name);
  }

  naming_state state = {.fn = fn};
  state.short_names =
      malloc((fn->instruction_count + 1) * sizeof *state.short_names);
  if (!state.short_names)
    abort();
  for (size_t i = 0; i < fn->instruction_count; ++i)
    make_short_name(&fn->instructions[i], &state.short_names[i]);

  for (size_t i = 0; i < fn->instruction_count; ++i) {
    const canon_instruction *entry = &fn->instructions[i];
    if (LLVMGetTypeKind(LLVMTypeOf(entry->value)) == LLVMVoidTypeKind)
      continue;
    name_buffer buffer = {.length = 0, .full = false};
    buffer.text[0] = '\0';
    append_string(&buffer, state.short_names[i].text);
    append_callee(&buffer, entry->value);
    bool output = entry->opcode != LLVMPHI &&
                  (entry->pinned || feeds_pinned(fn, entry->value));
    append_operands(&buffer, &state, entry->value, output ? 8 : 0);
    give_unique_name(&taken, entry->value, buffer.text);
  }
  free(state.short_names);
  canon_name_set_free(&taken);
}
