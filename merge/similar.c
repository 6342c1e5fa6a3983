/* Merging similar functions: functions equal up to constants and
 * operations.
 *
 * After equal functions have folded (merge.c), many of those left differ
 * only in a few constants or operations: the same template instantiated
 * for two enum values or for a signed and an unsigned type, a handler per
 * message type that stores a different tag, wrappers that call a different
 * callee with the same arguments, a pair of tests that compare the other
 * way. No linker can fold them; one body that takes the differences as
 * parameters can.
 *
 * The search is the equal merge's, with differences masked. The comparator
 * runs in similar mode (compare.c): where an operand is a constant that may
 * become a parameter (comparator_position_may_vary: arithmetic, compares,
 * stored and returned values, addresses, call arguments and direct callees;
 * never a divisor, a shift amount, an intrinsic's argument, a switch case
 * or a struct index), only its type is compared; where an operation may be
 * a choice (comparator_choice_class: integer and FP arithmetic but
 * division, compares, extensions and conversions, which have no effect and
 * are never undefined behaviour), only its class; flags not at all. That is
 * still a total order, so the functions that might merge go into a tree of
 * unique functions (fn_tree.c) by a hash that hashes choices by class, and
 * each finds its class in O(log N) comparisons. A class of two or more is a
 * group.
 *
 * For each group, in tree order:
 *   1. holes: walking the representative and each member in step
 *      (comparator_walk_pairs), every operand where some member's constant
 *      differs from the representative's, and every instruction where some
 *      member does another operation (a choice: one hole per other
 *      operation, whose values say which members do it); holes whose values
 *      are the same in every member share one parameter; and the flags to
 *      meet, where members' flags differ;
 *   2. the price (body_bytes, member_cost, from the size model measured on
 *      what llc emits, size_model.c, in loadable bytes): the group merges
 *      when the bytes of all but one copy of the body are more than what
 *      the new parameters and choices cost (a thunk per member, or
 *      constants at each call; more for constants that go on the stack;
 *      the merged body's unwind entry); at most MAX_PARAMETERS. A group
 *      with choices merges in parts instead (the members that do the same
 *      operations) when the parts save at least as much;
 *   3. the merged body: a new internal function that takes the
 *      representative's parameters and then one per distinct hole; the
 *      representative's blocks move into it, its constant holes become uses
 *      of the new parameters, each choice a copy of the other operation and
 *      a select by its parameter, its flags those every member has; the
 *      body keeps only the metadata and attribute facts every member shares
 *      (merge.c's meet), and the representative's debug subprogram;
 *   4. each member, representative included, is replaced the cheaper way
 *      (member_cost): a member that nobody can tell from another (merge.c's
 *      uses_move_entirely) and that is only called directly goes, each call
 *      passing its constants; any other stays as a thunk that calls the
 *      merged body with its constants, and its callers keep calling it.
 *
 * After the groups, pairs (merge_pairs): two functions of one skeleton
 * whose blocks match one for one but some of which differ between their
 * phis and their terminator (comparator_compare_structure) merge with a
 * region for each such block (regions.c), whose instructions an i1
 * selector picks; the selector is one more hole, true for the member.
 *
 * Calls are not redirected from the members of the round's groups, whose
 * bodies are walked in step while the groups form. Then the search runs
 * again on what is left (rounds), since merged members change what their
 * callers look like. Certification (certify.c) checks, before any member
 * folds, the merged body bound to each member's constants against the
 * member (the representative, whose blocks the body took: against a copy
 * of it taken before, function_copy.h); a group with a member that does
 * not check does not merge, and the next round tries it without that one.
 *
 * The representative's body becomes everybody's: members must have the
 * same function type; a member with profile data that says it is hot is
 * left alone, since a thunk costs it a jump and constants in registers. */
#include "merge_internal.h"
#include "fast_math.h"
#include "function_copy.h"
#include "llvm_arrays.h"
#include "profile.h"
#include "size_model.h"

#include <llvm-c/DebugInfo.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Calling conventions whose functions can take more parameters. */
enum { C_CALL_CONV = 0, FAST_CALL_CONV = 8, COLD_CALL_CONV = 9 };
/* A bound on parameters (those past the target's argument registers go
 * on the stack, which costs more: size_model_stack_arguments). */
enum { MAX_PARAMETERS = 16 };
/* Holes looked at in one group before giving up on it. */
enum { MAX_HOLES = 64 };
/* A group merges only when it saves more than this many bytes. */
enum { MIN_BYTES_SAVED = 16 };

/* ---- The size model --------------------------------------------------------- */

/* A function's loadable bytes, by its target's size model (size_model.h):
 * its code, the average padding before the next function and, where it
 * has one, its unwind entry (an FDE and its .eh_frame_hdr entry), which go
 * with it when it goes and which the merged body, a new function, adds. */
static size_t body_bytes(LLVMValueRef fn) {
  const size_model *model = size_model_for_function(fn);
  size_t hundredths = size_model_code_hundredths(model, fn);
  return size_model_new_function_bytes(model, (unsigned)(hundredths / 100),
                                       size_model_has_unwind_entry(fn),
                                       SIZE_SHAPE_BODY);
}

/* ---- Who may take part --------------------------------------------------------- */

/* Calls that tie a body to its own function or frame: a musttail call
 * (its caller's signature must match the callee's), and intrinsics that
 * name the function or read its frame or return address (which a thunk
 * that cannot jump would change). */
bool merge_is_tied_call(LLVMValueRef inst) {
  if (LLVMGetInstructionOpcode(inst) != LLVMCall)
    return false;
  if (LLVMGetTailCallKind(inst) == LLVMTailCallKindMustTail)
    return true;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  if (!LLVMIsAFunction(callee) || !LLVMGetIntrinsicID(callee))
    return false;
  static const char *const tied[] = {
      "llvm.localescape", "llvm.returnaddress", "llvm.addressofreturnaddress",
      "llvm.frameaddress.", "llvm.sponentry."};
  size_t length;
  const char *name = LLVMGetValueName2(callee, &length);
  for (size_t i = 0; i < sizeof tied / sizeof *tied; ++i)
    if (!strncmp(name, tied[i], strlen(tied[i])))
      return true;
  return false;
}

static bool has_tied_call(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      if (merge_is_tied_call(i))
        return true;
  return false;
}

/* Whether any block of `fn` has its address taken, even by `fn` itself:
 * its blocks move to the merged body. */
static bool has_block_address(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMUseRef use = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); use;
         use = LLVMGetNextUse(use))
      if (LLVMGetValueKind(LLVMGetUser(use)) == LLVMBlockAddressValueKind)
        return true;
  return false;
}

/* A function a merged body can stand for: its parameters can be forwarded
 * and more can be added; and bigger than the thunk it would become (a
 * group of thunks, such as the members of another group, would only
 * become thunks of a thunk). */
static bool can_take_parameters(merge_state *st, LLVMValueRef fn) {
  unsigned conv = LLVMGetFunctionCallConv(fn);
  return !is_thunk_sized(fn) && (conv == C_CALL_CONV || conv == FAST_CALL_CONV ||
          conv == COLD_CALL_CONV) &&
         !LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn)) &&
         !forwards_in_memory(st, fn) && !LLVMHasPrefixData(fn) &&
         !LLVMHasPrologueData(fn) && !has_tied_call(fn) &&
         !has_block_address(fn) &&
         !LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                                        "presplitcoroutine", 17) &&
         !has_fn_attribute(fn, LLVMGetEnumAttributeKindForName(
                                   "presplitcoroutine", 17));
}

/* ---- The search ---------------------------------------------------------- */

/* What an operand of a phi or a terminator is, as the comparator pairs
 * values (compare.c): two values compare equal only when first met at one
 * step of its walk, so a constant (which masking may vary), an argument (by
 * its number), a phi and another instruction meet only their own kind. */
static uint64_t operand_kind(LLVMValueRef value) {
  if (LLVMIsAConstant(value))
    return 1;
  if (LLVMIsAArgument(value)) {
    LLVMValueRef fn = LLVMGetParamParent(value);
    unsigned i = 0;
    for (LLVMValueRef p = LLVMGetFirstParam(fn); p != value; p = LLVMGetNextParam(p))
      i++;
    return 2 + ((uint64_t)i << 8);
  }
  if (LLVMIsAPHINode(value))
    return 3;
  if (LLVMIsAInstruction(value))
    return 4;
  return LLVMValueIsBasicBlock(value) ? 5 : 6;
}

