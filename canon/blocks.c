/* Block order: reverse post-order from the entry block, by a depth-first
 * walk that visits each block's successors from the last its terminator
 * lists to the first (so that, reversed, a branch's first target comes
 * before its second).
 *
 * That order depends only on the control-flow graph, not on where the
 * blocks happened to be in the function, so two functions that differ only
 * in block layout get the same layout. The entry block stays first (it is
 * first in any RPO). Blocks no path from the entry reaches keep their
 * relative order after the reachable ones. Block order never changes
 * semantics: control flow is explicit in terminators. */
#include "canon_internal.h"

#include <stdlib.h>

/* One frame of the depth-first walk: a block and the next successor to
 * visit. */
typedef struct walk_frame {
  LLVMBasicBlockRef block;
  unsigned next_successor;
} walk_frame;

void canon_order_blocks(canon_function *fn, bool move) {
  size_t count = LLVMCountBasicBlocks(fn->function);
  LLVMBasicBlockRef *original = malloc((count + 1) * sizeof *original);
  LLVMBasicBlockRef *postorder = malloc((count + 1) * sizeof *postorder);
  walk_frame *stack = malloc((count + 1) * sizeof *stack);
  bool *visited = calloc(count + 1, sizeof *visited);
  if (!original || !postorder || !stack || !visited)
    abort();
  LLVMGetBasicBlocks(fn->function, original);

  ptr_map original_index;
  ptr_map_init(&original_index);
  for (size_t i = 0; i < count; ++i)
    ptr_map_put(&original_index, LLVMBasicBlockAsValue(original[i]), i);

  size_t finished = 0, depth = 0;
  if (count) {
    stack[depth++] = (walk_frame){original[0], 0};
    visited[0] = true;
  }
  while (depth) {
    walk_frame *top = &stack[depth - 1];
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(top->block);
    unsigned successors = terminator ? LLVMGetNumSuccessors(terminator) : 0;
    if (top->next_successor == successors) {
      postorder[finished++] = top->block;
      --depth;
      continue;
    }
    /* Successors are visited last to first, so that in the reversed
     * post-order the first successor comes first. */
    LLVMBasicBlockRef next =
        LLVMGetSuccessor(terminator, successors - 1 - top->next_successor++);
    uint64_t index = 0;
    if (ptr_map_get(&original_index, LLVMBasicBlockAsValue(next),
                            &index) &&
        !visited[index]) {
      visited[index] = true;
      stack[depth++] = (walk_frame){next, 0};
    }
  }

  fn->blocks = malloc((count + 1) * sizeof *fn->blocks);
  if (!fn->blocks)
    abort();
  fn->block_count = 0;
  for (size_t i = finished; i-- > 0;)
    fn->blocks[fn->block_count++] = postorder[i];
  for (size_t i = 0; i < count; ++i)
    if (!visited[i])
      fn->blocks[fn->block_count++] = original[i];

  for (size_t i = 1; move && i < fn->block_count; ++i)
    LLVMMoveBasicBlockAfter(fn->blocks[i], fn->blocks[i - 1]);

  ptr_map_init(&fn->block_index);
  for (size_t i = 0; i < fn->block_count; ++i)
    ptr_map_put(&fn->block_index, LLVMBasicBlockAsValue(fn->blocks[i]),
                        i);

  ptr_map_free(&original_index);
  free(original);
  free(postorder);
  free(stack);
  free(visited);
}

/* LLVM adds a new use at the head of a value's use list, and the printer
 * lists a block's predecessors in use-list order, so re-setting each block
 * operand, last branch first, leaves the lists in canonical order. */
void canon_order_block_uses(canon_function *fn) {
  for (size_t b = fn->block_count; b-- > 0;) {
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(fn->blocks[b]);
    if (!terminator)
      continue;
    for (int i = LLVMGetNumOperands(terminator); i-- > 0;) {
      LLVMValueRef operand = LLVMGetOperand(terminator, (unsigned)i);
      if (LLVMValueIsBasicBlock(operand))
        LLVMSetOperand(terminator, (unsigned)i, operand);
    }
  }
}
