/* The function comparator: a total order on the functions of one module.
 *
 * MergeFunctions needs to know which functions are equal, and it needs to
 * find them without comparing every pair. Both come from one routine that,
 * given two functions, answers -1, 0 or 1 as a strict total order would:
 * reflexive, antisymmetric and transitive. Functions then sit in a balanced
 * search tree (fn_tree.c) and each new function finds its equal, or its
 * place, in O(log N) comparisons.
 *
 * The order is lexicographic over a walk of both functions, exactly as the
 * seed (seeds/mergefunctions.rst) lays it out, and the functions below come in
 * the seed's order:
 *
 *   1. function properties: attributes at every index (enum, integer, type
 *      and string attributes), GC, section, variadic, calling convention,
 *      personality, prefix and prologue data; then the function type;
 *   2. the arguments, numbered in order;
 *   3. the body, walked in CFG order from the entry block (successors in
 *      terminator order, each block once), so block layout does not matter
 *      and unreachable blocks are ignored; blocks and instructions are
 *      numbered as they are met.
 *
 * Values local to a function compare by the serial number they got when
 * first met on their side (the seed's sn_mapL/sn_mapR): two functions agree
 * on a value exactly when both sides met it at the same point of the walk.
 * Everything else compares by content: types structurally, with a pointer in
 * address space 0 read as the module's pointer-sized integer; constants by
 * type, null-ness, kind and contents; globals by a number that each global
 * gets the first time any comparison meets it and keeps for the whole run.
 *
 * Why this is a total order: each step compares numbers, strings or the
 * result of a smaller comparison, in a fixed sequence, and stops at the first
 * difference. That is a lexicographic order on a sequence derived from each
 * function alone, given the numbering state. The numbering state only grows
 * (globals keep their numbers; serial numbers are assigned in the same walk
 * position on both sides), so two functions always derive the same sequences.
 * The one place LLVM's comparator gives up totality, self- and cross-recursion
 * through calls to the functions being compared, is handled as LLVM does for
 * direct self-reference (a reference to the left function equals one to the
 * right function), and for longer cycles by a separate pass (merge.c) that
 * compares with fixed class numbers instead.
 *
 * Where we depart from the letter of the seed, always towards determinism or
 * safety: integer types are ordered by width, not by pointer; uniqued leaf
 * constants without a cheap key (FP values, wide integers) are ordered by a
 * first-seen number, which is exact because LLVM uniques constants (same type
 * and value means same object); constants of different types never compare
 * equal (the seed's lossless-bitcast rule only fires inside aggregates, where
 * it would merge functions whose data differs in type). Function alignment is
 * not compared: merge.c gives the kept function the larger alignment. */
#include "compare.h"
#include "fast_math.h"
#include "llvm_arrays.h"
#include "type_size.h"

#include <stdlib.h>
#include <string.h>

/* Returns the result of a comparison step unless it found them equal. */
#define RETURN_IF_DIFFERENT(step)                                              \
  do {                                                                         \
    int step_result_ = (step);                                                 \
    if (step_result_)                                                          \
      return step_result_;                                                     \
  } while (0)

static int cmp_numbers(uint64_t left, uint64_t right) {
  return left < right ? -1 : left > right ? 1 : 0;
}

static int cmp_flags(bool left, bool right) {
  return cmp_numbers(left, right);
}

static int cmp_memory(const char *left, size_t left_len, const char *right,
                      size_t right_len) {
  RETURN_IF_DIFFERENT(cmp_numbers(left_len, right_len));
  if (left_len == 0)
    return 0;
  int res = memcmp(left, right, left_len);
  return res < 0 ? -1 : res > 0 ? 1 : 0;
}

static int cmp_c_strings(const char *left, const char *right) {
  if (!left || !right)
    return cmp_flags(left != NULL, right != NULL);
  return cmp_memory(left, strlen(left), right, strlen(right));
}

/* A number fixed for the whole run, for uniqued objects without a cheaper
 * deterministic key. Equal objects are the same object, so equal numbers. */
/* The number of `object` in `numbers` (global_numbers or leaf_numbers),
 * given from the comparator's one growing counter when first asked. */
static uint64_t fixed_number(ltofold_comparator *c, ptr_map *numbers,
                             const void *object) {
  uint64_t number;
  if (!ptr_map_get(numbers, object, &number)) {
    number = c->next_number++;
    ptr_map_put(numbers, object, number);
  }
  return number;
}

static uint64_t leaf_number(ltofold_comparator *c, const void *object) {
  return fixed_number(c, &c->leaf_numbers, object);
}

static int cmp_leaves(ltofold_comparator *c, const void *left,
                      const void *right) {
  if (left == right)
    return 0;
  return cmp_numbers(leaf_number(c, left), leaf_number(c, right));
}

/* ---- Types (seed: FunctionComparator::cmpType) ---------------------------- */

static int cmp_types(ltofold_comparator *c, LLVMTypeRef left,
                     LLVMTypeRef right);

static LLVMTypeRef coerce_pointer(ltofold_comparator *c, LLVMTypeRef type) {
  if (LLVMGetTypeKind(type) == LLVMPointerTypeKind &&
      LLVMGetPointerAddressSpace(type) == 0)
    return c->intptr_type;
  return type;
}

static int cmp_type_lists(ltofold_comparator *c, unsigned count,
                          LLVMTypeRef *left, LLVMTypeRef *right) {
  for (unsigned i = 0; i < count; ++i)
    RETURN_IF_DIFFERENT(cmp_types(c, left[i], right[i]));
  return 0;
}

static int cmp_struct_types(ltofold_comparator *c, LLVMTypeRef left,
                            LLVMTypeRef right) {
  bool opaque_left = LLVMIsOpaqueStruct(left);
  RETURN_IF_DIFFERENT(cmp_flags(opaque_left, LLVMIsOpaqueStruct(right)));
  if (opaque_left) /* distinct named types without bodies */
    return cmp_leaves(c, left, right);
  unsigned count = LLVMCountStructElementTypes(left);
  RETURN_IF_DIFFERENT(cmp_numbers(count, LLVMCountStructElementTypes(right)));
  RETURN_IF_DIFFERENT(cmp_flags(LLVMIsPackedStruct(left), LLVMIsPackedStruct(right)));
  for (unsigned i = 0; i < count; ++i)
    RETURN_IF_DIFFERENT(cmp_types(c, LLVMStructGetTypeAtIndex(left, i),
                            LLVMStructGetTypeAtIndex(right, i)));
  return 0;
}

static int cmp_function_types(ltofold_comparator *c, LLVMTypeRef left,
                              LLVMTypeRef right) {
  RETURN_IF_DIFFERENT(cmp_flags(LLVMIsFunctionVarArg(left),
                          LLVMIsFunctionVarArg(right)));
  RETURN_IF_DIFFERENT(cmp_types(c, LLVMGetReturnType(left), LLVMGetReturnType(right)));
  unsigned count = LLVMCountParamTypes(left);
  RETURN_IF_DIFFERENT(cmp_numbers(count, LLVMCountParamTypes(right)));
  if (count == 0)
    return 0;
  LLVMTypeRef *params_left = ltofold_param_types(left, &count);
  LLVMTypeRef *params_right = ltofold_param_types(right, &count);
  int res = cmp_type_lists(c, count, params_left, params_right);
  free(params_left);
  free(params_right);
  return res;
}

static int cmp_target_ext_types(ltofold_comparator *c, LLVMTypeRef left,
                                LLVMTypeRef right) {
  RETURN_IF_DIFFERENT(cmp_c_strings(LLVMGetTargetExtTypeName(left),
                              LLVMGetTargetExtTypeName(right)));
  unsigned types = LLVMGetTargetExtTypeNumTypeParams(left);
  RETURN_IF_DIFFERENT(cmp_numbers(types, LLVMGetTargetExtTypeNumTypeParams(right)));
  for (unsigned i = 0; i < types; ++i)
    RETURN_IF_DIFFERENT(cmp_types(c, LLVMGetTargetExtTypeTypeParam(left, i),
                            LLVMGetTargetExtTypeTypeParam(right, i)));
  unsigned ints = LLVMGetTargetExtTypeNumIntParams(left);
  RETURN_IF_DIFFERENT(cmp_numbers(ints, LLVMGetTargetExtTypeNumIntParams(right)));
  for (unsigned i = 0; i < ints; ++i)
    RETURN_IF_DIFFERENT(cmp_numbers(LLVMGetTargetExtTypeIntParam(left, i),
                              LLVMGetTargetExtTypeIntParam(right, i)));
  return 0;
}

static int cmp_types(ltofold_comparator *c, LLVMTypeRef left,
                     LLVMTypeRef right) {
  if (left == right)
    return 0;
  left = coerce_pointer(c, left);
  right = coerce_pointer(c, right);
  if (left == right)
    return 0;
  LLVMTypeKind kind = LLVMGetTypeKind(left);
  RETURN_IF_DIFFERENT(cmp_numbers(kind, LLVMGetTypeKind(right)));
  switch (kind) {
  case LLVMIntegerTypeKind:
    return cmp_numbers(LLVMGetIntTypeWidth(left), LLVMGetIntTypeWidth(right));
  case LLVMVectorTypeKind:
  case LLVMScalableVectorTypeKind:
    RETURN_IF_DIFFERENT(cmp_numbers(LLVMGetVectorSize(left), LLVMGetVectorSize(right)));
    return cmp_types(c, LLVMGetElementType(left), LLVMGetElementType(right));
  case LLVMPointerTypeKind:
    return cmp_numbers(LLVMGetPointerAddressSpace(left),
                       LLVMGetPointerAddressSpace(right));
  case LLVMStructTypeKind:
    return cmp_struct_types(c, left, right);
  case LLVMArrayTypeKind:
    RETURN_IF_DIFFERENT(cmp_numbers(LLVMGetArrayLength2(left),
                              LLVMGetArrayLength2(right)));
    return cmp_types(c, LLVMGetElementType(left), LLVMGetElementType(right));
  case LLVMFunctionTypeKind:
    return cmp_function_types(c, left, right);
  case LLVMTargetExtTypeKind:
    return cmp_target_ext_types(c, left, right);
  default:
    /* void, label, metadata, token and the FP types: the kind says it all. */
    return 0;
  }
}

/* ---- Attributes ----------------------------------------------------------- */

