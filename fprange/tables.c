/* Tables of FP values in memory, as the IR shows them: the element type
 * of nested arrays and vectors, the GEPs that keep to whole elements, the
 * calls that are plain memset, memcpy or memmove over whole elements, and
 * the hull of a constant table's initializer. The loads of the analysis
 * (instruction.c) read tables through these, and program.c finds its
 * closed memory classes with them; nothing here knows of an analysis. */
#include "fprange_internal.h"

#include <llvm-c/Core.h>
#include <string.h>

/* ---- loads from constant tables ------------------------------------------
 *
 * A load of an FP value (or a vector of them) whose address is a constant
 * global table of that FP type (the type itself, or arrays and vectors of
 * it, nested), reached only through GEPs that keep to whole elements
 * (fprange_gep_keeps_elements), reads one of the table's elements: every
 * offset those GEPs can form is a whole number of elements from the
 * table's start, and a load outside the table is undefined. So the
 * loaded value lies in the hull of the elements. The table must be
 * `constant` with an initializer every copy of the program agrees on (not
 * interposable, not externally initialized), and its type must hold
 * nothing but that FP type: no other bytes can be read as FP. */

LLVMTypeRef fprange_table_element(LLVMTypeRef type) {
  while (LLVMGetTypeKind(type) == LLVMArrayTypeKind ||
         LLVMGetTypeKind(type) == LLVMVectorTypeKind)
    type = LLVMGetElementType(type);
  return type;
}

bool fprange_is_table_of(LLVMTypeRef type, LLVMTypeRef fp) {
  return fprange_table_element(type) == fp;
}

/* Adds every element of `init` (of a table type of `format`) to `hull`;
 * false when one is not a plain FP constant (undef, poison, expression). */
bool fprange_table_hull(LLVMValueRef init, fp_format_id format,
                        fp_interval *hull) {
  LLVMTypeRef type = LLVMTypeOf(init);
  LLVMTypeKind kind = LLVMGetTypeKind(type);
  if (LLVMIsAConstantAggregateZero(init)) {
    fp_interval_add_point(hull, 0);
    return true;
  }
  if (kind != LLVMArrayTypeKind && kind != LLVMVectorTypeKind) {
    fp_bound value;
    if (!LLVMIsAConstantFP(init) || !read_fp_constant(init, format, &value))
      return false;
    fp_interval_add_point(hull, value);
    return true;
  }
  uint64_t count = kind == LLVMArrayTypeKind ? LLVMGetArrayLength2(type)
                                             : LLVMGetVectorSize(type);
  for (uint64_t i = 0; i < count; ++i) {
    LLVMValueRef element = LLVMGetAggregateElement(init, (unsigned)i);
    if (!element || !fprange_table_hull(element, format, hull))
      return false;
  }
  return true;
}

/* As LLVM's GlobalValue::isInterposable: by its linkage (weak, linkonce,
 * common, extern_weak), or, under the module flag "SemanticInterposition",
 * any external definition. */
bool fprange_is_interposable(LLVMValueRef global) {
  switch (LLVMGetLinkage(global)) {
  case LLVMExternalLinkage:
    return LLVMGetModuleFlag(LLVMGetGlobalParent(global),
                             "SemanticInterposition", 21) != NULL;
  case LLVMLinkOnceODRLinkage:
  case LLVMWeakODRLinkage:
  case LLVMInternalLinkage:
  case LLVMPrivateLinkage:
  case LLVMAvailableExternallyLinkage:
    return false;
  default:
    return true;
  }
}

/* The bytes an element of `fp` takes, where they are the same on every
 * target; 0 for x86_fp80 (10 bytes stored in 12 or 16) and other types. */
static long long element_size(LLVMTypeRef fp) {
  switch (LLVMGetTypeKind(fp)) {
  case LLVMHalfTypeKind:
  case LLVMBFloatTypeKind:
    return 2;
  case LLVMFloatTypeKind:
    return 4;
  case LLVMDoubleTypeKind:
    return 8;
  case LLVMFP128TypeKind:
    return 16;
  default:
    return 0;
  }
}

