/* Merging pairs of functions of different shapes (merge-shapes).
 *
 * similar.c merges functions that are equal up to constants and
 * operations, and pairs whose blocks match one for one (regions.c). Real
 * functions that are alike rarely line up that well: one has a block more
 * (an extra check), a call more, a longer loop body. This file merges such
 * pairs by aligning their code, as HyFM and FMSA do, and lets LLVM's own
 * passes do the SSA work.
 *
 *   1. Candidates. Every function that may take part in similar merging
 *      (similar_may_take_part) and that no call in a loop names (the rule
 *      of sequences.cpp: the selector's branches would run once per
 *      iteration) gets a fingerprint: the bytes of its code by
 *      the size model, per opcode. Sorted by function type and then size,
 *      each function looks at the next MAX_TRIES of its type and takes the
 *      one whose fingerprint shares the most bytes with its own; a pair
 *      whose shared bytes cannot pay for a call passing the selector from
 *      each member is left before any code is looked at. Sorting keeps
 *      the search near linear.
 *   2. Alignment. Copies of the two have their registers and phis demoted
 *      to memory (LLVM's reg2mem): then every value but an entry block's
 *      alloca is used only in its own block, so blocks can be paired
 *      freely (forward_slots makes a load of a slot stored in the same
 *      block the value stored). The blocks, in the comparator's walk
 *      order, are aligned by Needleman-Wunsch on their fingerprints; inside
 *      each pair of blocks, the instructions, where two instructions may be
 *      one when they do the same operation on operands of the same types.
 *      A pair whose matched instructions cannot pay, or are less than
 *      MIN_MATCHED_PERCENT of the two, is left before any code is built.
 *      The functions as they are get aligned the same way first, and a
 *      pair below MIN_MATCHED_PERCENT - REG2MEM_MARGIN there is left
 *      before the copies and reg2mem.
 *   3. The merged body: a's parameters and an i1 selector (false for a,
 *      true for b). The entry holds both sides' allocas. A pair of blocks
 *      becomes one block: matched instructions once, an operand that
 *      differs a select by the selector (only where similar.c would let a
 *      constant vary: comparator_position_may_vary; never a call's callee,
 *      so calls of two functions stay two direct calls); instructions of one
 *      side under a branch on the selector; terminators once when they are
 *      alike (a successor that differs goes through a block that branches
 *      on the selector), otherwise each side's under the selector. Blocks
 *      of one side are copied. A load or store of one side's own slot runs
 *      unguarded, and two slots that matched instructions use become one
 *      (is_private_access, join_slots): then a value that one side keeps
 *      in a register and the other in a slot is one value again after
 *      mem2reg. Values that now cross blocks go through memory again, and
 *      LLVM's mem2reg, instsimplify, simplifycfg and early-cse make
 *      registers and phis of it all.
 *   4. The price: similar.c's, with the body as built
 *      (similar_selector_pair_saved); a pair that does not save more than
 *      MIN_BYTES_SAVED is dropped.
 *   5. Certification, on every run whatever `certify` says: for each
 *      member, a copy of the body with the selector bound to the value the
 *      fold will pass for it, and a copy of the member after reg2mem, both
 *      go through the same normal form (loop hints dropped, the fixed
 *      passes NORMALIZE, phis and their incoming pairs in the walk's order)
 *      and must compare equal by the certifier's comparator
 *      (certify_specialized). LLVM's passes keep behaviour, and the
 *      reorderings are of things that run together, so equal normal forms
 *      mean the body bound does what the member does. A pair that does not
 *      check is not merged, and its functions are counted `uncertified`.
 *   6. The fold: similar.c's (similar_selector_pair_fold): each member a
 *      thunk passing its selector, or its calls redirected.
 *
 * Left out, for a first version: functions with exception handling (an
 * invoke or an EH pad, which reg2mem and the copies of blocks would have
 * to keep in place), callbr and indirectbr, token values; groups of more
 * than two. The merged body has no debug locations (it holds code of two
 * subprograms). */
#include "certify.h"
#include "compare.h"
#include "function_copy.h"
#include "llvm_arrays.h"
#include "merge_internal.h"
#include "outline.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Partners a function looks at, functions' and blocks' sizes past which a
 * pair is not aligned (the alignment costs the product of the blocks'
 * sizes; the passes that finish the body, more than linear time in the
 * size of bodies with many slots: on opus, bodies of functions up to 3,000
 * instructions took merge from 0.1 s to 2.5 s, most of it in those passes, for
 * one pair merged either way), and what a merge must save. */
enum {
  MAX_TRIES = 8,
  MAX_INSTRUCTIONS = 1000,
  MAX_CELLS = 1 << 18,
  MIN_BYTES_SAVED = 16
};
/* What a pair costs at least besides its body, in bytes: a call passing
 * the selector for each member (its calls redirected, similar.c's
 * member_cost), and the selector's parameter. */
enum { PAIR_OVERHEAD = 2 * 5 + 2 };
/* How much of the two an alignment must match (by weight, per cent of the
 * mean of the two) for the body to be built: on cjson, no pair below 60%
 * saved bytes, and pairs below 30% built bodies many times the size of
 * both (phis for every value of one side live across the other's code). */
enum { MIN_MATCHED_PERCENT = 60 };
/* The same test on the functions as they are, before the copies and
 * reg2mem that cost most of an aligned pair's time, with this much less:
 * reg2mem's loads and stores mostly match each other. Of 4,134 pairs
 * aligned on a generated module of 20,000 functions, it left 3,749 and 4
 * of the 236 merged; of 315 on six real programs, 71 and 1 of 50. */
enum { REG2MEM_MARGIN = 10 };
/* And what the fingerprints of a pair must share, the same way, for the
 * pair to be aligned at all: aligning is the costly step (on opus, 47
 * pairs aligned took merge from 0.11 s to 3.4 s, and 5 were built). */
enum { MIN_SHARED_PERCENT = 50 };
/* Opcodes are below this (llvm-c/Core.h: LLVMFreeze is 68). */
enum { OPCODES = 96 };
/* An instruction's weight in the alignment, scaled, leaves room for the
 * operands that look alike. */
enum { OPERAND_SCALE = 8 };

/* The passes that make registers of the body built in memory, and the
 * normal form both sides of a certification are brought to. */
static const char FINISH[] =
    "mem2reg,instsimplify,simplifycfg,early-cse,simplifycfg";
static const char NORMALIZE[] =
    "instsimplify,simplifycfg,mem2reg,instsimplify,simplifycfg,early-cse,"
    "instsimplify,simplifycfg";

/* ---- Running LLVM's passes ---- */

static bool run_passes(LLVMValueRef fn, const char *passes) {
  LLVMPassBuilderOptionsRef options = LLVMCreatePassBuilderOptions();
  LLVMErrorRef error = LLVMRunPassesOnFunction(fn, passes, NULL, options);
  LLVMDisposePassBuilderOptions(options);
  if (!error)
    return true;
  LLVMConsumeError(error);
  return false;
}

/* ---- Fingerprints ---- */

/* What an instruction weighs in a fingerprint: its bytes by the size model,
 * in hundredths, and one more, so that instructions of no code (casts)
 * still count as shared. */
static unsigned weight(LLVMValueRef inst) {
  return merge_instruction_cost(inst) + 1;
}

static unsigned opcode_of(LLVMValueRef inst) {
  unsigned opcode = (unsigned)LLVMGetInstructionOpcode(inst);
  return opcode < OPCODES ? opcode : OPCODES - 1;
}