static int cmp_attributes(ltofold_comparator *c, LLVMAttributeRef left,
                          LLVMAttributeRef right) {
  if (left == right)
    return 0;
  bool string_left = LLVMIsStringAttribute(left);
  RETURN_IF_DIFFERENT(cmp_flags(string_left, LLVMIsStringAttribute(right)));
  if (string_left) {
    unsigned kl, kr, vl, vr;
    const char *key_left = LLVMGetStringAttributeKind(left, &kl);
    const char *key_right = LLVMGetStringAttributeKind(right, &kr);
    RETURN_IF_DIFFERENT(cmp_memory(key_left, kl, key_right, kr));
    const char *value_left = LLVMGetStringAttributeValue(left, &vl);
    const char *value_right = LLVMGetStringAttributeValue(right, &vr);
    return cmp_memory(value_left, vl, value_right, vr);
  }
  RETURN_IF_DIFFERENT(cmp_numbers(LLVMGetEnumAttributeKind(left),
                            LLVMGetEnumAttributeKind(right)));
  bool type_left = LLVMIsTypeAttribute(left);
  RETURN_IF_DIFFERENT(cmp_flags(type_left, LLVMIsTypeAttribute(right)));
  if (type_left)
    return cmp_types(c, LLVMGetTypeAttributeValue(left),
                     LLVMGetTypeAttributeValue(right));
  bool enum_left = LLVMIsEnumAttribute(left);
  RETURN_IF_DIFFERENT(cmp_flags(enum_left, LLVMIsEnumAttribute(right)));
  if (enum_left) /* enum or integer attribute */
    return cmp_numbers(LLVMGetEnumAttributeValue(left),
                       LLVMGetEnumAttributeValue(right));
  /* Constant-range attributes have no C getter; they are uniqued. */
  return cmp_leaves(c, left, right);
}

static int cmp_attribute_arrays(ltofold_comparator *c, unsigned count,
                                LLVMAttributeRef *left,
                                LLVMAttributeRef *right) {
  for (unsigned i = 0; i < count; ++i)
    RETURN_IF_DIFFERENT(cmp_attributes(c, left[i], right[i]));
  return 0;
}

bool comparator_is_droppable(const ltofold_comparator *c,
                             LLVMAttributeRef attribute) {
  if (LLVMIsStringAttribute(attribute))
    return false;
  unsigned kind = LLVMGetEnumAttributeKind(attribute);
  return kind < 256 && (c->droppable_kinds[kind / 64] >> (kind % 64)) & 1;
}

/* The attributes of a function (`call_site` false) or call site at one
 * index, malloc'd; a function's droppable ones are left out (they are
 * intersected when merging, not compared). */
static LLVMAttributeRef *attributes_at(const ltofold_comparator *c,
                                       LLVMValueRef value, bool call_site,
                                       LLVMAttributeIndex index,
                                       unsigned *count) {
  unsigned n;
  LLVMAttributeRef *attributes =
      call_site ? ltofold_call_site_attributes(value, index, &n)
                : ltofold_attributes_at_index(value, index, &n);
  unsigned kept = 0;
  for (unsigned i = 0; i < n; ++i)
    if (call_site || !comparator_is_droppable(c, attributes[i]))
      attributes[kept++] = attributes[i];
  *count = kept;
  return attributes;
}

/* Attributes of a function or of a call site, at one index. */
static int cmp_attributes_at(ltofold_comparator *c, LLVMValueRef left,
                             LLVMValueRef right, bool call_site,
                             LLVMAttributeIndex index) {
  unsigned count = call_site ? LLVMGetCallSiteAttributeCount(left, index)
                             : LLVMGetAttributeCountAtIndex(left, index);
  unsigned count_right = call_site ? LLVMGetCallSiteAttributeCount(right, index)
                                   : LLVMGetAttributeCountAtIndex(right, index);
  if (call_site)
    RETURN_IF_DIFFERENT(cmp_numbers(count, count_right));
  if (count == 0 && count_right == 0)
    return 0;
  LLVMAttributeRef *attrs_left =
      attributes_at(c, left, call_site, index, &count);
  LLVMAttributeRef *attrs_right =
      attributes_at(c, right, call_site, index, &count_right);
  int res = cmp_numbers(count, count_right);
  if (!res)
    res = cmp_attribute_arrays(c, count, attrs_left, attrs_right);
  free(attrs_left);
  free(attrs_right);
  return res;
}

/* The identity of the attribute list of a function or call site, uniqued
 * in the context (attribute_list.cpp). */
const void *ltofold_attribute_list(LLVMValueRef value);

/* All indices: function, return value, then each of `params` parameters;
 * one list, the same at all of them. */
static int cmp_attribute_lists(ltofold_comparator *c, LLVMValueRef left,
                               LLVMValueRef right, bool call_site,
                               unsigned params) {
  if (ltofold_attribute_list(left) == ltofold_attribute_list(right))
    return 0;
  RETURN_IF_DIFFERENT(cmp_attributes_at(c, left, right, call_site,
                                  LLVMAttributeFunctionIndex));
  RETURN_IF_DIFFERENT(cmp_attributes_at(c, left, right, call_site,
                                  LLVMAttributeReturnIndex));
  for (unsigned i = 1; i <= params; ++i)
    RETURN_IF_DIFFERENT(cmp_attributes_at(c, left, right, call_site, i));
  return 0;
}

/* ---- Constants and other non-local values (seed: cmpConstants) ----------- */

static int cmp_values(ltofold_comparator *c, LLVMValueRef left,
                      LLVMValueRef right);
static int cmp_constants(ltofold_comparator *c, LLVMValueRef left,
                         LLVMValueRef right);

static bool is_global_kind(LLVMValueKind kind) {
  return kind == LLVMFunctionValueKind || kind == LLVMGlobalAliasValueKind ||
         kind == LLVMGlobalIFuncValueKind || kind == LLVMGlobalVariableValueKind;
}

/* Class mode (merge.c's recursive groups, certify.c): functions in
 * `classes` compare by class number, before everything else. Returns
 * whether the order was decided there; the result goes to *res. */
static bool cmp_by_class(const ptr_map *classes, LLVMValueRef left,
                         LLVMValueRef right, int *res) {
  uint64_t class_left, class_right;
  bool has_left = ptr_map_get(classes, left, &class_left);
  bool has_right = ptr_map_get(classes, right, &class_right);
  if (has_left != has_right)
    *res = has_left ? -1 : 1;
  else if (has_left)
    *res = cmp_numbers(class_left, class_right);
  return has_left || has_right;
}

static int cmp_global_values(ltofold_comparator *c, LLVMValueRef left,
                             LLVMValueRef right, bool callee) {
  if (left == right)
    return 0;
  int res;
  if (callee && c->function_classes &&
      cmp_by_class(c->function_classes, left, right, &res))
    return res;
  uint64_t number_left = fixed_number(c, &c->global_numbers, left);
  return cmp_numbers(number_left, fixed_number(c, &c->global_numbers, right));
}

static int cmp_operand_lists(ltofold_comparator *c, LLVMValueRef left,
                             LLVMValueRef right,
                             int (*cmp)(ltofold_comparator *, LLVMValueRef,
                                        LLVMValueRef)) {
  int count = LLVMGetNumOperands(left);
  RETURN_IF_DIFFERENT(cmp_numbers((unsigned)count, (unsigned)LLVMGetNumOperands(right)));
  for (int i = 0; i < count; ++i)
    RETURN_IF_DIFFERENT(cmp(c, LLVMGetOperand(left, (unsigned)i),
                      LLVMGetOperand(right, (unsigned)i)));
  return 0;
}

static unsigned block_index(LLVMBasicBlockRef block) {
  unsigned index = 0;
  for (LLVMBasicBlockRef b = LLVMGetPreviousBasicBlock(block); b;
       b = LLVMGetPreviousBasicBlock(b))
    ++index;
  return index;
}

static int cmp_block_addresses(ltofold_comparator *c, LLVMValueRef left,
                               LLVMValueRef right) {
  LLVMValueRef fn_left = LLVMGetBlockAddressFunction(left);
  LLVMValueRef fn_right = LLVMGetBlockAddressFunction(right);
  LLVMBasicBlockRef bb_left = LLVMGetBlockAddressBasicBlock(left);
  LLVMBasicBlockRef bb_right = LLVMGetBlockAddressBasicBlock(right);
  /* Blocks of the functions under comparison are local values. */
  if (fn_left == c->left_fn && fn_right == c->right_fn)
    return cmp_values(c, LLVMBasicBlockAsValue(bb_left),
                      LLVMBasicBlockAsValue(bb_right));
  RETURN_IF_DIFFERENT(cmp_flags(fn_left == c->left_fn, fn_right == c->right_fn));
  RETURN_IF_DIFFERENT(cmp_global_values(c, fn_left, fn_right, false));
  return cmp_numbers(block_index(bb_left), block_index(bb_right));
}

/* The words between a constant expression's type and its operand list in
 * LLVM's text form: the opcode and its flags ("add nuw nsw",
 * "getelementptr inbounds inrange(-8, 8)"). Returns a malloc'd string. */
static char *const_expr_head(LLVMValueRef expr) {
  char *text = LLVMPrintValueToString(expr);
  char *type = LLVMPrintTypeToString(LLVMTypeOf(expr));
  size_t skip = strlen(type) + 1; /* "TYPE " */
  const char *start = strlen(text) > skip ? text + skip : text;
  const char *operands = strstr(start, " (");
  char *head = strndup(start, operands ? (size_t)(operands - start) : strlen(start));
  LLVMDisposeMessage(type);
  LLVMDisposeMessage(text);
  if (!head)
    abort();
  return head;
}

/* Flags of constant expressions (nuw, nsw, inrange...) change what is poison
 * or undefined, as on instructions, but the C API reads them only from
 * instructions (LLVMGetNUW casts to Instruction). They are read from the
 * text instead. Reached only by two distinct expressions whose opcode, types
 * and operands compare equal, which uniquing makes rare: such a pair differs
 * in its flags, or has operands equal only up to the comparator (pointer and
 * integer constants, the functions under comparison, classes). */
static int cmp_const_expr_flags(LLVMValueRef left, LLVMValueRef right) {
  char *head_left = const_expr_head(left);
  char *head_right = const_expr_head(right);
  int res = cmp_c_strings(head_left, head_right);
  free(head_left);
  free(head_right);
  return res;
}

