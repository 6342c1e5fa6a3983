/* Blocks that differ: the regions of a structural merge (similar.c).
 *
 * Two functions whose blocks match one for one (the comparator's walk,
 * comparator_compare_structure) may still differ in what some blocks do
 * between their phis and their terminator: a call more, another
 * computation, a store less. Where the phis and the terminator of a block
 * compare equal and only that middle differs, the merged body keeps each
 * member's middle and picks one by a selector parameter (true: the
 * member's). The representative's block B becomes a region:
 *
 *   D:  B's phis; br i1 %selector, label %V1, label %B
 *   B:  the representative's middle (in place, with its debug records);
 *       br label %J
 *   V1: a copy of the member's middle; br label %J
 *   J:  a phi per value of the middles used past them; B's terminator
 *
 * Every branch to B now goes to D, and the phis after B name J, which
 * holds B's terminator: replacing B by J everywhere (which renames the
 * phis of B's successors too) and then the branches to J by branches to D
 * does both (B is in no loop, so it is not its own successor, whose phis
 * the replacing would miss: it renames the phis of the successors of B's
 * terminator after that terminator branches to J already). The member's instructions are copied with their operands
 * read in the merged body: the member's parameters are the body's, a value
 * of its own middle its copy, a value of another of its middles that
 * middle's phi in J, and any other value the representative's value the
 * comparator met at the same point (comparator_partners). A value of the
 * representative's middle used past it is replaced there by its phi in J,
 * whose other incoming value is the member's value met at the same point
 * of the walk, or poison where the member has none (then only the
 * representative's later middles use it, which the member never runs).
 *
 * regions_possible says beforehand whether that is well formed: the
 * values met together are in the same block's middles and have one type,
 * no token crosses a region, no middle holds an exception pad (which must
 * open its block) or, in the entry block, an alloca (which would no longer
 * be in the entry block). And whether it is wise: a block in a loop never
 * becomes a region, since the selector's branch and the phis would run on
 * every iteration (without regions in loops the real programs keep about
 * four fifths of the bytes regions save, docs/BENCHMARKS.md). The merged body is checked like every similar
 * fold (certify.c, compare.c: a bound selector makes each region one
 * straight path). */
#include "merge_internal.h"
#include "llvm_arrays.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>

/* Whether `value` is an instruction of `block` between its phis and its
 * terminator. */
static bool in_middle(LLVMValueRef value, LLVMBasicBlockRef block) {
  return value && LLVMIsAInstruction(value) &&
         LLVMGetInstructionParent(value) == block && !LLVMIsAPHINode(value) &&
         !LLVMIsATerminatorInst(value);
}

static LLVMValueRef first_of_middle(LLVMBasicBlockRef block) {
  LLVMValueRef inst = LLVMGetFirstInstruction(block);
  while (LLVMIsAPHINode(inst))
    inst = LLVMGetNextInstruction(inst);
  return LLVMIsATerminatorInst(inst) ? NULL : inst;
}

static LLVMValueRef next_in_middle(LLVMValueRef inst) {
  LLVMValueRef next = LLVMGetNextInstruction(inst);
  return next && !LLVMIsATerminatorInst(next) ? next : NULL;
}

#define FOR_MIDDLE(inst, block)                                                \
  for (LLVMValueRef inst = first_of_middle(block); inst;                      \
       inst = next_in_middle(inst))

/* Whether `value` has a use outside its own block (a phi's counts: the
 * phis of B move to D). */
static bool used_past(LLVMValueRef value) {
  LLVMBasicBlockRef block = LLVMGetInstructionParent(value);
  for (LLVMUseRef use = LLVMGetFirstUse(value); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (!LLVMIsAInstruction(user) || LLVMGetInstructionParent(user) != block ||
        LLVMIsAPHINode(user))
      return true;
  }
  return false;
}

static LLVMValueRef lookup(const ptr_map *map, const void *key) {
  uint64_t value;
  return ptr_map_get(map, key, &value) ? (LLVMValueRef)(uintptr_t)value : NULL;
}

/* What may stand in a middle: not an exception pad (it must open its
 * block), not an alloca of the entry block (it would leave it). */
static bool may_move(LLVMValueRef inst, bool entry) {
  LLVMOpcode opcode = LLVMGetInstructionOpcode(inst);
  return opcode != LLVMLandingPad && opcode != LLVMCatchPad &&
         opcode != LLVMCleanupPad && !(entry && opcode == LLVMAlloca);
}