bool fprange_is_gep(LLVMValueRef v) {
  return LLVMIsAGetElementPtrInst(v) ||
         (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr);
}

static bool multiple_of(LLVMValueRef length, long long size, int depth);

/* A GEP that keeps to whole elements of a table of `fp`: over such a
 * table type, or over bytes by a multiple of the element's size (LLVM
 * writes constant offsets over i8, and loops' strides: a multiple as
 * multiple_of finds them, whose wrapping or sign extension keeps it one).
 * Only the first kind reaches x86_fp80, whose size depends on the
 * target. */
bool fprange_gep_keeps_elements(LLVMValueRef gep, LLVMTypeRef fp) {
  LLVMTypeRef source = LLVMGetGEPSourceElementType(gep);
  if (fprange_is_table_of(source, fp))
    return true;
  LLVMValueRef offset =
      LLVMGetNumOperands(gep) == 2 ? LLVMGetOperand(gep, 1) : NULL;
  long long size = element_size(fp);
  return size && LLVMGetTypeKind(source) == LLVMIntegerTypeKind &&
         LLVMGetIntTypeWidth(source) == 8 && offset &&
         multiple_of(offset, size, 0);
}

/* Is `length` (bytes) a multiple of `size`, a power of two: a constant, or
 * a product or shift by one (which wraps modulo a larger power of two), a
 * sum or difference of two, or a zero or sign extension of one? */
static bool multiple_of(LLVMValueRef length, long long size, int depth) {
  if (LLVMIsAConstantInt(length))
    return LLVMGetIntTypeWidth(LLVMTypeOf(length)) <= 64 &&
           LLVMConstIntGetZExtValue(length) % (unsigned long long)size == 0;
  if (!LLVMIsAInstruction(length) || depth > 4)
    return false;
  LLVMValueRef by =
      LLVMGetNumOperands(length) == 2 ? LLVMGetOperand(length, 1) : NULL;
  bool small =
      by && LLVMIsAConstantInt(by) && LLVMGetIntTypeWidth(LLVMTypeOf(by)) <= 64;
  switch (LLVMGetInstructionOpcode(length)) {
  case LLVMMul:
    return (small &&
            LLVMConstIntGetZExtValue(by) % (unsigned long long)size == 0) ||
           multiple_of(LLVMGetOperand(length, 0), size, depth + 1);
  case LLVMShl:
    return small && LLVMConstIntGetZExtValue(by) < 63 &&
           (1ULL << LLVMConstIntGetZExtValue(by)) % (unsigned long long)size ==
               0;
  case LLVMAdd:
  case LLVMSub:
    return multiple_of(LLVMGetOperand(length, 0), size, depth + 1) &&
           multiple_of(LLVMGetOperand(length, 1), size, depth + 1);
  case LLVMZExt:
  case LLVMSExt:
    return multiple_of(LLVMGetOperand(length, 0), size, depth + 1);
  default:
    return false;
  }
}

bool fprange_calls_intrinsic(LLVMValueRef call, const char *name) {
  LLVMValueRef callee = LLVMIsACallInst(call) ? LLVMGetCalledValue(call) : NULL;
  unsigned id = LLVMIsAFunction(callee) ? LLVMGetIntrinsicID(callee) : 0;
  return id && id == LLVMLookupIntrinsicID(name, strlen(name));
}

/* Is `call`'s last argument (`isvolatile` of memset and memcpy) false? */
static bool not_volatile(LLVMValueRef call) {
  LLVMValueRef is_volatile = LLVMGetOperand(call, 3);
  return LLVMIsAConstantInt(is_volatile) &&
         !LLVMConstIntGetZExtValue(is_volatile);
}

bool fprange_is_builtin_call(LLVMValueRef call, const char *name) {
  LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
  unsigned kind = LLVMGetEnumAttributeKindForName("nobuiltin", 9), length;
  char key[32];
  snprintf(key, sizeof key, "no-builtin-%s", name);
  return !LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex,
                                       kind) &&
         !fprange_function_attribute(caller, "no-builtins", &length) &&
         !fprange_function_attribute(caller, key, &length);
}