/* FNV-1a over what comparator_compare_structure requires equal of two
 * functions, in its walk (comparator_block_walk): per block its phis (type,
 * and the kind of each incoming value) and its terminator (opcode, and each
 * operand's kind and type, a successor by its place in the walk). Two
 * functions with different shapes are no pair; equal shapes say nothing. */
static uint64_t shape_hash(LLVMValueRef fn) {
  uint64_t hash = 1469598103934665603u;
#define MIX(x) (hash = (hash ^ (uint64_t)(x)) * 1099511628211u)
  size_t count;
  LLVMBasicBlockRef *order = comparator_block_walk(fn, &count);
  ptr_map place; /* block -> 1 + its place in the walk */
  ptr_map_init(&place);
  for (size_t b = 0; b < count; ++b)
    ptr_map_put(&place, order[b], b + 1);
  for (size_t b = 0; b < count; ++b) {
    LLVMValueRef i = LLVMGetFirstInstruction(order[b]);
    for (; LLVMIsAPHINode(i); i = LLVMGetNextInstruction(i)) {
      MIX((uintptr_t)LLVMTypeOf(i));
      unsigned incoming = LLVMCountIncoming(i);
      MIX(incoming);
      for (unsigned k = 0; k < incoming; ++k)
        MIX(operand_kind(LLVMGetIncomingValue(i, k)));
    }
    LLVMValueRef term = LLVMGetBasicBlockTerminator(order[b]);
    MIX(LLVMGetInstructionOpcode(term));
    int operands = LLVMGetNumOperands(term);
    MIX(operands);
    for (int k = 0; k < operands; ++k) {
      LLVMValueRef operand = LLVMGetOperand(term, (unsigned)k);
      uint64_t number = 0;
      if (LLVMValueIsBasicBlock(operand)) {
        ptr_map_get(&place, LLVMValueAsBasicBlock(operand), &number);
        MIX(number);
      } else {
        MIX(operand_kind(operand));
        MIX((uintptr_t)LLVMTypeOf(operand));
      }
    }
  }
  ptr_map_free(&place);
  free(order);
#undef MIX
  return hash;
}

/* What the search needs to know of `fn` from its body: remembered from an
 * earlier round when nothing changed the body since (round_memory.h). */
static function_facts facts_of(merge_state *st, LLVMValueRef fn) {
  function_facts facts;
  if (!round_memory_facts(st->round_memory, fn, &facts)) {
    ltofold_skip_reason reason;
    facts = (function_facts){.excluded = excluded_for(st, fn, &reason)};
    if (!facts.excluded) {
      facts.hash = comparator_function_hash(fn, true);
      facts.takes_parameters = can_take_parameters(st, fn);
    }
    round_memory_remember_facts(st->round_memory, fn, &facts);
  }
  /* certification refuses functions between rounds (certify.c) */
  facts.excluded = facts.excluded || ptr_map_get(&st->refused, fn, NULL);
  return facts;
}

/* The shape of `fn` (shape_hash), remembered with its facts: only the pair
 * search asks, and of fewer functions. */
static uint64_t shape_of(merge_state *st, LLVMValueRef fn) {
  function_facts facts = facts_of(st, fn);
  if (!facts.shape_known) {
    facts.shape = shape_hash(fn);
    facts.shape_known = true;
    round_memory_remember_facts(st->round_memory, fn, &facts);
  }
  return facts.shape;
}

static void collect_groups(fn_tree_node *node, fn_list *representatives) {
  while (node) {
    collect_groups(node->left, representatives);
    if (node->unfolded_count)
      fn_list_push(representatives, node->function);
    node = node->right;
  }
}

/* ---- One group --------------------------------------------------------------- */

/* A place where the members differ: a constant operand, or (a choice) the
 * operation of an instruction, where `alternative` is one member's
 * instruction that does another than the representative's; its values
 * say, per member, whether that member's is that one (i1). */
typedef struct hole {
  LLVMValueRef inst; /* the representative's instruction */
  unsigned operand;
  unsigned parameter; /* index among the new parameters */
  LLVMValueRef alternative; /* a choice; NULL for a constant */
  bool selector; /* the regions' selector (regions.c): no instruction */
} hole;

typedef struct group {
  LLVMValueRef *members; /* members[0] is the representative; owned */
  size_t count;
  hole *holes; /* owned */
  size_t hole_count;
  LLVMValueRef *values; /* values[h * count + m]: member m's constant at h */
  ptr_map hole_of;      /* the representative's operand use -> hole + 1 */
  /* Flags to meet: the representative's instruction (hole SIZE_MAX) or the
   * copy of a choice's operation (hole h) keeps only those `other` has. */
  struct meet { LLVMValueRef inst, other; size_t hole; } *meets; /* owned */
  size_t meet_count, meet_capacity;
  unsigned parameters;
  bool too_many_holes;
  /* A pair whose blocks differ (regions.c): the representative's blocks
   * -> the member's, and member value -> the representative's value met
   * at the same point; `structural` when they are set. */
  bool structural;
  ptr_map differing, partners;
  size_t crossing; /* values of the middles used past them */
} group;

typedef struct hole_walk {
  group *g;
  size_t member;  /* which member is on the right */
  bool collect;   /* first walk: find holes; second: read values */
} hole_walk;

static bool add_hole(group *g, hole h) {
  if (g->hole_count == MAX_HOLES) {
    g->too_many_holes = true;
    return false;
  }
  g->holes[g->hole_count++] = h;
  return true;
}

static void add_meet(group *g, LLVMValueRef inst, size_t h, LLVMValueRef other) {
  if (g->meet_count == g->meet_capacity) {
    g->meet_capacity = g->meet_capacity ? 2 * g->meet_capacity : 16;
    g->meets = realloc(g->meets, g->meet_capacity * sizeof *g->meets);
    if (!g->meets)
      abort();
  }
  g->meets[g->meet_count++] = (struct meet){inst, other, h};
}

/* The pair's operations, where they may differ (a choice): in the first
 * walk, a hole per operation other than the representative's, and the
 * flags to meet; in the second, true in the hole of the member's
 * operation. */
static void visit_choice(hole_walk *walk, LLVMValueRef left, LLVMValueRef right) {
  group *g = walk->g;
  if (comparator_same_operation(left, right)) {
    if (walk->collect && !comparator_same_flags(left, right))
      add_meet(g, left, SIZE_MAX, right);
    return;
  }
  for (size_t h = 0; h < g->hole_count; ++h) {
    const hole *choice = &g->holes[h];
    if (choice->inst != left || !choice->alternative ||
        !comparator_same_operation(choice->alternative, right))
      continue;
    if (!walk->collect)
      g->values[h * g->count + walk->member] =
          LLVMConstInt(LLVMInt1TypeInContext(LLVMGetTypeContext(LLVMTypeOf(left))), 1, false);
    else if (!comparator_same_flags(choice->alternative, right))
      add_meet(g, left, h, right);
    return;
  }
  if (walk->collect)
    add_hole(g, (hole){left, 0, 0, right, false});
}

static void visit_pair(LLVMValueRef left, LLVMValueRef right, void *data) {
  hole_walk *walk = data;
  group *g = walk->g;
  if (comparator_choice_class(left))
    visit_choice(walk, left, right);
  else if (walk->collect && !comparator_same_flags(left, right))
    add_meet(g, left, SIZE_MAX, right);
  int operands = LLVMGetNumOperands(left);
  for (unsigned k = 0; k < (unsigned)operands; ++k) {
    if (!comparator_operand_may_vary(left, k))
      continue;
    LLVMUseRef use = LLVMGetOperandUse(left, k);
    uint64_t index;
    bool known = ptr_map_get(&g->hole_of, use, &index);
    if (walk->collect) {
      if (known || LLVMGetOperand(left, k) == LLVMGetOperand(right, k))
        continue;
      if (add_hole(g, (hole){left, k, 0, NULL, false}))
        ptr_map_put(&g->hole_of, use, g->hole_count);
    } else if (known) {
      g->values[(index - 1) * g->count + walk->member] = LLVMGetOperand(right, k);
    }
  }
}

/* Finds the holes, reads every member's constants, and numbers the
 * parameters (holes with the same constants in every member share one).
 * Returns false when there are too many, or none. */
