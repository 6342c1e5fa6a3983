/* Step 2 of the analysis of a function (analysis.c): its shape, computed
 * once before any range. The blocks the entry reaches, in reverse
 * post-order (RPO), each with its predecessors; immediate dominators
 * (Cooper, Harvey, Kennedy, on RPO indices); the loop headers (a block
 * with a predecessor at or after it in RPO); and for each block with a
 * single predecessor ending in a conditional branch, the "edge fact" that
 * holds on entry (the condition is true, or false); and for each block the
 * conditions of its llvm.assume calls, which hold in every block it
 * strictly dominates (control leaves it only through its end, past them;
 * an assume that fails is undefined behaviour). */
#include "analysis_steps.h"

#include <llvm-c/Core.h>
#include <stdlib.h>
#include <string.h>

/* Whether `inst` is a call of llvm.assume. */
static bool is_assume(LLVMValueRef inst) {
  if (!LLVMIsACallInst(inst))
    return false;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  size_t length = 0;
  const char *name =
      callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &length) : "";
  return length == 11 && strncmp(name, "llvm.assume", 11) == 0;
}

/* The conditions block b's llvm.assume calls take (constants say nothing:
 * those carry operand bundles). */
static void collect_assumed(fn_analysis *a, size_t b) {
  uint32_t count = 0;
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1 && count)
      a->assumed[b] = fprange_allocate(count, sizeof **a->assumed);
    uint32_t found = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(a->blocks[b]); i;
         i = LLVMGetNextInstruction(i)) {
      if (!is_assume(i) || !LLVMIsAInstruction(LLVMGetOperand(i, 0)))
        continue;
      if (pass == 1)
        a->assumed[b][found] = LLVMGetOperand(i, 0);
      ++found;
    }
    count = found;
  }
  a->assumed_count[b] = a->assumed[b] ? count : 0;
}

uint32_t block_index_of(const fn_analysis *a, LLVMBasicBlockRef block) {
  return fprange_value_map_get(&a->block_index, LLVMBasicBlockAsValue(block));
}

/* The edge fact of pred -> succ: the condition of pred's conditional
 * branch, and which way it went. */
bool edge_fact(LLVMBasicBlockRef pred, LLVMBasicBlockRef succ,
               LLVMValueRef *condition, bool *truth) {
  LLVMValueRef terminator = LLVMGetBasicBlockTerminator(pred);
  if (!terminator || !LLVMIsABranchInst(terminator) ||
      !LLVMIsConditional(terminator))
    return false;
  LLVMBasicBlockRef on_true = LLVMGetSuccessor(terminator, 0);
  LLVMBasicBlockRef on_false = LLVMGetSuccessor(terminator, 1);
  if (on_true == on_false)
    return false;
  *condition = LLVMGetCondition(terminator);
  *truth = succ == on_true;
  return true;
}