/* The bytes two fingerprints share: per opcode, the smaller. */
static size_t shared_weight(const unsigned *a, const unsigned *b) {
  size_t shared = 0;
  for (unsigned k = 0; k < OPCODES; ++k)
    shared += a[k] < b[k] ? a[k] : b[k];
  return shared;
}

typedef struct shape_candidate {
  LLVMValueRef fn;
  char *type; /* the function type, printed: the sort key */
  size_t weight, instructions, index;
  unsigned fingerprint[OPCODES];
} shape_candidate;

static void fingerprint_function(shape_candidate *c) {
  memset(c->fingerprint, 0, sizeof c->fingerprint);
  c->weight = c->instructions = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      if (LLVMIsAPHINode(i))
        continue;
      unsigned w = weight(i);
      c->fingerprint[opcode_of(i)] += w;
      c->weight += w;
      c->instructions++;
    }
}

static int compare_candidates(const void *left, const void *right) {
  const shape_candidate *a = left, *b = right;
  int order = strcmp(a->type, b->type);
  if (order)
    return order;
  if (a->weight != b->weight)
    return a->weight < b->weight ? -1 : 1;
  order = strcmp(function_name(a->fn), function_name(b->fn));
  if (order)
    return order;
  return a->index < b->index ? -1 : a->index > b->index;
}

/* Whether the body of `fn` holds what this file leaves out. */
static bool has_unsupported_code(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      switch (LLVMGetInstructionOpcode(i)) {
      case LLVMInvoke:
      case LLVMCallBr:
      case LLVMIndirectBr:
      case LLVMResume:
      case LLVMLandingPad:
      case LLVMCleanupPad:
      case LLVMCatchPad:
      case LLVMCatchSwitch:
      case LLVMCleanupRet:
      case LLVMCatchRet:
        return true;
      default:
        break;
      }
      if (LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMTokenTypeKind)
        return true;
    }
  return false;
}

/* ---- Alignment ---- */

/* Entry of an alignment: an instruction (or block) of a, of b, or both. */
typedef struct step {
  void *a, *b; /* either may be NULL */
} step;

typedef struct step_list {
  step *items;
  size_t count, capacity;
} step_list;

static void step_push(step_list *list, void *a, void *b) {
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 16;
    list->items = realloc(list->items, list->capacity * sizeof *list->items);
    if (!list->items)
      abort();
  }
  list->items[list->count++] = (step){a, b};
}

/* Needleman-Wunsch with gaps free: the in-order pairing of the n items of
 * one side and the m of the other that maximizes the summed score of the
 * pairs (score 0: may not pair). The steps go to `out` in order. Returns
 * false when the table would be too big. */
typedef unsigned (*pair_score)(void *a, void *b, void *data);

static bool align(void **left, size_t n, void **right, size_t m,
                  pair_score score, void *data, step_list *out) {
  if ((n + 1) * (m + 1) > MAX_CELLS)
    return false;
  size_t width = m + 1;
  uint64_t *table = calloc((n + 1) * width, sizeof *table);
  if (!table)
    abort();
  for (size_t i = 1; i <= n; ++i)
    for (size_t j = 1; j <= m; ++j) {
      uint64_t best = table[(i - 1) * width + j];
      if (table[i * width + j - 1] > best)
        best = table[i * width + j - 1];
      unsigned s = score(left[i - 1], right[j - 1], data);
      if (s && table[(i - 1) * width + j - 1] + s > best)
        best = table[(i - 1) * width + j - 1] + s;
      table[i * width + j] = best;
    }
  /* Back from the end: the steps in reverse, then turned round. */
  size_t first = out->count, i = n, j = m;
  while (i || j) {
    uint64_t here = table[i * width + j];
    if (i && j) {
      unsigned s = score(left[i - 1], right[j - 1], data);
      if (s && table[(i - 1) * width + j - 1] + s == here) {
        step_push(out, left[--i], right[--j]);
        continue;
      }
    }
    if (i && table[(i - 1) * width + j] == here)
      step_push(out, left[--i], NULL);
    else
      step_push(out, NULL, right[--j]);
  }
  for (size_t x = first, y = out->count; x + 1 < y; ++x, --y) {
    step t = out->items[x];
    out->items[x] = out->items[y - 1];
    out->items[y - 1] = t;
  }
  free(table);
  return true;
}

/* Whether two call sites have the same attributes at every index. */
static bool same_call_attributes(LLVMValueRef a, LLVMValueRef b) {
  unsigned args = LLVMGetNumArgOperands(a);
  for (long index = -1; index <= (long)args; ++index) {
    LLVMAttributeIndex at = index < 0
                                ? (LLVMAttributeIndex)LLVMAttributeFunctionIndex
                                : (LLVMAttributeIndex)index;
    unsigned count, other;
    LLVMAttributeRef *left = ltofold_call_site_attributes(a, at, &count);
    LLVMAttributeRef *right = ltofold_call_site_attributes(b, at, &other);
    bool same = count == other;
    for (unsigned x = 0; x < count && same; ++x) {
      bool found = false;
      for (unsigned y = 0; y < count && !found; ++y)
        found = left[x] == right[y];
      same = found;
    }
    free(left);
    free(right);
    if (!same)
      return false;
  }
  return true;
}

/* What the two instructions' kinds hold beyond opcode and operands. */
static bool same_state(LLVMValueRef a, LLVMValueRef b) {
  switch (LLVMGetInstructionOpcode(a)) {
  case LLVMLoad:
  case LLVMStore:
    return LLVMGetAlignment(a) == LLVMGetAlignment(b) &&
           LLVMGetVolatile(a) == LLVMGetVolatile(b) &&
           LLVMGetOrdering(a) == LLVMGetOrdering(b);
  case LLVMAlloca:
    return LLVMGetAllocatedType(a) == LLVMGetAllocatedType(b) &&
           LLVMGetAlignment(a) == LLVMGetAlignment(b);
  case LLVMGetElementPtr:
    return LLVMGetGEPSourceElementType(a) == LLVMGetGEPSourceElementType(b);
  case LLVMICmp:
    return LLVMGetICmpPredicate(a) == LLVMGetICmpPredicate(b);
  case LLVMFCmp:
    return LLVMGetFCmpPredicate(a) == LLVMGetFCmpPredicate(b);
  case LLVMCall: {
    LLVMValueRef ca = LLVMGetCalledValue(a), cb = LLVMGetCalledValue(b);
    bool intrinsic = (LLVMIsAFunction(ca) && LLVMGetIntrinsicID(ca)) ||
                     (LLVMIsAFunction(cb) && LLVMGetIntrinsicID(cb));
    return LLVMGetCalledFunctionType(a) == LLVMGetCalledFunctionType(b) &&
           LLVMGetInstructionCallConv(a) == LLVMGetInstructionCallConv(b) &&
           LLVMGetTailCallKind(a) == LLVMGetTailCallKind(b) &&
           !LLVMGetNumOperandBundles(a) && !LLVMGetNumOperandBundles(b) &&
           (!intrinsic || ca == cb) && (LLVMIsAFunction(ca) || ca == cb) &&
           same_call_attributes(a, b);
  }
  case LLVMExtractValue:
  case LLVMInsertValue: {
    unsigned count = LLVMGetNumIndices(a);
    return count == LLVMGetNumIndices(b) &&
           (count == 0 || !memcmp(LLVMGetIndices(a), LLVMGetIndices(b),
                                  count * sizeof(unsigned)));
  }
  case LLVMShuffleVector: {
    unsigned count = LLVMGetNumMaskElements(a);
    if (count != LLVMGetNumMaskElements(b))
      return false;
    for (unsigned k = 0; k < count; ++k)
      if (LLVMGetMaskValue(a, k) != LLVMGetMaskValue(b, k))
        return false;
    return true;
  }
  case LLVMAtomicCmpXchg:
  case LLVMAtomicRMW:
  case LLVMFence:
  case LLVMVAArg:
  case LLVMPHI:
    return false;
  default:
    return true;
  }
}