static bool find_holes(merge_state *st, group *g) {
  g->holes = malloc(MAX_HOLES * sizeof *g->holes);
  g->values = NULL;
  if (!g->holes)
    abort();
  ptr_map_init(&g->hole_of);
  hole_walk walk = {g, 0, true};
  for (size_t m = 1; m < g->count; ++m) {
    walk.member = m;
    comparator_walk_pairs(st->comparator, g->members[0], g->members[m],
                          g->structural ? &g->differing : NULL, visit_pair, &walk);
  }
  /* Equal up to flags alone: every thunk would be the same (no constants),
   * which is the equal merge's to fold, not this pass's. */
  if (g->structural)
    add_hole(g, (hole){.selector = true});
  if (g->too_many_holes || !g->hole_count)
    return false;
  g->values = malloc((g->hole_count * g->count + 1) * sizeof *g->values);
  if (!g->values)
    abort();
  LLVMValueRef no = LLVMConstNull(LLVMInt1TypeInContext(st->context));
  LLVMValueRef yes = LLVMConstAllOnes(LLVMInt1TypeInContext(st->context));
  for (size_t h = 0; h < g->hole_count; ++h) {
    const hole *at = &g->holes[h];
    for (size_t m = 0; m < g->count; ++m) /* a choice: no, unless seen */
      g->values[h * g->count + m] =
          at->selector      ? (m ? yes : no)
          : at->alternative ? no
          : m               ? NULL
                            : LLVMGetOperand(at->inst, at->operand);
  }
  walk.collect = false;
  for (size_t m = 1; m < g->count; ++m) {
    walk.member = m;
    comparator_walk_pairs(st->comparator, g->members[0], g->members[m],
                          g->structural ? &g->differing : NULL, visit_pair, &walk);
  }
  g->parameters = 0;
  for (size_t h = 0; h < g->hole_count; ++h) {
    size_t same = h;
    for (size_t e = 0; e < h && same == h; ++e)
      if (!memcmp(&g->values[e * g->count], &g->values[h * g->count],
                  g->count * sizeof *g->values) &&
          LLVMTypeOf(g->values[e * g->count]) == LLVMTypeOf(g->values[h * g->count]))
        same = e;
    g->holes[h].parameter = same == h ? g->parameters++ : g->holes[same].parameter;
  }
  return true;
}

/* The first hole of each parameter, in parameter order. */
static const hole **parameter_holes(const group *g) {
  const hole **first = calloc(g->parameters + 1, sizeof *first);
  if (!first)
    abort();
  for (size_t h = 0; h < g->hole_count; ++h)
    if (!first[g->holes[h].parameter])
      first[g->holes[h].parameter] = &g->holes[h];
  return first;
}

/* What the blocks of a pair that differ (regions.c) add to the merged
 * body, in hundredths of bytes: the member's instructions between its phis
 * and terminator, and blocks and a compare to choose between the two. */
static size_t differing_hundredths(const ptr_map *differing) {
  size_t hundredths = 0, cursor = 0;
  const void *block;
  uint64_t other;
  while (ptr_map_next(differing, &cursor, &block, &other)) {
    LLVMBasicBlockRef member_block = (LLVMBasicBlockRef)(uintptr_t)other;
    const size_model *model =
        size_model_for_function(LLVMGetBasicBlockParent(member_block));
    hundredths +=
        3 * size_model_block_cost(model) + size_model_compare_cost(model);
    for (LLVMValueRef i = LLVMGetFirstInstruction(member_block); i;
         i = LLVMGetNextInstruction(i))
      if (!LLVMIsAPHINode(i) && !LLVMIsATerminatorInst(i))
        hundredths += size_model_instruction_cost(model, i);
  }
  return hundredths;
}

/* What the merged body has more than the representative: for each choice,
 * the operation other than the representative's and a select; for each
 * region (regions.c), the member's middle, three blocks, the selector's
 * test, and a phi per value used past the middles. */
static size_t extra_bytes(const group *g) {
  const size_model *model = size_model_for_function(g->members[0]);
  size_t hundredths = 0;
  for (size_t h = 0; h < g->hole_count; ++h)
    if (g->holes[h].alternative)
      hundredths +=
          size_model_instruction_cost(model, g->holes[h].alternative) +
          size_model_compare_cost(model);
  if (g->structural)
    hundredths += differing_hundredths(&g->differing) +
                  size_model_phi_cost(model) * g->crossing;
  return hundredths / 100;
}

/* Whether `use` of `fn` is a plain direct call from outside the groups
 * (`no_redirect`), which can pass the constants itself. */
static bool is_plain_call(LLVMUseRef use, LLVMValueRef fn,
                          const ptr_map *no_redirect) {
  LLVMValueRef user = LLVMGetUser(use);
  if (!LLVMIsAInstruction(user))
    return false;
  LLVMOpcode opcode = LLVMGetInstructionOpcode(user);
  if (opcode != LLVMCall && opcode != LLVMInvoke)
    return false;
  if (LLVMGetOperandUse(user, (unsigned)LLVMGetNumOperands(user) - 1) != use ||
      LLVMGetCalledFunctionType(user) != LLVMGlobalGetValueType(fn) ||
      LLVMGetNumOperandBundles(user) ||
      (opcode == LLVMCall && LLVMGetTailCallKind(user) == LLVMTailCallKindMustTail))
    return false;
  LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user));
  return !ptr_map_get(no_redirect, caller, NULL);
}

/* The calls of `fn` that may pass the constants themselves: none if `fn`
 * is interposable (the linker may replace it; its callers must keep
 * calling it). *others counts the remaining uses, but those in fn's own
 * body, which it is about to lose. */
static fn_list calls_to_redirect(LLVMValueRef fn, const ptr_map *no_redirect,
                                 size_t *others) {
  fn_list calls = {0};
  *others = 0;
  for (LLVMUseRef use = LLVMGetFirstUse(fn); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsAInstruction(user) &&
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) == fn)
      continue; /* its own body, which goes */
    if (!is_interposable(fn) && is_plain_call(use, fn, no_redirect))
      fn_list_push(&calls, LLVMGetUser(use));
    else
      (*others)++;
  }
  return calls;
}

/* Whether member m's own address is one of the group's constants. */
static bool is_a_constant_of(const group *g, LLVMValueRef fn) {
  for (size_t i = 0; i < g->hole_count * g->count; ++i)
    if (g->values[i] == fn)
      return true;
  return false;
}

/* ---- Rewriting ------------------------------------------------------------ */

/* Replaces the call `call` of a member by a call of the merged body that
 * passes the member's constants, keeping everything else about the call;
 * returns the new call. */
static LLVMValueRef redirect_call(merge_state *st, LLVMValueRef call,
                                  LLVMValueRef body, LLVMValueRef *constants,
                                  unsigned count) {
  unsigned args = LLVMGetNumArgOperands(call);
  LLVMValueRef *all = malloc((args + count + 1) * sizeof *all);
  if (!all)
    abort();
  for (unsigned i = 0; i < args; ++i)
    all[i] = LLVMGetOperand(call, i);
  memcpy(all + args, constants, count * sizeof *constants);
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(st->context);
  /* After the call's debug records: the new call takes them over. */
  LLVMPositionBuilderBefore(builder, call);
  LLVMTypeRef type = LLVMGlobalGetValueType(body);
  LLVMValueRef replacement;
  if (LLVMGetInstructionOpcode(call) == LLVMInvoke) {
    replacement = LLVMBuildInvoke2(builder, type, body, all, args + count,
                                   LLVMGetNormalDest(call),
                                   LLVMGetUnwindDest(call), "");
  } else {
    replacement = LLVMBuildCall2(builder, type, body, all, args + count, "");
    LLVMSetTailCallKind(replacement, LLVMGetTailCallKind(call));
  }
  LLVMDisposeBuilder(builder);
  free(all);
  LLVMSetInstructionCallConv(replacement, LLVMGetInstructionCallConv(call));
  copy_attributes(call, true, replacement, true, args);
  if (LLVMCanValueUseFastMathFlags(call))
    ltofold_set_fast_math_flags(replacement, LLVMGetFastMathFlags(call));
  size_t md_count;
  LLVMValueMetadataEntry *entries =
      LLVMInstructionGetAllMetadataOtherThanDebugLoc(call, &md_count);
  for (size_t i = 0; i < md_count; ++i)
    LLVMSetMetadata(replacement,
                    LLVMValueMetadataEntriesGetKind(entries, (unsigned)i),
                    LLVMMetadataAsValue(st->context,
                                        LLVMValueMetadataEntriesGetMetadata(
                                            entries, (unsigned)i)));
  if (entries)
    LLVMDisposeValueMetadataEntries(entries);
  LLVMInstructionSetDebugLoc(replacement, LLVMInstructionGetDebugLoc(call));
  if (LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMVoidTypeKind) {
    size_t length;
    char *name = strdup(LLVMGetValueName2(call, &length));
    if (!name)
      abort();
    LLVMReplaceAllUsesWith(call, replacement);
    LLVMSetValueName2(call, "", 0);
    LLVMSetValueName2(replacement, name, length);
    free(name);
  }
  LLVMInstructionEraseFromParent(call);
  return replacement;
}

