/* Steps 3 and 4 of the analysis of a function (analysis.c): the fixed
 * point. The ascending phase joins each value's recomputed range into what
 * it had, widening a loop phi (and a load) that keeps growing, until a
 * pass over everything changes nothing; the descending phase (narrowing)
 * then recomputes every value without joining, at most NARROW_SWEEPS
 * times. Both run on the worklist below; compute_value (instruction.c)
 * gives each value's range from its operands. */
#include "analysis_steps.h"

#include <llvm-c/Core.h>
#include <stdlib.h>

static bool block_reachable_now(fn_analysis *a, uint32_t b) {
  if (b == 0)
    return true;
  for (uint32_t k = 0; k < a->pred_count[b]; ++k) {
    uint32_t p = a->preds[b][k];
    if (a->reachable[p] && edge_feasible(a, p, b))
      return true;
  }
  return false;
}

/* ---- the worklist ---------------------------------------------------------
 *
 * The sweeps of the prose above, done sparsely: a min-heap of work items in
 * RPO order (a block's reachability check comes before its instructions),
 * each item queued at most once at a time. Processing the smallest item
 * first is exactly an RPO sweep restricted to what changed, so a loop is
 * iterated to its fixed point before the code after it is looked at, and
 * the total work stays proportional to the changes. Keys: block b is
 * 2 * first_slot[b], instruction slot s is 2 * s + 1. */

typedef struct work_heap {
  uint32_t *keys;
  size_t count;
  uint8_t *queued; /* by key */
} work_heap;

static void heap_push(work_heap *h, uint32_t key) {
  if (h->queued[key])
    return;
  h->queued[key] = 1;
  size_t i = h->count++;
  while (i > 0) {
    size_t parent = (i - 1) / 2;
    if (h->keys[parent] <= key)
      break;
    h->keys[i] = h->keys[parent];
    i = parent;
  }
  h->keys[i] = key;
}

static uint32_t heap_pop(work_heap *h) {
  uint32_t top = h->keys[0], last = h->keys[--h->count];
  size_t i = 0;
  for (;;) {
    size_t child = 2 * i + 1;
    if (child >= h->count)
      break;
    if (child + 1 < h->count && h->keys[child + 1] < h->keys[child])
      ++child;
    if (h->keys[child] >= last)
      break;
    h->keys[i] = h->keys[child];
    i = child;
  }
  if (h->count)
    h->keys[i] = last;
  h->queued[top] = 0;
  return top;
}

typedef struct solver {
  fn_analysis *a;
  work_heap heap;
  uint32_t *first_slot;        /* per block */
  uint32_t *block_of_key_slot; /* unused slots map to UINT32_MAX */
} solver;

static void push_slot(solver *s, uint32_t slot) {
  heap_push(&s->heap, 2 * slot + 1);
}

static void push_block(solver *s, uint32_t b) {
  heap_push(&s->heap, 2 * s->first_slot[b]);
}

/* The successors of block b must recheck their reachability and phis. */
static void push_successors(solver *s, uint32_t b) {
  fn_analysis *a = s->a;
  LLVMValueRef terminator = LLVMGetBasicBlockTerminator(a->blocks[b]);
  unsigned count = terminator ? LLVMGetNumSuccessors(terminator) : 0;
  for (unsigned i = 0; i < count; ++i) {
    uint32_t succ = block_index_of(a, LLVMGetSuccessor(terminator, i));
    push_block(s, succ);
    uint32_t slot = s->first_slot[succ];
    for (LLVMValueRef inst = LLVMGetFirstInstruction(a->blocks[succ]);
         inst && LLVMGetInstructionOpcode(inst) == LLVMPHI;
         inst = LLVMGetNextInstruction(inst), ++slot)
      push_slot(s, slot);
  }
}

static void push_users_of(solver *s, LLVMValueRef v, int depth);

/* v changed: its users read it (refined or not); if a user is a compare,
 * reads of the compare's other operands are refined by v, so their users
 * are queued too; if a user is a terminator, edges may have changed. */
static void push_users_of(solver *s, LLVMValueRef v, int depth) {
  fn_analysis *a = s->a;
  for (LLVMUseRef use = LLVMGetFirstUse(v); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    uint32_t slot = fprange_value_map_get(&a->slots, user);
    if (slot == UINT32_MAX)
      continue;
    push_slot(s, slot);
    if (LLVMIsATerminatorInst(user) && a->def_block[slot] >= 0)
      push_successors(s, (uint32_t)a->def_block[slot]);
    if (depth == 0 && (LLVMIsAFCmpInst(user) || LLVMIsAICmpInst(user))) {
      for (unsigned i = 0; i < 2; ++i) {
        LLVMValueRef other = LLVMGetOperand(user, i);
        if (other == v || LLVMIsAConstant(other))
          continue;
        push_users_of(s, other, 1);
        if (LLVMIsACallInst(other) && LLVMGetNumArgOperands(other) == 1)
          push_users_of(s, LLVMGetOperand(other, 0), 1); /* fabs(x) */
      }
    }
  }
}