static int cmp_constant_contents(ltofold_comparator *c, LLVMValueRef left,
                                 LLVMValueRef right, LLVMValueKind kind) {
  switch (kind) {
  case LLVMUndefValueValueKind:
  case LLVMPoisonValueValueKind:
  case LLVMConstantTokenNoneValueKind:
    return 0; /* equal types (checked by the caller) make them equal */
  case LLVMConstantIntValueKind: {
    unsigned width = LLVMGetIntTypeWidth(LLVMTypeOf(left));
    if (width <= 64)
      return cmp_numbers(LLVMConstIntGetZExtValue(left),
                         LLVMConstIntGetZExtValue(right));
    return cmp_leaves(c, left, right);
  }
  case LLVMConstantFPValueKind:
    return cmp_leaves(c, left, right);
  case LLVMConstantDataArrayValueKind:
  case LLVMConstantDataVectorValueKind: {
    size_t size_left, size_right;
    const char *data_left = LLVMGetRawDataValues(left, &size_left);
    const char *data_right = LLVMGetRawDataValues(right, &size_right);
    return cmp_memory(data_left, size_left, data_right, size_right);
  }
  case LLVMConstantArrayValueKind:
  case LLVMConstantStructValueKind:
  case LLVMConstantVectorValueKind:
    return cmp_operand_lists(c, left, right, cmp_constants);
  case LLVMConstantExprValueKind: {
    LLVMOpcode opcode = LLVMGetConstOpcode(left);
    RETURN_IF_DIFFERENT(cmp_numbers(opcode, LLVMGetConstOpcode(right)));
    if (opcode == LLVMGetElementPtr) {
      RETURN_IF_DIFFERENT(cmp_types(c, LLVMGetGEPSourceElementType(left),
                              LLVMGetGEPSourceElementType(right)));
      RETURN_IF_DIFFERENT(cmp_numbers(LLVMGEPGetNoWrapFlags(left),
                                LLVMGEPGetNoWrapFlags(right)));
    }
    RETURN_IF_DIFFERENT(cmp_operand_lists(c, left, right, cmp_constants));
    return cmp_const_expr_flags(left, right);
  }
  case LLVMBlockAddressValueKind:
    return cmp_block_addresses(c, left, right);
  default:
    /* dso_local_equivalent, no_cfi, ptrauth, target none: uniqued. */
    return cmp_leaves(c, left, right);
  }
}

static int cmp_constants(ltofold_comparator *c, LLVMValueRef left,
                         LLVMValueRef right) {
  /* A call of the function under comparison is the same on both sides (the
   * seed's self-reference rule; in class mode, class numbers do this). It is
   * checked before identity: a call of F in G is not a self-call. Only the
   * callee of a call qualifies: a function that uses its own address (stores
   * or returns it) would see a different address after folding. */
  bool callee = c->callee_position;
  c->callee_position = false;
  if (callee && !c->function_classes) {
    if (left == c->left_fn)
      return right == c->right_fn ? 0 : -1;
    if (right == c->right_fn)
      return 1;
  }
  if (left == right)
    return 0;
  RETURN_IF_DIFFERENT(cmp_types(c, LLVMTypeOf(left), LLVMTypeOf(right)));
  bool null_left = LLVMIsNull(left);
  if (null_left != (bool)LLVMIsNull(right))
    return null_left ? 1 : -1; /* the seed: a null value is the greater */
  if (null_left)
    return 0;
  LLVMValueKind kind = LLVMGetValueKind(left);
  LLVMValueKind kind_right = LLVMGetValueKind(right);
  if (is_global_kind(kind) && is_global_kind(kind_right))
    return cmp_global_values(c, left, right, callee);
  RETURN_IF_DIFFERENT(cmp_numbers(kind, kind_right));
  return cmp_constant_contents(c, left, right, kind);
}

/* The seed's association of local values: each side numbers the values in
 * the order it meets them; two values agree iff met at the same point. */
static int cmp_local_serials(ltofold_comparator *c, LLVMValueRef left,
                             LLVMValueRef right) {
  /* One counter for both sides: after a difference that a structural
   * comparison goes on past (comparator_compare_structure), values met
   * together still get the same number. */
  uint64_t next = c->next_serial;
  uint64_t serial_left = ptr_map_get_or_put(&c->left_serials, left, next);
  uint64_t serial_right = ptr_map_get_or_put(&c->right_serials, right, next);
  if (serial_left == next || serial_right == next)
    c->next_serial++;
  return cmp_numbers(serial_left, serial_right);
}

static void clear_serials(ltofold_comparator *c) {
  ptr_map_clear(&c->left_serials);
  ptr_map_clear(&c->right_serials);
  c->next_serial = 0;
}

/* Metadata used as a value (intrinsic operands) and semantic instruction
 * metadata (!range and friends): strings by content, nodes by operands. */
static int cmp_metadata(ltofold_comparator *c, LLVMValueRef left,
                        LLVMValueRef right, unsigned depth) {
  if (left == right)
    return 0;
  if (!left || !right)
    return cmp_flags(left != NULL, right != NULL);
  bool const_left = LLVMIsAConstant(left) != NULL;
  RETURN_IF_DIFFERENT(cmp_flags(const_left, LLVMIsAConstant(right) != NULL));
  if (const_left)
    return cmp_constants(c, left, right);
  bool string_left = LLVMIsAMDString(left) != NULL;
  RETURN_IF_DIFFERENT(cmp_flags(string_left, LLVMIsAMDString(right) != NULL));
  if (string_left) {
    unsigned ll, lr;
    const char *sl = LLVMGetMDString(left, &ll);
    const char *sr = LLVMGetMDString(right, &lr);
    return cmp_memory(sl, ll, sr, lr);
  }
  bool node_left = LLVMIsAMDNode(left) != NULL;
  RETURN_IF_DIFFERENT(cmp_flags(node_left, LLVMIsAMDNode(right) != NULL));
  if (!node_left || depth > 8) /* local metadata, or deep: by identity */
    return cmp_leaves(c, left, right);
  unsigned count, count_right;
  LLVMValueRef *ops_left = ltofold_md_node_operands(left, &count);
  LLVMValueRef *ops_right = ltofold_md_node_operands(right, &count_right);
  /* A node that names itself first (noalias scopes and domains, loop ids)
   * means only its identity, which is local to the body that uses it: number
   * it as a local value, first met first numbered, whatever its contents. */
  bool self_left = count > 0 && ops_left[0] == left;
  bool self_right = count_right > 0 && ops_right[0] == right;
  int res;
  if (self_left || self_right)
    res = self_left != self_right ? cmp_flags(self_left, self_right)
                                  : cmp_local_serials(c, left, right);
  else
    res = cmp_numbers(count, count_right);
  for (unsigned i = 0; i < count && !res && !self_left; ++i)
    res = cmp_metadata(c, ops_left[i], ops_right[i], depth + 1);
  free(ops_left);
  free(ops_right);
  return res;
}

static int cmp_inline_asm(ltofold_comparator *c, LLVMValueRef left,
                          LLVMValueRef right) {
  size_t ll, lr;
  const char *asm_left = LLVMGetInlineAsmAsmString(left, &ll);
  const char *asm_right = LLVMGetInlineAsmAsmString(right, &lr);
  RETURN_IF_DIFFERENT(cmp_memory(asm_left, ll, asm_right, lr));
  const char *cons_left = LLVMGetInlineAsmConstraintString(left, &ll);
  const char *cons_right = LLVMGetInlineAsmConstraintString(right, &lr);
  RETURN_IF_DIFFERENT(cmp_memory(cons_left, ll, cons_right, lr));
  /* Same text: the remaining flags and type are uniquing keys. */
  return cmp_leaves(c, left, right);
}

/* ---- Local values (seed: cmpValues) --------------------------------------- */

static LLVMValueRef resolve_choice(const ltofold_comparator *c, LLVMValueRef value);

static int cmp_values(ltofold_comparator *c, LLVMValueRef left,
                      LLVMValueRef right) {
  uint64_t bound;
  if (c->bound_arguments)
    left = resolve_choice(c, left);
  if (c->bound_arguments && LLVMIsAArgument(left) &&
      ptr_map_get(c->bound_arguments, left, &bound)) {
    if (!LLVMIsAConstant(right))
      return 1;
    return cmp_constants(c, (LLVMValueRef)(uintptr_t)bound, right);
  }
  bool const_left = LLVMIsAConstant(left) != NULL;
  bool const_right = LLVMIsAConstant(right) != NULL;
  if (const_left && const_right)
    return cmp_constants(c, left, right);
  c->callee_position = false;
  if (const_left != const_right)
    return const_left ? 1 : -1;
  LLVMValueKind kind = LLVMGetValueKind(left);
  LLVMValueKind kind_right = LLVMGetValueKind(right);
  bool special = kind == LLVMMetadataAsValueValueKind || kind == LLVMInlineAsmValueKind;
  bool special_right = kind_right == LLVMMetadataAsValueValueKind ||
                       kind_right == LLVMInlineAsmValueKind;
  if (special || special_right) {
    RETURN_IF_DIFFERENT(cmp_numbers(kind, kind_right));
    if (left == right)
      return 0;
    if (kind == LLVMInlineAsmValueKind)
      return cmp_inline_asm(c, left, right);
    return cmp_metadata(c, left, right, 0);
  }
  return cmp_local_serials(c, left, right);
}

/* ---- Instructions (seed: cmpOperations, cmpGEPs) -------------------------- */

/* Byte offset of a GEP whose indices are all constant integers, in the
 * index width; false if any index is not a constant, steps into a vector,
 * or steps over a type without a fixed size (a scalable vector). */
static bool gep_constant_offset(ltofold_comparator *c, LLVMValueRef gep,
                                uint64_t *offset) {
  LLVMTypeRef type = LLVMGetGEPSourceElementType(gep);
  if (!ltofold_has_fixed_size(type))
    return false;
  int operands = LLVMGetNumOperands(gep);
  uint64_t total = 0;
  for (int i = 1; i < operands; ++i) {
    LLVMValueRef index = LLVMGetOperand(gep, (unsigned)i);
    if (!LLVMIsAConstantInt(index))
      return false;
    int64_t value = LLVMConstIntGetSExtValue(index);
    if (i == 1) {
      total += (uint64_t)value * LLVMABISizeOfType(c->data_layout, type);
      continue;
    }
    switch (LLVMGetTypeKind(type)) {
    case LLVMStructTypeKind:
      total += LLVMOffsetOfElement(c->data_layout, type, (unsigned)value);
      type = LLVMStructGetTypeAtIndex(type, (unsigned)value);
      break;
    case LLVMArrayTypeKind:
      type = LLVMGetElementType(type);
      total += (uint64_t)value * LLVMABISizeOfType(c->data_layout, type);
      break;
    default:
      return false;
    }
  }
  if (c->index_bits < 64)
    total &= (UINT64_C(1) << c->index_bits) - 1;
  *offset = total;
  return true;
}