/* Builds the choices of the representative's instruction whose first
 * choice is hole `first` (its operations other than its own): a copy
 * of each such operation on the same operands, placed before it, and after
 * it a select per choice, by the choice's parameter, between that copy and
 * what came before; the last select replaces the instruction's uses. */
static void build_choices(merge_state *st, const group *g, size_t first,
                          LLVMValueRef body, unsigned own) {
  LLVMValueRef inst = g->holes[first].inst;
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(st->context);
  LLVMValueRef result = inst, first_select = NULL;
  int operands = LLVMGetNumOperands(inst);
  for (size_t h = first; h < g->hole_count; ++h) {
    if (g->holes[h].inst != inst || !g->holes[h].alternative)
      continue;
    LLVMValueRef copy = LLVMInstructionClone(g->holes[h].alternative);
    for (int k = 0; k < operands; ++k)
      LLVMSetOperand(copy, (unsigned)k, LLVMGetOperand(inst, (unsigned)k));
    size_t md_count; /* the member's metadata is the member's */
    LLVMValueMetadataEntry *entries =
        LLVMInstructionGetAllMetadataOtherThanDebugLoc(copy, &md_count);
    for (size_t i = 0; i < md_count; ++i)
      LLVMSetMetadata(copy, LLVMValueMetadataEntriesGetKind(entries, (unsigned)i), NULL);
    if (entries)
      LLVMDisposeValueMetadataEntries(entries);
    LLVMInstructionSetDebugLoc(copy, LLVMInstructionGetDebugLoc(inst));
    for (size_t i = 0; i < g->meet_count; ++i)
      if (g->meets[i].hole == h)
        comparator_meet_flags(copy, g->meets[i].other);
    LLVMPositionBuilderBefore(builder, inst);
    LLVMInsertIntoBuilder(builder, copy);
    LLVMPositionBuilderBefore(builder, LLVMGetNextInstruction(result));
    result = LLVMBuildSelect(
        builder, LLVMGetParam(body, own + g->holes[h].parameter), copy, result, "");
    LLVMInstructionSetDebugLoc(result, LLVMInstructionGetDebugLoc(inst));
    if (!first_select)
      first_select = result;
    st->result->similar_choices++;
  }
  LLVMDisposeBuilder(builder);
  LLVMReplaceAllUsesWith(inst, result);
  LLVMSetOperand(first_select, 2, inst); /* which RAUW pointed at itself */
}

LLVMValueRef similar_new_body(merge_state *st, LLVMValueRef rep,
                              LLVMTypeRef type) {
  char *name = NULL;
  if (asprintf(&name, "%s.ltofold.similar", function_name(rep)) < 0)
    abort();
  LLVMValueRef body = LLVMAddFunction(st->module, name, type);
  free(name);
  LLVMSetLinkage(body, LLVMInternalLinkage);
  LLVMSetUnnamedAddress(body, LLVMGlobalUnnamedAddr);
  LLVMSetFunctionCallConv(body, LLVMGetFunctionCallConv(rep));
  if (LLVMGetSection(rep))
    LLVMSetSection(body, LLVMGetSection(rep));
  if (LLVMGetGC(rep))
    LLVMSetGC(body, LLVMGetGC(rep));
  return body;
}

/* Makes the merged body: a new internal function with the representative's
 * parameters and the group's, and the representative's blocks. */
static LLVMValueRef build_merged_body(merge_state *st, const group *g,
                                      LLVMTypeRef *types, unsigned params) {
  LLVMValueRef rep = g->members[0];
  LLVMTypeRef rep_type = LLVMGlobalGetValueType(rep);
  unsigned own = LLVMCountParams(rep);
  LLVMValueRef body = similar_new_body(
      st, rep, LLVMFunctionType(LLVMGetReturnType(rep_type), types, params, false));
  if (LLVMHasPersonalityFn(rep))
    LLVMSetPersonalityFn(body, LLVMGetPersonalityFn(rep));
  for (size_t m = 0; m < g->count; ++m)
    take_max_alignment(body, g->members[m]);
  for (size_t m = 1; m < g->count; ++m) {
    meet_metadata(st, rep, g->members[m], g->structural ? &g->differing : NULL);
    intersect_attributes(st, rep, g->members[m]);
  }
  copy_function_attributes(rep, body, false);
  entry_count_set_sum(body, g->members, g->count);
  LLVMMetadataRef subprogram = LLVMGetSubprogram(rep);
  if (subprogram) { /* a subprogram belongs to one function */
    LLVMGlobalEraseMetadata(rep, 0 /* MD_dbg */);
    LLVMSetSubprogram(body, subprogram);
  }
  for (unsigned i = 0; i < own; ++i) {
    LLVMValueRef old = LLVMGetParam(rep, i), param = LLVMGetParam(body, i);
    size_t length;
    const char *param_name = LLVMGetValueName2(old, &length);
    LLVMSetValueName2(param, param_name, length);
    LLVMReplaceAllUsesWith(old, param);
  }
  LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(rep);
  while (bb) {
    LLVMBasicBlockRef next = LLVMGetNextBasicBlock(bb);
    LLVMRemoveBasicBlockFromParent(bb);
    LLVMAppendExistingBasicBlock(body, bb);
    bb = next;
  }
  for (size_t h = 0; h < g->hole_count && g->structural; ++h)
    if (g->holes[h].selector)
      st->result->similar_blocks +=
          regions_build(body, g->members[1], &g->differing, &g->partners,
                        LLVMGetParam(body, own + g->holes[h].parameter));
  for (size_t i = 0; i < g->meet_count; ++i)
    if (g->meets[i].hole == SIZE_MAX)
      comparator_meet_flags(g->meets[i].inst, g->meets[i].other);
  for (size_t h = 0; h < g->hole_count; ++h)
    if (!g->holes[h].alternative && !g->holes[h].selector)
      LLVMSetOperand(g->holes[h].inst, g->holes[h].operand,
                     LLVMGetParam(body, own + g->holes[h].parameter));
  for (size_t h = 0; h < g->hole_count; ++h) {
    bool first = g->holes[h].alternative != NULL;
    for (size_t e = 0; e < h && first; ++e)
      first = g->holes[e].inst != g->holes[h].inst || !g->holes[e].alternative;
    if (first)
      build_choices(st, g, h, body, own);
  }
  return body;
}

/* Whether `caller` calls `fn`. */
static bool is_called_from(LLVMValueRef fn, LLVMValueRef caller) {
  for (LLVMUseRef use = LLVMGetFirstUse(fn); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if ((LLVMIsACallInst(user) || LLVMIsAInvokeInst(user)) &&
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) == caller)
      return true;
  }
  return false;
}

/* size_model_push_unwind_bytes of `caller`, remembered until its body
 * changes (note_changed). */
static long push_unwind_of(merge_state *st, const size_model *model,
                           LLVMValueRef caller) {
  uint64_t known;
  if (ptr_map_get(&st->push_unwind, caller, &known))
    return (long)known - 1;
  unsigned bytes = size_model_push_unwind_bytes(model, caller);
  ptr_map_put(&st->push_unwind, caller, (uint64_t)bytes + 1);
  return bytes;
}

/* `fn`'s body changed: what the rounds remember of it goes. */
static void note_changed(merge_state *st, LLVMValueRef fn) {
  round_memory_note_change(st->round_memory, fn);
  ptr_map_remove(&st->push_unwind, fn);
}

