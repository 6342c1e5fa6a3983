/* Hashes and classification: which instructions may move, and the hashes
 * of every instruction.
 *
 * Every hash is FNV-1a (64-bit; over bytes for strings, over 64-bit words
 * for numbers, see canon_hash_u64) over stable data: opcodes, predicates,
 * type shapes, argument numbers, the printed form of constants and the names
 * of globals. Never over addresses or value names, so two modules that
 * differ only in names and order hash the same.
 *
 * - deep hash: the instruction and, recursively, everything feeding it
 *   (operands' deep hashes; PHIs are cut to a shallow hash to break loops).
 *   Commutative operands are combined in sorted order, so the hash does not
 *   depend on their order. Used as a sort key: commutative operands, PHIs,
 *   and instructions that no pinned instruction of their block uses.
 * - shape hash: the same, but constants count by their type only. The
 *   first sort key: a changed constant (a semantic change a diff should
 *   show as one line) then moves nothing.
 * - anchored hash: the deep hash, but a pinned instruction also counts its
 *   block and its place among the block's pinned instructions. Two loads
 *   of equal shape from different places in the block differ here. The
 *   last sort key before the users' hash (the sum of the users' anchored
 *   hashes, independent of use-list order).
 * - local hash: the instruction's opcode, type and the *kind* of each
 *   operand (which opcode, which argument, a constant of which type). Used
 *   in names: a change two levels up, or in a constant, does not change a
 *   name here. */
#include "canon_internal.h"

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

/* Bytes are taken eight at a time, assembled little-endian by hand (the
 * same words on every host), and the length is mixed in last. */
uint64_t canon_hash_bytes(uint64_t hash, const void *data, size_t size) {
  const unsigned char *bytes = data;
  size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    uint64_t word = 0;
    for (int b = 7; b >= 0; --b)
      word = word << 8 | bytes[i + (size_t)b];
    hash = canon_hash_u64(hash, word);
  }
  uint64_t tail = 0;
  for (size_t b = size; b-- > i;)
    tail = tail << 8 | bytes[b];
  hash = canon_hash_u64(hash, tail);
  return canon_hash_u64(hash, size);
}

/* FNV-1a taking a 64-bit word at a time (xor, multiply), plus a shift so
 * the high bits reach the low ones: eight times fewer steps than bytes,
 * and the same on every host. */
uint64_t canon_hash_u64(uint64_t hash, uint64_t value) {
  hash ^= value;
  hash *= CANON_FNV_PRIME;
  return hash ^ (hash >> 29);
}

uint64_t canon_hash_string(uint64_t hash, const char *text) {
  return canon_hash_bytes(hash, text, strlen(text) + 1);
}

/* `pointer_bits` > 0: a pointer in address space 0 counts as an integer of
 * that width (as merge compares types). */
static uint64_t hash_type_depth(uint64_t hash, LLVMTypeRef type, int depth,
                                unsigned pointer_bits) {
  LLVMTypeKind kind = LLVMGetTypeKind(type);
  if (kind == LLVMPointerTypeKind && pointer_bits &&
      LLVMGetPointerAddressSpace(type) == 0) {
    hash = canon_hash_u64(hash, (uint64_t)LLVMIntegerTypeKind);
    return canon_hash_u64(hash, pointer_bits);
  }
  hash = canon_hash_u64(hash, (uint64_t)kind);
  if (depth > 3)
    return hash;
  switch (kind) {
  case LLVMIntegerTypeKind:
    return canon_hash_u64(hash, LLVMGetIntTypeWidth(type));
  case LLVMPointerTypeKind:
    return canon_hash_u64(hash, LLVMGetPointerAddressSpace(type));
  case LLVMVectorTypeKind:
  case LLVMScalableVectorTypeKind:
    hash = canon_hash_u64(hash, LLVMGetVectorSize(type));
    return hash_type_depth(hash, LLVMGetElementType(type), depth + 1,
                           pointer_bits);
  case LLVMArrayTypeKind:
    hash = canon_hash_u64(hash, LLVMGetArrayLength2(type));
    return hash_type_depth(hash, LLVMGetElementType(type), depth + 1,
                           pointer_bits);
  case LLVMStructTypeKind: {
    unsigned count = LLVMCountStructElementTypes(type);
    hash = canon_hash_u64(hash, count);
    for (unsigned i = 0; i < count; ++i)
      hash = hash_type_depth(hash, LLVMStructGetTypeAtIndex(type, i), depth + 1,
                             pointer_bits);
    return hash;
  }
  default:
    return hash;
  }
}