/* Whether operand `k` of `inst` may be a select by the selector. */
static bool may_select(LLVMValueRef inst, unsigned k) {
  LLVMTypeKind kind = LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(inst, k)));
  if (kind == LLVMMetadataTypeKind || kind == LLVMTokenTypeKind ||
      kind == LLVMLabelTypeKind)
    return false;
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMBr: /* the condition */
  case LLVMRet:
    return true;
  case LLVMSwitch:
    return k == 0;
  case LLVMCall:
    /* Never the callee: a select of two functions is an indirect call,
     * which costs more than a direct one and hides its callee from the
     * passes after merge; the two calls stay direct, each under the
     * selector. */
    if (k == (unsigned)LLVMGetNumOperands(inst) - 1)
      return false;
    return comparator_position_may_vary(inst, k);
  default:
    return comparator_position_may_vary(inst, k);
  }
}

/* Whether two operands look alike before they are mapped: the same
 * constant or global, arguments of one number, instructions of one
 * opcode. */
static bool operands_alike(LLVMValueRef x, LLVMValueRef y) {
  if (x == y)
    return true;
  if (LLVMIsAArgument(x) && LLVMIsAArgument(y)) {
    LLVMValueRef p = LLVMGetFirstParam(LLVMGetParamParent(x)),
                 q = LLVMGetFirstParam(LLVMGetParamParent(y));
    while (p != x && q != y) {
      p = LLVMGetNextParam(p);
      q = LLVMGetNextParam(q);
    }
    return p == x && q == y;
  }
  return LLVMIsAInstruction(x) && LLVMIsAInstruction(y) &&
         LLVMGetInstructionOpcode(x) == LLVMGetInstructionOpcode(y);
}

/* Whether two instructions may become one, as far as can be told before
 * their operands are mapped: same opcode, type and state, operands of the
 * same types, constants the same where no select may stand. The score is
 * their weight, scaled, and one more for each operand that looks alike
 * (operands_alike: of two ways to align as much code, the one that needs
 * fewer selects); 0 when they may not. */
static unsigned instruction_score(void *left, void *right, void *data) {
  (void)data;
  LLVMValueRef a = left, b = right;
  if (LLVMGetInstructionOpcode(a) != LLVMGetInstructionOpcode(b) ||
      LLVMTypeOf(a) != LLVMTypeOf(b) ||
      LLVMGetNumOperands(a) != LLVMGetNumOperands(b) || !same_state(a, b))
    return 0;
  int operands = LLVMGetNumOperands(a);
  unsigned alike = 0;
  for (unsigned k = 0; k < (unsigned)operands; ++k) {
    LLVMValueRef x = LLVMGetOperand(a, k), y = LLVMGetOperand(b, k);
    if (LLVMTypeOf(x) != LLVMTypeOf(y))
      return 0;
    if (x != y && LLVMIsAConstant(x) && LLVMIsAConstant(y) && !may_select(a, k))
      return 0;
    alike += operands_alike(x, y);
  }
  return weight(a) * OPERAND_SCALE +
         (alike < OPERAND_SCALE ? alike : OPERAND_SCALE - 1);
}

/* A block's fingerprint, for the alignment of blocks. */
typedef struct block_print {
  LLVMBasicBlockRef block;
  unsigned fingerprint[OPCODES];
} block_print;

static unsigned block_score(void *left, void *right, void *data) {
  (void)data;
  const block_print *a = left, *b = right;
  return (unsigned)shared_weight(a->fingerprint, b->fingerprint);
}

/* Whether `inst` is an alloca of the entry block with a constant size: it
 * goes to the merged body's entry. */
static bool is_static_alloca(LLVMValueRef inst) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
  return LLVMIsAAllocaInst(inst) &&
         bb == LLVMGetEntryBasicBlock(LLVMGetBasicBlockParent(bb)) &&
         LLVMIsAConstant(LLVMGetOperand(inst, 0));
}

/* Whether `alloca` is only loaded and stored (its address goes nowhere):
 * a slot such as reg2mem makes. */
static bool is_plain_slot(LLVMValueRef alloca) {
  if (!LLVMIsAAllocaInst(alloca) || !is_static_alloca(alloca))
    return false;
  for (LLVMUseRef use = LLVMGetFirstUse(alloca); use;
       use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsALoadInst(user) && !LLVMGetVolatile(user))
      continue;
    if (LLVMIsAStoreInst(user) && !LLVMGetVolatile(user) &&
        LLVMGetOperand(user, 1) == alloca && LLVMGetOperand(user, 0) != alloca)
      continue;
    return false;
  }
  return true;
}

/* reg2mem loads a value that crosses blocks before each use, in its own
 * block too; the side that keeps it in a register uses it directly, and
 * the two would not align. A load of a slot stored earlier in the same
 * block becomes the stored value (nothing else can write a slot whose
 * address goes nowhere); values stay in their blocks. */
static void forward_slots(LLVMValueRef fn) {
  ptr_map last; /* slot -> the value last stored in this block */
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    ptr_map_init(&last);
    LLVMValueRef i = LLVMGetFirstInstruction(bb);
    while (i) {
      LLVMValueRef next = LLVMGetNextInstruction(i);
      uint64_t value;
      if (LLVMIsAStoreInst(i) && is_plain_slot(LLVMGetOperand(i, 1))) {
        ptr_map_put(&last, LLVMGetOperand(i, 1),
                    (uint64_t)(uintptr_t)LLVMGetOperand(i, 0));
      } else if (LLVMIsALoadInst(i) && is_plain_slot(LLVMGetOperand(i, 0)) &&
                 ptr_map_get(&last, LLVMGetOperand(i, 0), &value) &&
                 LLVMTypeOf((LLVMValueRef)(uintptr_t)value) == LLVMTypeOf(i)) {
        LLVMReplaceAllUsesWith(i, (LLVMValueRef)(uintptr_t)value);
        LLVMInstructionEraseFromParent(i);
      }
      i = next;
    }
    ptr_map_free(&last);
  }
}

/* The instructions of a block that are aligned: all but static allocas and
 * the terminator. */
static LLVMValueRef *block_body(LLVMBasicBlockRef bb, size_t *count) {
  size_t n = 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
       i = LLVMGetNextInstruction(i))
    n++;
  LLVMValueRef *items = malloc((n + 1) * sizeof *items);
  if (!items)
    abort();
  *count = 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
       i = LLVMGetNextInstruction(i))
    if (!LLVMIsATerminatorInst(i) && !is_static_alloca(i))
      items[(*count)++] = i;
  return items;
}

static block_print *block_prints(LLVMValueRef fn, size_t *count) {
  LLVMBasicBlockRef *order = comparator_block_walk(fn, count);
  block_print *prints = calloc(*count + 1, sizeof *prints);
  if (!prints)
    abort();
  for (size_t b = 0; b < *count; ++b) {
    prints[b].block = order[b];
    for (LLVMValueRef i = LLVMGetFirstInstruction(order[b]); i;
         i = LLVMGetNextInstruction(i))
      if (!is_static_alloca(i))
        prints[b].fingerprint[opcode_of(i)] += weight(i);
  }
  free(order);
  return prints;
}

/* The alignment of a pair: blocks paired, and inside each pair of blocks,
 * the instructions (`inner[k]` for block step k, empty for a block of one
 * side). */
typedef struct alignment {
  step_list blocks;
  step_list *inner;
  size_t matched; /* hundredths of bytes of the instructions paired */
  size_t total;   /* hundredths of bytes of both sides' instructions */
} alignment;

