/* Sinking: a computation used in only one other block moves into it.
 *
 * Two optimization pipelines often differ only in where they left a pure
 * computation: one sank a GEP into the landing pad that uses it, the other
 * kept it in the entry block. Instructions never otherwise move between
 * blocks in canon, so the two would stay different. The canonical place
 * is the latest one: the block of its uses.
 *
 * An instruction moves from its block A into block B when
 *  - it has no side effect and cannot trap (arithmetic but division and
 *    remainder, casts, GEPs, compares, selects, vector and aggregate
 *    element operations, freeze): running it later, or not at all on
 *    paths that do not reach B, changes nothing;
 *  - every use is in B, none in a PHI (a PHI uses its value on an edge);
 *  - A strictly dominates B, so its operands are still available there;
 *  - B is in no cycle of the CFG, so it does not run more often than in A.
 * Users are visited before what they use (reverse order), so a chain of
 * such computations moves together. Inside B the instruction goes before
 * the first instruction that is not a PHI or an EH pad; reorder.c then
 * places it by its users as any other.
 *
 * Dominators by Cooper, Harvey and Kennedy's iterative algorithm ("A
 * Simple, Fast Dominance Algorithm") over the reverse post-order blocks.c
 * computed; cycles by Tarjan's strongly connected components. The LLVM-C
 * API offers neither. */
#include "canon_internal.h"

#include <stdlib.h>

static void *checked_calloc(size_t count, size_t size) {
  void *p = calloc(count + 1, size);
  if (!p)
    abort();
  return p;
}

/* The CFG over the reachable blocks, by their index in fn->blocks. */
typedef struct cfg {
  size_t count; /* reachable blocks: a prefix of fn->blocks */
  size_t **preds;
  size_t *pred_count;
  size_t **succs;
  size_t *succ_count;
} cfg;

static bool block_index(const canon_function *fn, LLVMBasicBlockRef block,
                        size_t *index) {
  uint64_t i = 0;
  if (!ptr_map_get(&fn->block_index, LLVMBasicBlockAsValue(block), &i))
    return false;
  *index = (size_t)i;
  return true;
}

static void push(size_t **list, size_t *count, size_t value) {
  size_t *grown = realloc(*list, (*count + 1) * sizeof **list);
  if (!grown)
    abort();
  *list = grown;
  grown[(*count)++] = value;
}

/* In reverse post-order the reachable blocks come first, the unreachable
 * after (blocks.c); an edge from an unreachable block does not count. */
static void build_cfg(const canon_function *fn, cfg *g) {
  size_t n = fn->block_count;
  g->preds = checked_calloc(n, sizeof *g->preds);
  g->pred_count = checked_calloc(n, sizeof *g->pred_count);
  g->succs = checked_calloc(n, sizeof *g->succs);
  g->succ_count = checked_calloc(n, sizeof *g->succ_count);
  bool *reachable = checked_calloc(n, sizeof *reachable);
  if (n)
    reachable[0] = true;
  g->count = 0;
  for (size_t b = 0; b < n && reachable[b]; ++b) {
    g->count = b + 1;
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(fn->blocks[b]);
    unsigned successors = terminator ? LLVMGetNumSuccessors(terminator) : 0;
    for (unsigned s = 0; s < successors; ++s) {
      size_t to = 0;
      if (!block_index(fn, LLVMGetSuccessor(terminator, s), &to))
        continue;
      reachable[to] = true;
      push(&g->succs[b], &g->succ_count[b], to);
      push(&g->preds[to], &g->pred_count[to], b);
    }
  }
  free(reachable);
}

static void free_cfg(cfg *g, size_t n) {
  for (size_t b = 0; b < n; ++b) {
    free(g->preds[b]);
    free(g->succs[b]);
  }
  free(g->preds);
  free(g->pred_count);
  free(g->succs);
  free(g->succ_count);
}

/* Immediate dominators by reverse post-order index (idom[0] = 0). */
static size_t *dominators(const cfg *g) {
  const size_t none = (size_t)-1;
  size_t *idom = checked_calloc(g->count, sizeof *idom);
  for (size_t b = 1; b < g->count; ++b)
    idom[b] = none;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t b = 1; b < g->count; ++b) {
      size_t candidate = none;
      for (size_t p = 0; p < g->pred_count[b]; ++p) {
        size_t x = g->preds[b][p];
        if (idom[x] == none)
          continue;
        if (candidate != none) {
          size_t y = candidate;
          while (x != y) {
            while (x > y)
              x = idom[x];
            while (y > x)
              y = idom[y];
          }
        }
        candidate = x;
      }
      if (candidate != idom[b]) {
        idom[b] = candidate;
        changed = true;
      }
    }
  }
  return idom;
}

static bool dominates(const size_t *idom, size_t a, size_t b) {
  while (b != a && b != 0)
    b = idom[b];
  return b == a;
}

/* in_cycle[b]: b is in a strongly connected component of more than one
 * block, or has an edge to itself. Tarjan's algorithm, iteratively. */