uint64_t canon_hash_type(uint64_t hash, LLVMTypeRef type) {
  return hash_type_depth(hash, type, 0, 0);
}

uint64_t canon_hash_type_as(uint64_t hash, LLVMTypeRef type,
                            unsigned pointer_bits) {
  return hash_type_depth(hash, type, 0, pointer_bits);
}

/* A constant string's text, where `global` is one: ".str.5" and ".str.7"
 * have one stem, and the IR linker renumbers them from build to build, but
 * two calls that print different messages are not the same call. */
static uint64_t hash_string_text(uint64_t hash, LLVMValueRef global) {
  if (!LLVMIsAGlobalVariable(global) || !LLVMIsGlobalConstant(global))
    return hash;
  LLVMValueRef initializer = LLVMGetInitializer(global);
  if (!initializer || !LLVMIsAConstantDataSequential(initializer) ||
      !LLVMIsConstantString(initializer))
    return hash;
  size_t length = 0;
  const char *text = LLVMGetAsString(initializer, &length);
  return canon_hash_bytes(hash, text, length);
}

uint64_t canon_hash_constant(uint64_t hash, LLVMValueRef constant) {
  hash = canon_hash_u64(hash, (uint64_t)LLVMGetValueKind(constant));
  if (LLVMIsAGlobalValue(constant)) {
    size_t length = 0;
    const char *name = LLVMGetValueName2(constant, &length);
    /* By the name's stem, as names are (naming.c): "f.llvm.12" and
     * "f.llvm.34" are one function renamed between two builds. */
    hash = canon_hash_bytes(hash, name, ltofold_canon_name_stem(name, length));
    return hash_string_text(hash, constant);
  }
  if (LLVMIsAConstantInt(constant) &&
      LLVMGetIntTypeWidth(LLVMTypeOf(constant)) <= 64) {
    hash = canon_hash_type(hash, LLVMTypeOf(constant));
    return canon_hash_u64(hash, (uint64_t)LLVMConstIntGetSExtValue(constant));
  }
  /* Printing a metadata operand builds a slot table of its whole function
   * (quadratic over a function's many intrinsic calls with metadata
   * arguments): its kind, and a string's text, are enough to order by. */
  if (LLVMGetValueKind(constant) == LLVMMetadataAsValueValueKind) {
    hash = canon_hash_u64(
        hash, (uint64_t)LLVMGetMetadataKind(LLVMValueAsMetadata(constant)));
    unsigned length = 0;
    const char *text =
        LLVMIsAMDString(constant) ? LLVMGetMDString(constant, &length) : NULL;
    return text ? canon_hash_bytes(hash, text, length) : hash;
  }
  char *text = LLVMPrintValueToString(constant);
  hash = canon_hash_string(hash, text);
  LLVMDisposeMessage(text);
  return hash;
}

LLVMValueRef canon_called_function(LLVMValueRef instruction) {
  LLVMOpcode opcode = LLVMGetInstructionOpcode(instruction);
  if (opcode != LLVMCall && opcode != LLVMInvoke && opcode != LLVMCallBr)
    return NULL;
  LLVMValueRef callee = LLVMGetCalledValue(instruction);
  return callee && LLVMIsAFunction(callee) ? callee : NULL;
}

/* Intrinsics whose first two arguments commute, in what they compute and
 * in what the code generator makes of them. Not the FP minimum and maximum
 * (maxnum, minnum, maximum, minimum...): LLVM lets maxnum(+0.0, -0.0) be
 * either zero, and x86's maxsd and minsd return their second operand for
 * two zeros (and for a NaN), so swapping their operands changes the sign of
 * a zero the program then prints or divides by (found by scripts/fuzz.sh:
 * fmax and fmin in random FP programs, canon row). */