/* A value that crosses a region through a phi. */
static bool may_cross(LLVMValueRef value) {
  return LLVMGetTypeKind(LLVMTypeOf(value)) != LLVMTokenTypeKind;
}

/* Whether a metadata operand names a local value (a copy would keep
 * naming the member's). */
static bool names_local(LLVMValueRef operand) {
  if (!LLVMIsAMDNode(operand))
    return false;
  unsigned count;
  LLVMValueRef *ops = ltofold_md_node_operands(operand, &count);
  bool local = false;
  for (unsigned i = 0; i < count && !local; ++i)
    local = ops[i] && (LLVMIsAInstruction(ops[i]) || LLVMIsAArgument(ops[i]));
  free(ops);
  return local;
}

/* Whether `block` can reach itself: it is in a loop. */
static bool on_cycle(LLVMBasicBlockRef block) {
  ptr_map seen;
  ptr_map_init(&seen);
  fn_list stack = {0};
  fn_list_push(&stack, LLVMBasicBlockAsValue(block));
  bool found = false;
  while (stack.count && !found) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(
        LLVMValueAsBasicBlock(stack.items[--stack.count]));
    unsigned successors = term ? LLVMGetNumSuccessors(term) : 0;
    for (unsigned i = 0; i < successors && !found; ++i) {
      LLVMBasicBlockRef next = LLVMGetSuccessor(term, i);
      found = next == block;
      if (!ptr_map_get(&seen, next, NULL)) {
        ptr_map_put(&seen, next, 1);
        fn_list_push(&stack, LLVMBasicBlockAsValue(next));
      }
    }
  }
  free(stack.items);
  ptr_map_free(&seen);
  return found;
}

/* Member block -> representative block, the reverse of `differing`. */
static void reverse_map(const ptr_map *map, ptr_map *reversed) {
  size_t cursor = 0;
  const void *key;
  uint64_t value;
  ptr_map_init(reversed);
  while (ptr_map_next(map, &cursor, &key, &value))
    ptr_map_put(reversed, (const void *)(uintptr_t)value, (uint64_t)(uintptr_t)key);
}

/* Whether member operand `x` can be read in the merged body: made in the
 * member's own region, or met by a value of the representative of the same
 * type, which the copy then reads (the comparator finds a pointer and an
 * integer of its width equal, but a call or store of the copy must get the
 * type it had: fmt's formatter<std::string> and formatter<string_view> load
 * the size and the data of a string in the opposite order). */
static bool operand_readable(LLVMValueRef x, LLVMBasicBlockRef own,
                             const ptr_map *member_blocks, const ptr_map *partners) {
  if (LLVMIsAArgument(x))
    return true;
  if (LLVMGetValueKind(x) == LLVMMetadataAsValueValueKind)
    return !names_local(x);
  if (LLVMIsABasicBlock(x))
    return false;
  if (!LLVMIsAInstruction(x))
    return true; /* a constant */
  LLVMBasicBlockRef block = LLVMGetInstructionParent(x);
  if (in_middle(x, own))
    return true;
  if (ptr_map_get(member_blocks, block, NULL) && in_middle(x, block))
    return may_cross(x);
  LLVMValueRef partner = lookup(partners, x);
  return partner && LLVMTypeOf(partner) == LLVMTypeOf(x);
}

/* Whether `value`, of a middle of block `own`, and the value met with it
 * (NULL: none) may share a phi: that one is in the middle of `other`, the
 * block paired with `own`, and has the same type. */
static bool pairs_within(LLVMValueRef value, LLVMValueRef met,
                         LLVMBasicBlockRef other) {
  if (!may_cross(value))
    return false;
  return !met || (in_middle(met, other) && LLVMTypeOf(met) == LLVMTypeOf(value));
}

bool regions_block_may_differ(LLVMBasicBlockRef b, LLVMBasicBlockRef c,
                              LLVMValueRef rep) {
  if (on_cycle(b))
    return false;
  bool entry = b == LLVMGetEntryBasicBlock(rep);
  FOR_MIDDLE(v, b)
    if (!may_move(v, entry))
      return false;
  FOR_MIDDLE(w, c)
    if (!may_move(w, entry))
      return false;
  return true;
}

