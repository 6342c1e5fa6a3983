/* Instruction order inside a block: def-use distance reduction.
 *
 * The new order of a block is built as follows:
 *  1. PHIs first, sorted by their hashes (their order means nothing).
 *  2. The pinned instructions (hash.c: memory, side effects, allocas, EH
 *     pads) in their original order, the terminator last. Before each, its
 *     operands that are pure instructions of the same block not placed yet,
 *     depth-first, operands left to right, each definition right before its
 *     first user.
 *  3. Pure instructions no pinned instruction of the block needs (used only
 *     in other blocks or by PHIs, or dead) go right before a musttail call
 *     that ends the block (it must stay next to the return), and the
 *     terminator's
 *     own operands, sorted by their hashes (stable), each with its
 *     operands.
 *
 * Why it is valid: pinned instructions keep their relative order, and a
 * pure instruction is placed right before its first pinned user in the
 * block, or at the end; it was above that user already, so it only ever
 * moves down, past pinned instructions it does not depend on, never above
 * one (so nothing is executed that was not before, and entry allocas, PHIs
 * and EH pads stay first). Every definition is placed before its users by
 * the depth-first walk.
 *
 * Debug records (#dbg_value and friends) cannot be moved through the
 * LLVM-C API: in a block whose order changes they gather right above the
 * terminator. The module stays valid; the debugger sees a variable's value
 * later in the block. */
#include "canon_internal.h"

#include <llvm-c/DebugInfo.h>

#include <stdlib.h>
#include <string.h>

/* Work buffers shared by all blocks of a function. */
typedef struct reorder_state {
  canon_function *fn;
  size_t *order; /* the block's new order, as instruction indices */
  size_t order_count;
  size_t *stack; /* depth-first walk: instruction indices */
  unsigned *next_operand;
} reorder_state;

/* The index of `operand` if it is a pure, not yet placed instruction of
 * block `block`; SIZE_MAX otherwise. */
void canon_move_before(LLVMBuilderRef builder, LLVMValueRef value,
                       LLVMValueRef anchor) {
  size_t length = 0;
  const char *current = LLVMGetValueName2(value, &length);
  char *name = strndup(current, length);
  if (!name)
    abort();
  /* Positioning the builder makes it stamp the anchor's location on what
   * it inserts: keep the instruction's own. */
  LLVMMetadataRef location = LLVMInstructionGetDebugLoc(value);
  LLVMInstructionRemoveFromParent(value);
  LLVMPositionBuilderBeforeInstrAndDbgRecords(builder, anchor);
  LLVMInsertIntoBuilderWithName(builder, value, name);
  LLVMInstructionSetDebugLoc(value, location);
  free(name);
}

static size_t pending_dependency(const reorder_state *state,
                                 LLVMValueRef operand, size_t block) {
  canon_instruction *definition = canon_function_find(state->fn, operand);
  if (!definition || definition->block != block || definition->pinned ||
      definition->emitted)
    return SIZE_MAX;
  return (size_t)(definition - state->fn->instructions);
}

/* Places `root` after its pending operands (depth-first, left to right). */
static void place_with_operands(reorder_state *state, size_t root) {
  canon_instruction *instructions = state->fn->instructions;
  size_t block = instructions[root].block;
  size_t depth = 0;
  state->stack[depth] = root;
  state->next_operand[depth++] = 0;
  instructions[root].emitted = true;
  while (depth) {
    size_t current = state->stack[depth - 1];
    LLVMValueRef value = instructions[current].value;
    unsigned operand_count = (unsigned)LLVMGetNumOperands(value);
    unsigned *next = &state->next_operand[depth - 1];
    size_t dependency = SIZE_MAX;
    while (*next < operand_count && dependency == SIZE_MAX)
      dependency =
          pending_dependency(state, LLVMGetOperand(value, (*next)++), block);
    if (dependency != SIZE_MAX) {
      instructions[dependency].emitted = true;
      state->stack[depth] = dependency;
      state->next_operand[depth++] = 0;
      continue;
    }
    state->order[state->order_count++] = current;
    --depth;
  }
}

/* Sort of instruction indices by their hashes (canon_compare_hashes),
 * stable on the index. */
static int compare_by_hash(const void *left, const void *right, void *context) {
  const canon_instruction *instructions = context;
  size_t a = *(const size_t *)left, b = *(const size_t *)right;
  int order = canon_compare_hashes(&instructions[a], &instructions[b]);
  if (order)
    return order;
  return a < b ? -1 : a > b;
}

/* Moves the block's instructions into state->order's order. Returns how
 * many changed position. */