/* Operand `index` of two instructions of the same operation. In similar
 * mode a constant where one may vary compares by type alone: the order is
 * then the one on bodies with those constants masked, still a total order
 * (whether a place is masked is a fact of each side alone). */
static int cmp_operand(ltofold_comparator *c, LLVMValueRef left,
                       LLVMValueRef right, unsigned index) {
  LLVMValueRef op_left = LLVMGetOperand(left, index);
  LLVMValueRef op_right = LLVMGetOperand(right, index);
  if (c->mask_constants) {
    bool vary_left = comparator_operand_may_vary(left, index);
    RETURN_IF_DIFFERENT(cmp_flags(vary_left, comparator_operand_may_vary(right, index)));
    if (vary_left) {
      /* Exact types: a parameter has one (pointer and integer differ). */
      LLVMTypeRef type_left = LLVMTypeOf(op_left), type_right = LLVMTypeOf(op_right);
      RETURN_IF_DIFFERENT(cmp_types(c, type_left, type_right));
      return cmp_numbers(LLVMGetTypeKind(type_left), LLVMGetTypeKind(type_right));
    }
  }
  return cmp_values(c, op_left, op_right);
}

static int cmp_optional_flags(const ltofold_comparator *c, LLVMValueRef left,
                              LLVMValueRef right);

static int cmp_geps(ltofold_comparator *c, LLVMValueRef left,
                    LLVMValueRef right) {
  RETURN_IF_DIFFERENT(cmp_types(c, LLVMTypeOf(left), LLVMTypeOf(right)));
  if (!c->mask_constants) /* similar mode: the merged body takes the meet */
    RETURN_IF_DIFFERENT(cmp_optional_flags(c, left, right));
  RETURN_IF_DIFFERENT(cmp_operand(c, left, right, 0));
  uint64_t offset_left, offset_right;
  /* In similar mode an index may vary: compare index by index instead. */
  if (!c->mask_constants && gep_constant_offset(c, left, &offset_left) &&
      gep_constant_offset(c, right, &offset_right))
    return cmp_numbers(offset_left, offset_right);
  RETURN_IF_DIFFERENT(cmp_types(c, LLVMGetGEPSourceElementType(left),
                          LLVMGetGEPSourceElementType(right)));
  int count = LLVMGetNumOperands(left);
  RETURN_IF_DIFFERENT(cmp_numbers((unsigned)count, (unsigned)LLVMGetNumOperands(right)));
  for (int i = 1; i < count; ++i) {
    RETURN_IF_DIFFERENT(cmp_types(c, LLVMTypeOf(LLVMGetOperand(left, (unsigned)i)),
                                  LLVMTypeOf(LLVMGetOperand(right, (unsigned)i))));
    RETURN_IF_DIFFERENT(cmp_operand(c, left, right, (unsigned)i));
  }
  return 0;
}

static int cmp_semantic_metadata(ltofold_comparator *c, LLVMValueRef left,
                                 LLVMValueRef right) {
  for (unsigned i = 0; i < c->semantic_md_count; ++i) {
    unsigned kind = c->semantic_md_kinds[i];
    RETURN_IF_DIFFERENT(cmp_metadata(c, LLVMGetMetadata(left, kind),
                               LLVMGetMetadata(right, kind), 0));
  }
  return 0;
}

static int cmp_operand_bundles(LLVMValueRef left, LLVMValueRef right) {
  unsigned count = LLVMGetNumOperandBundles(left);
  RETURN_IF_DIFFERENT(cmp_numbers(count, LLVMGetNumOperandBundles(right)));
  int res = 0;
  for (unsigned i = 0; i < count && !res; ++i) {
    LLVMOperandBundleRef bl = LLVMGetOperandBundleAtIndex(left, i);
    LLVMOperandBundleRef br = LLVMGetOperandBundleAtIndex(right, i);
    size_t ll, lr;
    const char *tag_left = LLVMGetOperandBundleTag(bl, &ll);
    const char *tag_right = LLVMGetOperandBundleTag(br, &lr);
    res = cmp_memory(tag_left, ll, tag_right, lr);
    if (!res)
      res = cmp_numbers(LLVMGetNumOperandBundleArgs(bl),
                        LLVMGetNumOperandBundleArgs(br));
    LLVMDisposeOperandBundle(bl);
    LLVMDisposeOperandBundle(br);
  }
  return res; /* the bundles' inputs are operands, compared with the rest */
}

static int cmp_calls(ltofold_comparator *c, LLVMValueRef left,
                     LLVMValueRef right, LLVMOpcode opcode) {
  RETURN_IF_DIFFERENT(cmp_numbers(LLVMGetInstructionCallConv(left),
                            LLVMGetInstructionCallConv(right)));
  RETURN_IF_DIFFERENT(cmp_types(c, LLVMGetCalledFunctionType(left),
                          LLVMGetCalledFunctionType(right)));
  unsigned args = LLVMGetNumArgOperands(left);
  RETURN_IF_DIFFERENT(cmp_numbers(args, LLVMGetNumArgOperands(right)));
  RETURN_IF_DIFFERENT(cmp_attribute_lists(c, left, right, true, args));
  RETURN_IF_DIFFERENT(cmp_operand_bundles(left, right));
  if (opcode == LLVMCall)
    return cmp_numbers(LLVMGetTailCallKind(left), LLVMGetTailCallKind(right));
  return 0;
}

static int cmp_atomic_details(LLVMValueRef left, LLVMValueRef right,
                              LLVMOpcode opcode) {
  if (opcode != LLVMFence) {
    RETURN_IF_DIFFERENT(cmp_flags(LLVMGetVolatile(left), LLVMGetVolatile(right)));
    RETURN_IF_DIFFERENT(cmp_numbers(LLVMGetAlignment(left), LLVMGetAlignment(right)));
  }
  if (opcode == LLVMAtomicCmpXchg) {
    RETURN_IF_DIFFERENT(cmp_numbers(LLVMGetCmpXchgSuccessOrdering(left),
                              LLVMGetCmpXchgSuccessOrdering(right)));
    RETURN_IF_DIFFERENT(cmp_numbers(LLVMGetCmpXchgFailureOrdering(left),
                              LLVMGetCmpXchgFailureOrdering(right)));
    RETURN_IF_DIFFERENT(cmp_flags(LLVMGetWeak(left), LLVMGetWeak(right)));
  } else {
    RETURN_IF_DIFFERENT(cmp_numbers(LLVMGetOrdering(left), LLVMGetOrdering(right)));
  }
  if (opcode == LLVMAtomicRMW)
    RETURN_IF_DIFFERENT(cmp_numbers(LLVMGetAtomicRMWBinOp(left),
                              LLVMGetAtomicRMWBinOp(right)));
  return cmp_numbers(LLVMGetAtomicSyncScopeID(left),
                     LLVMGetAtomicSyncScopeID(right));
}

/* Flags kept in LLVM's SubclassOptionalData, as bits of one word: the
 * poison-generating ones (nuw, nsw, exact, disjoint, nneg, samesign, a
 * GEP's no-wrap flags) and fast-math flags. Each only adds a promise, so an
 * instruction with fewer of them does at least what one with more does. */
enum { FLAG_NUW = 1, FLAG_NSW = 2, FLAG_EXACT = 4, FLAG_DISJOINT = 8,
       FLAG_NNEG = 16, FLAG_SAMESIGN = 32, GEP_FLAGS_SHIFT = 8,
       FAST_MATH_SHIFT = 16 };

/* The flags of `inst`, as bits; with `set`, after setting them to *set. */
static uint64_t access_flags(LLVMValueRef inst, const uint64_t *set) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMShl:
  case LLVMTrunc:
    if (set) {
      LLVMSetNUW(inst, (*set & FLAG_NUW) != 0);
      LLVMSetNSW(inst, (*set & FLAG_NSW) != 0);
    }
    return (LLVMGetNUW(inst) ? FLAG_NUW : 0) | (LLVMGetNSW(inst) ? FLAG_NSW : 0);
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMLShr:
  case LLVMAShr:
    if (set)
      LLVMSetExact(inst, (*set & FLAG_EXACT) != 0);
    return LLVMGetExact(inst) ? FLAG_EXACT : 0;
  case LLVMOr:
    if (set)
      LLVMSetIsDisjoint(inst, (*set & FLAG_DISJOINT) != 0);
    return LLVMGetIsDisjoint(inst) ? FLAG_DISJOINT : 0;
  case LLVMZExt:
  case LLVMUIToFP:
    if (set)
      LLVMSetNNeg(inst, (*set & FLAG_NNEG) != 0);
    return LLVMGetNNeg(inst) ? FLAG_NNEG : 0;
  case LLVMICmp:
    if (set)
      LLVMSetICmpSameSign(inst, (*set & FLAG_SAMESIGN) != 0);
    return LLVMGetICmpSameSign(inst) ? FLAG_SAMESIGN : 0;
  case LLVMGetElementPtr:
    if (set)
      LLVMGEPSetNoWrapFlags(inst, (LLVMGEPNoWrapFlags)(*set >> GEP_FLAGS_SHIFT));
    return (uint64_t)LLVMGEPGetNoWrapFlags(inst) << GEP_FLAGS_SHIFT;
  default:
    if (!LLVMCanValueUseFastMathFlags(inst))
      return 0;
    if (set)
      ltofold_set_fast_math_flags(inst, (LLVMFastMathFlags)(*set >> FAST_MATH_SHIFT));
    return (uint64_t)LLVMGetFastMathFlags(inst) << FAST_MATH_SHIFT;
  }
}

static uint64_t optional_flags(LLVMValueRef inst) {
  return access_flags(inst, NULL);
}

/* The flags of two instructions of the same operation: equal, or when
 * specializing (certify.c), the left's (the merged body's) among the
 * right's. */