/* The C library's own functions, declared (not defined in the program),
 * with their arity: the fortified ones (_FORTIFY_SOURCE) take the
 * destination's size last, and end the program instead of writing past
 * it. Their result (the destination) must go unused, so that no pointer
 * comes out of them. */
static fp_memory_op library_memory_op(LLVMValueRef call, LLVMValueRef callee) {
  static const struct {
    const char *name;
    unsigned args;
    fp_memory_op op;
  } functions[] = {
      {"memset", 3, FP_MEMORY_SET},   {"__memset_chk", 4, FP_MEMORY_SET},
      {"memcpy", 3, FP_MEMORY_COPY},  {"__memcpy_chk", 4, FP_MEMORY_COPY},
      {"memmove", 3, FP_MEMORY_COPY}, {"__memmove_chk", 4, FP_MEMORY_COPY},
  };
  if (!LLVMIsDeclaration(callee) || LLVMGetFirstUse(call))
    return FP_MEMORY_NONE;
  size_t length;
  const char *name = LLVMGetValueName2(callee, &length);
  for (size_t i = 0; i < sizeof functions / sizeof *functions; ++i)
    if (strlen(functions[i].name) == length &&
        memcmp(functions[i].name, name, length) == 0 &&
        LLVMGetNumArgOperands(call) == functions[i].args &&
        fprange_is_builtin_call(call, functions[i].name))
      return functions[i].op;
  return FP_MEMORY_NONE;
}

fp_memory_op fprange_memory_op(LLVMValueRef call) {
  LLVMValueRef callee = LLVMIsACallInst(call) ? LLVMGetCalledValue(call) : NULL;
  if (!LLVMIsAFunction(callee) ||
      LLVMGetCalledFunctionType(call) != LLVMGlobalGetValueType(callee))
    return FP_MEMORY_NONE;
  if (!LLVMGetIntrinsicID(callee))
    return library_memory_op(call, callee);
  if (LLVMGetNumArgOperands(call) != 4 || !not_volatile(call))
    return FP_MEMORY_NONE;
  if (fprange_calls_intrinsic(call, "llvm.memset"))
    return FP_MEMORY_SET;
  if (fprange_calls_intrinsic(call, "llvm.memcpy") ||
      fprange_calls_intrinsic(call, "llvm.memmove"))
    return FP_MEMORY_COPY;
  return FP_MEMORY_NONE;
}

bool fprange_zeroes_elements(LLVMValueRef call, LLVMValueRef pointer,
                             LLVMTypeRef fp) {
  long long size = element_size(fp);
  if (!size || fprange_memory_op(call) != FP_MEMORY_SET ||
      LLVMGetOperand(call, 0) != pointer)
    return false;
  LLVMValueRef byte = LLVMGetOperand(call, 1);
  return LLVMIsAConstantInt(byte) && LLVMConstIntGetZExtValue(byte) == 0 &&
         multiple_of(LLVMGetOperand(call, 2), size, 0);
}

bool fprange_copies_elements(LLVMValueRef call, LLVMTypeRef fp) {
  long long size = element_size(fp);
  return size && fprange_memory_op(call) == FP_MEMORY_COPY &&
         multiple_of(LLVMGetOperand(call, 2), size, 0);
}

/* The table (a global or a stack array) `pointer` points into, for
 * elements of type `fp`: past GEPs that keep to whole elements. */
LLVMValueRef fprange_table_of_pointer(LLVMValueRef pointer, LLVMTypeRef fp) {
  for (int depth = 0; depth < 16; ++depth) {
    if (LLVMIsAGlobalVariable(pointer) || LLVMIsAAllocaInst(pointer))
      return pointer;
    if (!fprange_is_gep(pointer) || !fprange_gep_keeps_elements(pointer, fp))
      return NULL;
    pointer = LLVMGetOperand(pointer, 0);
  }
  return NULL;
}