static void free_alignment(alignment *al) {
  for (size_t k = 0; k < al->blocks.count && al->inner; ++k)
    free(al->inner[k].items);
  free(al->inner);
  free(al->blocks.items);
}

static bool align_functions(LLVMValueRef a, LLVMValueRef b, alignment *al) {
  *al = (alignment){0};
  size_t na, nb;
  block_print *pa = block_prints(a, &na), *pb = block_prints(b, &nb);
  void **la = malloc((na + 1) * sizeof *la),
       **lb = malloc((nb + 1) * sizeof *lb);
  if (!la || !lb)
    abort();
  for (size_t k = 0; k < na; ++k)
    la[k] = &pa[k];
  for (size_t k = 0; k < nb; ++k)
    lb[k] = &pb[k];
  bool fits = align(la, na, lb, nb, block_score, NULL, &al->blocks);
  free(la);
  free(lb);
  if (fits) {
    al->inner = calloc(al->blocks.count + 1, sizeof *al->inner);
    if (!al->inner)
      abort();
  }
  for (size_t k = 0; k < na; ++k)
    for (unsigned op = 0; op < OPCODES; ++op)
      al->total += pa[k].fingerprint[op];
  for (size_t k = 0; k < nb; ++k)
    for (unsigned op = 0; op < OPCODES; ++op)
      al->total += pb[k].fingerprint[op];
  for (size_t k = 0; fits && k < al->blocks.count; ++k) {
    step *s = &al->blocks.items[k];
    /* the steps name blocks from here on */
    s->a = s->a ? (void *)((block_print *)s->a)->block : NULL;
    s->b = s->b ? (void *)((block_print *)s->b)->block : NULL;
    if (!s->a || !s->b)
      continue;
    size_t n, m;
    LLVMValueRef *ia = block_body(s->a, &n), *ib = block_body(s->b, &m);
    fits = align((void **)ia, n, (void **)ib, m, instruction_score, NULL,
                 &al->inner[k]);
    for (size_t x = 0; fits && x < al->inner[k].count; ++x)
      if (al->inner[k].items[x].a && al->inner[k].items[x].b)
        al->matched += weight(al->inner[k].items[x].a);
    free(ia);
    free(ib);
  }
  free(pa);
  free(pb);
  return fits;
}

/* ---- Building the merged body ---- */

typedef struct dispatch {
  LLVMBasicBlockRef to_a, to_b, block;
} dispatch;

/* An alloca of one side that code runs on both sides' paths uses, or one
 * both sides use, each for its own (slots joined: a's and b's slot for the
 * same value of an instruction they share). Never both. */
enum { SLOT_UNGUARDED = 1, SLOT_JOINED = 2 };

typedef struct builder_state {
  LLVMContextRef context;
  LLVMValueRef body, selector;
  LLVMBuilderRef builder;
  ptr_map map[2];   /* a's, b's values -> the body's */
  ptr_map start[2]; /* a's, b's blocks -> the body's block where they begin */
  ptr_map shared;   /* the body's values both sides reach: made unguarded */
  ptr_map slots;    /* the body's allocas -> SLOT_UNGUARDED or SLOT_JOINED */
  LLVMValueRef *pending[2];
  size_t pending_count[2], pending_capacity[2];
  dispatch *dispatches;
  size_t dispatch_count;
  LLVMBasicBlockRef current;
  unsigned alias_scope_kind, noalias_kind;
  bool failed;
} builder_state;

/* The body's value for operand `value` of side `side`: mapped, or as it is
 * (constants, globals, metadata). */
static LLVMValueRef mapped(builder_state *bs, int side, LLVMValueRef value) {
  uint64_t to;
  if (ptr_map_get(&bs->map[side], value, &to))
    return (LLVMValueRef)(uintptr_t)to;
  if (LLVMIsAInstruction(value) || LLVMIsAArgument(value) ||
      LLVMValueIsBasicBlock(value)) {
    bs->failed = true; /* a value of another block: reg2mem left one */
    return value;
  }
  return value;
}

static LLVMBasicBlockRef start_of(builder_state *bs, int side,
                                  LLVMBasicBlockRef bb) {
  uint64_t to;
  if (!ptr_map_get(&bs->start[side], bb, &to)) {
    bs->failed = true;
    return bb;
  }
  return (LLVMBasicBlockRef)(uintptr_t)to;
}

static LLVMBasicBlockRef new_block(builder_state *bs) {
  return LLVMAppendBasicBlockInContext(bs->context, bs->body, "");
}

/* The body's block that goes on to `to_a` for a and `to_b` for b. */
static LLVMBasicBlockRef dispatch_to(builder_state *bs, LLVMBasicBlockRef to_a,
                                     LLVMBasicBlockRef to_b) {
  if (to_a == to_b)
    return to_a;
  for (size_t k = 0; k < bs->dispatch_count; ++k)
    if (bs->dispatches[k].to_a == to_a && bs->dispatches[k].to_b == to_b)
      return bs->dispatches[k].block;
  LLVMBasicBlockRef block = new_block(bs);
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(bs->context);
  LLVMPositionBuilderAtEnd(builder, block);
  LLVMBuildCondBr(builder, bs->selector, to_b, to_a);
  LLVMDisposeBuilder(builder);
  bs->dispatches = realloc(bs->dispatches,
                           (bs->dispatch_count + 1) * sizeof *bs->dispatches);
  if (!bs->dispatches)
    abort();
  bs->dispatches[bs->dispatch_count++] = (dispatch){to_a, to_b, block};
  return block;
}

/* A copy of `inst` at the end of the current block, without debug
 * location or noalias scopes (the body declares neither). */
static LLVMValueRef place_clone(builder_state *bs, LLVMValueRef inst) {
  LLVMValueRef clone = LLVMInstructionClone(inst);
  LLVMPositionBuilderAtEnd(bs->builder, bs->current);
  LLVMInsertIntoBuilder(bs->builder, clone);
  LLVMInstructionSetDebugLoc(clone, NULL);
  LLVMSetMetadata(clone, bs->alias_scope_kind, NULL);
  LLVMSetMetadata(clone, bs->noalias_kind, NULL);
  return clone;
}

/* Copies `inst` of one side, its operands mapped. */
static void emit_one_side(builder_state *bs, int side, LLVMValueRef inst) {
  LLVMValueRef clone = place_clone(bs, inst);
  int operands = LLVMGetNumOperands(inst);
  for (unsigned k = 0; k < (unsigned)operands; ++k) {
    LLVMValueRef operand = LLVMGetOperand(inst, k);
    LLVMSetOperand(clone, k,
                   LLVMValueIsBasicBlock(operand)
                       ? LLVMBasicBlockAsValue(
                             start_of(bs, side, LLVMValueAsBasicBlock(operand)))
                       : mapped(bs, side, operand));
  }
  ptr_map_put(&bs->map[side], inst, (uint64_t)(uintptr_t)clone);
}

static void pend(builder_state *bs, int side, LLVMValueRef inst) {
  if (bs->pending_count[side] == bs->pending_capacity[side]) {
    bs->pending_capacity[side] =
        bs->pending_capacity[side] ? 2 * bs->pending_capacity[side] : 16;
    bs->pending[side] =
        realloc(bs->pending[side],
                bs->pending_capacity[side] * sizeof *bs->pending[side]);
    if (!bs->pending[side])
      abort();
  }
  bs->pending[side][bs->pending_count[side]++] = inst;
}

/* The instructions of one side waiting since the last matched one: each
 * side's in a block of its own, which the selector picks, then a join. */