static int cmp_optional_flags(const ltofold_comparator *c, LLVMValueRef left,
                              LLVMValueRef right) {
  uint64_t flags_left = optional_flags(left), flags_right = optional_flags(right);
  if (c->bound_arguments && !(flags_left & ~flags_right))
    return 0;
  return cmp_numbers(flags_left, flags_right);
}

bool comparator_same_flags(LLVMValueRef left, LLVMValueRef right) {
  return optional_flags(left) == optional_flags(right);
}

void comparator_meet_flags(LLVMValueRef inst, LLVMValueRef other) {
  uint64_t bits = optional_flags(inst) & optional_flags(other);
  access_flags(inst, &bits);
}

static int cmp_index_lists(LLVMValueRef left, LLVMValueRef right) {
  unsigned count = LLVMGetNumIndices(left);
  RETURN_IF_DIFFERENT(cmp_numbers(count, LLVMGetNumIndices(right)));
  const unsigned *il = LLVMGetIndices(left), *ir = LLVMGetIndices(right);
  for (unsigned i = 0; i < count; ++i)
    RETURN_IF_DIFFERENT(cmp_numbers(il[i], ir[i]));
  return 0;
}

static int cmp_shuffle_masks(LLVMValueRef left, LLVMValueRef right) {
  unsigned count = LLVMGetNumMaskElements(left);
  RETURN_IF_DIFFERENT(cmp_numbers(count, LLVMGetNumMaskElements(right)));
  for (unsigned i = 0; i < count; ++i)
    RETURN_IF_DIFFERENT(cmp_numbers((uint64_t)(int64_t)LLVMGetMaskValue(left, i),
                              (uint64_t)(int64_t)LLVMGetMaskValue(right, i)));
  return 0;
}

static int cmp_phi_blocks(ltofold_comparator *c, LLVMValueRef left,
                          LLVMValueRef right) {
  unsigned count = LLVMCountIncoming(left);
  for (unsigned i = 0; i < count; ++i)
    RETURN_IF_DIFFERENT(cmp_values(c, LLVMBasicBlockAsValue(LLVMGetIncomingBlock(left, i)),
                             LLVMBasicBlockAsValue(LLVMGetIncomingBlock(right, i))));
  return 0;
}

/* Case values are not operands of a switch (since LLVM 22): compare them
 * here, in successor order. Successor counts are equal (operand counts). */
static int cmp_switch_cases(ltofold_comparator *c, LLVMValueRef left,
                            LLVMValueRef right) {
  unsigned successors = LLVMGetNumSuccessors(left);
  for (unsigned i = 1; i < successors; ++i)
    RETURN_IF_DIFFERENT(cmp_constants(c, LLVMGetSwitchCaseValue(left, i),
                                      LLVMGetSwitchCaseValue(right, i)));
  return 0;
}

/* Properties of one instruction kind that are not operands. */
static int cmp_special_state(ltofold_comparator *c, LLVMValueRef left,
                             LLVMValueRef right, LLVMOpcode opcode) {
  switch (opcode) {
  case LLVMAlloca:
    RETURN_IF_DIFFERENT(cmp_types(c, LLVMGetAllocatedType(left),
                            LLVMGetAllocatedType(right)));
    return cmp_numbers(LLVMGetAlignment(left), LLVMGetAlignment(right));
  case LLVMLoad:
  case LLVMStore:
  case LLVMFence:
  case LLVMAtomicCmpXchg:
  case LLVMAtomicRMW:
    return cmp_atomic_details(left, right, opcode);
  case LLVMICmp:
    return cmp_numbers(LLVMGetICmpPredicate(left), LLVMGetICmpPredicate(right));
  case LLVMFCmp:
    return cmp_numbers(LLVMGetFCmpPredicate(left), LLVMGetFCmpPredicate(right));
  case LLVMCall:
  case LLVMInvoke:
  case LLVMCallBr:
    return cmp_calls(c, left, right, opcode);
  case LLVMExtractValue:
  case LLVMInsertValue:
    return cmp_index_lists(left, right);
  case LLVMShuffleVector:
    return cmp_shuffle_masks(left, right);
  case LLVMPHI:
    return cmp_phi_blocks(c, left, right);
  case LLVMSwitch:
    return cmp_switch_cases(c, left, right);
  case LLVMLandingPad:
    return cmp_flags(LLVMIsCleanup(left), LLVMIsCleanup(right));
  default:
    return 0;
  }
}

/* What the order compares of an instruction's operation: its opcode, or in
 * similar mode, for an operation that may differ (comparator_choice_class),
 * its class, above every opcode. */
static unsigned operation_key(const ltofold_comparator *c, LLVMValueRef inst) {
  unsigned choice = c->mask_constants ? comparator_choice_class(inst) : 0;
  return choice ? 0x10000u | choice : (unsigned)LLVMGetInstructionOpcode(inst);
}

static int cmp_operations(ltofold_comparator *c, LLVMValueRef left,
                          LLVMValueRef right) {
  LLVMOpcode opcode = LLVMGetInstructionOpcode(left);
  unsigned key = operation_key(c, left);
  RETURN_IF_DIFFERENT(cmp_numbers(key, operation_key(c, right)));
  /* A choice: opcode and predicate may differ; the rest may not. In
   * similar mode flags may differ: the merged body takes their meet. */
  bool choice = key != (unsigned)opcode;
  int operands = LLVMGetNumOperands(left);
  RETURN_IF_DIFFERENT(cmp_numbers((unsigned)operands, (unsigned)LLVMGetNumOperands(right)));
  RETURN_IF_DIFFERENT(cmp_types(c, LLVMTypeOf(left), LLVMTypeOf(right)));
  bool fast_math = LLVMCanValueUseFastMathFlags(left);
  RETURN_IF_DIFFERENT(cmp_flags(fast_math, LLVMCanValueUseFastMathFlags(right)));
  if (!c->mask_constants)
    RETURN_IF_DIFFERENT(cmp_optional_flags(c, left, right));
  for (int i = 0; i < operands; ++i)
    RETURN_IF_DIFFERENT(cmp_types(c, LLVMTypeOf(LLVMGetOperand(left, (unsigned)i)),
                            LLVMTypeOf(LLVMGetOperand(right, (unsigned)i))));
  if (!choice)
    RETURN_IF_DIFFERENT(cmp_special_state(c, left, right, opcode));
  return cmp_semantic_metadata(c, left, right);
}

/* ---- Blocks and functions (seed: compare(BB, BB), compare()) -------------- */

/* Operands in order; the callee of a call (its last operand) is compared in
 * callee position (see cmp_constants). Operation and operand count are
 * already known equal. */
static int cmp_instruction_operands(ltofold_comparator *c, LLVMValueRef left,
                                    LLVMValueRef right) {
  int count = LLVMGetNumOperands(left);
  LLVMOpcode opcode = LLVMGetInstructionOpcode(left);
  bool call = opcode == LLVMCall || opcode == LLVMInvoke || opcode == LLVMCallBr;
  for (int i = 0; i < count; ++i) {
    c->callee_position = call && i == count - 1;
    RETURN_IF_DIFFERENT(cmp_operand(c, left, right, (unsigned)i));
  }
  c->callee_position = false;
  return 0;
}

static bool is_unchosen(const ltofold_comparator *c, LLVMValueRef inst);

/* The next instruction of the left function from `inst` on; when
 * specializing, past those the bound arguments leave unchosen. */
static LLVMValueRef next_left(const ltofold_comparator *c, LLVMValueRef inst) {
  while (inst && c->bound_arguments && is_unchosen(c, inst))
    inst = LLVMGetNextInstruction(inst);
  return inst;
}

static int cmp_instructions(ltofold_comparator *c, LLVMValueRef il,
                            LLVMValueRef ir) {
  RETURN_IF_DIFFERENT(cmp_values(c, il, ir));
  bool gep_left = LLVMGetInstructionOpcode(il) == LLVMGetElementPtr;
  bool gep_right = LLVMGetInstructionOpcode(ir) == LLVMGetElementPtr;
  if (gep_left || gep_right) {
    if (gep_left != gep_right)
      return gep_left ? 1 : -1; /* the seed: a GEP is the greater */
    return cmp_geps(c, il, ir);
  }
  RETURN_IF_DIFFERENT(cmp_operations(c, il, ir));
  return cmp_instruction_operands(c, il, ir);
}

static LLVMBasicBlockRef region_step(ltofold_comparator *c, LLVMValueRef term,
                                     LLVMBasicBlockRef *decided);

/* Compares the blocks; when specializing, the left block goes on through
 * the regions the bound arguments decide (region_step), and *left is the
 * block where it ends. */
static int cmp_basic_blocks(ltofold_comparator *c, LLVMBasicBlockRef *left,
                            LLVMBasicBlockRef right) {
  LLVMValueRef il = next_left(c, LLVMGetFirstInstruction(*left));
  LLVMValueRef ir = LLVMGetFirstInstruction(right);
  LLVMBasicBlockRef decided = NULL, next;
  while (il && ir) {
    if (c->bound_arguments && (next = region_step(c, il, &decided))) {
      *left = next;
      il = next_left(c, LLVMGetFirstInstruction(next));
      continue;
    }
    RETURN_IF_DIFFERENT(cmp_instructions(c, il, ir));
    il = next_left(c, LLVMGetNextInstruction(il));
    ir = LLVMGetNextInstruction(ir);
  }
  return cmp_flags(il != NULL, ir != NULL);
}