static bool is_commutative_intrinsic(LLVMValueRef callee) {
  static const char *const prefixes[] = {"llvm.smax.",
                                         "llvm.smin.",
                                         "llvm.umax.",
                                         "llvm.umin.",
                                         "llvm.uadd.sat.",
                                         "llvm.sadd.sat.",
                                         "llvm.uadd.with.overflow.",
                                         "llvm.sadd.with.overflow.",
                                         "llvm.umul.with.overflow.",
                                         "llvm.smul.with.overflow.",
                                         "llvm.fma.",
                                         "llvm.fmuladd."};
  size_t length = 0;
  const char *name = LLVMGetValueName2(callee, &length);
  for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; ++i)
    if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
      return true;
  return false;
}

bool canon_compare_orientation(LLVMValueRef instruction, unsigned *code,
                               unsigned *swapped) {
  /* Swapping the operands turns "greater" into "less" and back; equality,
   * ordered/unordered and the constant predicates stay. icmp and fcmp
   * predicates have distinct codes, so one table serves both. */
  static const unsigned mirror[][2] = {
      {LLVMIntUGT, LLVMIntULT},   {LLVMIntUGE, LLVMIntULE},
      {LLVMIntSGT, LLVMIntSLT},   {LLVMIntSGE, LLVMIntSLE},
      {LLVMRealOGT, LLVMRealOLT}, {LLVMRealOGE, LLVMRealOLE},
      {LLVMRealUGT, LLVMRealULT}, {LLVMRealUGE, LLVMRealULE}};
  if (LLVMIsAICmpInst(instruction))
    *code = (unsigned)LLVMGetICmpPredicate(instruction);
  else if (LLVMIsAFCmpInst(instruction))
    *code = (unsigned)LLVMGetFCmpPredicate(instruction);
  else
    return false;
  for (size_t i = 0; i < sizeof mirror / sizeof *mirror; ++i)
    if (*code == mirror[i][0] || *code == mirror[i][1]) {
      *swapped = mirror[i][*code == mirror[i][0]];
      return true;
    }
  return false;
}

bool canon_is_commutative(LLVMValueRef instruction) {
  switch (LLVMGetInstructionOpcode(instruction)) {
  case LLVMAdd:
  case LLVMMul:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
  case LLVMFAdd:
  case LLVMFMul:
    return true;
  case LLVMICmp: {
    LLVMIntPredicate predicate = LLVMGetICmpPredicate(instruction);
    return predicate == LLVMIntEQ || predicate == LLVMIntNE;
  }
  case LLVMFCmp: {
    LLVMRealPredicate predicate = LLVMGetFCmpPredicate(instruction);
    return predicate == LLVMRealOEQ || predicate == LLVMRealONE ||
           predicate == LLVMRealUEQ || predicate == LLVMRealUNE ||
           predicate == LLVMRealORD || predicate == LLVMRealUNO;
  }
  case LLVMCall: {
    LLVMValueRef callee = canon_called_function(instruction);
    return callee && LLVMGetNumArgOperands(instruction) >= 2 &&
           is_commutative_intrinsic(callee);
  }
  default:
    return false;
  }
}

static bool has_function_attribute(LLVMValueRef call, LLVMValueRef callee,
                                   const char *name, uint64_t *value) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  LLVMAttributeRef attribute =
      LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex, kind);
  if (!attribute && callee)
    attribute =
        LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, kind);
  if (attribute && value)
    *value = LLVMGetEnumAttributeValue(attribute);
  return attribute != NULL;
}

/* A call may move only if it cannot touch memory, trap or fail to return:
 * memory(none), nounwind and willreturn, no operand bundles, direct; and
 * is not convergent, whose place among the block's convergent operations
 * is its meaning (llvm.experimental.convergence.entry must come first:
 * moved below a convergent call, the module did not verify). */
static bool is_pure_call(LLVMValueRef call) {
  LLVMValueRef callee = canon_called_function(call);
  if (!callee || LLVMGetNumOperandBundles(call) != 0)
    return false;
  uint64_t memory = 1;
  return has_function_attribute(call, callee, "memory", &memory) &&
         memory == 0 &&
         has_function_attribute(call, callee, "nounwind", NULL) &&
         has_function_attribute(call, callee, "willreturn", NULL) &&
         !has_function_attribute(call, callee, "convergent", NULL);
}