static void flush(builder_state *bs) {
  if (!bs->pending_count[0] && !bs->pending_count[1])
    return;
  LLVMBasicBlockRef from = bs->current, join = new_block(bs), side_block[2];
  for (int side = 0; side < 2; ++side) {
    side_block[side] = join;
    if (!bs->pending_count[side])
      continue;
    side_block[side] = bs->current = new_block(bs);
    for (size_t k = 0; k < bs->pending_count[side]; ++k)
      emit_one_side(bs, side, bs->pending[side][k]);
    LLVMPositionBuilderAtEnd(bs->builder, bs->current);
    LLVMBuildBr(bs->builder, join);
    bs->pending_count[side] = 0;
  }
  LLVMPositionBuilderAtEnd(bs->builder, from);
  LLVMBuildCondBr(bs->builder, bs->selector, side_block[1], side_block[0]);
  bs->current = join;
}

/* Whether the body's allocas `x` (a's) and `y` (b's) may become one:
 * each side uses it for its own and only one side runs, unless code of one
 * side runs on both paths and touches it (is_private_access). */
static bool can_join_slots(builder_state *bs, LLVMValueRef x, LLVMValueRef y) {
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(bs->body);
  return LLVMIsAAllocaInst(x) && LLVMIsAAllocaInst(y) &&
         LLVMGetInstructionParent(x) == entry &&
         LLVMGetInstructionParent(y) == entry &&
         LLVMGetAllocatedType(x) == LLVMGetAllocatedType(y) &&
         LLVMGetAlignment(x) == LLVMGetAlignment(y) &&
         LLVMGetOperand(x, 0) == LLVMGetOperand(y, 0) &&
         !ptr_map_get(&bs->slots, x, NULL) && !ptr_map_get(&bs->slots, y, NULL);
}

/* b's slot `y` (its alloca `original`) becomes a's `x`. */
static void join_slots(builder_state *bs, LLVMValueRef x, LLVMValueRef y,
                       LLVMValueRef original) {
  LLVMReplaceAllUsesWith(y, x); /* y stays, unused, for mem2reg to drop */
  ptr_map_put(&bs->map[1], original, (uint64_t)(uintptr_t)x);
  ptr_map_put(&bs->slots, x, SLOT_JOINED);
  ptr_map_put(&bs->slots, y, SLOT_JOINED);
}

/* The operands of matched `a` and `b` in the body: each side's mapped
 * value, or a select where they differ. False when they differ where no
 * select may stand. */
static bool matched_operands(builder_state *bs, LLVMValueRef a, LLVMValueRef b,
                             LLVMValueRef *values) {
  int operands = LLVMGetNumOperands(a);
  for (unsigned k = 0; k < (unsigned)operands; ++k) {
    LLVMValueRef x = LLVMGetOperand(a, k), y = LLVMGetOperand(b, k);
    if (LLVMValueIsBasicBlock(x)) {
      values[k] = LLVMBasicBlockAsValue(
          dispatch_to(bs, start_of(bs, 0, LLVMValueAsBasicBlock(x)),
                      start_of(bs, 1, LLVMValueAsBasicBlock(y))));
      continue;
    }
    LLVMValueRef mx = mapped(bs, 0, x), my = mapped(bs, 1, y);
    if (mx != my && can_join_slots(bs, mx, my)) {
      join_slots(bs, mx, my, y);
      my = mx;
    }
    if (mx == my) {
      values[k] = mx;
      continue;
    }
    /* a select of two slots would keep mem2reg from making registers of
     * them */
    if (!may_select(a, k) || LLVMIsAAllocaInst(mx) || LLVMIsAAllocaInst(my))
      return false;
    values[k] = NULL; /* a select, made once all are known */
  }
  return true;
}

/* Makes `a` and `b` one instruction, or returns false (nothing built). */
static bool emit_matched(builder_state *bs, LLVMValueRef a, LLVMValueRef b) {
  int operands = LLVMGetNumOperands(a);
  LLVMValueRef *values = malloc(((size_t)operands + 1) * sizeof *values);
  if (!values)
    abort();
  if (!matched_operands(bs, a, b, values)) {
    free(values);
    return false;
  }
  LLVMPositionBuilderAtEnd(bs->builder, bs->current);
  for (unsigned k = 0; k < (unsigned)operands; ++k)
    if (!values[k])
      values[k] = LLVMBuildSelect(bs->builder, bs->selector,
                                  mapped(bs, 1, LLVMGetOperand(b, k)),
                                  mapped(bs, 0, LLVMGetOperand(a, k)), "");
  LLVMValueRef clone = place_clone(bs, a);
  for (unsigned k = 0; k < (unsigned)operands; ++k)
    LLVMSetOperand(clone, k, values[k]);
  free(values);
  comparator_meet_flags(clone, b);
  /* metadata stays only where both sides have the same */
  size_t count;
  LLVMValueMetadataEntry *entries =
      LLVMInstructionGetAllMetadataOtherThanDebugLoc(clone, &count);
  for (size_t i = 0; i < count; ++i) {
    unsigned kind = LLVMValueMetadataEntriesGetKind(entries, (unsigned)i);
    LLVMValueRef other = LLVMGetMetadata(b, kind);
    if (!other || LLVMValueAsMetadata(other) !=
                      LLVMValueMetadataEntriesGetMetadata(entries, (unsigned)i))
      LLVMSetMetadata(clone, kind, NULL);
  }
  if (entries)
    LLVMDisposeValueMetadataEntries(entries);
  ptr_map_put(&bs->map[0], a, (uint64_t)(uintptr_t)clone);
  ptr_map_put(&bs->map[1], b, (uint64_t)(uintptr_t)clone);
  ptr_map_put(&bs->shared, clone, 1);
  return true;
}

/* Whether the value of side `side` is one the body has made where both
 * sides pass (a constant, a parameter, an alloca of the entry, a matched
 * instruction, an unguarded load). */
static bool is_shared(builder_state *bs, int side, LLVMValueRef value) {
  if (!LLVMIsAInstruction(value) && !LLVMIsAArgument(value))
    return true;
  uint64_t to;
  return ptr_map_get(&bs->map[side], value, &to) &&
         (LLVMIsAArgument((LLVMValueRef)(uintptr_t)to) ||
          ptr_map_get(&bs->shared, (void *)(uintptr_t)to, NULL));
}

/* A load or store of a slot of one side's own (an alloca of its entry, as
 * reg2mem makes for every value that crosses blocks), the stored value one
 * both sides reach: it may run on both sides' paths, since the other side
 * never reads that slot, and a load of an alloca is always safe. Run
 * unguarded, a value one side keeps in a slot and the other in a register
 * becomes the same value again after mem2reg, with no select. */
static bool is_private_access(builder_state *bs, int side, LLVMValueRef inst) {
  LLVMOpcode opcode = LLVMGetInstructionOpcode(inst);
  if ((opcode != LLVMLoad && opcode != LLVMStore) || LLVMGetVolatile(inst) ||
      LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic)
    return false;
  LLVMValueRef slot = LLVMGetOperand(inst, opcode == LLVMLoad ? 0 : 1);
  uint64_t body_slot, state = 0;
  if (!LLVMIsAInstruction(slot) || !is_static_alloca(slot) ||
      !ptr_map_get(&bs->map[side], slot, &body_slot))
    return false;
  ptr_map_get(&bs->slots, (void *)(uintptr_t)body_slot, &state);
  return state != SLOT_JOINED &&
         (opcode == LLVMLoad || is_shared(bs, side, LLVMGetOperand(inst, 0)));
}

/* Whether two terminators are alike enough to be one: same opcode and
 * operand count, a switch's cases the same values. */