static int cmp_signatures(ltofold_comparator *c, LLVMValueRef left,
                          LLVMValueRef right) {
  LLVMTypeRef type_left = LLVMGlobalGetValueType(left);
  LLVMTypeRef type_right = LLVMGlobalGetValueType(right);
  unsigned params = LLVMCountParams(left);
  RETURN_IF_DIFFERENT(cmp_numbers(params, LLVMCountParams(right)));
  RETURN_IF_DIFFERENT(cmp_attribute_lists(c, left, right, false, params));
  RETURN_IF_DIFFERENT(cmp_c_strings(LLVMGetGC(left), LLVMGetGC(right)));
  RETURN_IF_DIFFERENT(cmp_c_strings(LLVMGetSection(left), LLVMGetSection(right)));
  RETURN_IF_DIFFERENT(cmp_flags(LLVMIsFunctionVarArg(type_left),
                          LLVMIsFunctionVarArg(type_right)));
  RETURN_IF_DIFFERENT(cmp_numbers(LLVMGetFunctionCallConv(left),
                            LLVMGetFunctionCallConv(right)));
  RETURN_IF_DIFFERENT(cmp_types(c, type_left, type_right));
  bool personality = LLVMHasPersonalityFn(left);
  RETURN_IF_DIFFERENT(cmp_flags(personality, LLVMHasPersonalityFn(right)));
  if (personality)
    RETURN_IF_DIFFERENT(cmp_constants(c, LLVMGetPersonalityFn(left),
                                LLVMGetPersonalityFn(right)));
  bool prefix = LLVMHasPrefixData(left);
  RETURN_IF_DIFFERENT(cmp_flags(prefix, LLVMHasPrefixData(right)));
  if (prefix)
    RETURN_IF_DIFFERENT(cmp_constants(c, LLVMGetPrefixData(left), LLVMGetPrefixData(right)));
  bool prologue = LLVMHasPrologueData(left);
  RETURN_IF_DIFFERENT(cmp_flags(prologue, LLVMHasPrologueData(right)));
  if (prologue)
    RETURN_IF_DIFFERENT(cmp_constants(c, LLVMGetPrologueData(left),
                                LLVMGetPrologueData(right)));
  /* Number the arguments in order: the i-th on each side are associated. */
  for (LLVMValueRef al = LLVMGetFirstParam(left), ar = LLVMGetFirstParam(right);
       al && ar; al = LLVMGetNextParam(al), ar = LLVMGetNextParam(ar))
    cmp_values(c, al, ar);
  return 0;
}

static void push_pending(ltofold_comparator *c, LLVMBasicBlockRef left,
                         LLVMBasicBlockRef right) {
  if (c->pending_count == c->pending_capacity) {
    c->pending_capacity = c->pending_capacity ? c->pending_capacity * 2 : 64;
    c->pending_left = realloc(c->pending_left,
                              c->pending_capacity * sizeof(LLVMBasicBlockRef));
    c->pending_right = realloc(c->pending_right,
                               c->pending_capacity * sizeof(LLVMBasicBlockRef));
    if (!c->pending_left || !c->pending_right)
      abort();
  }
  c->pending_left[c->pending_count] = left;
  c->pending_right[c->pending_count] = right;
  c->pending_count++;
}

/* Pushes the successor pairs of two terminators not visited yet (on the
 * left; the serial numbers keep the right side in step). */
static void push_successors(ltofold_comparator *c, LLVMValueRef term_left,
                            LLVMValueRef term_right) {
  unsigned count = LLVMGetNumSuccessors(term_left);
  for (unsigned i = 0; i < count; ++i) {
    LLVMBasicBlockRef succ = LLVMGetSuccessor(term_left, i);
    if (ptr_map_get(&c->visited, succ, NULL))
      continue;
    ptr_map_put(&c->visited, succ, 1);
    push_pending(c, succ, LLVMGetSuccessor(term_right, i));
  }
}

static void begin_walk(ltofold_comparator *c, LLVMValueRef left,
                       LLVMValueRef right) {
  ptr_map_clear(&c->visited);
  c->pending_count = 0;
  LLVMBasicBlockRef entry_left = LLVMGetEntryBasicBlock(left);
  ptr_map_put(&c->visited, entry_left, 1);
  push_pending(c, entry_left, LLVMGetEntryBasicBlock(right));
}

/* Whether the instructions from il and ir up to the terminators tl and tr
 * compare equal: first by operation alone, so that blocks that cannot be
 * equal number nothing. */
static bool middles_equal(ltofold_comparator *c, LLVMValueRef il,
                          LLVMValueRef tl, LLVMValueRef ir, LLVMValueRef tr) {
  LLVMValueRef a = il, b = ir;
  for (; a != tl && b != tr; a = LLVMGetNextInstruction(a), b = LLVMGetNextInstruction(b))
    if (operation_key(c, a) != operation_key(c, b))
      return false;
  if (a != tl || b != tr)
    return false;
  for (a = il, b = ir; a != tl; a = LLVMGetNextInstruction(a), b = LLVMGetNextInstruction(b))
    if (cmp_instructions(c, a, b))
      return false;
  return true;
}

/* Structural mode: the phis and the terminator must compare equal; the
 * block goes in `differing` when the instructions between do not. */
static int cmp_block_ends(ltofold_comparator *c, LLVMBasicBlockRef bl,
                          LLVMBasicBlockRef br, ptr_map *differing) {
  LLVMValueRef il = LLVMGetFirstInstruction(bl);
  LLVMValueRef ir = LLVMGetFirstInstruction(br);
  for (; LLVMIsAPHINode(il) && LLVMIsAPHINode(ir);
       il = LLVMGetNextInstruction(il), ir = LLVMGetNextInstruction(ir))
    RETURN_IF_DIFFERENT(cmp_instructions(c, il, ir));
  RETURN_IF_DIFFERENT(cmp_flags(LLVMIsAPHINode(il) != NULL, LLVMIsAPHINode(ir) != NULL));
  LLVMValueRef tl = LLVMGetBasicBlockTerminator(bl);
  LLVMValueRef tr = LLVMGetBasicBlockTerminator(br);
  if (!middles_equal(c, il, tl, ir, tr)) {
    if (c->block_may_differ && !c->block_may_differ(bl, br, c->left_fn)) {
      c->block_refused = true;
      return 1;
    }
    ptr_map_put(differing, bl, (uint64_t)(uintptr_t)br);
  }
  return cmp_instructions(c, tl, tr);
}

/* The walk over both bodies; with `differing`, in structural mode. */
static int compare_bodies(ltofold_comparator *c, LLVMValueRef left,
                          LLVMValueRef right, ptr_map *differing) {
  begin_walk(c, left, right);
  while (c->pending_count) {
    c->pending_count--;
    LLVMBasicBlockRef bl = c->pending_left[c->pending_count];
    LLVMBasicBlockRef br = c->pending_right[c->pending_count];
    RETURN_IF_DIFFERENT(cmp_values(c, LLVMBasicBlockAsValue(bl), LLVMBasicBlockAsValue(br)));
    RETURN_IF_DIFFERENT(differing ? cmp_block_ends(c, bl, br, differing)
                                  : cmp_basic_blocks(c, &bl, br));
    push_successors(c, LLVMGetBasicBlockTerminator(bl),
                    LLVMGetBasicBlockTerminator(br));
  }
  return 0;
}

/* One comparison of two functions: counted, its serial numbers fresh. */
static void begin_comparison(ltofold_comparator *c, LLVMValueRef left,
                             LLVMValueRef right) {
  c->comparisons++;
  c->left_fn = left;
  c->right_fn = right;
  clear_serials(c);
}

int ltofold_compare_functions(ltofold_comparator *c, LLVMValueRef left,
                              LLVMValueRef right) {
  if (left == right)
    return 0;
  begin_comparison(c, left, right);
  RETURN_IF_DIFFERENT(cmp_signatures(c, left, right));
  return compare_bodies(c, left, right, NULL);
}

/* ---- Places where constants may vary (similar.c) --------------------------- */

bool comparator_is_merged_body(LLVMValueRef value) {
  size_t length;
  return LLVMIsAFunction(value) &&
         strstr(LLVMGetValueName2(value, &length), ".ltofold.similar");
}

/* Operands whose constants become parameters without changing what the
 * instruction may be: arithmetic, compares, selected values, returned and
 * incoming values, stored values, the addresses of loads, stores and GEPs,
 * a GEP's first index (it steps over whole objects, never into a struct),
 * the arguments of calls of anything but an intrinsic (whose arguments may
 * have to be constants: immarg, metadata), and direct callees. Never: a
 * divisor or a shift amount (the code generator turns a constant one into
 * cheaper code), switch cases, struct or array indices past the first,
 * shuffle masks and aggregate indices (not operands), alloca sizes, an
 * operand bundle's inputs. */
/* Whether `fn` is an intrinsic: one LLVM knows (an ID), or any other name
 * under llvm., which LLVM reserves and treats the same way (no address,
 * no indirect call: an unknown llvm.atanh.f32 read from an older module). */
static bool is_intrinsic(LLVMValueRef fn) {
  if (LLVMGetIntrinsicID(fn))
    return true;
  size_t length;
  const char *name = LLVMGetValueName2(fn, &length);
  return length >= 5 && !memcmp(name, "llvm.", 5);
}

bool comparator_position_may_vary(LLVMValueRef inst, unsigned index) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
  case LLVMICmp:
  case LLVMFCmp:
  case LLVMRet:
  case LLVMPHI:
  case LLVMLoad:
  case LLVMStore:
    return true;
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem:
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
    return index == 0;
  case LLVMSelect:
    return index != 0;
  case LLVMGetElementPtr:
    return index <= 1;
  case LLVMCall:
  case LLVMInvoke: {
    LLVMValueRef callee = LLVMGetCalledValue(inst);
    if (!callee || LLVMIsAInlineAsm(callee) ||
        (LLVMIsAFunction(callee) && is_intrinsic(callee)))
      return false;
    /* A call of a merged body passes one member's constants: a parameter
     * there would be a call that no member makes (certify.c). */
    if (comparator_is_merged_body(callee))
      return false;
    return index < LLVMGetNumArgOperands(inst) ||
           index == (unsigned)LLVMGetNumOperands(inst) - 1;
  }
  default:
    return false;
  }
}

/* Scalars a register carries: integers up to 64 bits, float, double,
 * pointers. A constant of those that names no block and no thread: plain
 * numbers, null, globals (thread-local ones aside), constant expressions,
 * functions but intrinsics (which have no address). */
bool comparator_constant_may_vary(LLVMValueRef value) {
  if (!LLVMIsAConstant(value))
    return false;
  LLVMTypeRef type = LLVMTypeOf(value);
  switch (LLVMGetTypeKind(type)) {
  case LLVMIntegerTypeKind:
    if (LLVMGetIntTypeWidth(type) > 64)
      return false;
    break;
  case LLVMFloatTypeKind:
  case LLVMDoubleTypeKind:
  case LLVMPointerTypeKind:
    break;
  default:
    return false;
  }
  switch (LLVMGetValueKind(value)) {
  case LLVMConstantIntValueKind:
  case LLVMConstantFPValueKind:
  case LLVMConstantPointerNullValueKind:
  case LLVMConstantExprValueKind:
  case LLVMGlobalAliasValueKind:
    return true;
  case LLVMGlobalVariableValueKind:
    return !LLVMIsThreadLocal(value);
  case LLVMFunctionValueKind: /* a merged body only as its members call it */
    return !is_intrinsic(value) && !comparator_is_merged_body(value);
  default:
    return false;
  }
}