bool regions_possible(LLVMValueRef rep, const ptr_map *differing,
                      const ptr_map *partners, size_t *crossing) {
  ptr_map member_blocks, rep_of;
  reverse_map(differing, &member_blocks);
  reverse_map(partners, &rep_of); /* representative value -> member's */
  bool possible = true;
  *crossing = 0;
  size_t cursor = 0;
  const void *key;
  uint64_t value;
  while (possible && ptr_map_next(differing, &cursor, &key, &value)) {
    LLVMBasicBlockRef b = (LLVMBasicBlockRef)key;
    LLVMBasicBlockRef c = (LLVMBasicBlockRef)(uintptr_t)value;
    if (!regions_block_may_differ(b, c, rep)) {
      possible = false;
      break;
    }
    FOR_MIDDLE(v, b) {
      if (used_past(v) && !pairs_within(v, lookup(&rep_of, v), c)) {
        possible = false;
        break;
      }
      *crossing += used_past(v);
    }
    FOR_MIDDLE(w, c) {
      if (!possible)
        break;
      if (used_past(w) && !pairs_within(w, lookup(partners, w), b)) {
        possible = false;
        break;
      }
      int operands = LLVMGetNumOperands(w);
      for (int k = 0; k < operands && possible; ++k)
        possible = operand_readable(LLVMGetOperand(w, (unsigned)k), c,
                                    &member_blocks, partners);
    }
  }
  ptr_map_free(&member_blocks);
  ptr_map_free(&rep_of);
  return possible;
}

/* ---- Building --------------------------------------------------------------- */

typedef struct region {
  LLVMBasicBlockRef b, c, d, v1, j; /* B (representative), C (member), D, V1, J */
} region;

typedef struct builder_state {
  LLVMContextRef context;
  LLVMBuilderRef builder;
  LLVMValueRef body, member;
  region *regions; /* in the body's block order */
  size_t count;
  ptr_map region_of;  /* B or C -> region index + 1 */
  ptr_map copy_of;    /* member middle value -> its copy */
  ptr_map phi_of;     /* middle value (either side) -> its phi in J */
  ptr_map partners;   /* member value -> representative value; not owned */
  ptr_map rep_of;     /* representative value -> member value */
  /* The phis made, with their two incoming values (NULL: poison). */
  struct crossing { LLVMValueRef phi, rep_value, member_value; size_t region; } *crossings;
  size_t crossing_count, crossing_capacity;
} builder_state;

static region *region_at(builder_state *s, LLVMBasicBlockRef block) {
  uint64_t index;
  return ptr_map_get(&s->region_of, block, &index) ? &s->regions[index - 1] : NULL;
}

/* The phi in J of region r for a value of its middles (either side, or
 * both when the comparator met them together). */
static LLVMValueRef crossing_phi(builder_state *s, size_t r, LLVMValueRef rep_value,
                                 LLVMValueRef member_value) {
  LLVMValueRef phi = rep_value ? lookup(&s->phi_of, rep_value) : NULL;
  if (!phi && member_value)
    phi = lookup(&s->phi_of, member_value);
  if (phi)
    return phi;
  LLVMValueRef any = rep_value ? rep_value : member_value;
  LLVMPositionBuilderBefore(s->builder, LLVMGetFirstInstruction(s->regions[r].j));
  phi = LLVMBuildPhi(s->builder, LLVMTypeOf(any), "");
  if (s->crossing_count == s->crossing_capacity) {
    s->crossing_capacity = s->crossing_capacity ? 2 * s->crossing_capacity : 16;
    s->crossings = realloc(s->crossings, s->crossing_capacity * sizeof *s->crossings);
    if (!s->crossings)
      abort();
  }
  s->crossings[s->crossing_count++] = (struct crossing){phi, rep_value, member_value, r};
  if (rep_value)
    ptr_map_put(&s->phi_of, rep_value, (uint64_t)(uintptr_t)phi);
  if (member_value)
    ptr_map_put(&s->phi_of, member_value, (uint64_t)(uintptr_t)phi);
  return phi;
}

/* Debug location for the copies: the representative's, at the end of B
 * (a location of the merged body's subprogram; the member's are not). */
static LLVMMetadataRef copy_location(LLVMValueRef body, LLVMValueRef term,
                                     LLVMBasicBlockRef b) {
  LLVMMetadataRef location = LLVMInstructionGetDebugLoc(term);
  for (LLVMValueRef i = LLVMGetFirstInstruction(b); i && !location;
       i = LLVMGetNextInstruction(i))
    location = LLVMInstructionGetDebugLoc(i);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(body); bb && !location;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !location;
         i = LLVMGetNextInstruction(i))
      location = LLVMInstructionGetDebugLoc(i);
  return location;
}