static bool alike_terminators(LLVMValueRef a, LLVMValueRef b) {
  if (LLVMGetInstructionOpcode(a) != LLVMGetInstructionOpcode(b) ||
      LLVMGetNumOperands(a) != LLVMGetNumOperands(b))
    return false;
  int operands = LLVMGetNumOperands(a);
  for (unsigned k = 0; k < (unsigned)operands; ++k) {
    LLVMValueRef x = LLVMGetOperand(a, k), y = LLVMGetOperand(b, k);
    if (LLVMValueIsBasicBlock(x) != LLVMValueIsBasicBlock(y) ||
        (!LLVMValueIsBasicBlock(x) && LLVMTypeOf(x) != LLVMTypeOf(y)))
      return false;
    if (LLVMGetInstructionOpcode(a) == LLVMSwitch && k > 0 &&
        !LLVMValueIsBasicBlock(x) && x != y)
      return false;
  }
  return true;
}

/* The end of a pair of blocks: their terminators, one or each under the
 * selector. */
static void emit_terminators(builder_state *bs, LLVMValueRef a,
                             LLVMValueRef b) {
  flush(bs);
  if (alike_terminators(a, b) && emit_matched(bs, a, b))
    return;
  LLVMBasicBlockRef from = bs->current, side_block[2];
  LLVMValueRef term[2] = {a, b};
  for (int side = 0; side < 2; ++side) {
    side_block[side] = bs->current = new_block(bs);
    emit_one_side(bs, side, term[side]);
  }
  LLVMPositionBuilderAtEnd(bs->builder, from);
  LLVMBuildCondBr(bs->builder, bs->selector, side_block[1], side_block[0]);
}

static void emit_block_pair(builder_state *bs, LLVMBasicBlockRef block,
                            const step_list *inner, LLVMBasicBlockRef a,
                            LLVMBasicBlockRef b) {
  bs->current = block;
  for (size_t k = 0; k < inner->count; ++k) {
    const step *s = &inner->items[k];
    if (s->a && s->b) {
      flush(bs);
      if (emit_matched(bs, s->a, s->b))
        continue;
    }
    LLVMValueRef inst[2] = {s->a, s->b};
    for (int side = 0; side < 2; ++side) {
      if (!inst[side])
        continue;
      if (!is_private_access(bs, side, inst[side])) {
        pend(bs, side, inst[side]);
        continue;
      }
      flush(bs); /* after what its side did before */
      emit_one_side(bs, side, inst[side]);
      uint64_t clone;
      ptr_map_get(&bs->map[side], inst[side], &clone);
      ptr_map_put(&bs->shared, (void *)(uintptr_t)clone, 1);
      LLVMValueRef made = (LLVMValueRef)(uintptr_t)clone;
      ptr_map_put(&bs->slots,
                  LLVMGetOperand(made, LLVMIsALoadInst(made) ? 0 : 1),
                  SLOT_UNGUARDED);
    }
  }
  emit_terminators(bs, LLVMGetBasicBlockTerminator(a),
                   LLVMGetBasicBlockTerminator(b));
}

static void emit_block_of_side(builder_state *bs, int side,
                               LLVMBasicBlockRef block, LLVMBasicBlockRef bb) {
  bs->current = block;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
       i = LLVMGetNextInstruction(i))
    if (!is_static_alloca(i))
      emit_one_side(bs, side, i);
}

/* Every value used in another block than its own goes through a slot of
 * its own (stored after it, loaded before each such use): a value one side
 * makes under the selector and uses after the join, whose definition does
 * not dominate the use. mem2reg makes registers and phis of it again. */
static void demote_crossing_values(builder_state *bs) {
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(bs->body);
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(bs->context);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(bs->body); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      if (bb == entry && LLVMIsAAllocaInst(i))
        continue;
      fn_list users = {0};
      for (LLVMUseRef use = LLVMGetFirstUse(i); use; use = LLVMGetNextUse(use))
        if (LLVMGetInstructionParent(LLVMGetUser(use)) != bb)
          fn_list_push(&users, LLVMGetUser(use));
      if (!users.count)
        continue;
      LLVMPositionBuilderBefore(builder, LLVMGetFirstInstruction(entry));
      LLVMValueRef slot = LLVMBuildAlloca(builder, LLVMTypeOf(i), "");
      LLVMPositionBuilderBefore(builder, LLVMGetNextInstruction(i));
      LLVMBuildStore(builder, i, slot);
      for (size_t u = 0; u < users.count; ++u) {
        LLVMValueRef user = users.items[u];
        int operands = LLVMGetNumOperands(user);
        for (unsigned k = 0; k < (unsigned)operands; ++k)
          if (LLVMGetOperand(user, k) == i) {
            LLVMPositionBuilderBefore(builder, user);
            LLVMSetOperand(user, k,
                           LLVMBuildLoad2(builder, LLVMTypeOf(i), slot, ""));
          }
      }
      free(users.items);
    }
  LLVMDisposeBuilder(builder);
}

/* The merged body of a and b (their copies after reg2mem, `ra` and `rb`)
 * by the alignment; NULL when it cannot be built. */
static LLVMValueRef build_body(merge_state *st, LLVMValueRef a, LLVMValueRef ra,
                               LLVMValueRef rb, const alignment *al) {
  unsigned own;
  LLVMTypeRef *types = ltofold_param_types(LLVMGlobalGetValueType(a), &own);
  types = realloc(types, (own + 1) * sizeof *types);
  if (!types)
    abort();
  types[own] = LLVMInt1TypeInContext(st->context);
  LLVMTypeRef type = LLVMFunctionType(
      LLVMGetReturnType(LLVMGlobalGetValueType(a)), types, own + 1, false);
  free(types);
  LLVMValueRef body = similar_new_body(st, a, type);
  copy_function_attributes(ra, body, false);

  builder_state bs = {
      .context = st->context,
      .body = body,
      .selector = LLVMGetParam(body, own),
      .builder = LLVMCreateBuilderInContext(st->context),
      .alias_scope_kind =
          LLVMGetMDKindIDInContext(st->context, "alias.scope", 11),
      .noalias_kind = LLVMGetMDKindIDInContext(st->context, "noalias", 7)};
  LLVMValueRef side_fn[2] = {ra, rb};
  for (int side = 0; side < 2; ++side) {
    ptr_map_init(&bs.map[side]);
    if (!side) {
      ptr_map_init(&bs.shared);
      ptr_map_init(&bs.slots);
    }
    ptr_map_init(&bs.start[side]);
    for (unsigned p = 0; p < own; ++p)
      ptr_map_put(&bs.map[side], LLVMGetParam(side_fn[side], p),
                  (uint64_t)(uintptr_t)LLVMGetParam(body, p));
  }
  LLVMBasicBlockRef entry = new_block(&bs);
  /* Every block's start, before any code: branches go forward too. */
  LLVMBasicBlockRef *starts = malloc((al->blocks.count + 1) * sizeof *starts);
  if (!starts)
    abort();
  for (size_t k = 0; k < al->blocks.count; ++k) {
    const step *s = &al->blocks.items[k];
    starts[k] = new_block(&bs);
    if (s->a)
      ptr_map_put(&bs.start[0], s->a, (uint64_t)(uintptr_t)starts[k]);
    if (s->b)
      ptr_map_put(&bs.start[1], s->b, (uint64_t)(uintptr_t)starts[k]);
  }
  /* The entry: both sides' allocas, then each side's first block. */
  bs.current = entry;
  for (int side = 0; side < 2; ++side)
    for (LLVMValueRef i =
             LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(side_fn[side]));
         i; i = LLVMGetNextInstruction(i))
      if (is_static_alloca(i)) {
        emit_one_side(&bs, side, i);
        uint64_t clone;
        ptr_map_get(&bs.map[side], i, &clone);
        ptr_map_put(&bs.shared, (void *)(uintptr_t)clone, 1);
      }
  LLVMPositionBuilderAtEnd(bs.builder, entry);
  LLVMBasicBlockRef first_a = start_of(&bs, 0, LLVMGetEntryBasicBlock(ra));
  LLVMBasicBlockRef first_b = start_of(&bs, 1, LLVMGetEntryBasicBlock(rb));
  if (first_a == first_b)
    LLVMBuildBr(bs.builder, first_a);
  else
    LLVMBuildCondBr(bs.builder, bs.selector, first_b, first_a);
  for (size_t k = 0; k < al->blocks.count && !bs.failed; ++k) {
    const step *s = &al->blocks.items[k];
    if (s->a && s->b)
      emit_block_pair(&bs, starts[k], &al->inner[k], s->a, s->b);
    else
      emit_block_of_side(&bs, s->a ? 0 : 1, starts[k], s->a ? s->a : s->b);
  }
  free(starts);
  if (!bs.failed)
    demote_crossing_values(&bs);
  LLVMDisposeBuilder(bs.builder);
  for (int side = 0; side < 2; ++side) {
    ptr_map_free(&bs.map[side]);
    ptr_map_free(&bs.start[side]);
    free(bs.pending[side]);
  }
  free(bs.dispatches);
  ptr_map_free(&bs.shared);
  ptr_map_free(&bs.slots);
  if (bs.failed || !run_passes(body, FINISH) || !certify_well_formed(body)) {
    LLVMDeleteFunction(body);
    return NULL;
  }
  return body;
}