bool comparator_operand_may_vary(LLVMValueRef inst, unsigned index) {
  return comparator_position_may_vary(inst, index) &&
         comparator_constant_may_vary(LLVMGetOperand(inst, index));
}

/* ---- Choices (similar.c) ---------------------------------------------------- */

/* Operations that may differ between the members of a group, by class:
 * the merged body computes each member's and selects one by a parameter.
 * Only operations that have no effect and are never undefined behaviour
 * (at worst poison, which a select that does not pick them drops): integer
 * arithmetic but division, FP arithmetic (the default FP environment has no
 * traps), compares with any predicate, extensions and FP/integer
 * conversions of the same types. Flags may differ too. 0: not a choice. */
unsigned comparator_choice_class(LLVMValueRef inst) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr:
  case LLVMXor: case LLVMShl: case LLVMLShr: case LLVMAShr:
    return 1;
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem:
    return 2;
  case LLVMICmp:
    return 3;
  case LLVMFCmp:
    return 4;
  case LLVMZExt: case LLVMSExt:
    return 5;
  case LLVMFPToUI: case LLVMFPToSI:
    return 6;
  case LLVMUIToFP: case LLVMSIToFP:
    return 7;
  default:
    return 0;
  }
}

bool comparator_same_operation(LLVMValueRef left, LLVMValueRef right) {
  LLVMOpcode opcode = LLVMGetInstructionOpcode(left);
  return opcode == LLVMGetInstructionOpcode(right) &&
         (opcode != LLVMICmp ||
          LLVMGetICmpPredicate(left) == LLVMGetICmpPredicate(right)) &&
         (opcode != LLVMFCmp ||
          LLVMGetFCmpPredicate(left) == LLVMGetFCmpPredicate(right));
}

/* The constant a bound i1 argument stands for, or NULL. */
static LLVMValueRef bound_i1(const ltofold_comparator *c, LLVMValueRef condition) {
  uint64_t bound;
  if (!LLVMIsAArgument(condition) ||
      !ptr_map_get(c->bound_arguments, condition, &bound))
    return NULL;
  LLVMValueRef constant = (LLVMValueRef)(uintptr_t)bound;
  if (!LLVMIsAConstantInt(constant) ||
      LLVMGetIntTypeWidth(LLVMTypeOf(constant)) != 1)
    return NULL;
  return constant;
}

/* ---- Regions (blocks that differ, similar.c) ------------------------------
 *
 * Where members of a group differ in what a block does between its phis
 * and its terminator, the merged body has a region in its place: a block D
 * (the phis) that ends in `br i1 %p, label %V1, label %V0`, one block Vi
 * per member (its instructions), each reached from D alone and ending in
 * `br label %J`, and a block J reached from the Vi alone (the terminator),
 * whose phis take each member's values. With %p bound, the region is one
 * straight path D, Vchosen, J, so the specialized walk reads it as one
 * block (region_step), and a phi of J is its value from Vchosen
 * (chosen_operand). Both are decided from the body's own structure. */

/* The successor a conditional branch on a bound i1 argument takes, or NULL. */
static LLVMBasicBlockRef decided_target(const ltofold_comparator *c,
                                        LLVMValueRef term) {
  if (!term || LLVMGetInstructionOpcode(term) != LLVMBr || !LLVMIsConditional(term))
    return NULL;
  LLVMValueRef constant = bound_i1(c, LLVMGetCondition(term));
  if (!constant)
    return NULL;
  return LLVMGetSuccessor(term, LLVMConstIntGetZExtValue(constant) ? 0 : 1);
}

/* The terminator that is the only way into `block`, or NULL. */
static LLVMValueRef only_entry(LLVMBasicBlockRef block) {
  LLVMUseRef use = LLVMGetFirstUse(LLVMBasicBlockAsValue(block));
  if (!use || LLVMGetNextUse(use))
    return NULL;
  LLVMValueRef user = LLVMGetUser(use);
  return LLVMIsAInstruction(user) && LLVMIsATerminatorInst(user) ? user : NULL;
}

/* When `join` is the block J of a region (above), the decided branch that
 * ends its block D; otherwise NULL. */
static LLVMValueRef region_of_join(const ltofold_comparator *c,
                                   LLVMBasicBlockRef join) {
  LLVMValueRef dispatch = NULL;
  for (LLVMUseRef use = LLVMGetFirstUse(LLVMBasicBlockAsValue(join)); use;
       use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (!LLVMIsAInstruction(user) || LLVMGetInstructionOpcode(user) != LLVMBr ||
        LLVMIsConditional(user))
      return NULL;
    LLVMValueRef from = only_entry(LLVMGetInstructionParent(user));
    if (!from || (dispatch && from != dispatch) || !decided_target(c, from))
      return NULL;
    dispatch = from;
  }
  return dispatch;
}

/* Where the specialized walk goes on past the terminator `term` of the
 * left block, inside one block: from D into the member's Vi (which D alone
 * enters), and from there into J; or NULL. *decided is D while in Vi. */
static LLVMBasicBlockRef region_step(ltofold_comparator *c, LLVMValueRef term,
                                     LLVMBasicBlockRef *decided) {
  LLVMBasicBlockRef next = decided_target(c, term);
  if (next) {
    if (only_entry(next) != term)
      return NULL;
    *decided = LLVMGetInstructionParent(term);
  } else {
    if (!*decided || LLVMGetInstructionOpcode(term) != LLVMBr ||
        LLVMIsConditional(term))
      return NULL;
    next = LLVMGetSuccessor(term, 0);
    if (region_of_join(c, next) != LLVMGetBasicBlockTerminator(*decided))
      return NULL;
    *decided = NULL;
  }
  ptr_map_put(&c->visited, next, 1);
  return next;
}

/* What a select whose condition is a bound i1 argument picks, or what a
 * phi of a region's J takes from the member's block, or NULL: in a
 * specialized body that select or phi is that operand. */
static LLVMValueRef chosen_operand(const ltofold_comparator *c,
                                   LLVMValueRef value) {
  if (!LLVMIsAInstruction(value))
    return NULL;
  LLVMOpcode opcode = LLVMGetInstructionOpcode(value);
  if (opcode == LLVMSelect) {
    LLVMValueRef constant = bound_i1(c, LLVMGetOperand(value, 0));
    if (!constant)
      return NULL;
    return LLVMGetOperand(value, LLVMConstIntGetZExtValue(constant) ? 1 : 2);
  }
  if (opcode != LLVMPHI)
    return NULL;
  LLVMValueRef dispatch = region_of_join(c, LLVMGetInstructionParent(value));
  if (!dispatch)
    return NULL;
  LLVMBasicBlockRef taken = decided_target(c, dispatch);
  unsigned count = LLVMCountIncoming(value);
  for (unsigned i = 0; i < count; ++i)
    if (LLVMGetIncomingBlock(value, i) == taken)
      return LLVMGetIncomingValue(value, i);
  return NULL;
}

/* What a value is in the specialized body: past the decided selects and
 * phis; a region's J is its D, since the region stands for one block of
 * the original (a phi after it names J where the original names that
 * block). A select in unreachable code may pick itself; past a few, it
 * stays. */
static LLVMValueRef resolve_choice(const ltofold_comparator *c,
                                   LLVMValueRef value) {
  if (LLVMIsABasicBlock(value)) {
    LLVMValueRef dispatch = region_of_join(c, LLVMValueAsBasicBlock(value));
    return dispatch ? LLVMBasicBlockAsValue(LLVMGetInstructionParent(dispatch)) : value;
  }
  LLVMValueRef chosen;
  for (unsigned steps = 0; steps < 16 && (chosen = chosen_operand(c, value)); ++steps)
    value = chosen;
  return value;
}

/* Whether the specialized body keeps `value`: it has a use by anything but
 * a select the bound arguments decide, or by such a select that picks it
 * and is kept in turn or is the last of its chain (unused: what it picks is
 * what the original computed and did not use). Past a few decided selects
 * in a row, say yes. */
static bool is_needed(const ltofold_comparator *c, LLVMValueRef value,
                      unsigned depth) {
  for (LLVMUseRef use = LLVMGetFirstUse(value); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    LLVMValueRef chosen = chosen_operand(c, user);
    if (!chosen || depth == 16)
      return true;
    if (chosen == value &&
        (!LLVMGetFirstUse(user) || is_needed(c, user, depth + 1)))
      return true;
  }
  return false;
}

/* Whether the bound arguments leave `inst` out of the specialized body: a
 * select they decide (its uses see what it picks, resolve_choice), or an
 * operation without effect (a choice) that is used, but not by anything
 * the specialized body needs. Leaving those out changes nothing: they have
 * no effect, and what they compute is never used. */
static bool is_unchosen(const ltofold_comparator *c, LLVMValueRef inst) {
  if (chosen_operand(c, inst))
    return true;
  return comparator_choice_class(inst) && LLVMGetFirstUse(inst) &&
         !is_needed(c, inst, 0);
}

/* The signature part of the seed's order for a merged body against one of
 * its members: the body takes the member's parameters and then the bound
 * ones; everything else about the two must be the same. */
