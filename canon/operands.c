/* Operand order: PHI incoming edges and commutative operands.
 *
 * PHI incoming edges are sorted by the canonical position of their
 * incoming block (blocks.c), which depends only on the CFG. The LLVM-C API
 * cannot permute a PHI's edges in place, so a PHI out of order is rebuilt
 * beside the old one, takes over its uses, name, fast-math flags and debug
 * location, and the
 * old one is erased.
 *
 * Commutative operands (add, mul, and, or, xor, fadd, fmul, icmp eq/ne,
 * symmetric fcmps, and the commutative intrinsics) are sorted by a key that
 * ignores names and positions: first the operand's kind (instruction,
 * argument, other, constant: constants go right, as LLVM's own canonical
 * form has them), then within the kind the hashes of an instruction
 * (hash.c, most robust first), the
 * number of an argument, the hash of a constant's printed form. Equal keys
 * keep their order. The other compares are oriented by the same key:
 * `icmp sgt %b, %a` becomes `icmp slt %a, %b` when %a sorts first (a
 * compare is rebuilt for that, as a PHI is). */
#include "canon_internal.h"
#include "fast_math.h"

#include <llvm-c/DebugInfo.h>

#include <stdlib.h>
#include <string.h>

/* Takes the name off `value` (which a rebuilt copy is about to replace),
 * so the copy can have it; returns it, malloc'd. */
static char *take_name(LLVMValueRef value) {
  size_t length = 0;
  const char *current = LLVMGetValueName2(value, &length);
  char *name = strndup(current, length);
  if (!name)
    abort();
  LLVMSetValueName2(value, "", 0);
  return name;
}

typedef struct incoming_edge {
  LLVMValueRef value;
  LLVMBasicBlockRef block;
  size_t block_index;
  unsigned original; /* position before sorting, to keep the sort stable */
} incoming_edge;

static int compare_edges(const void *left, const void *right) {
  const incoming_edge *a = left, *b = right;
  if (a->block_index != b->block_index)
    return a->block_index < b->block_index ? -1 : 1;
  return a->original < b->original ? -1 : a->original > b->original;
}

/* Rebuilds `phi` with its edges in canonical order, if they are not. */
static bool sort_phi(canon_function *fn, LLVMBuilderRef builder,
                     LLVMValueRef phi) {
  unsigned count = LLVMCountIncoming(phi);
  if (count < 2)
    return false;
  incoming_edge *edges = malloc(count * sizeof *edges);
  if (!edges)
    abort();
  bool sorted = true;
  for (unsigned i = 0; i < count; ++i) {
    edges[i].value = LLVMGetIncomingValue(phi, i);
    edges[i].block = LLVMGetIncomingBlock(phi, i);
    uint64_t block_index = fn->block_count;
    ptr_map_get(&fn->block_index, LLVMBasicBlockAsValue(edges[i].block),
                &block_index);
    edges[i].block_index = (size_t)block_index;
    edges[i].original = i;
    if (i && edges[i].block_index < edges[i - 1].block_index)
      sorted = false;
  }
  if (sorted) {
    free(edges);
    return false;
  }
  qsort(edges, count, sizeof *edges, compare_edges);

  char *name = take_name(phi);
  LLVMPositionBuilderBefore(builder, phi);
  LLVMValueRef rebuilt = LLVMBuildPhi(builder, LLVMTypeOf(phi), name);
  for (unsigned i = 0; i < count; ++i)
    LLVMAddIncoming(rebuilt, &edges[i].value, &edges[i].block, 1);
  if (LLVMCanValueUseFastMathFlags(phi))
    ltofold_set_fast_math_flags(rebuilt, LLVMGetFastMathFlags(phi));
  LLVMInstructionSetDebugLoc(rebuilt, LLVMInstructionGetDebugLoc(phi));
  LLVMReplaceAllUsesWith(phi, rebuilt);
  LLVMInstructionEraseFromParent(phi);
  free(name);
  free(edges);
  return true;
}

size_t canon_sort_phi_incoming(canon_function *fn) {
  size_t rebuilt = 0;
  LLVMBuilderRef builder =
      LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(fn->function)));
  for (size_t b = 0; b < fn->block_count; ++b) {
    LLVMValueRef instruction = LLVMGetFirstInstruction(fn->blocks[b]);
    while (instruction && LLVMIsAPHINode(instruction)) {
      LLVMValueRef next = LLVMGetNextInstruction(instruction);
      if (sort_phi(fn, builder, instruction))
        ++rebuilt;
      instruction = next;
    }
  }
  LLVMDisposeBuilder(builder);
  return rebuilt;
}

/* Sort key of one operand: kind first, then within the kind the hashes of
 * an instruction, the number of an argument, the hash of a constant. */
typedef struct operand_key {
  int kind;
  const canon_instruction *instruction; /* kind 0 */
  uint64_t hash;                        /* other kinds */
} operand_key;