/* ---- Certification ---- */

/* A phi's incoming (value, block) pairs, by the place of the block in the
 * comparator's walk. */
typedef struct incoming {
  LLVMValueRef value;
  LLVMBasicBlockRef block;
  uint64_t place;
} incoming;

static int compare_incoming(const void *left, const void *right) {
  const incoming *a = left, *b = right;
  return a->place < b->place ? -1 : a->place > b->place;
}

/* The last step of the normal form: every phi lists its incoming pairs in
 * the order of the comparator's walk of their blocks (the comparator
 * compares them in order, and the two sides' passes may have added them
 * in different orders). The same pairs: nothing changes but the order. */
static void order_phi_incoming(LLVMValueRef fn, LLVMContextRef context) {
  size_t count;
  LLVMBasicBlockRef *order = comparator_block_walk(fn, &count);
  ptr_map place;
  ptr_map_init(&place);
  for (size_t b = 0; b < count; ++b)
    ptr_map_put(&place, order[b], b + 1);
  free(order);
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(context);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef phi = LLVMGetFirstInstruction(bb);
    while (phi && LLVMIsAPHINode(phi)) {
      LLVMValueRef next = LLVMGetNextInstruction(phi);
      unsigned n = LLVMCountIncoming(phi);
      incoming *pairs = malloc((n + 1) * sizeof *pairs);
      if (!pairs)
        abort();
      for (unsigned k = 0; k < n; ++k) {
        pairs[k] = (incoming){LLVMGetIncomingValue(phi, k),
                              LLVMGetIncomingBlock(phi, k), 0};
        ptr_map_get(&place, pairs[k].block, &pairs[k].place);
      }
      if (n > 1)
        qsort(pairs, n, sizeof *pairs, compare_incoming);
      LLVMPositionBuilderBefore(builder, phi);
      LLVMValueRef ordered = LLVMBuildPhi(builder, LLVMTypeOf(phi), "");
      for (unsigned k = 0; k < n; ++k)
        LLVMAddIncoming(ordered, &pairs[k].value, &pairs[k].block, 1);
      free(pairs);
      LLVMReplaceAllUsesWith(phi, ordered);
      LLVMInstructionEraseFromParent(phi);
      phi = next;
    }
  }
  LLVMDisposeBuilder(builder);
  ptr_map_free(&place);
}

/* A phi and where the walk first meets a use of it. */
typedef struct ranked_phi {
  LLVMValueRef phi;
  uint64_t rank;
} ranked_phi;

static int compare_ranked(const void *left, const void *right) {
  const ranked_phi *a = left, *b = right;
  return a->rank < b->rank ? -1 : a->rank > b->rank;
}

/* And the phis of each block in the order in which the comparator's walk
 * first meets a use of each (unused ones last, as they were): mem2reg
 * places phis in the order of the slots, which the two sides need not
 * share. Phis of a block run together: their order changes nothing. */
static void order_phis(LLVMValueRef fn, LLVMContextRef context) {
  size_t count;
  LLVMBasicBlockRef *order = comparator_block_walk(fn, &count);
  ptr_map rank;
  ptr_map_init(&rank);
  uint64_t next = 1;
  for (size_t b = 0; b < count; ++b)
    for (LLVMValueRef i = LLVMGetFirstInstruction(order[b]); i;
         i = LLVMGetNextInstruction(i)) {
      int operands = LLVMGetNumOperands(i);
      for (unsigned k = 0; k < (unsigned)operands; ++k) {
        LLVMValueRef operand = LLVMGetOperand(i, k);
        if (LLVMIsAPHINode(operand) && !ptr_map_get(&rank, operand, NULL))
          ptr_map_put(&rank, operand, next++);
      }
    }
  free(order);
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(context);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    size_t phis = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && LLVMIsAPHINode(i);
         i = LLVMGetNextInstruction(i))
      phis++;
    if (phis < 2)
      continue;
    ranked_phi *ranked = malloc(phis * sizeof *ranked);
    if (!ranked)
      abort();
    LLVMValueRef i = LLVMGetFirstInstruction(bb);
    for (size_t k = 0; k < phis; ++k, i = LLVMGetNextInstruction(i)) {
      ranked[k] = (ranked_phi){i, UINT64_MAX / 2 + k};
      ptr_map_get(&rank, i, &ranked[k].rank);
    }
    if (phis > 1)
      qsort(ranked, phis, sizeof *ranked, compare_ranked);
    LLVMValueRef first_other = i; /* the first instruction past the phis */
    for (size_t k = 0; k < phis; ++k) {
      LLVMInstructionRemoveFromParent(ranked[k].phi);
      LLVMPositionBuilderBefore(builder, first_other);
      LLVMInsertIntoBuilder(builder, ranked[k].phi);
    }
    free(ranked);
  }
  LLVMDisposeBuilder(builder);
  ptr_map_free(&rank);
}

/* The first step of the normal form: no loop hints (`!llvm.loop` on the
 * branches: they change no behaviour, and simplifycfg keeps an empty latch
 * that carries one, which the body, whose matched latch lost its hints,
 * does not have). */
static void drop_loop_hints(LLVMValueRef fn, LLVMContextRef context) {
  unsigned loop_kind = LLVMGetMDKindIDInContext(context, "llvm.loop", 9);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    LLVMSetMetadata(LLVMGetBasicBlockTerminator(bb), loop_kind, NULL);
}

/* Whether `body` with its selector bound to `selector` does what `member`
 * does: both brought to NORMALIZE's normal form (the member after reg2mem,
 * as the body was built from), compared by the certifier. */