/* Pinned instructions keep their relative order: everything that reads or
 * writes memory, has side effects, controls flow, or must stay at a fixed
 * place (PHIs, EH pads, allocas). The rest is pure and may only move
 * later in its block, towards its users (reorder.c), which is always valid. */
static bool is_pinned(LLVMValueRef instruction) {
  switch (LLVMGetInstructionOpcode(instruction)) {
  case LLVMCall:
    return !is_pure_call(instruction);
  case LLVMPHI:
  case LLVMAlloca:
  case LLVMLoad:
  case LLVMStore:
  case LLVMFence:
  case LLVMAtomicCmpXchg:
  case LLVMAtomicRMW:
  case LLVMVAArg:
  case LLVMLandingPad:
  case LLVMCleanupPad:
  case LLVMCatchPad:
    return true;
  default:
    return LLVMIsATerminatorInst(instruction) != NULL;
  }
}

static uint64_t hash_instruction_head(const canon_function *fn,
                                      LLVMValueRef instruction) {
  unsigned bits = fn->pointer_bits;
  uint64_t hash = canon_hash_u64(
      CANON_FNV_OFFSET, (uint64_t)LLVMGetInstructionOpcode(instruction));
  hash = canon_hash_type_as(hash, LLVMTypeOf(instruction), bits);
  /* A compare's predicate is hashed with its operands (combine_operands),
   * so that both orientations hash alike. */
  if (LLVMIsAAllocaInst(instruction))
    hash = canon_hash_type_as(hash, LLVMGetAllocatedType(instruction), bits);
  else if (LLVMIsAGetElementPtrInst(instruction))
    hash = canon_hash_type_as(hash, LLVMGetGEPSourceElementType(instruction),
                              bits);
  /* Immediates that are not operands. */
  if (LLVMIsAExtractValueInst(instruction) ||
      LLVMIsAInsertValueInst(instruction)) {
    unsigned count = LLVMGetNumIndices(instruction);
    const unsigned *indices = LLVMGetIndices(instruction);
    for (unsigned i = 0; i < count; ++i)
      hash = canon_hash_u64(hash, indices[i]);
  } else if (LLVMIsAShuffleVectorInst(instruction)) {
    unsigned count = LLVMGetNumMaskElements(instruction);
    for (unsigned i = 0; i < count; ++i)
      hash = canon_hash_u64(
          hash, (uint64_t)(int64_t)LLVMGetMaskValue(instruction, i));
  }
  return hash;
}

/* The operand as seen from one level away: for an instruction, what it is
 * (opcode, callee) but not what feeds it. */
static uint64_t hash_operand_shallow(canon_function *fn, LLVMValueRef operand) {
  uint64_t hash = CANON_FNV_OFFSET;
  size_t index = 0;
  switch (LLVMGetValueKind(operand)) {
  case LLVMInstructionValueKind: {
    hash = canon_hash_u64(hash,
                          (uint64_t)LLVMGetInstructionOpcode(operand) + 1000);
    LLVMValueRef callee = canon_called_function(operand);
    if (callee)
      hash = canon_hash_u64(hash, canon_function_constant_hash(fn, callee));
    return hash;
  }
  case LLVMArgumentValueKind:
    for (LLVMValueRef param = LLVMGetFirstParam(fn->function);
         param && param != operand; param = LLVMGetNextParam(param))
      ++index;
    return canon_hash_u64(canon_hash_u64(hash, 2000), index);
  case LLVMBasicBlockValueKind:
    return canon_hash_u64(hash, 3000);
  default:
    return canon_hash_u64(canon_hash_u64(hash, 4000),
                          canon_function_constant_hash(fn, operand));
  }
}

/* The operand as a name sees it: like the shallow hash, but a constant
 * counts by its type only, so changing a constant does not rename the
 * instruction (its line still shows the change). */
static uint64_t hash_operand_local(canon_function *fn, LLVMValueRef operand) {
  if (LLVMIsConstant(operand) && !LLVMIsAGlobalValue(operand))
    return canon_hash_type_as(canon_hash_u64(CANON_FNV_OFFSET, 5000),
                              LLVMTypeOf(operand), fn->pointer_bits);
  if (LLVMIsAGlobalValue(operand))
    return canon_hash_u64(CANON_FNV_OFFSET, 6000);
  return hash_operand_shallow(fn, operand);
}