static size_t apply_order(reorder_state *state, LLVMBasicBlockRef block,
                          size_t first, LLVMBuilderRef builder) {
  canon_instruction *instructions = state->fn->instructions;
  size_t moved = 0;
  bool same = true;
  for (size_t i = 0; i < state->order_count; ++i) {
    if (state->order[i] != first + i) {
      same = false;
      ++moved;
    }
  }
  if (same || state->order_count < 2)
    return 0;
  /* The terminator is last in every new order and stays where it is. The
   * other instructions are taken out and put back before it, first the
   * non-PHIs, then the PHIs before the first non-PHI. Debug records
   * attached to an instruction taken out pass to the next one (never a
   * PHI: those are above), and instructions go in before the records of
   * the instruction they are put in front of, so records never end up on a
   * PHI. */
  LLVMValueRef terminator =
      instructions[state->order[state->order_count - 1]].value;
  for (int phis = 0; phis < 2; ++phis) {
    LLVMValueRef anchor = terminator;
    if (phis) {
      anchor = LLVMGetFirstInstruction(block);
      while (anchor && LLVMIsAPHINode(anchor))
        anchor = LLVMGetNextInstruction(anchor);
    }
    for (size_t i = 0; i + 1 < state->order_count; ++i) {
      LLVMValueRef value = instructions[state->order[i]].value;
      if ((LLVMIsAPHINode(value) != NULL) != (phis != 0))
        continue;
      canon_move_before(builder, value, anchor);
    }
  }
  return moved;
}

/* Whether `instruction` must be the last before its block's return: a
 * musttail call, or a call to llvm.experimental.deoptimize. */
static bool must_precede_return(LLVMValueRef instruction) {
  if (LLVMGetInstructionOpcode(instruction) != LLVMCall)
    return false;
  if (LLVMGetTailCallKind(instruction) == LLVMTailCallKindMustTail)
    return true;
  LLVMValueRef callee = canon_called_function(instruction);
  size_t length = 0;
  const char *name = callee ? LLVMGetValueName2(callee, &length) : "";
  return !strncmp(name, "llvm.experimental.deoptimize", 28);
}

static size_t reorder_block(reorder_state *state, size_t block, size_t first,
                            size_t end, LLVMBuilderRef builder) {
  canon_instruction *instructions = state->fn->instructions;
  state->order_count = 0;
  size_t terminator = SIZE_MAX;

  /* 1. PHIs, by hash. */
  size_t phi_end = first;
  while (phi_end < end && instructions[phi_end].opcode == LLVMPHI) {
    instructions[phi_end].emitted = true;
    state->order[state->order_count++] = phi_end++;
  }
  qsort_r(state->order, state->order_count, sizeof *state->order,
          compare_by_hash, instructions);

  /* A musttail call (or a deoptimize call) must stay right before the
   * return: it goes after the instructions of step 3. */
  size_t tail_call = SIZE_MAX;
  if (end - first >= 2 && must_precede_return(instructions[end - 2].value))
    tail_call = end - 2;

  /* 2. Pinned instructions in order, each after its pending operands. */
  for (size_t i = phi_end; i < end; ++i) {
    if (!instructions[i].pinned || i == tail_call)
      continue;
    if (LLVMIsATerminatorInst(instructions[i].value)) {
      terminator = i;
      continue;
    }
    place_with_operands(state, i);
  }

  /* 3. What no pinned instruction needed, by hash, then the terminator. */
  size_t rest_start = state->order_count;
  size_t *rest = state->order + rest_start;
  size_t rest_count = 0;
  for (size_t i = phi_end; i < end; ++i)
    if (!instructions[i].emitted && i != terminator && i != tail_call)
      rest[rest_count++] = i;
  /* Sort the candidates in a copy: placing them writes into order[]. */
  size_t *roots = malloc((rest_count + 1) * sizeof *roots);
  if (!roots)
    abort();
  memcpy(roots, rest, rest_count * sizeof *roots);
  qsort_r(roots, rest_count, sizeof *roots, compare_by_hash, instructions);
  for (size_t i = 0; i < rest_count; ++i)
    if (!instructions[roots[i]].emitted)
      place_with_operands(state, roots[i]);
  free(roots);
  if (tail_call != SIZE_MAX)
    place_with_operands(state, tail_call);
  if (terminator != SIZE_MAX)
    place_with_operands(state, terminator);

  return apply_order(state, state->fn->blocks[block], first, builder);
}

size_t canon_reorder_instructions(canon_function *fn) {
  size_t count = fn->instruction_count;
  reorder_state state = {.fn = fn};
  state.order = malloc((count + 1) * sizeof *state.order);
  state.stack = malloc((count + 1) * sizeof *state.stack);
  state.next_operand = malloc((count + 1) * sizeof *state.next_operand);
  if (!state.order || !state.stack || !state.next_operand)
    abort();
  for (size_t i = 0; i < count; ++i)
    fn->instructions[i].emitted = false;

  LLVMBuilderRef builder =
      LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(fn->function)));
  size_t moved = 0;
  size_t first = 0;
  for (size_t block = 0; block < fn->block_count; ++block) {
    size_t end = first;
    while (end < count && fn->instructions[end].block == block)
      ++end;
    moved += reorder_block(&state, block, first, end, builder);
    first = end;
  }
  LLVMDisposeBuilder(builder);
  free(state.order);
  free(state.stack);
  free(state.next_operand);
  return moved;
}