static bool certify_member(certifier *cert, LLVMValueRef body,
                           LLVMValueRef member, LLVMValueRef selector) {
  LLVMValueRef bound = ltofold_copy_function(body);
  LLVMReplaceAllUsesWith(LLVMGetParam(bound, LLVMCountParams(bound) - 1),
                         selector);
  LLVMValueRef normal = ltofold_copy_function(member);
  LLVMContextRef context = LLVMGetModuleContext(LLVMGetGlobalParent(body));
  drop_loop_hints(bound, context);
  drop_loop_hints(normal, context);
  bool holds = run_passes(bound, NORMALIZE) && run_passes(normal, "reg2mem") &&
               run_passes(normal, NORMALIZE);
  if (holds) {
    order_phi_incoming(bound, context);
    order_phi_incoming(normal, context);
    order_phis(bound, context);
    order_phis(normal, context);
    holds = certify_specialized(cert, bound, &selector, 1, normal);
  }
  LLVMDeleteFunction(bound);
  LLVMDeleteFunction(normal);
  return holds;
}

/* ---- One pair ---- */

static bool same_string(const char *x, const char *y) {
  return x == y || (x && y && !strcmp(x, y));
}

static void count_uncertified(merge_state *st, LLVMValueRef a, LLVMValueRef b) {
  st->result->shapes_uncertified++;
  ptr_map_put(&st->similar_skips, a, LTOFOLD_SIMILAR_SKIP_UNCERTIFIED + 1);
  ptr_map_put(&st->similar_skips, b, LTOFOLD_SIMILAR_SKIP_UNCERTIFIED + 1);
}

/* Whether an alignment matched enough to build the body: bytes that pay
 * for the pair's calls, and `percent` of the two (by weight, per cent of
 * their mean). */
static bool worth_building(const alignment *al, unsigned percent) {
  return (long)al->matched / 100 > MIN_BYTES_SAVED + PAIR_OVERHEAD &&
         200 * al->matched >= percent * al->total;
}

/* Aligns, builds, prices and certifies the pair; merges it when all say
 * yes. Returns whether it merged. A body that cannot be built well formed
 * counts as one that does not check. */
static bool try_pair(merge_state *st, certifier *cert, LLVMValueRef a,
                     LLVMValueRef b) {
  if (LLVMGetFunctionCallConv(a) != LLVMGetFunctionCallConv(b) ||
      !same_string(LLVMGetSection(a), LLVMGetSection(b)) ||
      !same_string(LLVMGetGC(a), LLVMGetGC(b)) || has_unsupported_code(a) ||
      has_unsupported_code(b))
    return false;
  /* The originals aligned first, cheaply: a pair that matches too little
   * there is left before the copies and reg2mem. */
  alignment al = {0};
  bool fits = align_functions(a, b, &al);
  bool pays = fits && worth_building(&al, MIN_MATCHED_PERCENT - REG2MEM_MARGIN);
  free_alignment(&al);
  if (!pays) {
    st->result->shapes_aligned += fits;
    st->result->shapes_unprofitable += fits;
    return false;
  }
  LLVMValueRef ra = ltofold_copy_function(a), rb = ltofold_copy_function(b);
  LLVMValueRef body = NULL;
  selector_pair *pair = NULL;
  bool merged = false;
  if (!run_passes(ra, "reg2mem") || !run_passes(rb, "reg2mem"))
    goto done;
  forward_slots(ra);
  forward_slots(rb);
  if (!align_functions(ra, rb, &al))
    goto done;
  st->result->shapes_aligned++;
  /* The bail-out before the body is built: too little matched, or too
   * little of the two (the rest costs branches, selects and phis). */
  if (!worth_building(&al, MIN_MATCHED_PERCENT)) {
    st->result->shapes_unprofitable++;
    goto done;
  }
  intersect_attributes(st, ra, b);
  body = build_body(st, a, ra, rb, &al);
  if (!body) {
    count_uncertified(st, a, b);
    goto done;
  }
  st->result->shapes_built++;
  take_max_alignment(body, a);
  take_max_alignment(body, b);
  pair = similar_selector_pair_new(st, a, b);
  if (similar_selector_pair_saved(st, pair, body) <= MIN_BYTES_SAVED) {
    st->result->shapes_unprofitable++;
    goto done;
  }
  /* the selectors the fold will pass, as it writes them */
  if (!certify_member(cert, body, a,
                      similar_selector_pair_constant(st, pair, 0)) ||
      !certify_member(cert, body, b,
                      similar_selector_pair_constant(st, pair, 1))) {
    count_uncertified(st, a, b);
    goto done;
  }
  similar_selector_pair_fold(st, pair, body);
  st->result->shapes_merged++;
  merged = true;
done:
  if (pair)
    similar_selector_pair_free(pair);
  if (body && !merged)
    LLVMDeleteFunction(body);
  LLVMDeleteFunction(ra);
  LLVMDeleteFunction(rb);
  free_alignment(&al);
  return merged;
}

/* ---- The pass ---- */

void merge_shapes(merge_state *st, uint64_t hottest) {
  LLVMValueRef *loop_callees;
  size_t callees = ltofold_loop_callees(st->module, &loop_callees);
  ptr_map called_in_loops = {0};
  for (size_t i = 0; i < callees; ++i)
    ptr_map_put(&called_in_loops, loop_callees[i], 1);
  free(loop_callees);
  fn_list eligible = {0};
  for (LLVMValueRef fn = LLVMGetFirstFunction(st->module); fn;
       fn = LLVMGetNextFunction(fn))
    if (similar_may_take_part(st, fn, hottest) &&
        !LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn)) &&
        !ptr_map_get(&called_in_loops, fn, NULL))
      fn_list_push(&eligible, fn);
  ptr_map_free(&called_in_loops);
  size_t n = eligible.count;
  shape_candidate *all = calloc(n + 1, sizeof *all);
  bool *taken = calloc(n + 1, sizeof *taken);
  if (!all || !taken)
    abort();
  for (size_t i = 0; i < n; ++i) {
    all[i].fn = eligible.items[i];
    all[i].index = i;
    all[i].type = LLVMPrintTypeToString(LLVMGlobalGetValueType(all[i].fn));
    fingerprint_function(&all[i]);
  }
  free(eligible.items);
  if (n > 1)
    qsort(all, n, sizeof *all, compare_candidates);
  certifier *own = st->cert ? NULL : certifier_new(st->module);
  certifier *cert = st->cert ? st->cert : own;
  for (size_t i = 0; i < n; ++i) {
    if (taken[i] || all[i].instructions > MAX_INSTRUCTIONS)
      continue;
    size_t best = SIZE_MAX, best_shared = 0, tries = 0;
    for (size_t j = i + 1;
         j < n && tries < MAX_TRIES && !strcmp(all[i].type, all[j].type); ++j) {
      if (taken[j] || all[j].instructions > MAX_INSTRUCTIONS)
        continue;
      tries++;
      size_t shared = shared_weight(all[i].fingerprint, all[j].fingerprint);
      if (shared > best_shared) {
        best_shared = shared;
        best = j;
      }
    }
    /* The bail-out before any code is looked at: what the two share
     * cannot pay for the calls that pass the selector, or is too little
     * of the two for the alignment to reach MIN_MATCHED_PERCENT (with a
     * margin: reg2mem adds loads and stores that match each other). */
    if (best == SIZE_MAX ||
        best_shared / 100 <= MIN_BYTES_SAVED + PAIR_OVERHEAD ||
        200 * best_shared <
            MIN_SHARED_PERCENT * (all[i].weight + all[best].weight))
      continue;
    if (!similar_may_take_part(st, all[i].fn, hottest) ||
        !similar_may_take_part(st, all[best].fn, hottest))
      continue;
    if (try_pair(st, cert, all[i].fn, all[best].fn))
      taken[i] = taken[best] = true;
  }
  if (own)
    certifier_free(own);
  for (size_t i = 0; i < n; ++i)
    LLVMDisposeMessage(all[i].type);
  free(all);
  free(taken);
}