static int cmp_specialized_signatures(ltofold_comparator *c, LLVMValueRef body,
                                      LLVMValueRef original) {
  unsigned params = LLVMCountParams(original);
  RETURN_IF_DIFFERENT(cmp_numbers(LLVMCountParams(body) -
                                      (unsigned)c->bound_arguments->count,
                                  params));
  LLVMTypeRef type_body = LLVMGlobalGetValueType(body);
  LLVMTypeRef type_original = LLVMGlobalGetValueType(original);
  RETURN_IF_DIFFERENT(cmp_flags(LLVMIsFunctionVarArg(type_body),
                                LLVMIsFunctionVarArg(type_original)));
  RETURN_IF_DIFFERENT(cmp_attribute_lists(c, body, original, false, params));
  RETURN_IF_DIFFERENT(cmp_c_strings(LLVMGetGC(body), LLVMGetGC(original)));
  RETURN_IF_DIFFERENT(cmp_c_strings(LLVMGetSection(body), LLVMGetSection(original)));
  RETURN_IF_DIFFERENT(cmp_numbers(LLVMGetFunctionCallConv(body),
                                  LLVMGetFunctionCallConv(original)));
  RETURN_IF_DIFFERENT(cmp_types(c, LLVMGetReturnType(type_body),
                                LLVMGetReturnType(type_original)));
  bool personality = LLVMHasPersonalityFn(body);
  RETURN_IF_DIFFERENT(cmp_flags(personality, LLVMHasPersonalityFn(original)));
  if (personality)
    RETURN_IF_DIFFERENT(cmp_constants(c, LLVMGetPersonalityFn(body),
                                      LLVMGetPersonalityFn(original)));
  RETURN_IF_DIFFERENT(cmp_flags(LLVMHasPrefixData(body) || LLVMHasPrologueData(body),
                                LLVMHasPrefixData(original) ||
                                    LLVMHasPrologueData(original)));
  LLVMValueRef al = LLVMGetFirstParam(body);
  for (LLVMValueRef ar = LLVMGetFirstParam(original); ar;
       al = LLVMGetNextParam(al), ar = LLVMGetNextParam(ar)) {
    RETURN_IF_DIFFERENT(cmp_types(c, LLVMTypeOf(al), LLVMTypeOf(ar)));
    RETURN_IF_DIFFERENT(cmp_flags(ptr_map_get(c->bound_arguments, al, NULL), false));
    cmp_values(c, al, ar);
  }
  return 0;
}

int comparator_compare_specialized(ltofold_comparator *c, LLVMValueRef body,
                                   LLVMValueRef original) {
  begin_comparison(c, body, original);
  RETURN_IF_DIFFERENT(cmp_specialized_signatures(c, body, original));
  return compare_bodies(c, body, original, NULL);
}

void comparator_walk_pairs(ltofold_comparator *c, LLVMValueRef left,
                           LLVMValueRef right, const ptr_map *differing,
                           void (*visit)(LLVMValueRef, LLVMValueRef, void *),
                           void *data) {
  begin_walk(c, left, right);
  while (c->pending_count) {
    c->pending_count--;
    LLVMBasicBlockRef bl = c->pending_left[c->pending_count];
    LLVMBasicBlockRef br = c->pending_right[c->pending_count];
    LLVMValueRef il = LLVMGetFirstInstruction(bl);
    LLVMValueRef ir = LLVMGetFirstInstruction(br);
    LLVMValueRef tl = LLVMGetBasicBlockTerminator(bl);
    LLVMValueRef tr = LLVMGetBasicBlockTerminator(br);
    bool differs = differing && ptr_map_get(differing, bl, NULL);
    for (; il && ir; il = LLVMGetNextInstruction(il), ir = LLVMGetNextInstruction(ir)) {
      if (differs && !LLVMIsAPHINode(il))
        break;
      visit(il, ir, data);
    }
    if (differs)
      visit(tl, tr, data);
    push_successors(c, tl, tr);
  }
}

/* ---- Structure (similar.c: blocks that differ) ----------------------------- */

int comparator_compare_structure(ltofold_comparator *c, LLVMValueRef left,
                                 LLVMValueRef right, ptr_map *differing,
                                 bool (*block_may_differ)(LLVMBasicBlockRef,
                                                          LLVMBasicBlockRef,
                                                          LLVMValueRef)) {
  begin_comparison(c, left, right);
  c->block_may_differ = block_may_differ;
  c->block_refused = false;
  int order = cmp_signatures(c, left, right);
  if (!order)
    order = compare_bodies(c, left, right, differing);
  c->block_may_differ = NULL;
  return order;
}

void comparator_partners(const ltofold_comparator *c, ptr_map *partners) {
  LLVMValueRef *left_of = calloc(c->next_serial + 1, sizeof *left_of);
  if (!left_of)
    abort();
  size_t cursor = 0;
  const void *value;
  uint64_t serial;
  while (ptr_map_next(&c->left_serials, &cursor, &value, &serial))
    left_of[serial] = (LLVMValueRef)value;
  cursor = 0;
  while (ptr_map_next(&c->right_serials, &cursor, &value, &serial))
    if (left_of[serial])
      ptr_map_put(partners, value, (uint64_t)(uintptr_t)left_of[serial]);
  free(left_of);
}

/* ---- Hash ------------------------------------------------------------------ */

/* FNV-1a over the argument count and the opcode of every instruction (in
 * similar mode, `masked`, the class of a choice instead: as the order), in
 * the comparator's walk order (CFG order from the entry, unreachable blocks
 * left out), so that functions the comparator finds equal hash equal whatever
 * their block layout. Types are not hashed: a pointer and an integer may
 * compare equal. */
uint64_t ltofold_function_hash(LLVMValueRef function) {
  return comparator_function_hash(function, false);
}

LLVMBasicBlockRef *comparator_block_walk(LLVMValueRef function, size_t *count) {
  /* Most functions are one block: their walk needs no count of the blocks
   * (a walk of the list) and no map. */
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(function);
  LLVMValueRef entry_term = LLVMGetBasicBlockTerminator(entry);
  if (!entry_term || !LLVMGetNumSuccessors(entry_term)) {
    LLVMBasicBlockRef *order = malloc(sizeof *order);
    if (!order)
      abort();
    order[0] = entry;
    *count = 1;
    return order;
  }
  size_t blocks = LLVMCountBasicBlocks(function), pending = 0;
  LLVMBasicBlockRef *order = malloc((blocks + 1) * sizeof *order);
  LLVMBasicBlockRef *stack = malloc((blocks + 1) * sizeof *stack);
  if (!order || !stack)
    abort();
  ptr_map visited;
  ptr_map_init(&visited);
  *count = 0;
  stack[pending++] = LLVMGetEntryBasicBlock(function);
  ptr_map_put(&visited, stack[0], 1);
  while (pending) {
    LLVMBasicBlockRef bb = stack[--pending];
    order[(*count)++] = bb;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    unsigned successors = term ? LLVMGetNumSuccessors(term) : 0;
    for (unsigned i = 0; i < successors; ++i) {
      LLVMBasicBlockRef succ = LLVMGetSuccessor(term, i);
      if (ptr_map_get(&visited, succ, NULL))
        continue;
      ptr_map_put(&visited, succ, 1);
      stack[pending++] = succ; /* each block once: the stack holds them all */
    }
  }
  ptr_map_free(&visited);
  free(stack);
  return order;
}

uint64_t comparator_function_hash(LLVMValueRef function, bool masked) {
  uint64_t hash = 0xcbf29ce484222325ULL;
#define MIX(x) (hash = (hash ^ (uint64_t)(x)) * 0x100000001b3ULL)
  MIX(LLVMCountParams(function));
  MIX(LLVMIsFunctionVarArg(LLVMGlobalGetValueType(function)));
  size_t count;
  LLVMBasicBlockRef *order = comparator_block_walk(function, &count);
  for (size_t b = 0; b < count; ++b) {
    MIX(0x5bd1e995); /* block boundary */
    for (LLVMValueRef inst = LLVMGetFirstInstruction(order[b]); inst;
         inst = LLVMGetNextInstruction(inst)) {
      unsigned choice = masked ? comparator_choice_class(inst) : 0;
      MIX(choice ? 0x10000u | choice : (unsigned)LLVMGetInstructionOpcode(inst));
    }
  }
  free(order);
#undef MIX
  return hash;
}

/* ---- Life cycle ------------------------------------------------------------ */

ltofold_comparator *ltofold_comparator_new(LLVMModuleRef module) {
  ltofold_comparator *c = calloc(1, sizeof *c);
  if (!c)
    abort();
  c->module = module;
  c->context = LLVMGetModuleContext(module);
  c->data_layout = LLVMGetModuleDataLayout(module);
  c->intptr_type = LLVMIntPtrTypeForASInContext(c->context, c->data_layout, 0);
  c->index_bits = LLVMPointerSizeForAS(c->data_layout, 0) * 8;
  ptr_map_init(&c->global_numbers);
  ptr_map_init(&c->leaf_numbers);
  ptr_map_init(&c->left_serials);
  ptr_map_init(&c->right_serials);
  ptr_map_init(&c->visited);
  static const char *const semantic[] = {
      "range", "nonnull", "noundef", "align", "dereferenceable",
      "dereferenceable_or_null", "mmra", "noalias.addrspace"};
  for (size_t i = 0; i < sizeof semantic / sizeof *semantic; ++i)
    c->semantic_md_kinds[c->semantic_md_count++] = LLVMGetMDKindIDInContext(
        c->context, semantic[i], (unsigned)strlen(semantic[i]));
  /* Not ABI (zeroext, signext, inreg, byval, sret...), not behaviour
   * (noinline, optnone, target features...): promises and inferences, and
   * hints (IR-level PGO marks hot functions inlinehint: twins one of which
   * a profile found hot fold, and the kept body drops the hint). */
  static const char *const droppable[] = {
      "nonnull",   "noundef",  "dereferenceable", "dereferenceable_or_null",
      "align",     "noalias",  "nocapture",       "captures",
      "readonly",  "readnone", "writeonly",       "nofree",
      "range",     "nofpclass", "returned",       "memory",
      "nounwind",  "willreturn", "norecurse",     "nosync",
      "mustprogress", "nocallback", "dead_on_unwind", "initializes",
      "inlinehint", "cold", "hot"};
  for (size_t i = 0; i < sizeof droppable / sizeof *droppable; ++i) {
    unsigned kind = LLVMGetEnumAttributeKindForName(
        droppable[i], strlen(droppable[i]));
    if (kind && kind < 256)
      c->droppable_kinds[kind / 64] |= (uint64_t)1 << (kind % 64);
  }
  return c;
}

void ltofold_comparator_free(ltofold_comparator *c) {
  if (!c)
    return;
  ptr_map_free(&c->global_numbers);
  ptr_map_free(&c->leaf_numbers);
  ptr_map_free(&c->left_serials);
  ptr_map_free(&c->right_serials);
  ptr_map_free(&c->visited);
  free(c->pending_left);
  free(c->pending_right);
  free(c);
}

void comparator_forget_global(ltofold_comparator *c, LLVMValueRef global) {
  ptr_map_remove(&c->global_numbers, global);
  ptr_map_remove(&c->leaf_numbers, global);
}

void comparator_forget_numbers(ltofold_comparator *c) {
  ptr_map_clear(&c->global_numbers);
  ptr_map_clear(&c->leaf_numbers);
}