/* A call of `caller` was redirected to a merged body as `call`. The
 * rounds forget what they knew of `caller`; its push_unwind_of stays
 * true, without walking its body again: a redirected call is a call site
 * exactly when the call it replaces was (same kind, tail marker and
 * place), so only whether one of its calls pushes can change. */
static void note_redirected(merge_state *st, LLVMValueRef caller,
                            LLVMValueRef call) {
  round_memory_note_change(st->round_memory, caller);
  if (size_model_site_pushes(size_model_for_function(caller), call))
    ptr_map_put(&st->push_unwind, caller, 1); /* 0 bytes */
}

/* What redirecting member m's `calls` to a body that takes `stack`
 * arguments on the stack adds to their callers outside the calls' code,
 * where the calls push them (size_model_pushes): once per caller, and only
 * for a caller that calls no member before m, which pays it then. (Once
 * the calls of such a member are redirected, the caller pushes arguments
 * and the size model says it pays nothing more.) */
static long stack_callers_bytes(merge_state *st, const group *g, size_t m,
                                const fn_list *calls, unsigned stack) {
  const size_model *model = size_model_for_function(g->members[m]);
  if (!size_model_pushes(model, stack))
    return 0;
  long bytes = 0;
  ptr_map seen = {0};
  for (size_t i = 0; i < calls->count; ++i) {
    LLVMValueRef caller =
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(calls->items[i]));
    size_t known = seen.count;
    ptr_map_put(&seen, caller, 1);
    bool charged = seen.count == known;
    for (size_t k = 0; k < m && !charged; ++k)
      charged = is_called_from(g->members[k], caller);
    if (!charged)
      bytes += push_unwind_of(st, model, caller);
  }
  ptr_map_free(&seen);
  return bytes;
}

/* How member m is replaced, and what that costs in bytes: its direct calls
 * pass the constants (`redirect`), or keep calling it, now a thunk. With
 * redirected calls it may go altogether; a function called from many
 * places is cheaper as one thunk. `stack` of the parameters go on the
 * stack. Decided the same way by bytes_saved and fold_member. */
static long member_cost(merge_state *st, const group *g, const hole **first,
                        size_t m, unsigned stack, const ptr_map *no_redirect,
                        bool *redirect) {
  LLVMValueRef fn = g->members[m];
  const size_model *model = size_model_for_function(fn);
  unsigned constants = size_model_stack_constant_extra(model) * stack;
  for (unsigned p = 0; p < g->parameters; ++p)
    constants += size_model_constant_bytes(
        model, g->values[(size_t)(first[p] - g->holes) * g->count + m]);
  long per_call = constants;
  /* A thunk is a function: its code padded to the alignment (write_thunk's
   * optsize drops that padding on x86-64, which leaves the model a margin:
   * counted unpadded, more groups merged and pugixml's code grew by 560
   * bytes) and its unwind entry, smaller than the member's: no frame. */
  long thunk = size_model_padded_bytes(
                   model, size_model_thunk_bytes(model, constants, stack > 0)) +
               size_model_unwind_bytes(model, size_model_has_unwind_entry(fn),
                                       SIZE_SHAPE_LEAF);
  size_t others;
  fn_list calls = calls_to_redirect(fn, no_redirect, &others);
  long callers = stack_callers_bytes(st, g, m, &calls, stack);
  free(calls.items);
  bool goes = !others && uses_move_entirely(st, fn) &&
              is_discardable_if_unused(fn) && !is_a_constant_of(g, fn);
  long redirected =
      per_call * (long)calls.count + callers + (goes ? 0 : thunk);
  *redirect = calls.count > 0 && redirected <= thunk;
  return *redirect ? redirected : thunk;
}

/* What a pair's price depends on besides its two bodies (round_memory.h):
 * how the uses of each of the two split into calls that may pass constants
 * and others, packed; UINT64_MAX, which matches nothing remembered, when a
 * count does not fit. */
static uint64_t price_context(LLVMValueRef rep, LLVMValueRef member,
                              const ptr_map *no_redirect) {
  uint64_t context = 0;
  LLVMValueRef both[2] = {rep, member};
  for (int i = 0; i < 2; ++i) {
    size_t others;
    fn_list calls = calls_to_redirect(both[i], no_redirect, &others);
    free(calls.items);
    if (calls.count >= 0xffff || others >= 0xffff)
      return UINT64_MAX;
    context = context << 32 | (uint64_t)calls.count << 16 | others;
  }
  return context;
}

/* What the group costs now and merged: the bytes it saves, or a negative
 * number. */
static long bytes_saved(merge_state *st, const group *g, const hole **first,
                        size_t body_size, unsigned stack,
                        const ptr_map *no_redirect) {
  long saved = -(long)body_size - (long)size_model_parameter_bytes(
                                      size_model_for_function(g->members[0])) *
                                      g->parameters;
  for (size_t m = 0; m < g->count; ++m) {
    bool redirect;
    saved += (long)body_bytes(g->members[m]) -
             member_cost(st, g, first, m, stack, no_redirect, &redirect);
  }
  return saved;
}

/* The constants member m passes to the merged body (malloc'd), one per
 * parameter after the representative's. */
static LLVMValueRef *member_constants(merge_state *st, const group *g,
                                      const hole **first, size_t m) {
  LLVMValueRef *constants = malloc((g->parameters + 1) * sizeof *constants);
  if (!constants)
    abort();
  for (unsigned p = 0; p < g->parameters; ++p)
    constants[p] = g->values[(size_t)(first[p] - g->holes) * g->count + m];
  /* The test hook (--merge-test-break): a wrong constant on purpose. */
  if (st->options->test_break &&
      !strcmp(st->options->test_break, function_name(g->members[m])) &&
      g->parameters && LLVMIsAConstantInt(constants[0]))
    constants[0] = LLVMConstInt(LLVMTypeOf(constants[0]),
                                LLVMConstIntGetZExtValue(constants[0]) + 1, false);
  return constants;
}

/* Folds member m of the group into `body`. */
static void fold_member(merge_state *st, const group *g, size_t m,
                        LLVMValueRef body, const hole **first, unsigned stack,
                        const ptr_map *no_redirect, size_t instructions) {
  LLVMValueRef fn = g->members[m];
  LLVMValueRef *constants = member_constants(st, g, first, m);
  erase_body(fn); /* its own calls of itself are no callers to redirect */
  note_changed(st, fn);
  bool redirect;
  member_cost(st, g, first, m, stack, no_redirect, &redirect);
  size_t others = 0, redirected = 0;
  if (redirect) {
    fn_list calls = calls_to_redirect(fn, no_redirect, &others);
    for (size_t i = 0; i < calls.count; ++i) {
      LLVMValueRef caller =
          LLVMGetBasicBlockParent(LLVMGetInstructionParent(calls.items[i]));
      note_redirected(st, caller, redirect_call(st, calls.items[i], body,
                                                constants, g->parameters));
    }
    redirected = calls.count;
    free(calls.items);
  }
  write_thunk(st, body, fn, constants, g->parameters);
  free(constants);
  /* The thunk stays for the check (certify.c) and goes at the end when
   * nothing uses it; a member whose address is a constant of the group is
   * used by the thunks. */
  bool goes = redirect && !others && uses_move_entirely(st, fn) &&
              is_discardable_if_unused(fn) && !is_a_constant_of(g, fn);
  if (goes)
    fn_list_push(&st->unused_thunks, fn);
  ltofold_fold_method method = goes         ? LTOFOLD_FOLD_REPLACED
                               : redirected ? LTOFOLD_FOLD_CALLERS
                                            : LTOFOLD_FOLD_THUNK;
  ptr_map_remove(&st->similar_skips, fn);
  ltofold_fold *fold =
      add_fold(st, function_name(body), function_name(fn), method, instructions);
  fold->similar = true;
  fold->parameters = g->parameters;
  st->result->similar_merged++;
}

static void skip_function(merge_state *st, LLVMValueRef fn, ltofold_similar_skip why) {
  ptr_map_put(&st->similar_skips, fn, (uint64_t)why + 1);
}

static void count_skip(merge_state *st, const group *g, ltofold_similar_skip why) {
  for (size_t m = 0; m < g->count; ++m)
    skip_function(st, g->members[m], why);
}

