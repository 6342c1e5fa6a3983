/* canon: puts each function of a module into a canonical form, so that two
 * functions that differ only in the order of independent instructions, in
 * the names of values and blocks, in the order of commutative operands or
 * PHI edges, or in the layout of blocks, print as the same text; and so that
 * when they differ in meaning, the difference is what a diff shows.
 *
 * The idea is llvm-canon's (shared/seeds/llvm-canon-slides.txt): side
 * effects and control flow are what two builds of the same code share, so
 * they anchor the order, and everything else is placed and named relative
 * to them. One function at a time, in these steps:
 *
 *  1. Blocks (blocks.c). Lay the blocks out in reverse post-order from the
 *     entry, a branch's first target first. This depends only on the CFG.
 *  2. PHI edges (operands.c). Sort each PHI's incoming edges by the new
 *     position of their block.
 *  3. Classify and hash (hash.c). Mark the pinned instructions: those that
 *     touch memory, have side effects, control flow, or must stay at a
 *     fixed place (PHIs, allocas, EH pads). Hash every instruction from
 *     stable data only (FNV-1a over opcodes, types, predicates, argument
 *     numbers, constants, global names; never addresses or value names):
 *     the shape, deep and anchored hashes of everything feeding it (the
 *     sort keys, most robust first), and a local hash of its opcode and its
 *     operands' kinds (for names). PHIs are refined over a few rounds so
 *     that loops are seen through.
 *  4. Commutative operands (operands.c). Sort them: instructions, then
 *     arguments, then constants; by hashes, argument number or constant
 *     within a kind.
 *  5. Reorder (reorder.c). Def-use distance reduction: per block, PHIs
 *     first, then each pinned instruction in its original order preceded by
 *     the pure instructions it needs (depth-first, operands left to right),
 *     then the pure instructions only other blocks need, by hash, then the
 *     terminator. Pure instructions only move down, towards their users, so
 *     the result is valid by construction: no instruction runs that did
 *     not, no memory access moves, allocas and PHIs stay first.
 *  6. Names (naming.c). Arguments a0, a1, ...; the entry block "entry",
 *     the others by a hash of their opcodes; instructions by the llvm-canon
 *     scheme (initial "vl...", regular "op...", outputs with the recursive
 *     list of what feeds them, PHIs "ph..."), all from hashes of structure.
 *     Values that share a name are told apart by their local context
 *     (name_ties.c: what they refer to, then their neighbours), and only
 *     exact twins by ".1", ".2" in canonical order, so that no name
 *     depends on how many came before it. Last, the use lists of blocks
 *     are put in canonical order, so the printed "; preds =" lists are
 *     canonical too.
 *
 * Determinism: every order above comes from the IR's structure or from a
 * previous canonical order, sorts are stable, and the only pointer-keyed
 * tables are used for lookups. Idempotence: each step's output is a fixed
 * point of that step (RPO of an RPO layout is itself; sorted operands stay
 * sorted; the reorder of a reordered block finds the same walk; names are
 * recomputed from the same structure).
 *
 * Before the steps, the cases of each switch are sorted by value (they are
 * successors, so they decide the block order); in step 4 the other
 * compares are oriented by the same key as commutative operands (`b > a`
 * becomes `a < b`), and their hashes do not depend on the orientation.
 * After every function, the module's functions, variables, aliases and
 * ifuncs are sorted by name (module_order.cpp), which also numbers the
 * attribute groups canonically.
 *
 * Between steps 2 and 3, a pure computation whose uses are all in one
 * block it dominates, outside cycles, sinks into that block (sink.c), so
 * that pipelines that placed it differently agree. */
#include "canon_internal.h"

#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>

void ltofold_canon_options_default(ltofold_canon_options *options) {
  options->reorder = true;
  options->rename = true;
  options->sort_operands = true;
  options->ignore_global_names = false;
  options->pointers_as_integers = false;
  options->order_module = true;
}

/* The module's pointer size in bits (address space 0). */
static unsigned pointer_bits(LLVMValueRef function) {
  LLVMModuleRef module = LLVMGetGlobalParent(function);
  LLVMTargetDataRef layout = LLVMCreateTargetData(LLVMGetDataLayoutStr(module));
  unsigned bits = LLVMPointerSizeForAS(layout, 0) * 8;
  LLVMDisposeTargetData(layout);
  return bits;
}

canon_instruction *canon_function_find(const canon_function *fn,
                                       LLVMValueRef value) {
  uint64_t index = 0;
  if (!ptr_map_get(&fn->instruction_index, value, &index))
    return NULL;
  return &fn->instructions[index];
}