void build_blocks(fn_analysis *a) {
  unsigned total = LLVMCountBasicBlocks(a->function);
  a->blocks = fprange_allocate(total, sizeof *a->blocks);
  /* Iterative DFS from the entry, post-order, then reversed. */
  LLVMBasicBlockRef *stack = fprange_allocate(total, sizeof *stack);
  unsigned *next_successor = fprange_allocate(total, sizeof *next_successor);
  fprange_value_map visited;
  fprange_value_map_init(&visited);
  size_t depth = 0, post_count = 0;
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(a->function);
  stack[depth] = entry;
  next_successor[depth++] = 0;
  fprange_value_map_put(&visited, LLVMBasicBlockAsValue(entry), 0);
  while (depth) {
    LLVMBasicBlockRef block = stack[depth - 1];
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(block);
    unsigned successors = terminator ? LLVMGetNumSuccessors(terminator) : 0;
    if (next_successor[depth - 1] < successors) {
      LLVMBasicBlockRef succ =
          LLVMGetSuccessor(terminator, next_successor[depth - 1]++);
      if (fprange_value_map_get(&visited, LLVMBasicBlockAsValue(succ)) ==
          UINT32_MAX) {
        fprange_value_map_put(&visited, LLVMBasicBlockAsValue(succ), 0);
        stack[depth] = succ;
        next_successor[depth++] = 0;
      }
    } else {
      a->blocks[post_count++] = block;
      --depth;
    }
  }
  fprange_value_map_free(&visited);
  free(stack);
  free(next_successor);
  a->block_count = post_count;
  for (size_t i = 0; i < post_count / 2; ++i) {
    LLVMBasicBlockRef t = a->blocks[i];
    a->blocks[i] = a->blocks[post_count - 1 - i];
    a->blocks[post_count - 1 - i] = t;
  }
  for (size_t i = 0; i < post_count; ++i)
    fprange_value_map_put(&a->block_index, LLVMBasicBlockAsValue(a->blocks[i]),
                          (uint32_t)i);

  size_t n = a->block_count;
  a->pred_count = fprange_allocate(n, sizeof *a->pred_count);
  a->preds = fprange_allocate(n, sizeof *a->preds);
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1) {
      for (size_t i = 0; i < n; ++i) {
        a->preds[i] = fprange_allocate(a->pred_count[i], sizeof **a->preds);
        a->pred_count[i] = 0;
      }
    }
    for (size_t i = 0; i < n; ++i) {
      LLVMValueRef terminator = LLVMGetBasicBlockTerminator(a->blocks[i]);
      unsigned successors = terminator ? LLVMGetNumSuccessors(terminator) : 0;
      for (unsigned s = 0; s < successors; ++s) {
        uint32_t j = block_index_of(a, LLVMGetSuccessor(terminator, s));
        if (pass == 1)
          a->preds[j][a->pred_count[j]] = (uint32_t)i;
        a->pred_count[j]++;
      }
    }
  }

  /* Immediate dominators: Cooper, Harvey, Kennedy, on RPO indices. */
  a->idom = fprange_allocate(n, sizeof *a->idom);
  for (size_t i = 0; i < n; ++i)
    a->idom[i] = -2; /* undefined */
  a->idom[0] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t b = 1; b < n; ++b) {
      int new_idom = -2;
      for (uint32_t k = 0; k < a->pred_count[b]; ++k) {
        int p = (int)a->preds[b][k];
        if (a->idom[p] == -2)
          continue;
        if (new_idom == -2) {
          new_idom = p;
          continue;
        }
        int x = p, y = new_idom;
        while (x != y) {
          while (x > y)
            x = a->idom[x];
          while (y > x)
            y = a->idom[y];
        }
        new_idom = x;
      }
      if (new_idom != a->idom[b]) {
        a->idom[b] = new_idom;
        changed = true;
      }
    }
  }
  a->idom[0] = -1;

  a->loop_header = fprange_allocate(n, sizeof *a->loop_header);
  a->fact_condition = fprange_allocate(n, sizeof *a->fact_condition);
  a->fact_truth = fprange_allocate(n, sizeof *a->fact_truth);
  a->reachable = fprange_allocate(n, sizeof *a->reachable);
  a->assumed = fprange_allocate(n, sizeof *a->assumed);
  a->assumed_count = fprange_allocate(n, sizeof *a->assumed_count);
  for (size_t b = 0; b < n; ++b) {
    collect_assumed(a, b);
    for (uint32_t k = 0; k < a->pred_count[b]; ++k)
      if (a->preds[b][k] >= b)
        a->loop_header[b] = true;
    if (a->pred_count[b] == 1) {
      LLVMValueRef condition;
      bool truth;
      if (edge_fact(a->blocks[a->preds[b][0]], a->blocks[b], &condition,
                    &truth)) {
        a->fact_condition[b] = condition;
        a->fact_truth[b] = truth;
      }
    }
  }
}