/* Frees what find_holes made, so that the group can find them again. */
static void free_holes(group *g) {
  free(g->holes);
  free(g->values);
  free(g->meets);
  if (g->holes)
    ptr_map_free(&g->hole_of);
  *g = (group){.members = g->members, .count = g->count, .structural = g->structural,
               .differing = g->differing, .partners = g->partners,
               .crossing = g->crossing};
}

static void free_group(group *g) {
  free_holes(g);
  free(g->members);
  if (g->structural) {
    ptr_map_free(&g->differing);
    ptr_map_free(&g->partners);
  }
}

/* Whether members m and n do the same operation at every choice. */
static bool same_choices(const group *g, size_t m, size_t n) {
  for (size_t h = 0; h < g->hole_count; ++h)
    if (g->holes[h].alternative &&
        g->values[h * g->count + m] != g->values[h * g->count + n])
      return false;
  return true;
}

/* The parts of a group with choices: the members that do the same
 * operations everywhere, each part a group of its own, without choices
 * (members only). Returns how many, 0 when there is no choice. */
static size_t split_by_operations(const group *g, group **parts) {
  bool choices = false;
  for (size_t h = 0; h < g->hole_count; ++h)
    choices |= g->holes[h].alternative != NULL;
  *parts = NULL;
  if (!choices)
    return 0;
  bool *taken = calloc(g->count, sizeof *taken);
  *parts = calloc(g->count, sizeof **parts);
  if (!taken || !*parts)
    abort();
  size_t count = 0;
  for (size_t m = 0; m < g->count; ++m) {
    if (taken[m])
      continue;
    group *part = &(*parts)[count++];
    part->members = malloc(g->count * sizeof *part->members);
    if (!part->members)
      abort();
    for (size_t n = m; n < g->count; ++n)
      if (!taken[n] && same_choices(g, m, n)) {
        taken[n] = true;
        part->members[part->count++] = g->members[n];
      }
  }
  free(taken);
  return count;
}

/* A group priced: the merged body's parameter types (the representative's,
 * then the new ones), the first hole of each new parameter, and what
 * merging saves. */
typedef struct priced {
  LLVMTypeRef *types; /* owned */
  const hole **first; /* owned */
  unsigned params, stack;
  long saved; /* bytes; LONG_MIN past MAX_PARAMETERS */
} priced;

static void price_group(merge_state *st, const group *g,
                        const ptr_map *no_redirect, priced *p) {
  LLVMValueRef rep = g->members[0];
  unsigned own = LLVMCountParams(rep);
  p->params = own + g->parameters;
  unsigned counted;
  LLVMTypeRef *own_types = ltofold_param_types(LLVMGlobalGetValueType(rep), &counted);
  p->types = malloc((p->params + 1) * sizeof *p->types);
  if (!p->types || counted != own)
    abort();
  memcpy(p->types, own_types, own * sizeof *p->types);
  free(own_types);
  p->first = parameter_holes(g);
  for (unsigned k = 0; k < g->parameters; ++k)
    p->types[own + k] =
        LLVMTypeOf(g->values[(size_t)(p->first[k] - g->holes) * g->count]);
  p->stack = size_model_stack_arguments(size_model_for_function(rep), p->types,
                                        p->params);
  p->saved = g->parameters > MAX_PARAMETERS
                 ? LONG_MIN
                 : bytes_saved(st, g, p->first, body_bytes(rep) + extra_bytes(g),
                               p->stack, no_redirect);
}

static void free_priced(priced *p) {
  free(p->types);
  free(p->first);
}

/* What merging the parts of a group saves, each part that pays. */
static long parts_saved(merge_state *st, group *parts, size_t count,
                        const ptr_map *no_redirect) {
  long total = 0;
  for (size_t i = 0; i < count; ++i) {
    if (parts[i].count > 1 && find_holes(st, &parts[i])) {
      priced p;
      price_group(st, &parts[i], no_redirect, &p);
      if (p.saved > MIN_BYTES_SAVED)
        total += p.saved;
      free_priced(&p);
    }
    free_holes(&parts[i]);
  }
  return total;
}

/* Certification of a group before any member folds (certify.c): `body`
 * well formed, and bound to each member's constants, against the member
 * (the representative: against `rep_copy`). Every member that does not
 * check is refused (all, when the body is not well formed); then the group
 * does not merge. */
static bool certify_members(merge_state *st, const group *g, const hole **first,
                            LLVMValueRef body, LLVMValueRef rep_copy) {
  bool well_formed = certify_well_formed(body), holds = well_formed;
  for (size_t m = 0; m < g->count; ++m) {
    LLVMValueRef *constants = member_constants(st, g, first, m);
    if (!well_formed || !certify_specialized(st->cert, body, constants, g->parameters,
                                             m ? g->members[m] : rep_copy)) {
      refuse(st, g->members[m]);
      holds = false;
    }
    free(constants);
  }
  return holds;
}

/* Merges a priced group: its merged body, and each member folded into it.
 * Returns the body, or NULL when certification refused the group. */
static LLVMValueRef merge_priced(merge_state *st, const group *g,
                                 const priced *p, const ptr_map *no_redirect) {
  size_t *instructions = malloc(g->count * sizeof *instructions);
  if (!instructions)
    abort();
  for (size_t m = 0; m < g->count; ++m)
    instructions[m] = count_instructions(g->members[m]);
  /* The representative's blocks become the body's: the check compares the
   * body with a copy of it as it was (certify.c). */
  LLVMValueRef rep_copy = st->cert ? ltofold_copy_function(g->members[0]) : NULL;
  size_t blocks_before = st->result->similar_blocks;
  LLVMValueRef body = build_merged_body(st, g, p->types, p->params);
  if (rep_copy && !certify_members(st, g, p->first, body, rep_copy)) {
    ltofold_restore_from_copy(g->members[0], rep_copy);
    LLVMDeleteFunction(body);
    st->result->similar_blocks = blocks_before;
    free(instructions);
    return NULL;
  }
  if (rep_copy)
    LLVMDeleteFunction(rep_copy);
  for (size_t m = 0; m < g->count; ++m)
    fold_member(st, g, m, body, p->first, p->stack, no_redirect, instructions[m]);
  free(instructions);
  st->result->similar_groups++;
  st->result->similar_parameters += g->parameters;
  return body;
}

/* Merges a group, or its parts when they save more (a group with choices:
 * the operations a choice selects between cost code and parameters, which
 * parts without choices do not pay), or counts it skipped. */
static void merge_group(merge_state *st, group *g, const ptr_map *no_redirect) {
  if (!find_holes(st, g)) {
    if (g->too_many_holes)
      count_skip(st, g, LTOFOLD_SIMILAR_SKIP_PARAMETERS);
    return; /* no hole: equal functions the equal merge could not fold */
  }
  priced p;
  price_group(st, g, no_redirect, &p);
  ltofold_similar_skip why = p.saved == LONG_MIN ? LTOFOLD_SIMILAR_SKIP_PARAMETERS
                                                 : LTOFOLD_SIMILAR_SKIP_UNPROFITABLE;
  group *parts;
  size_t part_count = split_by_operations(g, &parts);
  if (part_count && parts_saved(st, parts, part_count, no_redirect) >= p.saved) {
    for (size_t i = 0; i < part_count; ++i)
      if (parts[i].count > 1)
        merge_group(st, &parts[i], no_redirect);
      else
        count_skip(st, &parts[i], why);
  } else if (p.saved <= MIN_BYTES_SAVED) {
    count_skip(st, g, why);
  } else {
    merge_priced(st, g, &p, no_redirect);
  }
  for (size_t i = 0; i < part_count; ++i)
    free_group(&parts[i]);
  free(parts);
  free_priced(&p);
}

/* ---- One group across modules (cross_module.c) ---------------------------- */

LLVMValueRef similar_merge_one_group(merge_state *st, LLVMValueRef *members,
                                     size_t count, const ptr_map *no_redirect) {
  group g = {0};
  g.count = count;
  g.members = malloc(count * sizeof *g.members);
  if (!g.members)
    abort();
  memcpy(g.members, members, count * sizeof *g.members);
  LLVMValueRef body = NULL;
  if (find_holes(st, &g)) {
    priced p;
    price_group(st, &g, no_redirect, &p);
    if (p.saved != LONG_MIN && p.saved > MIN_BYTES_SAVED)
      body = merge_priced(st, &g, &p, no_redirect);
    free_priced(&p);
  }
  free_group(&g);
  return body;
}