void canon_function_scan(canon_function *fn) {
  size_t count = 0;
  for (size_t b = 0; b < fn->block_count; ++b)
    for (LLVMValueRef i = LLVMGetFirstInstruction(fn->blocks[b]); i;
         i = LLVMGetNextInstruction(i))
      ++count;
  canon_instruction *instructions = calloc(count + 1, sizeof *instructions);
  if (!instructions)
    abort();
  ptr_map index;
  ptr_map_init(&index);
  size_t next = 0;
  for (size_t b = 0; b < fn->block_count; ++b) {
    for (LLVMValueRef i = LLVMGetFirstInstruction(fn->blocks[b]); i;
         i = LLVMGetNextInstruction(i)) {
      canon_instruction *entry = &instructions[next];
      /* Keep what an earlier scan computed (the hashes do not depend on
       * instruction order). */
      canon_instruction *previous = canon_function_find(fn, i);
      if (previous)
        *entry = *previous;
      entry->value = i;
      entry->block = b;
      entry->opcode = LLVMGetInstructionOpcode(i);
      ptr_map_put(&index, i, next++);
    }
  }
  free(fn->instructions);
  ptr_map_free(&fn->instruction_index);
  fn->instructions = instructions;
  fn->instruction_count = count;
  fn->instruction_index = index;
}

uint64_t canon_function_constant_hash(canon_function *fn,
                                      LLVMValueRef constant) {
  uint64_t index = 0;
  if (ptr_map_get(&fn->constant_index, constant, &index))
    return fn->constant_hashes[index];
  if (fn->constant_count == fn->constant_capacity) {
    fn->constant_capacity =
        fn->constant_capacity ? 2 * fn->constant_capacity : 64;
    fn->constant_hashes =
        realloc(fn->constant_hashes,
                fn->constant_capacity * sizeof *fn->constant_hashes);
    if (!fn->constant_hashes)
      abort();
  }
  /* A function's references to itself hash alike in every function, so
   * that two functions equal up to their own name are put in the same
   * order (merge folds those). */
  uint64_t hash;
  if (constant == fn->function)
    hash = canon_hash_string(CANON_FNV_OFFSET, "(self)");
  else if (fn->ignore_global_names && LLVMIsAGlobalValue(constant))
    hash = canon_hash_type_as(
        canon_hash_u64(CANON_FNV_OFFSET, (uint64_t)LLVMGetValueKind(constant)),
        LLVMGlobalGetValueType(constant), fn->pointer_bits);
  else
    hash = canon_hash_constant(CANON_FNV_OFFSET, constant);
  fn->constant_hashes[fn->constant_count] = hash;
  ptr_map_put(&fn->constant_index, constant, fn->constant_count++);
  return hash;
}

void canon_function_free(canon_function *fn) {
  free(fn->constant_hashes);
  ptr_map_free(&fn->constant_index);
  free(fn->blocks);
  free(fn->instructions);
  ptr_map_free(&fn->block_index);
  ptr_map_free(&fn->instruction_index);
  memset(fn, 0, sizeof *fn);
}

void ltofold_canon_function(LLVMValueRef function,
                            const ltofold_canon_options *options,
                            ltofold_canon_result *result) {
  if (LLVMIsDeclaration(function))
    return;
  canon_function fn = {.function = function,
                       .ignore_global_names = options->ignore_global_names};
  if (options->pointers_as_integers)
    fn.pointer_bits = pointer_bits(function);
  ptr_map_init(&fn.constant_index);
  /* Switch cases are successors: in order before the blocks are. */
  if (options->sort_operands)
    result->switches_sorted += canon_sort_switch_cases(function);
  /* The canonical block order is needed by every step; the blocks move
   * only when reordering. */
  canon_order_blocks(&fn, options->reorder);
  if (options->sort_operands)
    result->phis_sorted += canon_sort_phi_incoming(&fn);
  if (options->reorder)
    result->instructions_sunk += canon_sink_instructions(&fn);
  canon_function_scan(&fn);
  canon_classify_and_hash(&fn);
  if (options->sort_operands)
    result->operands_swapped += canon_sort_commutative_operands(&fn);
  if (options->reorder) {
    result->instructions_moved += canon_reorder_instructions(&fn);
    canon_function_scan(&fn);
  }
  if (options->rename)
    canon_name_values(&fn);
  if (options->reorder)
    canon_order_block_uses(&fn);
  canon_function_free(&fn);
  ++result->functions;
}

void ltofold_canon_module(LLVMModuleRef module,
                          const ltofold_canon_options *options,
                          ltofold_canon_result *result) {
  for (LLVMValueRef function = LLVMGetFirstFunction(module); function;
       function = LLVMGetNextFunction(function))
    ltofold_canon_function(function, options, result);
  if (options->order_module)
    result->globals_moved += canon_order_module(module);
}