/* The operand with everything feeding it, in hash kind `kind`, if hashed
 * already (before `user_index`); a shallow stand-in otherwise. */
static uint64_t hash_operand_deep(canon_function *fn, LLVMValueRef operand,
                                  size_t user_index, canon_hash_kind kind) {
  canon_instruction *definition = canon_function_find(fn, operand);
  if (definition && (size_t)(definition - fn->instructions) < user_index)
    return definition->hash[kind];
  if (kind == CANON_HASH_SHAPE && LLVMIsConstant(operand) &&
      !LLVMIsAGlobalValue(operand))
    return hash_operand_local(fn, operand);
  if (LLVMValueIsBasicBlock(operand)) {
    uint64_t block = 0;
    ptr_map_get(&fn->block_index, operand, &block);
    return canon_hash_u64(canon_hash_u64(CANON_FNV_OFFSET, 3000), block);
  }
  return hash_operand_shallow(fn, operand);
}

/* How an instruction's operand hashes combine: a commutative one's first
 * two in sorted order; a compare's in sorted order too, with the predicate
 * of that orientation (`a < b` and `b > a` hash alike, as operands.c
 * writes both the same way). */
typedef struct operand_order {
  bool commutative;
  bool compare;
  unsigned predicate, swapped; /* compares: canon_compare_orientation */
} operand_order;

static operand_order order_of(LLVMValueRef instruction) {
  operand_order order = {.commutative = canon_is_commutative(instruction)};
  if (LLVMIsAICmpInst(instruction) || LLVMIsAFCmpInst(instruction)) {
    order.compare = true;
    if (!canon_compare_orientation(instruction, &order.predicate,
                                   &order.swapped))
      order.swapped = order.predicate; /* symmetric */
  }
  return order;
}

static uint64_t combine_operands(uint64_t hash, uint64_t *operands,
                                 unsigned count, operand_order order) {
  unsigned predicate = order.predicate;
  if ((order.commutative || order.compare) && count >= 2 &&
      (operands[1] < operands[0] ||
       (operands[1] == operands[0] && order.swapped < predicate))) {
    uint64_t first = operands[0];
    operands[0] = operands[1];
    operands[1] = first;
    predicate = order.swapped;
  }
  if (order.compare)
    hash = canon_hash_u64(hash, predicate);
  for (unsigned i = 0; i < count; ++i)
    hash = canon_hash_u64(hash, operands[i]);
  return hash;
}

/* Hashes one instruction. In the first round a PHI sees its incoming
 * values shallowly; in the second (`refine`), their first-round deep
 * hashes, and everything else sees the refined PHIs. */
static void hash_instruction(canon_function *fn, size_t index,
                             uint64_t *scratch, bool refine) {
  canon_instruction *entry = &fn->instructions[index];
  LLVMValueRef instruction = entry->value;
  unsigned count = (unsigned)LLVMGetNumOperands(instruction);
  operand_order order = order_of(instruction);
  uint64_t head = hash_instruction_head(fn, instruction);

  if (!refine) {
    for (unsigned i = 0; i < count; ++i)
      scratch[i] = hash_operand_local(fn, LLVMGetOperand(instruction, i));
    entry->local_hash = combine_operands(head, scratch, count, order);
  }

  for (int kind = 0; kind < CANON_HASH_KINDS; ++kind) {
    uint64_t start = head;
    /* A pinned instruction never moves and the order of side effects is
     * what two versions share, so its place among them identifies it. */
    if (kind == CANON_HASH_ANCHORED && entry->pinned &&
        entry->opcode != LLVMPHI)
      start = canon_hash_u64(canon_hash_u64(head, entry->block),
                             entry->pinned_ordinal);
    for (unsigned i = 0; i < count; ++i) {
      LLVMValueRef operand = LLVMGetOperand(instruction, i);
      /* PHIs cut the recursion: loops feed them from below. */
      if (entry->opcode == LLVMPHI && !refine)
        scratch[i] = kind == CANON_HASH_SHAPE
                         ? hash_operand_local(fn, operand)
                         : hash_operand_shallow(fn, operand);
      else if (entry->opcode == LLVMPHI)
        scratch[i] = hash_operand_deep(fn, operand, fn->instruction_count,
                                       (canon_hash_kind)kind);
      else
        scratch[i] =
            hash_operand_deep(fn, operand, index, (canon_hash_kind)kind);
    }
    entry->hash[kind] = combine_operands(start, scratch, count, order);
  }
}