/* ---- Pairs whose blocks differ (regions.c) ---------------------------------- */

/* Partners a function tries, among those of its skeleton: the search stays
 * linear in the number of functions. */
enum { MAX_TRIES = 8 };

/* Pairs refused for their price, beside form_pair's other reasons (0: not
 * similar at all; a skip reason + 1): priced at most MIN_BYTES_SAVED, which
 * depends on how the two are called; or too small to save that much
 * whatever the price, which depends on the bodies alone. */
enum { UNPROFITABLE_PAIR = -1, TOO_SMALL_PAIR = -2 };

/* FNV-1a over what regions leave as it is: the parameter count and, per
 * block in layout order, its terminator's opcode and successor count and
 * its phi count. Functions with one skeleton are the candidate pairs. */
static uint64_t skeleton_hash(LLVMValueRef fn) {
  uint64_t hash = 1469598103934665603u;
#define MIX(x) (hash = (hash ^ (uint64_t)(x)) * 1099511628211u)
  MIX(LLVMCountParams(fn));
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    MIX(LLVMGetInstructionOpcode(term));
    MIX(LLVMGetNumSuccessors(term));
    unsigned phis = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); LLVMIsAPHINode(i);
         i = LLVMGetNextInstruction(i))
      phis++;
    MIX(phis);
  }
#undef MIX
  return hash;
}

/* The pair (rep, member) as a structural group, its holes found: false,
 * with the reason in *why (0: not similar at all), when it is none or
 * cannot save enough (TOO_SMALL_PAIR). */
static bool form_pair(merge_state *st, ltofold_comparator *masked,
                      LLVMValueRef rep, LLVMValueRef member, group *g,
                      int *why) {
  *g = (group){.count = 2, .structural = true};
  g->members = malloc(2 * sizeof *g->members);
  if (!g->members)
    abort();
  g->members[0] = rep;
  g->members[1] = member;
  ptr_map_init(&g->differing);
  ptr_map_init(&g->partners);
  *why = 0;
  /* Equal up to constants is the groups'; all blocks different, no pair. */
  if (comparator_compare_structure(masked, rep, member, &g->differing,
                                   regions_block_may_differ)) {
    if (masked->block_refused) /* a block that differs cannot be a region */
      *why = LTOFOLD_SIMILAR_SKIP_BLOCKS + 1;
    return false;
  }
  if (!g->differing.count || g->differing.count == masked->visited.count)
    return false;
  /* The most the pair can save, before the costly steps: the merged body
   * is the representative's and the member's differing blocks, and the
   * member costs at least nothing (bytes_saved). */
  if ((long)body_bytes(member) - (long)(differing_hundredths(&g->differing) / 100) <=
      MIN_BYTES_SAVED) {
    *why = TOO_SMALL_PAIR;
    return false;
  }
  comparator_partners(masked, &g->partners);
  if (!regions_possible(rep, &g->differing, &g->partners, &g->crossing)) {
    *why = LTOFOLD_SIMILAR_SKIP_BLOCKS + 1;
    return false;
  }
  if (!find_holes(st, g)) {
    *why = LTOFOLD_SIMILAR_SKIP_PARAMETERS + 1;
    return false;
  }
  return true;
}

/* Pairs of functions whose blocks match one for one but some of whose
 * blocks differ between their phis and terminators: for each function (by
 * skeleton, then module order), the partner among the next MAX_TRIES of
 * its skeleton and type that saves the most, if any saves enough; each
 * pair merges at once, so later tries see the module as it now is. A pair
 * refused in an earlier round is not compared again unless one of the two
 * changed since (round_memory.h). */
static void merge_pairs(merge_state *st, const fn_list *eligible,
                        const ptr_map *no_redirect) {
  size_t n = eligible->count;
  candidate *sorted = malloc((n + 1) * sizeof *sorted);
  bool *taken = calloc(n + 1, sizeof *taken);
  if (!sorted || !taken)
    abort();
  for (size_t i = 0; i < n; ++i)
    sorted[i] = (candidate){eligible->items[i], skeleton_hash(eligible->items[i]), i};
  qsort(sorted, n, sizeof *sorted, compare_hashed);
  ltofold_comparator *masked = ltofold_comparator_new(st->module);
  masked->mask_constants = true;
  for (size_t i = 0; i < n; ++i) {
    if (taken[i])
      continue;
    LLVMValueRef rep = sorted[i].function;
    size_t best = SIZE_MAX, tries = 0;
    /* The best pair so far, kept as found: nothing changes the module
     * until it merges. */
    group best_group = {0};
    priced best_price = {.saved = MIN_BYTES_SAVED};
    for (size_t j = i + 1; j < n && sorted[j].hash == sorted[i].hash &&
                           tries < MAX_TRIES; ++j) {
      LLVMValueRef member = sorted[j].function;
      if (taken[j] || LLVMGlobalGetValueType(member) != LLVMGlobalGetValueType(rep))
        continue;
      tries++;
      group g = {0};
      int why;
      uint64_t context;
      if (round_memory_refused(st->round_memory, rep, member, &why, &context) &&
          (why != UNPROFITABLE_PAIR || context == price_context(rep, member, no_redirect))) {
        /* refused again, as before */
      } else if (shape_of(st, rep) != shape_of(st, member)) {
        why = 0; /* not similar at all, seen without comparing */
      } else if (!form_pair(st, masked, rep, member, &g, &why)) {
        round_memory_remember_refusal(st->round_memory, rep, member, why, 0);
      } else {
        priced p;
        price_group(st, &g, no_redirect, &p);
        if (p.saved > best_price.saved) {
          if (best != SIZE_MAX) {
            free_priced(&best_price);
            free_group(&best_group);
          }
          best_group = g;
          best_price = p;
          best = j;
          continue;
        }
        uint64_t now = price_context(rep, member, no_redirect);
        if (p.saved <= MIN_BYTES_SAVED && now != UINT64_MAX)
          round_memory_remember_refusal(st->round_memory, rep, member, UNPROFITABLE_PAIR, now);
        why = UNPROFITABLE_PAIR;
        free_priced(&p);
      }
      if (why == UNPROFITABLE_PAIR || why == TOO_SMALL_PAIR) /* reported only while no partner pays */
        why = best == SIZE_MAX ? LTOFOLD_SIMILAR_SKIP_UNPROFITABLE + 1 : 0;
      if (why && !ptr_map_get(&st->similar_skips, member, NULL))
        skip_function(st, member, (ltofold_similar_skip)(why - 1));
      if (why && !ptr_map_get(&st->similar_skips, rep, NULL))
        skip_function(st, rep, (ltofold_similar_skip)(why - 1));
      free_group(&g);
    }
    if (best == SIZE_MAX)
      continue;
    merge_priced(st, &best_group, &best_price, no_redirect);
    free_priced(&best_price);
    free_group(&best_group);
    taken[i] = taken[best] = true;
  }
  st->comparator->comparisons += masked->comparisons;
  ltofold_comparator_free(masked);
  free(sorted);
  free(taken);
}

/* ---- Pairs of different shapes (shapes.c) ---------------------------------- */

bool similar_may_take_part(merge_state *st, LLVMValueRef fn, uint64_t hottest) {
  if (LLVMIsDeclaration(fn) || LLVMGetLinkage(fn) == LLVMAvailableExternallyLinkage ||
      ptr_map_get(&st->thunks, fn, NULL) || comparator_is_merged_body(fn) ||
      ltofold_is_outlined(fn) || (is_discardable_if_unused(fn) && !LLVMGetFirstUse(fn)))
    return false;
  function_facts facts = facts_of(st, fn);
  return !facts.excluded && facts.takes_parameters && !is_hot(fn, hottest);
}

size_t merge_body_bytes(LLVMValueRef fn) { return body_bytes(fn); }

/* A pair (a, b) for merge-shapes (shapes.c): a group whose one hole is a
 * selector, false for a, and its parameter holes. */
struct selector_pair {
  group g;
  const hole **first; /* parameter_holes */
};