/* Splits B into the region D, B, V1, J (above). */
static void open_region(builder_state *s, region *r, LLVMValueRef selector) {
  LLVMBasicBlockRef next = LLVMGetNextBasicBlock(r->b);
  r->j = next ? LLVMInsertBasicBlockInContext(s->context, next, "")
              : LLVMAppendBasicBlockInContext(s->context, s->body, "");
  r->v1 = LLVMInsertBasicBlockInContext(s->context, r->j, "");
  r->d = LLVMInsertBasicBlockInContext(s->context, r->b, "");
  /* B's uses become J's (and the phis of B's successors name J), then
   * the branches to J go to D. */
  LLVMReplaceAllUsesWith(LLVMBasicBlockAsValue(r->b), LLVMBasicBlockAsValue(r->j));
  fn_list users = {0};
  for (LLVMUseRef use = LLVMGetFirstUse(LLVMBasicBlockAsValue(r->j)); use;
       use = LLVMGetNextUse(use))
    fn_list_push(&users, LLVMGetUser(use));
  for (size_t i = 0; i < users.count; ++i) {
    unsigned successors = LLVMGetNumSuccessors(users.items[i]);
    for (unsigned k = 0; k < successors; ++k)
      if (LLVMGetSuccessor(users.items[i], k) == r->j)
        LLVMSetSuccessor(users.items[i], k, r->d);
  }
  free(users.items);
  LLVMValueRef term = LLVMGetBasicBlockTerminator(r->b);
  LLVMMetadataRef location = copy_location(s->body, term, r->b);
  while (LLVMIsAPHINode(LLVMGetFirstInstruction(r->b))) {
    LLVMValueRef phi = LLVMGetFirstInstruction(r->b);
    LLVMInstructionRemoveFromParent(phi);
    LLVMPositionBuilderAtEnd(s->builder, r->d);
    LLVMInsertIntoBuilder(s->builder, phi);
  }
  LLVMInstructionRemoveFromParent(term);
  LLVMPositionBuilderAtEnd(s->builder, r->j);
  LLVMInsertIntoBuilder(s->builder, term);
  LLVMPositionBuilderAtEnd(s->builder, r->d);
  LLVMInstructionSetDebugLoc(LLVMBuildCondBr(s->builder, selector, r->v1, r->b), location);
  LLVMPositionBuilderAtEnd(s->builder, r->b);
  LLVMInstructionSetDebugLoc(LLVMBuildBr(s->builder, r->j), location);
  LLVMPositionBuilderAtEnd(s->builder, r->v1);
  LLVMInstructionSetDebugLoc(LLVMBuildBr(s->builder, r->j), location);
  /* The member's middle, copied; operands are read later (read_operands). */
  unsigned scope_kinds[3] = {
      LLVMGetMDKindIDInContext(s->context, "alias.scope", 11),
      LLVMGetMDKindIDInContext(s->context, "noalias", 7),
      LLVMGetMDKindIDInContext(s->context, "DIAssignID", 10)};
  LLVMPositionBuilderBefore(s->builder, LLVMGetBasicBlockTerminator(r->v1));
  FOR_MIDDLE(w, r->c) {
    LLVMValueRef copy = LLVMInstructionClone(w);
    size_t length;
    const char *name = LLVMGetValueName2(w, &length);
    LLVMInsertIntoBuilderWithName(s->builder, copy, name);
    LLVMInstructionSetDebugLoc(copy, location);
    /* Scopes name the member's own noalias scopes, whose declarations
     * the merged body may not have: dropped, which only loses facts. */
    for (size_t k = 0; k < sizeof scope_kinds / sizeof *scope_kinds; ++k)
      LLVMSetMetadata(copy, scope_kinds[k], NULL);
    ptr_map_put(&s->copy_of, w, (uint64_t)(uintptr_t)copy);
  }
}

/* A member value, read in the merged body by a copy in region `own`'s V1. */
static LLVMValueRef read_member_value(builder_state *s, const region *own,
                                      LLVMValueRef x) {
  if (in_middle(x, own->c))
    return lookup(&s->copy_of, x);
  if (LLVMIsAArgument(x)) {
    unsigned index = 0;
    for (LLVMValueRef p = LLVMGetFirstParam(s->member); p != x; p = LLVMGetNextParam(p))
      index++;
    return LLVMGetParam(s->body, index);
  }
  if (!LLVMIsAInstruction(x))
    return x;
  region *r = region_at(s, LLVMGetInstructionParent(x));
  if (r && in_middle(x, r->c)) {
    LLVMValueRef met = lookup(&s->partners, x);
    return crossing_phi(s, (size_t)(r - s->regions), in_middle(met, r->b) ? met : NULL, x);
  }
  return lookup(&s->partners, x);
}