static void refine_phis(canon_function *fn, uint64_t *scratch) {
  uint64_t(*refined)[CANON_HASH_KINDS] =
      malloc((fn->instruction_count + 1) * sizeof *refined);
  if (!refined)
    abort();
  for (size_t i = 0; i < fn->instruction_count; ++i) {
    canon_instruction *entry = &fn->instructions[i];
    uint64_t first_round[CANON_HASH_KINDS];
    memcpy(first_round, entry->hash, sizeof first_round);
    if (entry->opcode == LLVMPHI)
      hash_instruction(fn, i, scratch, true);
    /* Keep the first round visible to the other PHIs until all are done. */
    memcpy(refined[i], entry->hash, sizeof first_round);
    memcpy(entry->hash, first_round, sizeof first_round);
  }
  for (size_t i = 0; i < fn->instruction_count; ++i)
    memcpy(fn->instructions[i].hash, refined[i], sizeof refined[i]);
  free(refined);
  for (size_t i = 0; i < fn->instruction_count; ++i)
    if (fn->instructions[i].opcode != LLVMPHI)
      hash_instruction(fn, i, scratch, true);
}

void canon_classify_and_hash(canon_function *fn) {
  unsigned most_operands = 1;
  for (size_t i = 0; i < fn->instruction_count; ++i) {
    int count = LLVMGetNumOperands(fn->instructions[i].value);
    if ((unsigned)count > most_operands)
      most_operands = (unsigned)count;
  }
  uint64_t *scratch = malloc(most_operands * sizeof *scratch);
  if (!scratch)
    abort();
  size_t ordinal = 0;
  for (size_t i = 0; i < fn->instruction_count; ++i) {
    canon_instruction *entry = &fn->instructions[i];
    if (i == 0 || entry->block != fn->instructions[i - 1].block)
      ordinal = 0;
    entry->pinned = is_pinned(entry->value);
    /* PHIs are pinned but their order means nothing: not counted. */
    bool anchor = entry->pinned && entry->opcode != LLVMPHI;
    entry->pinned_ordinal = anchor ? ordinal++ : 0;
  }
  /* Blocks are in reverse post-order, so (outside PHIs and unreachable
   * code) every operand is hashed before its users. */
  for (size_t i = 0; i < fn->instruction_count; ++i)
    hash_instruction(fn, i, scratch, false);

  /* Further rounds: PHIs from what feeds them (the previous round's
   * hashes), then the rest again so it sees the refined PHIs. This tells
   * apart PHIs of the same shape that carry different values around a
   * loop. Without PHIs there is nothing to refine. */
  bool has_phi = false;
  for (size_t i = 0; i < fn->instruction_count && !has_phi; ++i)
    has_phi = fn->instructions[i].opcode == LLVMPHI;
  /* Each round lets a PHI see one more PHI further around the loops. */
  for (int round = 0; has_phi && round < 3; ++round)
    refine_phis(fn, scratch);
  free(scratch);

  for (size_t i = 0; i < fn->instruction_count; ++i) {
    uint64_t sum = 0;
    for (LLVMUseRef use = LLVMGetFirstUse(fn->instructions[i].value); use;
         use = LLVMGetNextUse(use)) {
      canon_instruction *user = canon_function_find(fn, LLVMGetUser(use));
      /* A sum: the order of the use list must not matter. */
      if (user)
        sum += canon_hash_u64(user->hash[CANON_HASH_ANCHORED], user->opcode);
    }
    fn->instructions[i].user_hash = sum;
  }
}

/* Compares two instructions by their hashes, most robust first: shape,
 * deep, anchored, users. */
int canon_compare_hashes(const canon_instruction *a,
                         const canon_instruction *b) {
  for (int kind = 0; kind < CANON_HASH_KINDS; ++kind)
    if (a->hash[kind] != b->hash[kind])
      return a->hash[kind] < b->hash[kind] ? -1 : 1;
  if (a->user_hash != b->user_hash)
    return a->user_hash < b->user_hash ? -1 : 1;
  return 0;
}