selector_pair *similar_selector_pair_new(merge_state *st, LLVMValueRef a,
                                         LLVMValueRef b) {
  selector_pair *pair = malloc(sizeof *pair);
  if (!pair)
    abort();
  group *g = &pair->g;
  *g = (group){.count = 2, .hole_count = 1, .parameters = 1};
  g->members = malloc(2 * sizeof *g->members);
  g->holes = malloc(sizeof *g->holes);
  g->values = malloc(2 * sizeof *g->values);
  if (!g->members || !g->holes || !g->values)
    abort();
  g->members[0] = a;
  g->members[1] = b;
  g->holes[0] = (hole){.selector = true};
  ptr_map_init(&g->hole_of);
  g->values[0] = LLVMConstNull(LLVMInt1TypeInContext(st->context));
  g->values[1] = LLVMConstAllOnes(LLVMInt1TypeInContext(st->context));
  pair->first = parameter_holes(g);
  return pair;
}

void similar_selector_pair_free(selector_pair *pair) {
  free(pair->first);
  free_group(&pair->g);
  free(pair);
}

/* How many of `body`'s parameters go on the stack. */
static unsigned body_stack_parameters(LLVMValueRef body) {
  unsigned count;
  LLVMTypeRef *types = ltofold_param_types(LLVMGlobalGetValueType(body), &count);
  unsigned stack = size_model_stack_arguments(size_model_for_function(body),
                                              types, count);
  free(types);
  return stack;
}

long similar_selector_pair_saved(merge_state *st, const selector_pair *pair,
                                 LLVMValueRef body) {
  ptr_map none;
  ptr_map_init(&none);
  long saved = bytes_saved(st, &pair->g, pair->first, body_bytes(body),
                           body_stack_parameters(body), &none);
  ptr_map_free(&none);
  return saved;
}

LLVMValueRef similar_selector_pair_constant(merge_state *st,
                                            const selector_pair *pair,
                                            size_t m) {
  LLVMValueRef *constants = member_constants(st, &pair->g, pair->first, m);
  LLVMValueRef selector = constants[0];
  free(constants);
  return selector;
}

void similar_selector_pair_fold(merge_state *st, const selector_pair *pair,
                                LLVMValueRef body) {
  ptr_map none;
  ptr_map_init(&none);
  unsigned stack = body_stack_parameters(body);
  LLVMValueRef *members = pair->g.members;
  size_t instructions[2] = {count_instructions(members[0]),
                            count_instructions(members[1])};
  for (size_t m = 0; m < 2; ++m)
    fold_member(st, &pair->g, m, body, pair->first, stack, &none,
                instructions[m]);
  st->result->similar_groups++;
  st->result->similar_parameters++;
  ptr_map_free(&none);
}

/* ---- The pass --------------------------------------------------------------- */

/* One round: the candidates by hash, their groups by the masked order,
 * each group merged or skipped. Returns how many functions it merged. */
static size_t similar_round(merge_state *st, uint64_t hottest) {
  size_t before = st->result->similar_merged;
  /* Candidates: definitions left after the equal merge that can take
   * parameters, by hash and name, those sharing a hash. */
  fn_list all = {0};
  for (LLVMValueRef fn = LLVMGetFirstFunction(st->module); fn;
       fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn) ||
        LLVMGetLinkage(fn) == LLVMAvailableExternallyLinkage ||
        ptr_map_get(&st->thunks, fn, NULL) || comparator_is_merged_body(fn) ||
        ltofold_is_outlined(fn)) /* equal copies only: outline.cpp */
      continue;
    if (is_discardable_if_unused(fn) && !LLVMGetFirstUse(fn))
      continue; /* dead: merging it would save nothing */
    if (!facts_of(st, fn).excluded)
      fn_list_push(&all, fn);
  }
  candidate *hashed = malloc((all.count + 1) * sizeof *hashed);
  if (!hashed)
    abort();
  for (size_t i = 0; i < all.count; ++i)
    hashed[i] = (candidate){all.items[i], facts_of(st, all.items[i]).hash, i};
  qsort(hashed, all.count, sizeof *hashed, compare_hashed);


  ltofold_comparator *masked = ltofold_comparator_new(st->module);
  masked->mask_constants = true;
  fn_tree tree;
  fn_tree_init(&tree, masked);
  ptr_map no_redirect; /* the round's group members */
  ptr_map_init(&no_redirect);
  for (size_t i = 0; i < all.count; ++i) {
    LLVMValueRef fn = hashed[i].function;
    if (!shares_hash(hashed, all.count, i))
      continue;
    if (!facts_of(st, fn).takes_parameters) {
      skip_function(st, fn, LTOFOLD_SIMILAR_SKIP_SHAPE);
      continue;
    }
    /* Before the tree: a hot function that became a group's representative
     * would take its cold members down with it. */
    if (is_hot(fn, hottest)) {
      skip_function(st, fn, LTOFOLD_SIMILAR_SKIP_HOT);
      continue;
    }
    fn_tree_node *node = fn_tree_insert(&tree, fn, hashed[i].hash);
    if (!node)
      continue;
    if (LLVMGlobalGetValueType(fn) != LLVMGlobalGetValueType(node->function)) {
      skip_function(st, fn, LTOFOLD_SIMILAR_SKIP_TYPE);
      continue;
    }
    fn_tree_add_unfolded(&tree, node, fn);
    ptr_map_put(&no_redirect, fn, 1);
    ptr_map_put(&no_redirect, node->function, 1);
  }
  free(hashed);

  fn_list representatives = {0};
  collect_groups(tree.root, &representatives);
  for (size_t i = 0; i < representatives.count; ++i) {
    LLVMValueRef rep = representatives.items[i];
    uint64_t node_address;
    ptr_map_get(&tree.nodes, rep, &node_address);
    fn_tree_node *node = (fn_tree_node *)(uintptr_t)node_address;
    group g = {0};
    g.count = node->unfolded_count + 1;
    g.members = malloc(g.count * sizeof *g.members);
    if (!g.members)
      abort();
    g.members[0] = rep;
    memcpy(g.members + 1, node->unfolded, node->unfolded_count * sizeof *g.members);
    merge_group(st, &g, &no_redirect);
    free_group(&g);
  }
  free(representatives.items);
  /* Then pairs whose blocks differ, among what the groups left. */
  fn_list eligible = {0};
  for (size_t i = 0; i < all.count; ++i) {
    LLVMValueRef fn = all.items[i];
    /* A pair needs a block that differs and one that does not. */
    if (LLVMCountBasicBlocks(fn) > 1 && !ptr_map_get(&st->thunks, fn, NULL) &&
        !comparator_is_merged_body(fn) && facts_of(st, fn).takes_parameters &&
        !is_hot(fn, hottest))
      fn_list_push(&eligible, fn);
  }
  if (st->options->merge_blocks)
    merge_pairs(st, &eligible, &no_redirect);
  free(eligible.items);
  free(all.items);
  ptr_map_free(&no_redirect);
  fn_tree_free(&tree);
  st->comparator->comparisons += masked->comparisons; /* reported together */
  ltofold_comparator_free(masked);
  return st->result->similar_merged - before;
}

/* Rounds, each on what the last left: a group's members now share their
 * callers' view of them (the merged body, or thunks of it), which can make
 * those callers similar in turn, and a caller in a group that did not
 * merge no longer stops a group of its callees from passing constants at
 * its calls; and a group certification refused (certify.c) goes again
 * without the member refused. Until a round merges and refuses nothing, at
 * most MAX_ROUNDS; a function left as it was is reported skipped for the
 * reason of the last round that saw it. */
enum { MAX_ROUNDS = 4 };

size_t merge_similar_functions(merge_state *st) {
  size_t before = st->result->similar_merged;
  uint64_t hottest = hottest_entry_count(st->module);
  ptr_map_init(&st->similar_skips);
  st->round_memory = round_memory_new();
  for (unsigned round = 0; round < MAX_ROUNDS; ++round) {
    size_t refused = st->cert ? certifier_refused(st->cert)->count : 0;
    size_t merged = similar_round(st, hottest);
    /* A group certification refused goes again without the refused. */
    if (!merged && (!st->cert || certifier_refused(st->cert)->count == refused))
      break;
  }
  if (st->options->merge_shapes)
    merge_shapes(st, hottest);
  size_t cursor = 0;
  const void *fn;
  uint64_t why;
  while (ptr_map_next(&st->similar_skips, &cursor, &fn, &why))
    st->result->similar_skipped[why - 1]++;
  ptr_map_free(&st->similar_skips);
  round_memory_free(st->round_memory);
  st->round_memory = NULL;
  ptr_map_clear(&st->push_unwind); /* the phases after change bodies */
  return st->result->similar_merged - before;
}