static operand_key key_of(canon_function *fn, LLVMValueRef operand) {
  canon_instruction *definition = canon_function_find(fn, operand);
  if (definition)
    return (operand_key){0, definition, 0};
  if (LLVMIsAArgument(operand)) {
    uint64_t index = 0;
    for (LLVMValueRef param = LLVMGetFirstParam(fn->function);
         param && param != operand; param = LLVMGetNextParam(param))
      ++index;
    return (operand_key){1, NULL, index};
  }
  if (!LLVMIsConstant(operand))
    return (operand_key){2, NULL, 0};
  return (operand_key){3, NULL, canon_function_constant_hash(fn, operand)};
}

static bool key_less(operand_key a, operand_key b) {
  if (a.kind != b.kind)
    return a.kind < b.kind;
  if (a.kind == 0)
    return canon_compare_hashes(a.instruction, b.instruction) < 0;
  return a.hash < b.hash;
}

/* Rebuilds the compare at fn->instructions[index] with its operands
 * swapped and the mirrored predicate (the LLVM-C API cannot set a
 * predicate), keeping its name, flags, metadata and debug location. */
static void mirror_compare(canon_function *fn, LLVMBuilderRef builder,
                           size_t index, unsigned predicate) {
  LLVMValueRef old = fn->instructions[index].value;
  LLVMValueRef left = LLVMGetOperand(old, 0), right = LLVMGetOperand(old, 1);
  char *name = take_name(old);
  LLVMPositionBuilderBefore(builder, old);
  /* The builder folds a compare of two constants into a constant: build it
   * on placeholders (freeze is never folded), then set the operands. */
  LLVMValueRef placeholder = NULL;
  if (LLVMIsConstant(left) && LLVMIsConstant(right))
    placeholder = LLVMBuildFreeze(builder, left, "");
  LLVMValueRef first = placeholder ? placeholder : right;
  LLVMValueRef second = placeholder ? placeholder : left;
  LLVMValueRef rebuilt;
  if (LLVMIsAICmpInst(old)) {
    rebuilt = LLVMBuildICmp(builder, (LLVMIntPredicate)predicate, first,
                            second, name);
    LLVMSetICmpSameSign(rebuilt, LLVMGetICmpSameSign(old));
  } else {
    rebuilt = LLVMBuildFCmp(builder, (LLVMRealPredicate)predicate, first,
                            second, name);
    ltofold_set_fast_math_flags(rebuilt, LLVMGetFastMathFlags(old));
  }
  if (placeholder) {
    LLVMSetOperand(rebuilt, 0, right);
    LLVMSetOperand(rebuilt, 1, left);
    LLVMInstructionEraseFromParent(placeholder);
  }
  size_t count = 0;
  LLVMValueMetadataEntry *entries =
      LLVMInstructionGetAllMetadataOtherThanDebugLoc(old, &count);
  LLVMContextRef context = LLVMGetTypeContext(LLVMTypeOf(old));
  for (unsigned i = 0; i < count; ++i)
    LLVMSetMetadata(rebuilt, LLVMValueMetadataEntriesGetKind(entries, i),
                    LLVMMetadataAsValue(context,
                                        LLVMValueMetadataEntriesGetMetadata(
                                            entries, i)));
  if (entries)
    LLVMDisposeValueMetadataEntries(entries);
  LLVMInstructionSetDebugLoc(rebuilt, LLVMInstructionGetDebugLoc(old));
  LLVMReplaceAllUsesWith(old, rebuilt);
  ptr_map_remove(&fn->instruction_index, old);
  LLVMInstructionEraseFromParent(old);
  fn->instructions[index].value = rebuilt;
  ptr_map_put(&fn->instruction_index, rebuilt, index);
  free(name);
}

size_t canon_sort_commutative_operands(canon_function *fn) {
  size_t swapped = 0;
  LLVMBuilderRef builder =
      LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(fn->function)));
  for (size_t i = 0; i < fn->instruction_count; ++i) {
    LLVMValueRef instruction = fn->instructions[i].value;
    unsigned predicate = 0, mirrored = 0;
    bool compare =
        canon_compare_orientation(instruction, &predicate, &mirrored);
    if (!compare && !canon_is_commutative(instruction))
      continue;
    LLVMValueRef first = LLVMGetOperand(instruction, 0);
    LLVMValueRef second = LLVMGetOperand(instruction, 1);
    operand_key a = key_of(fn, first), b = key_of(fn, second);
    /* Operands that sort alike (`x < x`): the smaller predicate. */
    bool tie = compare && !key_less(a, b) && mirrored < predicate;
    if (!key_less(b, a) && !tie)
      continue;
    if (compare) {
      mirror_compare(fn, builder, i, mirrored);
    } else {
      LLVMSetOperand(instruction, 0, second);
      LLVMSetOperand(instruction, 1, first);
    }
    ++swapped;
  }
  LLVMDisposeBuilder(builder);
  return swapped;
}
