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
#include "llvm_arrays.h"

#include <stdlib.h>
#include <string.h>

/* One frame of the depth-first walk: a block and the next successor to
 * visit. */
typedef struct walk_frame {
  LLVMBasicBlockRef block;
  unsigned next_successor;
} walk_frame;

void canon_order_blocks(canon_function *fn, bool move) {
  unsigned block_count;
  LLVMBasicBlockRef *original =
      ltofold_basic_blocks(fn->function, &block_count);
  size_t count = block_count;
  LLVMBasicBlockRef *postorder = malloc((count + 1) * sizeof *postorder);
  walk_frame *stack = malloc((count + 1) * sizeof *stack);
  bool *visited = calloc(count + 1, sizeof *visited);
  if (!postorder || !stack || !visited)
    abort();

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

/* ---- switch cases ------------------------------------------------------ */

typedef struct switch_case {
  uint64_t value; /* zero-extended case value */
  LLVMValueRef constant;
  LLVMBasicBlockRef destination;
  LLVMValueRef weight; /* branch weight of the case, or NULL */
} switch_case;

static int compare_cases(const void *left, const void *right) {
  const switch_case *a = left, *b = right;
  return a->value < b->value ? -1 : a->value > b->value;
}

/* The operands of a switch's `!prof` node ("branch_weights", an optional
 * "expected", then one weight for the default and one per case), malloc'd,
 * with the index of the first weight in *first; or NULL when the node has
 * another form (then the cases are not sorted, since the weights could not
 * follow them). */
static LLVMValueRef *read_case_weights(LLVMValueRef node, unsigned cases,
                                       unsigned *first) {
  unsigned count;
  LLVMValueRef *operands = ltofold_md_node_operands(node, &count);
  unsigned length = 0;
  const char *tag = count < 2 ? NULL : LLVMGetMDString(operands[0], &length);
  if (!tag || length != 14 || memcmp(tag, "branch_weights", 14)) {
    free(operands);
    return NULL;
  }
  *first = LLVMGetMDString(operands[1], &length) ? 2 : 1;
  if (count - *first != cases + 1) {
    free(operands);
    return NULL;
  }
  return operands;
}

/* Sorts one switch's cases by value; returns whether it changed. */
static bool sort_switch(LLVMValueRef sw, unsigned prof_kind) {
  unsigned successors = LLVMGetNumSuccessors(sw);
  LLVMTypeRef type = LLVMTypeOf(LLVMGetOperand(sw, 0)); /* the condition */
  if (successors < 3 || LLVMGetIntTypeWidth(type) > 64)
    return false;
  unsigned cases = successors - 1;
  LLVMValueRef prof = LLVMGetMetadata(sw, prof_kind);
  LLVMValueRef *operands = NULL;
  unsigned first_weight = 0;
  if (prof && !(operands = read_case_weights(prof, cases, &first_weight)))
    return false;
  switch_case *list = malloc(cases * sizeof *list);
  if (!list)
    abort();
  bool sorted = true;
  for (unsigned i = 0; i < cases; ++i) {
    list[i].constant = LLVMGetSwitchCaseValue(sw, i + 1);
    list[i].value = LLVMConstIntGetZExtValue(list[i].constant);
    list[i].destination = LLVMGetSuccessor(sw, i + 1);
    list[i].weight = prof ? operands[first_weight + 1 + i] : NULL;
    if (i && list[i].value < list[i - 1].value)
      sorted = false;
  }
  if (!sorted) {
    /* Case values are distinct, so the order is total. */
    qsort(list, cases, sizeof *list, compare_cases);
    for (unsigned i = 0; i < cases; ++i) {
      LLVMSetSwitchCaseValue(sw, i + 1, list[i].constant);
      LLVMSetSuccessor(sw, i + 1, list[i].destination);
    }
    if (prof) {
      LLVMContextRef context = LLVMGetTypeContext(type);
      unsigned count = first_weight + cases + 1;
      LLVMMetadataRef *node = malloc(count * sizeof *node);
      if (!node)
        abort();
      for (unsigned i = 0; i < count; ++i) {
        LLVMValueRef operand =
            i > first_weight ? list[i - first_weight - 1].weight : operands[i];
        unsigned length = 0;
        const char *text = LLVMGetMDString(operand, &length);
        node[i] = text ? LLVMMDStringInContext2(context, text, length)
                       : LLVMValueAsMetadata(operand);
      }
      LLVMSetMetadata(sw, prof_kind,
                      LLVMMetadataAsValue(
                          context, LLVMMDNodeInContext2(context, node, count)));
      free(node);
    }
  }
  free(list);
  free(operands);
  return !sorted;
}

size_t canon_sort_switch_cases(LLVMValueRef function) {
  LLVMContextRef context = LLVMGetTypeContext(LLVMTypeOf(function));
  unsigned prof_kind = LLVMGetMDKindIDInContext(context, "prof", 4);
  size_t sorted = 0;
  for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(function); block;
       block = LLVMGetNextBasicBlock(block)) {
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(block);
    if (terminator && LLVMGetInstructionOpcode(terminator) == LLVMSwitch &&
        sort_switch(terminator, prof_kind))
      ++sorted;
  }
  return sorted;
}