static bool *blocks_in_cycles(const cfg *g) {
  size_t n = g->count;
  bool *in_cycle = checked_calloc(n, sizeof *in_cycle);
  size_t *index = checked_calloc(n, sizeof *index); /* 0: not visited */
  size_t *low = checked_calloc(n, sizeof *low);
  bool *on_stack = checked_calloc(n, sizeof *on_stack);
  size_t *stack = checked_calloc(n, sizeof *stack);
  size_t *frames = checked_calloc(n, sizeof *frames);
  size_t *next_edge = checked_calloc(n, sizeof *next_edge);
  size_t depth = 0, top = 0, counter = 0;
  for (size_t root = 0; root < n; ++root) {
    if (index[root])
      continue;
    frames[depth++] = root;
    index[root] = low[root] = ++counter;
    stack[top++] = root;
    on_stack[root] = true;
    while (depth) {
      size_t v = frames[depth - 1];
      if (next_edge[v] < g->succ_count[v]) {
        size_t w = g->succs[v][next_edge[v]++];
        if (w == v)
          in_cycle[v] = true;
        if (!index[w]) {
          index[w] = low[w] = ++counter;
          stack[top++] = w;
          on_stack[w] = true;
          frames[depth++] = w;
        } else if (on_stack[w] && index[w] < low[v]) {
          low[v] = index[w];
        }
        continue;
      }
      --depth;
      if (depth && low[v] < low[frames[depth - 1]])
        low[frames[depth - 1]] = low[v];
      if (low[v] == index[v]) {
        size_t first = top;
        do
          on_stack[stack[--first]] = false;
        while (stack[first] != v);
        if (top - first > 1)
          for (size_t i = first; i < top; ++i)
            in_cycle[stack[i]] = true;
        top = first;
      }
    }
  }
  free(index);
  free(low);
  free(on_stack);
  free(stack);
  free(frames);
  free(next_edge);
  return in_cycle;
}

static bool may_sink(LLVMValueRef instruction) {
  switch (LLVMGetInstructionOpcode(instruction)) {
  case LLVMAdd: case LLVMFAdd: case LLVMSub: case LLVMFSub: case LLVMMul:
  case LLVMFMul: case LLVMFDiv: case LLVMFRem: case LLVMShl: case LLVMLShr:
  case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMFNeg:
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPToUI:
  case LLVMFPToSI: case LLVMUIToFP: case LLVMSIToFP: case LLVMFPTrunc:
  case LLVMFPExt: case LLVMPtrToInt: case LLVMIntToPtr: case LLVMBitCast:
  case LLVMAddrSpaceCast: case LLVMGetElementPtr: case LLVMICmp:
  case LLVMFCmp: case LLVMSelect: case LLVMExtractElement:
  case LLVMInsertElement: case LLVMShuffleVector: case LLVMExtractValue:
  case LLVMInsertValue: case LLVMFreeze:
    return true;
  default:
    return false;
  }
}

/* The one block all uses of `instruction` are in, if none is a PHI. */
static bool single_user_block(const canon_function *fn,
                              LLVMValueRef instruction, size_t *block) {
  bool found = false;
  for (LLVMUseRef use = LLVMGetFirstUse(instruction); use;
       use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    size_t b = 0;
    if (!LLVMIsAInstruction(user) || LLVMIsAPHINode(user) ||
        !block_index(fn, LLVMGetInstructionParent(user), &b) ||
        (found && b != *block))
      return false;
    *block = b;
    found = true;
  }
  return found;
}

/* The first instruction of `block` that is not a PHI or an EH pad. */
static LLVMValueRef insertion_point(LLVMBasicBlockRef block) {
  LLVMValueRef i = LLVMGetFirstInstruction(block);
  while (i && (LLVMIsAPHINode(i) || LLVMIsALandingPadInst(i) ||
               LLVMIsACatchPadInst(i) || LLVMIsACleanupPadInst(i) ||
               LLVMIsACatchSwitchInst(i)))
    i = LLVMGetNextInstruction(i);
  return i;
}

size_t canon_sink_instructions(canon_function *fn) {
  cfg g = {0};
  build_cfg(fn, &g);
  size_t moved = 0;
  if (g.count >= 2) {
    size_t *idom = dominators(&g);
    bool *in_cycle = blocks_in_cycles(&g);
    LLVMBuilderRef builder = LLVMCreateBuilderInContext(
        LLVMGetTypeContext(LLVMTypeOf(fn->function)));
    for (size_t a = g.count; a-- > 0;) {
      LLVMValueRef instruction = LLVMGetLastInstruction(fn->blocks[a]);
      while (instruction) {
        LLVMValueRef previous = LLVMGetPreviousInstruction(instruction);
        size_t b = 0;
        LLVMValueRef anchor = NULL;
        if (may_sink(instruction) &&
            single_user_block(fn, instruction, &b) && b != a &&
            b < g.count && !in_cycle[b] && dominates(idom, a, b) &&
            (anchor = insertion_point(fn->blocks[b]))) {
          canon_move_before(builder, instruction, anchor);
          ++moved;
        }
        instruction = previous;
      }
    }
    LLVMDisposeBuilder(builder);
    free(idom);
    free(in_cycle);
  }
  free_cfg(&g, fn->block_count);
  return moved;
}