static void read_operands(builder_state *s, const region *own, LLVMValueRef w) {
  LLVMValueRef copy = lookup(&s->copy_of, w);
  int operands = LLVMGetNumOperands(copy);
  for (int k = 0; k < operands; ++k) {
    LLVMValueRef x = LLVMGetOperand(copy, (unsigned)k);
    LLVMValueRef read = read_member_value(s, own, x);
    if (read != x)
      LLVMSetOperand(copy, (unsigned)k, read);
  }
}

/* The representative's value v of region r's middle, used past it: its
 * uses there read its phi. */
static void cross_rep_value(builder_state *s, size_t r, LLVMValueRef v) {
  LLVMValueRef met = lookup(&s->rep_of, v);
  LLVMValueRef phi = crossing_phi(s, r, v, in_middle(met, s->regions[r].c) ? met : NULL);
  fn_list users = {0};
  for (LLVMUseRef use = LLVMGetFirstUse(v); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (user != phi && (LLVMGetInstructionParent(user) != s->regions[r].b ||
                        LLVMIsAPHINode(user)))
      fn_list_push(&users, user);
  }
  for (size_t i = 0; i < users.count; ++i) {
    int operands = LLVMGetNumOperands(users.items[i]);
    for (int k = 0; k < operands; ++k)
      if (LLVMGetOperand(users.items[i], (unsigned)k) == v)
        LLVMSetOperand(users.items[i], (unsigned)k, phi);
  }
  free(users.items);
}

size_t regions_build(LLVMValueRef body, LLVMValueRef member,
                     const ptr_map *differing, const ptr_map *partners,
                     LLVMValueRef selector) {
  builder_state s = {0};
  s.context = LLVMGetTypeContext(LLVMTypeOf(body));
  s.builder = LLVMCreateBuilderInContext(s.context);
  s.body = body;
  s.member = member;
  s.partners = *partners;
  reverse_map(partners, &s.rep_of);
  ptr_map_init(&s.region_of);
  ptr_map_init(&s.copy_of);
  ptr_map_init(&s.phi_of);
  s.regions = calloc(differing->count + 1, sizeof *s.regions);
  if (!s.regions)
    abort();
  /* In the body's block order, so that the output does not depend on
   * where the map keeps its keys. */
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(body); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef c = lookup(differing, bb);
    if (!c)
      continue;
    s.regions[s.count] = (region){.b = bb, .c = (LLVMBasicBlockRef)c};
    ptr_map_put(&s.region_of, bb, s.count + 1);
    ptr_map_put(&s.region_of, c, s.count + 1);
    s.count++;
  }
  for (size_t r = 0; r < s.count; ++r)
    open_region(&s, &s.regions[r], selector);
  for (size_t r = 0; r < s.count; ++r)
    FOR_MIDDLE(v, s.regions[r].b)
      if (used_past(v))
        cross_rep_value(&s, r, v);
  for (size_t r = 0; r < s.count; ++r)
    FOR_MIDDLE(w, s.regions[r].c)
      read_operands(&s, &s.regions[r], w);
  for (size_t i = 0; i < s.crossing_count; ++i) {
    const struct crossing *x = &s.crossings[i];
    const region *r = &s.regions[x->region];
    LLVMTypeRef type = LLVMTypeOf(x->phi);
    LLVMValueRef values[2] = {
        x->rep_value ? x->rep_value : LLVMGetPoison(type),
        x->member_value ? lookup(&s.copy_of, x->member_value) : LLVMGetPoison(type)};
    LLVMBasicBlockRef blocks[2] = {r->b, r->v1};
    LLVMAddIncoming(x->phi, values, blocks, 2);
  }
  size_t regions = s.count;
  LLVMDisposeBuilder(s.builder);
  free(s.regions);
  free(s.crossings);
  ptr_map_free(&s.region_of);
  ptr_map_free(&s.copy_of);
  ptr_map_free(&s.phi_of);
  ptr_map_free(&s.rep_of);
  return regions;
}