/* Runs the worklist to empty. Ascending: values are joined (loop phis
 * widened); otherwise replaced, each at most `limit` times. Returns false
 * if the ascending budget ran out. */
static bool solve(solver *s, bool ascending, unsigned limit) {
  fn_analysis *a = s->a;
  size_t budget = 64 * (a->value_count + a->block_count) + 1024;
  size_t params = LLVMCountParams(a->function);
  uint8_t *visits = ascending ? NULL : fprange_allocate(a->value_count, 1);
  while (s->heap.count) {
    if (ascending && budget-- == 0) {
      free(visits);
      return false;
    }
    uint32_t key = heap_pop(&s->heap);
    if (key % 2 == 0) {
      uint32_t b = s->block_of_key_slot[key / 2];
      bool reachable = block_reachable_now(a, b);
      if (reachable != a->reachable[b]) {
        a->reachable[b] = reachable;
        uint32_t end = b + 1 < a->block_count ? s->first_slot[b + 1]
                                              : (uint32_t)a->value_count;
        for (uint32_t slot = s->first_slot[b]; slot < end; ++slot)
          push_slot(s, slot);
        push_successors(s, b);
      }
      continue;
    }
    uint32_t slot = key / 2;
    if (slot < params)
      continue;
    value_range *old = &a->ranges[slot];
    if (old->kind == VALUE_NONE) {
      LLVMValueRef inst = a->values[slot];
      if (LLVMIsATerminatorInst(inst))
        push_successors(s, (uint32_t)a->def_block[slot]);
      continue;
    }
    if (visits && visits[slot]++ >= limit)
      continue;
    uint32_t b = (uint32_t)a->def_block[slot];
    LLVMValueRef inst = a->values[slot];
    value_range next = a->reachable[b] ? compute_value(a, inst, b, old)
                                       : bottom_of_type(LLVMTypeOf(inst));
    if (ascending) {
      /* Loop phis widen, and loads (from a stack array, what a loop stores
       * into it may grow the same way). */
      LLVMOpcode opcode = LLVMGetInstructionOpcode(inst);
      bool widens =
          (a->loop_header[b] && opcode == LLVMPHI) || opcode == LLVMLoad;
      if (widens && a->changes[slot] >= WIDEN_AFTER) {
        if (next.kind == VALUE_FP)
          next.as.fp = fp_interval_widen(next.format, &old->as.fp, &next.as.fp);
        else if (!int_range_equal(&old->as.integer, &next.as.integer))
          next.as.integer = int_range_full(old->as.integer.width);
      }
      next = fprange_range_join(old, &next);
    }
    if (!range_equal(old, &next)) {
      *old = next;
      a->changes[slot]++;
      a->changes_made++;
      push_users_of(s, inst, 0);
    }
  }
  free(visits);
  return true;
}

static void push_everything(solver *s) {
  fn_analysis *a = s->a;
  for (uint32_t b = 0; b < a->block_count; ++b)
    push_block(s, b);
  for (uint32_t slot = 0; slot < a->value_count; ++slot)
    push_slot(s, slot);
}

bool run_solver(fn_analysis *a) {
  solver s = {.a = a};
  size_t keys = 2 * a->value_count + 2;
  s.heap.keys = fprange_allocate(keys, sizeof *s.heap.keys);
  s.heap.queued = fprange_allocate(keys, 1);
  s.first_slot = fprange_allocate(a->block_count + 1, sizeof *s.first_slot);
  s.block_of_key_slot =
      fprange_allocate(a->value_count + 1, sizeof *s.block_of_key_slot);
  uint32_t slot = (uint32_t)LLVMCountParams(a->function);
  for (uint32_t b = 0; b < a->block_count; ++b) {
    s.first_slot[b] = slot;
    s.block_of_key_slot[slot] = b;
    for (LLVMValueRef inst = LLVMGetFirstInstruction(a->blocks[b]); inst;
         inst = LLVMGetNextInstruction(inst))
      ++slot;
  }
  /* Reads under a hypothesis depend on values further up than the direct
   * operands, which the worklist does not track; so the ascending phase
   * ends only after a pass over everything changes nothing: then every
   * value is at least what its transfer function gives (a post-fixed
   * point), whatever was missed in between. */
  bool done = true;
  do {
    push_everything(&s);
    a->changes_made = 0;
    done = solve(&s, true, 0);
  } while (done && a->changes_made > 0);
  if (done) {
    push_everything(&s);
    solve(&s, false, NARROW_SWEEPS);
  }
  free(s.heap.keys);
  free(s.heap.queued);
  free(s.first_slot);
  free(s.block_of_key_slot);
  return done;
}
