/* The analysis of one function: a range for every FP and integer SSA value,
 * by abstract interpretation to a fixed point.
 *
 * Steps, in order:
 *  1. Skip functions whose FP semantics we do not model (strictfp: any
 *     rounding mode, observable exceptions). Read the denormal modes (the
 *     function's and the program's): a subnormal that may be flushed adds
 *     its zeros to every range that holds it, as a result and as an
 *     operand.
 *  2. Blocks in reverse post-order (RPO), their predecessors, immediate
 *     dominators (Cooper, Harvey, Kennedy), and for each block with a single
 *     predecessor ending in a conditional branch, the "edge fact" that holds
 *     on entry (the condition is true, or false).
 *  3. Ascending phase: every value starts empty ("nothing flows here yet")
 *     and is recomputed from its operands and joined into what it had, in
 *     RPO order, sparsely: a worklist of what changed (see "the
 *     worklist"), so a loop settles before the code after it. A phi in a
 *     loop header (a block with a predecessor at or after it in RPO) that
 *     keeps growing is widened (a moving bound jumps to 0, +-1 or the end of
 *     the format), so the phase terminates. Blocks whose incoming edges are
 *     all infeasible (a condition decided the other way) stay unreachable
 *     and their values empty. The phase ends when a pass over everything
 *     changes nothing: a post-fixed point, so every range holds every value
 *     the program can compute.
 *  4. Descending phase (narrowing): every value is recomputed from the
 *     post-fixed point without joining, at most NARROW_SWEEPS times; each
 *     result is again sound, and the exit test of a loop, applied on the
 *     back edge, pulls a widened bound back in.
 * Operands are read "at" the block of their use: the value's range,
 * intersected with what the conditions of the dominating branch edges say
 * about it (walking up at most REFINE_DEPTH dominators, which keeps the
 * cost linear). A phi's incoming value is read at the end of its
 * predecessor, plus the condition of that very edge. A select arm, and
 * the second operand of an i1 and/or, are read under a hypothesis (the
 * condition went the way that makes them matter), recomputing the few
 * instructions above them under it. */
#include "fprange_internal.h"
#include "llvm_arrays.h"

#include <limits.h>
#include <llvm-c/Core.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  REFINE_DEPTH = 32,   /* dominators walked per operand read */
  CONDITION_DEPTH = 3, /* nesting of and/or in a branch condition */
  WIDEN_AFTER = 2,     /* changes of a loop phi before it is widened */
  NARROW_SWEEPS = 2,   /* recomputations of a value while narrowing */
  HYPOTHESIS_DEPTH = 4, /* levels recomputed under an assumed condition */
  LANE_BUDGET = 32      /* values recomputed for one lane of a vector */
};

struct fn_analysis {
  LLVMValueRef function;
  fp_arith *arith;                  /* borrowed while the analysis lives */
  const fprange_program *program;   /* borrowed while the analysis lives */
  bool complete;
  fp_flush flush[FP_FORMAT_COUNT]; /* the function's denormal modes */

  /* Blocks in RPO (only those reachable in the CFG). */
  LLVMBasicBlockRef *blocks;
  size_t block_count;
  fprange_value_map block_index; /* block (as value) -> RPO index */
  uint32_t **preds;              /* per block, its predecessors' indices */
  uint32_t *pred_count;
  int *idom; /* -1 for the entry */
  bool *loop_header;
  LLVMValueRef *fact_condition; /* edge fact on entry, or NULL */
  bool *fact_truth;
  bool *reachable; /* in the analysis' view */

  /* Values: arguments, then instructions in RPO. */
  fprange_value_map slots;
  value_range *ranges;
  int *def_block; /* -1 for arguments */
  unsigned *changes;
  LLVMValueRef *values;
  size_t value_count;
  size_t fp_values;

  unsigned nofpclass_kind;
  unsigned range_md_kind;

  /* Constant tables read by FP loads (table_load_range): global -> index
   * into table_hulls, computed once per analysis. */
  fprange_value_map table_index;
  fp_interval *table_hulls;
  size_t table_count;

  /* A hypothesis: while set, every operand read also assumes
   * `hypothesis == hypothesis_truth`, and values up to hypothesis_depth
   * levels down are recomputed under it. Used for `and`/`or` of compares
   * (the second is only looked at when the first went a given way) and for
   * select arms. */
  LLVMValueRef hypothesis;
  bool hypothesis_truth;
  int hypothesis_depth;
  /* One lane of the vectors: while lane >= 0, a vector operand read gives
   * the range of that lane alone, recomputed from the lanes of the
   * operands above it, for at most lane_budget more values (lane_of). */
  int lane;
  int lane_budget;
  size_t changes_made; /* by the current solve, for the fixed-point check */
};

/* ---- helpers on value ranges --------------------------------------------- */

value_range fprange_range_none(void) {
  value_range r;
  memset(&r, 0, sizeof r);
  r.kind = VALUE_NONE;
  return r;
}

/* The kind and (for FP) format or (for integers) width of a type. */
static value_kind kind_of_type(LLVMTypeRef type, fp_format_id *format,
                               unsigned *width) {
  if (fp_format_of_type(type, format))
    return LLVMGetTypeKind(type) == LLVMScalableVectorTypeKind ? VALUE_NONE
                                                               : VALUE_FP;
  LLVMTypeRef element = type;
  if (LLVMGetTypeKind(type) == LLVMVectorTypeKind)
    element = LLVMGetElementType(type);
  if (LLVMGetTypeKind(element) == LLVMIntegerTypeKind) {
    *width = LLVMGetIntTypeWidth(element);
    if (*width <= 128)
      return VALUE_INT;
  }
  return VALUE_NONE;
}

static value_range top_of_type(LLVMTypeRef type) {
  value_range r = fprange_range_none();
  fp_format_id format = FP_FLOAT;
  unsigned width = 0;
  r.kind = kind_of_type(type, &format, &width);
  if (r.kind == VALUE_FP) {
    r.format = format;
    r.as.fp = fp_interval_top(format);
  } else if (r.kind == VALUE_INT) {
    r.as.integer = int_range_full(width);
  }
  return r;
}

static value_range bottom_of_type(LLVMTypeRef type) {
  value_range r = top_of_type(type);
  if (r.kind == VALUE_FP)
    r.as.fp = fp_interval_bottom();
  else if (r.kind == VALUE_INT)
    r.as.integer.known = false;
  return r;
}

static bool range_is_bottom(const value_range *r) {
  if (r->kind == VALUE_FP)
    return fp_interval_is_bottom(&r->as.fp);
  if (r->kind == VALUE_INT)
    return !r->as.integer.known;
  return false;
}

value_range fprange_range_join(const value_range *a, const value_range *b) {
  if (a->kind != b->kind)
    return a->kind == VALUE_NONE ? *a : *b;
  value_range r = *a;
  if (a->kind == VALUE_FP)
    r.as.fp = fp_interval_join(&a->as.fp, &b->as.fp);
  else if (a->kind == VALUE_INT)
    r.as.integer = int_range_join(&a->as.integer, &b->as.integer);
  return r;
}

value_range fprange_range_meet(const value_range *a, const value_range *b) {
  if (a->kind != b->kind)
    return a->kind == VALUE_NONE ? *b : *a;
  value_range r = *a;
  if (a->kind == VALUE_FP) {
    r.as.fp = fp_interval_meet(a->format, &a->as.fp, &b->as.fp);
  } else if (a->kind == VALUE_INT && a->as.integer.known &&
             b->as.integer.known) {
    /* Integer ranges are hulls: disjoint ones keep the first (both are
     * sound, and an empty meet is not representable as a known range). */
    const int_range *x = &a->as.integer, *y = &b->as.integer;
    if (y->lo <= x->hi && x->lo <= y->hi) {
      r.as.integer.lo = y->lo > x->lo ? y->lo : x->lo;
      r.as.integer.hi = y->hi < x->hi ? y->hi : x->hi;
    }
  } else if (a->kind == VALUE_INT) {
    r = a->as.integer.known ? *b : *a;
  }
  return r;
}

static bool range_equal(const value_range *a, const value_range *b) {
  if (a->kind != b->kind)
    return false;
  if (a->kind == VALUE_FP)
    return fp_interval_equal(&a->as.fp, &b->as.fp);
  if (a->kind == VALUE_INT)
    return int_range_equal(&a->as.integer, &b->as.integer);
  return true;
}

/* ---- constants ------------------------------------------------------------
 */

static uint64_t parse_hex(const char *text, int digits, bool *ok) {
  uint64_t value = 0;
  for (int i = 0; i < digits; ++i) {
    char c = text[i];
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                   : -1;
    if (d < 0) {
      *ok = false;
      return 0;
    }
    value = value << 4 | (uint64_t)d;
  }
  return value;
}

/* The exact value of a scalar ConstantFP. x86_fp80 and fp128 constants that
 * a double cannot hold are read from their hexadecimal IR spelling. */
static bool read_fp_constant(LLVMValueRef constant, fp_format_id format,
                             fp_bound *out) {
  LLVMBool loses_info = 0;
  double value = LLVMConstRealGetDouble(constant, &loses_info);
  if (!loses_info || format <= FP_DOUBLE) {
    *out = value;
    return true;
  }
  char *text = LLVMPrintValueToString(constant);
  const char *hex = strstr(text, " 0x");
  bool ok = hex != NULL;
  if (ok && format == FP_X86_FP80 && hex[3] == 'K' && strlen(hex + 4) >= 20) {
    uint64_t top = parse_hex(hex + 4, 4, &ok);
    uint64_t mantissa = parse_hex(hex + 8, 16, &ok);
    long double x = 0;
    unsigned char bytes[sizeof x];
    memset(bytes, 0, sizeof bytes);
    memcpy(bytes, &mantissa, 8);
    bytes[8] = (unsigned char)top;
    bytes[9] = (unsigned char)(top >> 8);
    memcpy(&x, bytes, sizeof x);
    *out = (fp_bound)x;
  } else if (ok && format == FP_FP128 && hex[3] == 'L' &&
             strlen(hex + 4) >= 32) {
    uint64_t words[2];
    words[0] = parse_hex(hex + 4, 16, &ok);  /* low half first */
    words[1] = parse_hex(hex + 20, 16, &ok); /* then the high half */
    memcpy(out, words, sizeof *out);
  } else {
    ok = false;
  }
  LLVMDisposeMessage(text);
  return ok;
}

/* An FP poison value may be refined to any value, so its range is empty:
 * it adds nothing where it is joined (a phi's incoming value, a vector's
 * lanes), and whatever is computed from it is poison too (only freeze,
 * which the analysis does not follow, makes a value of it). Integer poison
 * stays unbounded, as undef does: an undef may be a different value at
 * each use. */
static value_range constant_range(LLVMValueRef constant) {
  LLVMTypeRef type = LLVMTypeOf(constant);
  value_range r = top_of_type(type);
  if (r.kind == VALUE_FP && LLVMIsPoison(constant))
    return bottom_of_type(type);
  if (r.kind == VALUE_NONE || LLVMIsUndef(constant))
    return r;
  unsigned count = 1;
  bool vector = LLVMGetTypeKind(type) == LLVMVectorTypeKind;
  if (vector)
    count = LLVMGetVectorSize(type);
  value_range hull = bottom_of_type(type);
  for (unsigned i = 0; i < count; ++i) {
    LLVMValueRef element =
        vector ? LLVMGetAggregateElement(constant, i) : constant;
    if (element && LLVMIsPoison(element) && r.kind == VALUE_FP)
      continue; /* adds nothing (above) */
    if (!element || LLVMIsUndef(element))
      return r;
    if (r.kind == VALUE_FP) {
      fp_bound value;
      if (!LLVMIsAConstantFP(element) ||
          !read_fp_constant(element, r.format, &value))
        return r;
      fp_interval_add_point(&hull.as.fp, value);
    } else {
      if (!LLVMIsAConstantInt(element) || r.as.integer.width > 64)
        return r;
      int_range point = int_range_point(
          r.as.integer.width, (__int128)LLVMConstIntGetSExtValue(element));
      hull.as.integer = int_range_join(&hull.as.integer, &point);
    }
  }
  return hull;
}

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
  LLVMValueRef by = LLVMGetNumOperands(length) == 2 ? LLVMGetOperand(length, 1) : NULL;
  bool small = by && LLVMIsAConstantInt(by) &&
               LLVMGetIntTypeWidth(LLVMTypeOf(by)) <= 64;
  switch (LLVMGetInstructionOpcode(length)) {
  case LLVMMul:
    return (small && LLVMConstIntGetZExtValue(by) % (unsigned long long)size == 0) ||
           multiple_of(LLVMGetOperand(length, 0), size, depth + 1);
  case LLVMShl:
    return small && LLVMConstIntGetZExtValue(by) < 63 &&
           (1ULL << LLVMConstIntGetZExtValue(by)) % (unsigned long long)size == 0;
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

/* Is `name` a builtin for the function that makes `call`, as LLVM's
 * TargetLibraryInfo decides: not with -fno-builtin (the caller's
 * "no-builtins", or "no-builtin-NAME"), nor on a `nobuiltin` call? */
static bool is_builtin_call(LLVMValueRef call, const char *name) {
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
      {"memset", 3, FP_MEMORY_SET},       {"__memset_chk", 4, FP_MEMORY_SET},
      {"memcpy", 3, FP_MEMORY_COPY},      {"__memcpy_chk", 4, FP_MEMORY_COPY},
      {"memmove", 3, FP_MEMORY_COPY},     {"__memmove_chk", 4, FP_MEMORY_COPY},
  };
  if (!LLVMIsDeclaration(callee) || LLVMGetFirstUse(call))
    return FP_MEMORY_NONE;
  size_t length;
  const char *name = LLVMGetValueName2(callee, &length);
  for (size_t i = 0; i < sizeof functions / sizeof *functions; ++i)
    if (strlen(functions[i].name) == length &&
        memcmp(functions[i].name, name, length) == 0 &&
        LLVMGetNumArgOperands(call) == functions[i].args &&
        is_builtin_call(call, functions[i].name))
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

/* The range a load reads from a constant table, or false. */
static bool table_load_range(fn_analysis *a, LLVMValueRef load,
                             fp_format_id format, fp_interval *out) {
  if (LLVMGetVolatile(load) || LLVMGetOrdering(load) != LLVMAtomicOrderingNotAtomic)
    return false;
  LLVMTypeRef loaded = LLVMTypeOf(load);
  LLVMTypeRef fp = LLVMGetTypeKind(loaded) == LLVMVectorTypeKind
                       ? LLVMGetElementType(loaded)
                       : loaded;
  LLVMValueRef table = fprange_table_of_pointer(LLVMGetOperand(load, 0), fp);
  if (!table || !LLVMIsAGlobalVariable(table) || !LLVMIsGlobalConstant(table) ||
      LLVMIsDeclaration(table) ||
      LLVMIsExternallyInitialized(table) ||
      fprange_is_interposable(table) ||
      !fprange_is_table_of(LLVMGlobalGetValueType(table), fp))
    return false;
  uint32_t index = fprange_value_map_get(&a->table_index, table);
  if (index == UINT32_MAX) {
    fp_interval hull = fp_interval_bottom();
    if (!fprange_table_hull(LLVMGetInitializer(table), format, &hull))
      hull = fp_interval_top(format);
    a->table_hulls = realloc(a->table_hulls,
                             (a->table_count + 1) * sizeof *a->table_hulls);
    if (!a->table_hulls)
      abort();
    a->table_hulls[a->table_count] = hull;
    index = (uint32_t)a->table_count++;
    fprange_value_map_put(&a->table_index, table, index);
  }
  *out = a->table_hulls[index];
  return !fp_interval_is_bottom(out);
}

/* Joins into `out` the ranges of what the stores through `pointer` (a
 * stack array, or a GEP into it) store, each read at its store, and +0.0
 * for a memset of zeros; those in blocks not reachable (yet) add
 * nothing. */
static value_range range_in_block(fn_analysis *a, LLVMValueRef v,
                                  uint32_t block);
static uint32_t block_index_of(const fn_analysis *a, LLVMBasicBlockRef block);
static void join_stored(fn_analysis *a, LLVMValueRef pointer, LLVMTypeRef fp,
                        fp_format_id format, fp_interval *out, int depth) {
  for (LLVMUseRef use = LLVMGetFirstUse(pointer); use && depth <= 16;
       use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsAGetElementPtrInst(user)) {
      join_stored(a, user, fp, format, out, depth + 1);
    } else if (fprange_zeroes_elements(user, pointer, fp)) {
      uint32_t block = block_index_of(a, LLVMGetInstructionParent(user));
      if (block == UINT32_MAX || !a->reachable[block])
        continue;
      fp_interval zero = fp_interval_point(0.0);
      *out = fp_interval_join(out, &zero);
    } else if (LLVMIsAStoreInst(user)) {
      uint32_t block = block_index_of(a, LLVMGetInstructionParent(user));
      if (block == UINT32_MAX || !a->reachable[block])
        continue;
      value_range stored = range_in_block(a, LLVMGetOperand(user, 0), block);
      fp_interval value =
          stored.kind == VALUE_FP ? stored.as.fp : fp_interval_top(format);
      *out = fp_interval_join(out, &value);
    }
  }
}

/* The range a load reads from a stack array of FP values (an alloca of an
 * FP type, or of arrays and vectors of it) every access of which is in
 * view, as for closed globals (program.c: loads, plain stores of such
 * values, memsets of zeros over whole elements, GEPs over such tables, and
 * here lifetime markers): the join of what its stores store. Memory not
 * yet stored is undefined (undef, or poison past a lifetime's end): it may
 * be read as any value, so adds nothing. An array with more than 64
 * stores or 256 uses is left alone (each read walks them). */
static bool stack_load_range(fn_analysis *a, LLVMValueRef load,
                             fp_format_id format, fp_interval *out) {
  if (LLVMGetVolatile(load) || LLVMGetOrdering(load) != LLVMAtomicOrderingNotAtomic)
    return false;
  LLVMTypeRef fp = fprange_table_element(LLVMTypeOf(load));
  LLVMValueRef array = fprange_table_of_pointer(LLVMGetOperand(load, 0), fp);
  size_t stores = 0, uses = 0;
  if (!array || !LLVMIsAAllocaInst(array) ||
      LLVMGetTypeKind(LLVMTypeOf(load)) == LLVMArrayTypeKind ||
      !fprange_is_table_of(LLVMGetAllocatedType(array), fp))
    return false;
  for (LLVMUseRef use = LLVMGetFirstUse(array); use && uses <= 256;
       use = LLVMGetNextUse(use))
    ++uses;
  if (uses > 256 || !fprange_only_fp_accesses(array, fp, &stores) || stores > 64)
    return false;
  *out = fp_interval_bottom();
  join_stored(a, array, fp, format, out, 0);
  return true;
}

/* ---- reading operands -----------------------------------------------------
 */

static uint32_t block_index_of(const fn_analysis *a, LLVMBasicBlockRef block) {
  return fprange_value_map_get(&a->block_index, LLVMBasicBlockAsValue(block));
}

/* The range of v where it is defined. */
static value_range base_range(fn_analysis *a, LLVMValueRef v) {
  uint32_t slot = fprange_value_map_get(&a->slots, v);
  if (slot != UINT32_MAX)
    return a->ranges[slot];
  if (LLVMIsAConstant(v) && !LLVMIsAGlobalValue(v))
    return constant_range(v);
  return top_of_type(LLVMTypeOf(v));
}

static void apply_fact(fn_analysis *a, value_range *r, LLVMValueRef v,
                       LLVMValueRef condition, bool truth, int depth);

/* Keeps in r (the range of the left operand of `left P right`) what can
 * make the compare hold. P is an LLVM FCmp predicate: bits E=1, G=2, L=4,
 * U=8. */
static void refine_fp(value_range *r, unsigned predicate,
                      const value_range *right) {
  if (right->kind != VALUE_FP || fp_interval_is_bottom(&right->as.fp))
    return;
  fp_interval *x = &r->as.fp;
  const fp_interval *y = &right->as.fp;
  bool unordered = predicate & 8;
  unsigned relation = predicate & 7;
  fp_bound y_low, y_high, infinity = (fp_bound)INFINITY;
  if (unordered && y->nan)
    return; /* holds whenever y is NaN */
  if (!fp_interval_extent(y, &y_low, &y_high))
    return; /* y is only NaN: only unordered can hold, and then always */
  switch (relation) {
  case 0: /* uno (false never holds: unreachable, keep r) */
    if (unordered) {
      bool had_nan = x->nan;
      *x = fp_interval_bottom();
      x->nan = had_nan;
    }
    break;
  case 1:
    fp_interval_clip(r->format, x, y_low, false, y_high, false, unordered);
    break;
  case 2:
    fp_interval_clip(r->format, x, y_low, true, infinity, false, unordered);
    break;
  case 3:
    fp_interval_clip(r->format, x, y_low, false, infinity, false, unordered);
    break;
  case 4:
    fp_interval_clip(r->format, x, -infinity, false, y_high, true, unordered);
    break;
  case 5:
    fp_interval_clip(r->format, x, -infinity, false, y_high, false, unordered);
    break;
  case 6: /* one / une: x != y */
    if (!unordered)
      x->nan = false;
    if (y_low == y_high) {
      if (y_low == 0) {
        x->pos_zero = x->neg_zero = false;
      } else if (y_low == infinity) {
        x->pos_inf = false;
      } else if (y_low == -infinity) {
        x->neg_inf = false;
      } else if (x->has_finite) {
        if (x->lo == y_low)
          x->lo = fp_next_up(r->format, y_low);
        if (x->hi == y_low)
          x->hi = fp_next_down(r->format, y_low);
      }
      fp_interval_normalize(r->format, x);
    }
    break;
  case 7: /* ord / true */
    if (!unordered)
      x->nan = false;
    break;
  }
}

static unsigned swap_fp_predicate(unsigned p) {
  return (p & ~6u) | ((p & 2) << 1) | ((p & 4) >> 1);
}

/* Integer compare facts, in the signed view. */
static void refine_int(value_range *r, LLVMIntPredicate predicate,
                       const value_range *right) {
  if (right->kind != VALUE_INT || !right->as.integer.known ||
      !r->as.integer.known)
    return;
  int_range *x = &r->as.integer;
  const int_range *y = &right->as.integer;
  __int128 low = x->lo, high = x->hi;
  switch (predicate) {
  case LLVMIntEQ:
    low = y->lo > low ? y->lo : low;
    high = y->hi < high ? y->hi : high;
    break;
  case LLVMIntNE:
    if (y->lo == y->hi) {
      if (low == y->lo)
        ++low;
      if (high == y->lo)
        --high;
    }
    break;
  case LLVMIntULT:
  case LLVMIntULE:
    if (y->lo < 0)
      return;
    /* x <u y <= max: x is non-negative */
    if (low < 0)
      low = 0;
    /* fall through */
  case LLVMIntSLT:
  case LLVMIntSLE: {
    bool strict = predicate == LLVMIntULT || predicate == LLVMIntSLT;
    __int128 bound = strict ? y->hi - 1 : y->hi;
    if (bound < high)
      high = bound;
    if (low < 0 && (predicate == LLVMIntULT || predicate == LLVMIntULE))
      low = 0;
    break;
  }
  case LLVMIntUGT:
  case LLVMIntUGE:
    if (y->lo < 0 || x->lo < 0)
      return;
    /* fall through */
  case LLVMIntSGT:
  case LLVMIntSGE: {
    bool strict = predicate == LLVMIntUGT || predicate == LLVMIntSGT;
    __int128 bound = strict ? y->lo + 1 : y->lo;
    if (bound > low)
      low = bound;
    break;
  }
  }
  if (low <= high) {
    x->lo = low;
    x->hi = high;
  }
}

static LLVMIntPredicate invert_int_predicate(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntEQ:
    return LLVMIntNE;
  case LLVMIntNE:
    return LLVMIntEQ;
  case LLVMIntUGT:
    return LLVMIntULE;
  case LLVMIntUGE:
    return LLVMIntULT;
  case LLVMIntULT:
    return LLVMIntUGE;
  case LLVMIntULE:
    return LLVMIntUGT;
  case LLVMIntSGT:
    return LLVMIntSLE;
  case LLVMIntSGE:
    return LLVMIntSLT;
  case LLVMIntSLT:
    return LLVMIntSGE;
  case LLVMIntSLE:
    return LLVMIntSGT;
  }
  return p;
}

static LLVMIntPredicate swap_int_predicate(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntUGT:
    return LLVMIntULT;
  case LLVMIntUGE:
    return LLVMIntULE;
  case LLVMIntULT:
    return LLVMIntUGT;
  case LLVMIntULE:
    return LLVMIntUGE;
  case LLVMIntSGT:
    return LLVMIntSLT;
  case LLVMIntSGE:
    return LLVMIntSLE;
  case LLVMIntSLT:
    return LLVMIntSGT;
  case LLVMIntSLE:
    return LLVMIntSGE;
  default:
    return p;
  }
}

static bool is_fabs_of(LLVMValueRef candidate, LLVMValueRef v) {
  if (!LLVMIsACallInst(candidate))
    return false;
  fp_unary_fn unary;
  fp_minmax_kind minmax;
  return fp_classify_call(candidate, &unary, &minmax) == CALL_FABS &&
         LLVMGetOperand(candidate, 0) == v;
}

static bool is_constant_true(LLVMValueRef v) {
  return LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == 1;
}
static bool is_constant_false(LLVMValueRef v) {
  return LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == 0;
}

/* Narrows r, the range of v, by "condition == truth". */
static void apply_fact(fn_analysis *a, value_range *r, LLVMValueRef v,
                       LLVMValueRef condition, bool truth, int depth) {
  if (depth > CONDITION_DEPTH || !LLVMIsAInstruction(condition) ||
      r->kind == VALUE_NONE)
    return;
  if (LLVMIsAFCmpInst(condition) && r->kind == VALUE_FP) {
    unsigned predicate = LLVMGetFCmpPredicate(condition);
    if (!truth)
      predicate = 15 - predicate;
    LLVMValueRef left = LLVMGetOperand(condition, 0);
    LLVMValueRef right = LLVMGetOperand(condition, 1);
    if (left == v) {
      value_range other = base_range(a, right);
      refine_fp(r, predicate, &other);
    } else if (right == v) {
      value_range other = base_range(a, left);
      refine_fp(r, swap_fp_predicate(predicate), &other);
    } else if (is_fabs_of(left, v) || is_fabs_of(right, v)) {
      /* |v| P y: refine |v|, then v lies within +-(its upper end). */
      bool swapped = !is_fabs_of(left, v);
      value_range other = base_range(a, swapped ? left : right);
      value_range magnitude = *r;
      magnitude.as.fp = fp_transfer_fabs(r->format, &r->as.fp);
      refine_fp(&magnitude, swapped ? swap_fp_predicate(predicate) : predicate,
                &other);
      fp_bound low, high;
      if (!fp_interval_extent(&magnitude.as.fp, &low, &high)) {
        if (!magnitude.as.fp.nan)
          return;
        bool had_nan = r->as.fp.nan;
        r->as.fp = fp_interval_bottom();
        r->as.fp.nan = had_nan;
        return;
      }
      fp_interval_clip(r->format, &r->as.fp, -high, false, high, false,
                       magnitude.as.fp.nan);
    }
    return;
  }
  if (LLVMIsAICmpInst(condition) && r->kind == VALUE_INT) {
    LLVMIntPredicate predicate = LLVMGetICmpPredicate(condition);
    if (!truth)
      predicate = invert_int_predicate(predicate);
    LLVMValueRef left = LLVMGetOperand(condition, 0);
    LLVMValueRef right = LLVMGetOperand(condition, 1);
    if (left == v) {
      value_range other = base_range(a, right);
      refine_int(r, predicate, &other);
    } else if (right == v) {
      value_range other = base_range(a, left);
      refine_int(r, swap_int_predicate(predicate), &other);
    }
    return;
  }
  LLVMOpcode opcode = LLVMGetInstructionOpcode(condition);
  if (LLVMGetTypeKind(LLVMTypeOf(condition)) != LLVMIntegerTypeKind)
    return;
  if ((opcode == LLVMAnd && truth) || (opcode == LLVMOr && !truth)) {
    apply_fact(a, r, v, LLVMGetOperand(condition, 0), truth, depth + 1);
    apply_fact(a, r, v, LLVMGetOperand(condition, 1), truth, depth + 1);
  } else if (opcode == LLVMXor &&
             is_constant_true(LLVMGetOperand(condition, 1))) {
    apply_fact(a, r, v, LLVMGetOperand(condition, 0), !truth, depth + 1);
  } else if (opcode == LLVMSelect) {
    LLVMValueRef c = LLVMGetOperand(condition, 0);
    LLVMValueRef t = LLVMGetOperand(condition, 1);
    LLVMValueRef f = LLVMGetOperand(condition, 2);
    if (truth && is_constant_false(f)) { /* c && t */
      apply_fact(a, r, v, c, true, depth + 1);
      apply_fact(a, r, v, t, true, depth + 1);
    } else if (!truth && is_constant_true(t)) { /* c || f */
      apply_fact(a, r, v, c, false, depth + 1);
      apply_fact(a, r, v, f, false, depth + 1);
    }
  }
}

/* The edge fact of pred -> succ: the condition of pred's conditional
 * branch, and which way it went. */
static bool edge_fact(LLVMBasicBlockRef pred, LLVMBasicBlockRef succ,
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

static value_range compute_value(fn_analysis *a, LLVMValueRef inst,
                                 uint32_t block, const value_range *old);

/* Opcodes worth recomputing under a hypothesis: their result follows from
 * their operands alone. */
static bool recomputable(LLVMValueRef v) {
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
  case LLVMFNeg:
  case LLVMFPTrunc:
  case LLVMFPExt:
  case LLVMSIToFP:
  case LLVMUIToFP:
  case LLVMFCmp:
  case LLVMICmp:
  case LLVMSelect:
  case LLVMAdd:
  case LLVMSub:
  case LLVMZExt:
  case LLVMSExt:
  case LLVMTrunc:
  case LLVMAnd:
  case LLVMOr:
  case LLVMFPToSI:
  case LLVMFPToUI:
    return true;
  case LLVMCall: {
    fp_unary_fn unary;
    fp_minmax_kind minmax;
    return fp_classify_call(v, &unary, &minmax) != CALL_OTHER;
  }
  default:
    return false;
  }
}

/* r is the range of v (slot `slot`): narrow it by the active hypothesis,
 * recomputing v from its operands under it while depth remains. */
static void apply_hypothesis(fn_analysis *a, value_range *r, LLVMValueRef v,
                             uint32_t slot) {
  if (a->hypothesis_depth > 0 && slot != UINT32_MAX &&
      a->def_block[slot] >= 0 && recomputable(v)) {
    a->hypothesis_depth--;
    value_range again = compute_value(a, v, (uint32_t)a->def_block[slot], r);
    a->hypothesis_depth++;
    if (again.kind == r->kind &&
        (again.kind != VALUE_INT ||
         (again.as.integer.known && r->as.integer.known)))
      *r = fprange_range_meet(r, &again);
  }
  apply_fact(a, r, v, a->hypothesis, a->hypothesis_truth, 0);
}

/* The range of v read in `block` if `condition == truth` held there. */
static value_range range_in_block(fn_analysis *a, LLVMValueRef v,
                                  uint32_t block);
static value_range range_assuming(fn_analysis *a, LLVMValueRef v,
                                  uint32_t block, LLVMValueRef condition,
                                  bool truth) {
  if (a->hypothesis || !LLVMIsAInstruction(condition))
    return range_in_block(a, v, block); /* one hypothesis at a time */
  a->hypothesis = condition;
  a->hypothesis_truth = truth;
  a->hypothesis_depth = HYPOTHESIS_DEPTH;
  value_range r = range_in_block(a, v, block);
  a->hypothesis = NULL;
  return r;
}

static value_range lane_of(fn_analysis *a, LLVMValueRef v, uint32_t block,
                           const value_range *hull);

/* The range of v read in block `block`, narrowed by dominating edge facts. */
static value_range range_in_block(fn_analysis *a, LLVMValueRef v,
                                  uint32_t block) {
  value_range r = base_range(a, v);
  if (a->lane >= 0) {
    if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind) {
      r = lane_of(a, v, block, &r);
    } else { /* a scalar's own operands are whole vectors */
      int lane = a->lane;
      a->lane = -1;
      r = range_in_block(a, v, block);
      a->lane = lane;
      return r;
    }
  }
  if (r.kind == VALUE_NONE || range_is_bottom(&r))
    return r;
  if (LLVMIsAConstant(v)) {
    /* A subnormal constant is an operand like any other: read as a zero
     * where inputs may be (DAZ). */
    if (r.kind == VALUE_FP)
      fp_interval_flush(r.format, &r.as.fp, a->flush[r.format]);
    return r;
  }
  uint32_t slot = fprange_value_map_get(&a->slots, v);
  int def = slot == UINT32_MAX ? -1 : a->def_block[slot];
  int d = (int)block;
  for (int depth = 0; depth < REFINE_DEPTH && d >= 0; ++depth) {
    if (d == def)
      break;
    if (a->fact_condition[d])
      apply_fact(a, &r, v, a->fact_condition[d], a->fact_truth[d], 0);
    d = a->idom[d];
  }
  if (a->hypothesis)
    apply_hypothesis(a, &r, v, slot);
  if (r.kind == VALUE_FP)
    fp_interval_flush(r.format, &r.as.fp, a->flush[r.format]);
  return r;
}

static value_range range_on_edge(fn_analysis *a, LLVMValueRef v, uint32_t pred,
                                 uint32_t succ) {
  value_range r = range_in_block(a, v, pred);
  LLVMValueRef condition;
  bool truth;
  if (!LLVMIsAConstant(v) &&
      edge_fact(a->blocks[pred], a->blocks[succ], &condition, &truth))
    apply_fact(a, &r, v, condition, truth, 0);
  return r;
}

/* The range of lane `lane` of vector v read in `block`. */
static value_range range_of_lane(fn_analysis *a, LLVMValueRef v,
                                 uint32_t block, unsigned lane) {
  int outer_lane = a->lane, outer_budget = a->lane_budget;
  a->lane = (int)lane;
  if (outer_lane < 0)
    a->lane_budget = LANE_BUDGET;
  value_range r = range_in_block(a, v, block);
  a->lane = outer_lane;
  if (outer_lane < 0)
    a->lane_budget = outer_budget;
  return r;
}

/* Lane a->lane of vector v, whose range over all lanes is `hull`: the
 * constant's element; the scalar an insertelement put there or the lane
 * it kept; the lane of the operand a shufflevector took (nothing for a
 * poison mask element); an element-wise operation recomputed from its
 * operands' lanes. Anything else (a phi, a load, a call) gives the hull. */
static value_range lane_of(fn_analysis *a, LLVMValueRef v, uint32_t block,
                           const value_range *hull) {
  unsigned lane = (unsigned)a->lane;
  value_range r = *hull;
  if (lane >= LLVMGetVectorSize(LLVMTypeOf(v)))
    return r;
  if (LLVMIsAConstant(v)) {
    LLVMValueRef element = LLVMIsUndef(v) ? NULL : LLVMGetAggregateElement(v, lane);
    if (element) {
      value_range e = constant_range(element);
      if (e.kind == r.kind)
        r = fprange_range_meet(&r, &e);
    }
    return r;
  }
  uint32_t slot = fprange_value_map_get(&a->slots, v);
  if (!LLVMIsAInstruction(v) || slot == UINT32_MAX || a->def_block[slot] < 0 ||
      a->lane_budget <= 0)
    return r;
  a->lane_budget--;
  value_range computed = r;
  LLVMOpcode opcode = LLVMGetInstructionOpcode(v);
  if (opcode == LLVMInsertElement) {
    LLVMValueRef index = LLVMGetOperand(v, 2);
    if (LLVMIsAConstantInt(index))
      computed = LLVMConstIntGetZExtValue(index) == lane
                     ? range_in_block(a, LLVMGetOperand(v, 1), block)
                     : range_in_block(a, LLVMGetOperand(v, 0), block);
  } else if (opcode == LLVMShuffleVector) {
    int taken = LLVMGetMaskValue(v, lane);
    unsigned width = LLVMGetVectorSize(LLVMTypeOf(LLVMGetOperand(v, 0)));
    if (taken == LLVMGetUndefMaskElem()) {
      computed = bottom_of_type(LLVMTypeOf(v));
    } else if (taken >= 0) {
      bool first = (unsigned)taken < width;
      a->lane = first ? taken : taken - (int)width;
      computed = range_in_block(a, LLVMGetOperand(v, first ? 0 : 1), block);
      a->lane = (int)lane;
    }
  } else if (recomputable(v)) {
    computed = compute_value(a, v, (uint32_t)a->def_block[slot], hull);
  }
  if (computed.kind == r.kind &&
      (r.kind != VALUE_INT || (computed.as.integer.known && r.as.integer.known)))
    r = fprange_range_meet(&r, &computed);
  return r;
}

/* Can control flow from pred to succ, given the ranges so far? */
static bool edge_feasible(fn_analysis *a, uint32_t pred, uint32_t succ) {
  LLVMValueRef condition;
  bool truth;
  if (!edge_fact(a->blocks[pred], a->blocks[succ], &condition, &truth))
    return true;
  value_range c = base_range(a, condition);
  if (c.kind != VALUE_INT || c.as.integer.width != 1)
    return true;
  if (!c.as.integer.known)
    return false; /* the condition is not computed yet (or unreachable) */
  return truth ? !int_range_is_false(&c.as.integer)
               : !int_range_is_true(&c.as.integer);
}

/* ---- transfer of one instruction ------------------------------------------
 */

static LLVMFastMathFlags fast_math_of(LLVMValueRef inst) {
  return LLVMCanValueUseFastMathFlags(inst) ? LLVMGetFastMathFlags(inst) : 0;
}

static fp_interval fp_operand(fn_analysis *a, LLVMValueRef inst, unsigned i,
                              uint32_t block, fp_format_id format,
                              LLVMFastMathFlags flags) {
  value_range r = range_in_block(a, LLVMGetOperand(inst, i), block);
  if (r.kind != VALUE_FP)
    return fp_interval_top(format);
  fp_apply_fast_math(format, &r.as.fp, flags);
  return r.as.fp;
}

static int_range int_operand(fn_analysis *a, LLVMValueRef inst, unsigned i,
                             uint32_t block) {
  LLVMValueRef v = LLVMGetOperand(inst, i);
  value_range r = range_in_block(a, v, block);
  if (r.kind != VALUE_INT) {
    int_range full = int_range_full(64);
    return full;
  }
  return r.as.integer;
}

/* Clears what a nofpclass mask (LLVM FPClassTest bits) excludes. */
static void apply_nofpclass(fp_format_id format, fp_interval *r,
                            uint64_t mask) {
  if ((mask & 3) == 3)
    r->nan = false;
  if (mask & (1 << 2))
    r->neg_inf = false;
  if (mask & (1 << 9))
    r->pos_inf = false;
  if (mask & (1 << 5))
    r->neg_zero = false;
  if (mask & (1 << 6))
    r->pos_zero = false;
  if (r->has_finite && (mask & (3 << 3)) == (3 << 3) && r->lo < 0)
    r->lo = 0; /* no negative normal or subnormal */
  if (r->has_finite && (mask & (3 << 7)) == (3 << 7) && r->hi > 0)
    r->hi = 0;
  if (r->has_finite && r->lo > r->hi)
    r->has_finite = false;
  fp_interval_normalize(format, r);
}

static uint64_t nofpclass_at(fn_analysis *a, LLVMValueRef owner, unsigned index,
                             bool call_site) {
  LLVMAttributeRef attribute =
      call_site ? LLVMGetCallSiteEnumAttribute(owner, index, a->nofpclass_kind)
                : LLVMGetEnumAttributeAtIndex(owner, index, a->nofpclass_kind);
  return attribute ? LLVMGetEnumAttributeValue(attribute) : 0;
}

static fp_interval compute_fp_call(fn_analysis *a, LLVMValueRef inst,
                                   uint32_t block, fp_format_id format,
                                   LLVMFastMathFlags flags) {
  fp_unary_fn unary = FP_FN_SQRT;
  fp_minmax_kind minmax = FP_MINNUM;
  fp_call_kind kind = fp_classify_call(inst, &unary, &minmax);
  fp_arith *arith = a->arith;
  bool approximate = flags & LLVMFastMathApproxFunc;
  switch (kind) {
  case CALL_UNARY: {
    if (approximate && unary < FP_FN_FLOOR)
      break; /* afn: any approximation, no bound (rounding stays exact) */
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    return fp_transfer_unary(arith, format, unary, &x);
  }
  case CALL_FABS: {
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    return fp_transfer_fabs(format, &x);
  }
  case CALL_COPYSIGN: {
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    fp_interval s = fp_operand(a, inst, 1, block, format, flags);
    return fp_transfer_copysign(format, &x, &s);
  }
  case CALL_MINMAX: {
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    fp_interval y = fp_operand(a, inst, 1, block, format, flags);
    return fp_transfer_minmax(format, minmax, &x, &y);
  }
  case CALL_FMA:
  case CALL_FMULADD: {
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    fp_interval y = fp_operand(a, inst, 1, block, format, flags);
    fp_interval z = fp_operand(a, inst, 2, block, format, flags);
    fp_interval r = fp_transfer_fma(arith, format, &x, &y, &z);
    if (kind == CALL_FMULADD) {
      /* Fused or not, at the backend's choice. */
      fp_interval product =
          fp_transfer_binary(arith, format, FP_OP_MUL, &x, &y);
      fp_interval unfused =
          fp_transfer_binary(arith, format, FP_OP_ADD, &product, &z);
      r = fp_interval_join(&r, &unfused);
    }
    return r;
  }
  case CALL_POW: {
    if (approximate)
      break;
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    fp_interval y = fp_operand(a, inst, 1, block, format, flags);
    return fp_transfer_pow(arith, format, &x, &y);
  }
  case CALL_POWI: {
    if (approximate)
      break;
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    int_range n = int_operand(a, inst, 1, block);
    return fp_transfer_powi(arith, format, &x, &n);
  }
  case CALL_IS_FPCLASS:
  case CALL_OTHER:
    break;
  }
  fp_interval r = fp_interval_top(format);
  apply_nofpclass(format, &r, nofpclass_at(a, inst, 0, true));
  return r;
}

/* Flags that leave an fadd/fsub a correctly rounded operation (nnan, ninf
 * and nsz only say what its values are; reassoc and contract may rewrite
 * it, arcp and afn do not apply). */
static bool is_plain_rounding(LLVMValueRef inst) {
  LLVMFastMathFlags rewriting = LLVMFastMathAllowReassoc |
                                LLVMFastMathAllowContract;
  return !(fast_math_of(inst) & rewriting);
}

/* Relations between operands that intervals alone cannot see (the
 * cheapest relational reasoning: each rule is about one instruction and
 * the instruction that defines its operand):
 *  - x - x is a zero (+0 in round-to-nearest), x / x is 1, unless x may be
 *    NaN or infinite (or zero, for x / x): then NaN too;
 *  - (x + y) - x and (x + y) - y, (x - y) + y and y + (x - y): the rounded
 *    sum s = x + y differs from the exact one by at most e (half an ulp
 *    of the largest |s| in round-to-nearest, an ulp in any mode), so the
 *    exact difference lies within e of the other operand, and the result
 *    is that interval rounded.
 * Returns false when no rule applies; else *r holds the result (which the
 * caller meets with what intervals give). */
static bool related_operands(fn_analysis *a, LLVMValueRef inst,
                             uint32_t block, fp_format_id format,
                             LLVMFastMathFlags flags, fp_interval *r) {
  LLVMOpcode opcode = LLVMGetInstructionOpcode(inst);
  LLVMValueRef left = LLVMGetOperand(inst, 0), right = LLVMGetOperand(inst, 1);
  if (!is_plain_rounding(inst))
    return false;
  if (left == right && (opcode == LLVMFSub || opcode == LLVMFDiv)) {
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    *r = fp_transfer_same_operand(a->arith, format,
                                  opcode == LLVMFSub ? FP_OP_SUB : FP_OP_DIV,
                                  &x);
    return true;
  }
  /* sum: the rounded x + y (or x - y); other: the operand that remains
   * once the other one is undone. */
  LLVMValueRef sum = NULL, other = NULL;
  for (int side = 0; side < 2 && !sum; ++side) {
    LLVMValueRef candidate = side ? right : left;
    LLVMValueRef undo = side ? left : right;
    if (!LLVMIsAInstruction(candidate) || !is_plain_rounding(candidate))
      continue;
    LLVMOpcode inner = LLVMGetInstructionOpcode(candidate);
    LLVMValueRef p = LLVMGetOperand(candidate, 0);
    LLVMValueRef q = inner == LLVMFAdd || inner == LLVMFSub
                         ? LLVMGetOperand(candidate, 1)
                         : NULL;
    if (opcode == LLVMFSub && side == 0 && inner == LLVMFAdd &&
        (undo == p || undo == q)) {
      sum = candidate;
      other = undo == p ? q : p;
    } else if (opcode == LLVMFAdd && inner == LLVMFSub && undo == q) {
      sum = candidate;
      other = p;
    }
  }
  if (!sum)
    return false;
  value_range s = range_in_block(a, sum, block);
  value_range y = range_in_block(a, other, block);
  value_range x = range_in_block(a, sum == left ? right : left, block);
  if (s.kind != VALUE_FP || y.kind != VALUE_FP || x.kind != VALUE_FP)
    return false;
  return fp_transfer_undone_sum(a->arith, format, &s.as.fp, &x.as.fp,
                                &y.as.fp, r);
}

/* fcmp P (select c, u, v), (select c, v, u) with c = fcmp Q u, v (a min
 * and a max, sorted by one compare): where c holds, the compare is P on
 * (u, v) and the outcome of comparing u with v is one of Q's; where it
 * does not, it is P on (v, u) and the outcome is one Q excludes. An
 * LLVM fcmp predicate is the set of its true outcomes (bits E=1, G=2,
 * L=4, U=8). False when the operands have another shape. */
static bool sorted_pair_outcomes(LLVMValueRef inst, bool *can_true,
                                 bool *can_false) {
  LLVMValueRef left = LLVMGetOperand(inst, 0), right = LLVMGetOperand(inst, 1);
  if (!LLVMIsASelectInst(left) || !LLVMIsASelectInst(right))
    return false;
  LLVMValueRef condition = LLVMGetOperand(left, 0);
  LLVMValueRef u = LLVMGetOperand(left, 1), v = LLVMGetOperand(left, 2);
  if (LLVMGetOperand(right, 0) != condition ||
      LLVMGetOperand(right, 1) != v || LLVMGetOperand(right, 2) != u ||
      !LLVMIsAFCmpInst(condition))
    return false;
  unsigned q = (unsigned)LLVMGetFCmpPredicate(condition);
  if (LLVMGetOperand(condition, 0) == v && LLVMGetOperand(condition, 1) == u)
    q = swap_fp_predicate(q);
  else if (LLVMGetOperand(condition, 0) != u ||
           LLVMGetOperand(condition, 1) != v)
    return false;
  unsigned p = (unsigned)LLVMGetFCmpPredicate(inst);
  unsigned when_true = q & 15, when_false = ~q & 15;
  unsigned p_swapped = swap_fp_predicate(p);
  *can_true = (when_true & p) || (when_false & p_swapped);
  *can_false = (when_true & ~p & 15) || (when_false & ~p_swapped & 15);
  return true;
}

static fp_interval compute_fp(fn_analysis *a, LLVMValueRef inst, uint32_t block,
                              fp_format_id format) {
  LLVMOpcode opcode = LLVMGetInstructionOpcode(inst);
  LLVMFastMathFlags flags = fast_math_of(inst);
  fp_arith *arith = a->arith;
  fp_interval r;
  switch (opcode) {
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
  case LLVMFRem: {
    if ((flags & LLVMFastMathAllowReassoc) ||
        ((flags & LLVMFastMathApproxFunc) && opcode == LLVMFDiv)) {
      r = fp_interval_top(format); /* may be rewritten into anything */
      break;
    }
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    fp_interval y = fp_operand(a, inst, 1, block, format, flags);
    if (opcode == LLVMFMul &&
        LLVMGetOperand(inst, 0) == LLVMGetOperand(inst, 1)) {
      /* x * x is |x| * |x|: the same value, bit for bit (NaN aside). */
      x = fp_transfer_fabs(format, &x);
      y = x;
    }
    fp_binary_op op = opcode == LLVMFAdd   ? FP_OP_ADD
                      : opcode == LLVMFSub ? FP_OP_SUB
                      : opcode == LLVMFMul ? FP_OP_MUL
                      : opcode == LLVMFDiv ? FP_OP_DIV
                                           : FP_OP_REM;
    r = fp_transfer_binary(arith, format, op, &x, &y);
    fp_interval related;
    if (related_operands(a, inst, block, format, flags, &related))
      r = fp_interval_meet(format, &r, &related);
    if (op == FP_OP_DIV && (flags & LLVMFastMathAllowReciprocal)) {
      /* x / y may become x * (1 / y), rounded twice. */
      fp_interval one = fp_interval_point(1);
      fp_interval reciprocal =
          fp_transfer_binary(arith, format, FP_OP_DIV, &one, &y);
      fp_interval product =
          fp_transfer_binary(arith, format, FP_OP_MUL, &x, &reciprocal);
      r = fp_interval_join(&r, &product);
    }
    if ((flags & LLVMFastMathAllowContract) && (r.pos_inf || r.neg_inf) &&
        !fp_interval_is_bottom(&r)) {
      /* Fused into an fma, an overflowing step need not overflow: the
       * finite result may then be anything. */
      fp_interval any = fp_interval_top(format);
      any.nan = r.nan;
      r = any;
    }
    break;
  }
  case LLVMFNeg: {
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    r = fp_transfer_fneg(&x);
    break;
  }
  case LLVMFPTrunc:
  case LLVMFPExt: {
    LLVMValueRef source = LLVMGetOperand(inst, 0);
    fp_format_id from;
    value_range x = range_in_block(a, source, block);
    if (!fp_format_of_type(LLVMTypeOf(source), &from) || x.kind != VALUE_FP) {
      r = fp_interval_top(format);
      break;
    }
    fp_apply_fast_math(from, &x.as.fp, flags);
    r = fp_transfer_convert(arith, format, &x.as.fp);
    break;
  }
  case LLVMSIToFP:
  case LLVMUIToFP: {
    int_range x = int_operand(a, inst, 0, block);
    if (!x.known) {
      r = fp_interval_bottom();
    } else if (opcode == LLVMSIToFP || LLVMGetNNeg(inst)) {
      __int128 low = x.lo;
      if (opcode == LLVMUIToFP && low < 0)
        low = 0; /* nneg: a negative input is poison */
      r = fp_transfer_from_int(arith, format, low, x.hi < low ? low : x.hi);
    } else {
      unsigned __int128 low, high;
      int_range_unsigned(&x, &low, &high);
      r = fp_transfer_from_uint(arith, format, low, high);
    }
    break;
  }
  case LLVMCall:
    r = compute_fp_call(a, inst, block, format, flags);
    break;
  case LLVMExtractElement: {
    LLVMValueRef index = LLVMGetOperand(inst, 1);
    value_range x =
        LLVMIsAConstantInt(index)
            ? range_of_lane(a, LLVMGetOperand(inst, 0), block,
                            (unsigned)LLVMConstIntGetZExtValue(index))
            : range_in_block(a, LLVMGetOperand(inst, 0), block);
    r = x.kind == VALUE_FP ? x.as.fp : fp_interval_top(format);
    break;
  }
  case LLVMLoad:
    if (!table_load_range(a, inst, format, &r) &&
        !fprange_program_memory_load(a->program, inst, &r) &&
        !stack_load_range(a, inst, format, &r))
      r = fp_interval_top(format);
    break;
  case LLVMInsertElement:
  case LLVMShuffleVector: {
    /* Each lane is a lane of an operand (or the scalar inserted), or
     * poison (of a poison mask element, or of a poison operand, whose
     * range is empty: constant_range): clang builds a splat by inserting
     * into poison and shuffling with poison. */
    value_range x = range_in_block(a, LLVMGetOperand(inst, 0), block);
    value_range y = range_in_block(a, LLVMGetOperand(inst, 1), block);
    if (x.kind != VALUE_FP || y.kind != VALUE_FP)
      r = fp_interval_top(format);
    else
      r = fp_interval_join(&x.as.fp, &y.as.fp);
    break;
  }
  default:
    r = fp_interval_top(format);
    break;
  }
  fp_apply_fast_math(format, &r, flags);
  return r;
}

/* A non-negative constant operand, or -1. */
static __int128 small_constant(LLVMValueRef v) {
  if (!LLVMIsAConstantInt(v) || LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
    return -1;
  long long value = LLVMConstIntGetSExtValue(v);
  return value < 0 ? -1 : (__int128)value;
}

static int_range range_from_metadata(fn_analysis *a, LLVMValueRef inst,
                                     unsigned width) {
  int_range full = int_range_full(width);
  LLVMValueRef node = LLVMGetMetadata(inst, a->range_md_kind);
  if (!node || width > 64)
    return full;
  unsigned count;
  LLVMValueRef *operands = ltofold_md_node_operands(node, &count);
  int_range hull = {.width = width, .known = false};
  bool readable = count > 0 && count % 2 == 0;
  for (unsigned i = 0; readable && i < count; i += 2) {
    readable = operands[i] && operands[i + 1] &&
               LLVMIsAConstantInt(operands[i]) &&
               LLVMIsAConstantInt(operands[i + 1]);
    if (!readable)
      break;
    __int128 low = LLVMConstIntGetSExtValue(operands[i]);
    __int128 end = LLVMConstIntGetSExtValue(operands[i + 1]);
    readable = low < end; /* not wrapping around */
    if (readable) {
      int_range piece = int_range_make(width, low, end - 1);
      hull = int_range_join(&hull, &piece);
    }
  }
  free(operands);
  return readable ? hull : full;
}

static int_range compute_int(fn_analysis *a, LLVMValueRef inst, uint32_t block,
                             unsigned width) {
  LLVMOpcode opcode = LLVMGetInstructionOpcode(inst);
  int_range full = int_range_full(width);
  switch (opcode) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul: {
    int_range x = int_operand(a, inst, 0, block);
    int_range y = int_operand(a, inst, 1, block);
    if (!x.known || !y.known)
      return (int_range){.width = width, .known = false};
    if (width > 64)
      return full;
    __int128 c[4];
    if (opcode == LLVMAdd) {
      c[0] = c[1] = x.lo + y.lo;
      c[2] = c[3] = x.hi + y.hi;
    } else if (opcode == LLVMSub) {
      c[0] = c[1] = x.lo - y.hi;
      c[2] = c[3] = x.hi - y.lo;
    } else {
      c[0] = x.lo * y.lo;
      c[1] = x.lo * y.hi;
      c[2] = x.hi * y.lo;
      c[3] = x.hi * y.hi;
    }
    __int128 low = c[0], high = c[0];
    for (int i = 1; i < 4; ++i) {
      low = c[i] < low ? c[i] : low;
      high = c[i] > high ? c[i] : high;
    }
    if (low < int_min_of(width) || high > int_max_of(width)) {
      if (!LLVMGetNSW(inst))
        return full; /* wraps */
      /* nsw: overflow is poison, so only in-range results count. */
      low = low < int_min_of(width) ? int_min_of(width) : low;
      high = high > int_max_of(width) ? int_max_of(width) : high;
    }
    int_range r = int_range_make(width, low, high);
    r.from_fp = x.from_fp || y.from_fp;
    return r;
  }
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor: {
    int_range x = int_operand(a, inst, 0, block);
    int_range y = int_operand(a, inst, 1, block);
    if (!x.known || !y.known)
      return (int_range){.width = width, .known = false};
    if (width == 1) {
      bool xt = int_range_is_true(&x), xf = int_range_is_false(&x);
      bool yt = int_range_is_true(&y), yf = int_range_is_false(&y);
      if (opcode == LLVMAnd || opcode == LLVMOr) {
        /* Each side read assuming the other let it matter: x && y is y
         * when x holds; x || y is y when x does not. */
        bool is_and = opcode == LLVMAnd;
        LLVMValueRef xv = LLVMGetOperand(inst, 0), yv = LLVMGetOperand(inst, 1);
        value_range y_given = range_assuming(a, yv, block, xv, is_and);
        value_range x_given = range_assuming(a, xv, block, yv, is_and);
        bool ygt =
            y_given.kind == VALUE_INT && int_range_is_true(&y_given.as.integer);
        bool ygf = y_given.kind == VALUE_INT &&
                   int_range_is_false(&y_given.as.integer);
        bool xgt =
            x_given.kind == VALUE_INT && int_range_is_true(&x_given.as.integer);
        bool xgf = x_given.kind == VALUE_INT &&
                   int_range_is_false(&x_given.as.integer);
        if (is_and) {
          bool can_true = !xf && !yf && !ygf && !xgf;
          bool can_false = (!xt || !ygt) && (!yt || !xgt);
          return int_range_bool(can_true, can_false);
        }
        bool can_false = !xt && !yt && !ygt && !xgt;
        bool can_true = (!xf || !ygf) && (!yf || !xgf);
        return int_range_bool(can_true, can_false);
      }
      if ((xt || xf) && (yt || yf))
        return int_range_bool(xt != yt, xt == yt);
      return full;
    }
    if (opcode == LLVMAnd) {
      if (x.lo >= 0 && y.lo >= 0)
        return int_range_make(width, 0, x.hi < y.hi ? x.hi : y.hi);
      if (x.lo >= 0)
        return int_range_make(width, 0, x.hi);
      if (y.lo >= 0)
        return int_range_make(width, 0, y.hi);
      return full;
    }
    if (opcode == LLVMOr && LLVMGetIsDisjoint(inst) && width <= 64 &&
        x.lo + y.lo >= int_min_of(width) && x.hi + y.hi <= int_max_of(width))
      return int_range_make(width, x.lo + y.lo, x.hi + y.hi); /* an add */
    if (x.lo >= 0 && y.lo >= 0 && width <= 64) {
      __int128 high = x.hi > y.hi ? x.hi : y.hi, mask = 1;
      while (mask <= high)
        mask <<= 1;
      return int_range_make(width, 0, mask - 1);
    }
    return full;
  }
  case LLVMLShr:
  case LLVMAShr:
  case LLVMShl:
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem: {
    int_range x = int_operand(a, inst, 0, block);
    __int128 k = small_constant(LLVMGetOperand(inst, 1));
    if (!x.known)
      return (int_range){.width = width, .known = false};
    if (k < 0 || width > 64)
      return full;
    if (opcode == LLVMLShr && k > 0 && k < width) {
      if (x.lo >= 0)
        return int_range_make(width, x.lo >> k, x.hi >> k);
      return int_range_make(width, 0, (((__int128)1 << width) - 1) >> k);
    }
    if (opcode == LLVMAShr && k < width)
      return int_range_make(width, x.lo >> k, x.hi >> k);
    if (opcode == LLVMShl && k < width) {
      __int128 low = x.lo * ((__int128)1 << k),
               high = x.hi * ((__int128)1 << k);
      if (low < int_min_of(width) || high > int_max_of(width))
        return full;
      return int_range_make(width, low, high);
    }
    if (k == 0)
      return full;
    if (opcode == LLVMUDiv && x.lo >= 0)
      return int_range_make(width, x.lo / k, x.hi / k);
    if (opcode == LLVMSDiv)
      return int_range_make(width, x.lo / k, x.hi / k);
    if (opcode == LLVMURem)
      return int_range_make(width, 0, x.lo >= 0 && x.hi < k - 1 ? x.hi : k - 1);
    if (opcode == LLVMSRem)
      return int_range_make(width, x.lo < 0 ? -(k - 1) : 0,
                            x.hi > 0 ? k - 1 : 0);
    return full;
  }
  case LLVMZExt:
  case LLVMSExt:
  case LLVMTrunc: {
    int_range x = int_operand(a, inst, 0, block);
    if (!x.known)
      return (int_range){.width = width, .known = false};
    int_range r = full;
    if (opcode == LLVMZExt) {
      unsigned __int128 low, high;
      int_range_unsigned(&x, &low, &high);
      if (high <= (unsigned __int128)int_max_of(width))
        r = int_range_make(width, (__int128)low, (__int128)high);
    } else if (x.lo >= int_min_of(width) && x.hi <= int_max_of(width)) {
      r = int_range_make(width, x.lo, x.hi);
    }
    r.from_fp = x.from_fp;
    return r;
  }
  case LLVMICmp: {
    int_range x = int_operand(a, inst, 0, block);
    int_range y = int_operand(a, inst, 1, block);
    if (!x.known || !y.known)
      return (int_range){.width = 1, .known = false};
    LLVMIntPredicate p = LLVMGetICmpPredicate(inst);
    bool can_true = true, can_false = true;
    bool is_unsigned = p >= LLVMIntUGT && p <= LLVMIntULE;
    if (!is_unsigned || (x.lo >= 0 && y.lo >= 0)) {
      switch (p) {
      case LLVMIntEQ:
      case LLVMIntNE: {
        bool may_equal = x.lo <= y.hi && y.lo <= x.hi;
        bool must_equal = x.lo == x.hi && y.lo == y.hi && x.lo == y.lo;
        can_true = p == LLVMIntEQ ? may_equal : !must_equal;
        can_false = p == LLVMIntEQ ? !must_equal : may_equal;
        break;
      }
      case LLVMIntUGT:
      case LLVMIntSGT:
        can_true = x.hi > y.lo;
        can_false = x.lo <= y.hi;
        break;
      case LLVMIntUGE:
      case LLVMIntSGE:
        can_true = x.hi >= y.lo;
        can_false = x.lo < y.hi;
        break;
      case LLVMIntULT:
      case LLVMIntSLT:
        can_true = x.lo < y.hi;
        can_false = x.hi >= y.lo;
        break;
      case LLVMIntULE:
      case LLVMIntSLE:
        can_true = x.lo <= y.hi;
        can_false = x.hi > y.lo;
        break;
      }
    }
    int_range r = int_range_bool(can_true, can_false);
    r.from_fp = x.from_fp || y.from_fp;
    return r;
  }
  case LLVMFCmp: {
    LLVMValueRef left = LLVMGetOperand(inst, 0);
    fp_format_id format;
    if (!fp_format_of_type(LLVMTypeOf(left), &format))
      return full;
    LLVMFastMathFlags flags = fast_math_of(inst);
    fp_interval x = fp_operand(a, inst, 0, block, format, flags);
    fp_interval y = fp_operand(a, inst, 1, block, format, flags);
    if (fp_interval_is_bottom(&x) || fp_interval_is_bottom(&y))
      return (int_range){.width = 1, .known = false};
    bool can_true, can_false, sorted_true, sorted_false;
    fp_compare_outcomes(LLVMGetFCmpPredicate(inst), &x, &y, &can_true,
                        &can_false);
    if (sorted_pair_outcomes(inst, &sorted_true, &sorted_false)) {
      can_true = can_true && sorted_true;
      can_false = can_false && sorted_false;
    }
    return int_range_bool(can_true, can_false);
  }
  case LLVMFPToSI:
  case LLVMFPToUI: {
    LLVMValueRef source = LLVMGetOperand(inst, 0);
    fp_format_id format;
    if (!fp_format_of_type(LLVMTypeOf(source), &format))
      return full;
    fp_interval x = fp_operand(a, inst, 0, block, format, 0);
    if (fp_interval_is_bottom(&x))
      return (int_range){.width = width, .known = false};
    return fp_transfer_to_int(format, &x, width, opcode == LLVMFPToSI);
  }
  case LLVMCall: {
    fp_unary_fn unary;
    fp_minmax_kind minmax;
    if (fp_classify_call(inst, &unary, &minmax) == CALL_IS_FPCLASS &&
        width == 1) {
      LLVMValueRef x_value = LLVMGetOperand(inst, 0);
      LLVMValueRef mask_value = LLVMGetOperand(inst, 1);
      fp_format_id format;
      if (!fp_format_of_type(LLVMTypeOf(x_value), &format) ||
          !LLVMIsAConstantInt(mask_value))
        return full;
      fp_interval x = fp_operand(a, inst, 0, block, format, 0);
      if (fp_interval_is_bottom(&x))
        return (int_range){.width = 1, .known = false};
      unsigned classes = fp_interval_classes(format, &x);
      unsigned mask = (unsigned)LLVMConstIntGetZExtValue(mask_value);
      return int_range_bool((classes & mask) != 0, (classes & ~mask) != 0);
    }
    return range_from_metadata(a, inst, width);
  }
  case LLVMLoad:
    return range_from_metadata(a, inst, width);
  default:
    return full;
  }
}

/* A phi of loop header `block` with one edge from outside and one back
 * edge: the value from outside, and the back edge's value and latch. */
static bool loop_phi_edges(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                           LLVMValueRef *init, LLVMValueRef *next,
                           LLVMBasicBlockRef *latch) {
  if (LLVMCountIncoming(phi) != 2)
    return false;
  int back = -1, backs = 0;
  for (unsigned i = 0; i < 2; ++i) {
    uint32_t pred = block_index_of(a, LLVMGetIncomingBlock(phi, i));
    if (pred != UINT32_MAX && pred >= block) {
      back = (int)i;
      ++backs;
    }
  }
  if (backs != 1)
    return false;
  *init = LLVMGetIncomingValue(phi, (unsigned)(1 - back));
  *next = LLVMGetIncomingValue(phi, (unsigned)back);
  *latch = LLVMGetIncomingBlock(phi, (unsigned)back);
  return true;
}

/* An induction phi of a loop header: i = phi [init, outside], [next,
 * latch] with next = add i, step (either operand order), init and step
 * constants (scalars or vectors). Gives the back edge's latch and next. */
static bool induction_phi(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                          LLVMValueRef *init, LLVMValueRef *step,
                          LLVMValueRef *next, LLVMBasicBlockRef *latch) {
  if (!loop_phi_edges(a, phi, block, init, next, latch) ||
      !LLVMIsAConstant(*init) || !LLVMIsAInstruction(*next) ||
      LLVMGetInstructionOpcode(*next) != LLVMAdd)
    return false;
  LLVMValueRef left = LLVMGetOperand(*next, 0);
  LLVMValueRef right = LLVMGetOperand(*next, 1);
  *step = left == phi ? right : right == phi ? left : NULL;
  return *step && LLVMIsAConstant(*step);
}

/* A counted induction of the loop of header `block`: an integer (at most
 * 64 bits) i = phi [init, outside], [next = i + step, latch], init and
 * step integer constants, and the loop kept only while next != N (the
 * latch's branch on icmp eq/ne). Gives init, step, next and N. */
typedef struct counted_exit {
  __int128 start, step;
  LLVMValueRef next, bound;
  LLVMBasicBlockRef latch;
} counted_exit;

static bool find_counted_exit(fn_analysis *a, LLVMValueRef phi,
                              uint32_t block, counted_exit *out) {
  LLVMValueRef init, step, condition;
  bool truth;
  if (LLVMGetTypeKind(LLVMTypeOf(phi)) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(LLVMTypeOf(phi)) > 64 ||
      !induction_phi(a, phi, block, &init, &step, &out->next, &out->latch) ||
      !LLVMIsAConstantInt(init) || !LLVMIsAConstantInt(step) ||
      !edge_fact(out->latch, a->blocks[block], &condition, &truth) ||
      !LLVMIsAICmpInst(condition))
    return false;
  /* Staying in the loop must mean next != N. */
  LLVMIntPredicate predicate = LLVMGetICmpPredicate(condition);
  if (!((predicate == LLVMIntEQ && !truth) || (predicate == LLVMIntNE && truth)))
    return false;
  LLVMValueRef left = LLVMGetOperand(condition, 0);
  LLVMValueRef right = LLVMGetOperand(condition, 1);
  out->bound = left == out->next ? right : right == out->next ? left : NULL;
  out->start = LLVMConstIntGetSExtValue(init);
  out->step = LLVMConstIntGetSExtValue(step);
  return out->bound != NULL;
}

/* A counted loop that exits on equality, which the interval fixed point
 * cannot bound (i != N says nothing about a range holding N):
 *   header: i = phi [init, outside], [next, latch]
 *   latch:  next = add nsw/nuw i, step;  br (icmp eq/ne next, N), ...
 * with the latch -> header edge taken only while next != N, constants
 * 0 <= init <= N, step > 0 and step dividing N - init. From init, i moves
 * up by step without wrapping (a wrap is poison, and branching on it is
 * undefined) and the loop stays only while next has not reached N, so i
 * stays in [init, N - step]: the header runs at most (N - init) / step
 * times from each entry, which *visits gives. */
static bool counted_loop_bound(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                               __int128 *low, __int128 *high,
                               __int128 *visits) {
  counted_exit counted;
  if (!find_counted_exit(a, phi, block, &counted) ||
      !LLVMIsAConstantInt(counted.bound) ||
      !(LLVMGetNSW(counted.next) || LLVMGetNUW(counted.next)))
    return false;
  __int128 start = counted.start, step = counted.step;
  __int128 end = LLVMConstIntGetSExtValue(counted.bound);
  if (step <= 0 || start < 0 || end < start || (end - start) % step != 0)
    return false;
  *low = start;
  *high = end - step;
  *visits = (end - start) / step;
  return *high >= *low;
}

/* Another induction of a counted loop's header (a vectorized loop's vector
 * of lanes, a second counter): q = phi [init, outside], [q + step, latch]
 * beside a counted i of the same header. Both have two incoming edges,
 * so the same back edge: both start at their init each time the loop is
 * entered and move by their step on that edge, so the header's k-th run
 * sees q = init + k * step, k below
 * the number of runs counted_loop_bound gives. The range is the hull of
 * that over the lanes, computed exactly and kept only where no value of
 * it wraps (then the add never wraps, nsw/nuw or not). */
static bool sibling_induction_bound(fn_analysis *a, LLVMValueRef phi,
                                    uint32_t block, unsigned width,
                                    __int128 *low, __int128 *high) {
  LLVMValueRef init, step, next;
  LLVMBasicBlockRef latch;
  if (width > 64 ||
      !induction_phi(a, phi, block, &init, &step, &next, &latch))
    return false;
  value_range init_range = constant_range(init);
  value_range step_range = constant_range(step);
  if (init_range.kind != VALUE_INT || !init_range.as.integer.known ||
      step_range.kind != VALUE_INT || !step_range.as.integer.known)
    return false;
  /* A constant with an undef or unknown lane has the whole type's range. */
  if (init_range.as.integer.lo == int_min_of(width) ||
      step_range.as.integer.lo == int_min_of(width) ||
      init_range.as.integer.hi == int_max_of(width) ||
      step_range.as.integer.hi == int_max_of(width))
    return false;
  for (LLVMValueRef other = LLVMGetFirstInstruction(a->blocks[block]);
       other && LLVMGetInstructionOpcode(other) == LLVMPHI;
       other = LLVMGetNextInstruction(other)) {
    __int128 counter_low, counter_high, visits;
    if (other == phi || !counted_loop_bound(a, other, block, &counter_low,
                                            &counter_high, &visits))
      continue;
    __int128 last = visits - 1; /* k runs over [0, last] */
    __int128 step_low = step_range.as.integer.lo;
    __int128 step_high = step_range.as.integer.hi;
    *low = init_range.as.integer.lo + last * (step_low < 0 ? step_low : 0);
    *high = init_range.as.integer.hi + last * (step_high > 0 ? step_high : 0);
    return *low >= int_min_of(width) && *high <= int_max_of(width);
  }
  return false;
}

/* The most times the header of a loop runs per entry, from a counted
 * induction of it: i = phi [init, outside], [next = i + step, latch], init
 * a constant >= 0, step a constant > 0, and the loop kept only while
 * next != N, N in [0, hi] (a constant, or any value the integer ranges
 * bound). The header sees i = init + k * step for k = 0, 1, ..., and the
 * loop leaves when next reaches N <= hi: at most (hi - init) / step runs.
 * With nsw or nuw on the add, a next that steps over N would run on until
 * it wraps, which is poison, and branching on it undefined. */
static bool header_runs(fn_analysis *a, uint32_t block, __int128 *runs) {
  for (LLVMValueRef phi = LLVMGetFirstInstruction(a->blocks[block]);
       phi && LLVMGetInstructionOpcode(phi) == LLVMPHI;
       phi = LLVMGetNextInstruction(phi)) {
    counted_exit counted;
    if (!find_counted_exit(a, phi, block, &counted))
      continue;
    uint32_t latch_index = block_index_of(a, counted.latch);
    if (latch_index == UINT32_MAX)
      continue;
    value_range n = range_in_block(a, counted.bound, latch_index);
    __int128 start = counted.start, step = counted.step;
    if (n.kind != VALUE_INT || !n.as.integer.known || n.as.integer.lo < 0 ||
        step <= 0 || start < 0 || n.as.integer.hi < start + step)
      continue;
    /* Without nsw or nuw a wrap is no poison: only a step of 1 from below
     * every N is sure to reach it first. */
    if (!LLVMGetNSW(counted.next) && !LLVMGetNUW(counted.next) &&
        (step != 1 || n.as.integer.lo < start + 1))
      continue;
    *runs = (n.as.integer.hi - start) / step;
    return true;
  }
  return false;
}

/* What one trip around a loop adds to an accumulator: the most any path
 * adds in magnitude, in how many roundings, and what all its terms have in
 * common. */
typedef struct trip_sum {
  fp_bound magnitude; /* sum of the terms' largest magnitudes */
  unsigned links;     /* roundings on the longest path */
  int precision;      /* of the coarsest format they round into */
  bool nonnegative, nonpositive, integer, nan;
} trip_sum;

/* One more rounding, into the format of `inst`'s result. */
static bool add_rounding(trip_sum *sum, LLVMValueRef inst) {
  fp_format_id format;
  if (!fp_format_of_type(LLVMTypeOf(inst), &format))
    return false;
  int precision = fp_format_get(format)->precision;
  if (precision < sum->precision)
    sum->precision = precision;
  sum->links++;
  return true;
}

static bool add_term(trip_sum *sum, LLVMValueRef inst, const fp_interval *term,
                     bool negated) {
  fp_bound low, high;
  if (term->pos_inf || term->neg_inf || !add_rounding(sum, inst))
    return false;
  if (fp_interval_extent(term, &low, &high)) {
    fp_bound magnitude = high > -low ? high : -low;
    sum->magnitude += magnitude;
    if (negated ? high > 0 : low < 0)
      sum->nonnegative = false;
    if (negated ? low < 0 : high > 0)
      sum->nonpositive = false;
  }
  sum->integer = sum->integer && term->integer;
  sum->nan = sum->nan || term->nan;
  return true;
}

/* v computed from the header phi `phi` by additions alone: each an fadd
 * with one operand so computed (the other a term), an fsub of a term from
 * one, an fma/fmuladd adding a product to one, a conversion of one (C's
 * excess precision: fpext is exact, fptrunc rounds), or a select or phi
 * all of whose values are (so a loop inside, whose own phi would need
 * another trip, is not: the depth runs out). */
static bool trip_terms(fn_analysis *a, LLVMValueRef v, LLVMValueRef phi,
                       int depth, trip_sum *out) {
  *out = (trip_sum){0, 0, INT_MAX, true, true, true, false};
  if (v == phi)
    return true;
  if (depth == 0 || !LLVMIsAInstruction(v))
    return false;
  LLVMOpcode opcode = LLVMGetInstructionOpcode(v);
  /* reassoc may regroup the sum, contract fuse a term's product into it */
  if (fast_math_of(v) & (LLVMFastMathAllowReassoc | LLVMFastMathAllowContract))
    return false;
  if (opcode == LLVMFAdd || opcode == LLVMFSub) {
    for (unsigned chained = 0; chained < 2; ++chained) {
      if (opcode == LLVMFSub && chained == 1)
        break; /* term - s: not an accumulation */
      value_range term = base_range(a, LLVMGetOperand(v, 1 - chained));
      if (term.kind == VALUE_FP &&
          trip_terms(a, LLVMGetOperand(v, chained), phi, depth - 1, out))
        return add_term(out, v, &term.as.fp, opcode == LLVMFSub);
    }
    return false;
  }
  if (opcode == LLVMFPExt || opcode == LLVMFPTrunc)
    return trip_terms(a, LLVMGetOperand(v, 0), phi, depth - 1, out) &&
           (opcode == LLVMFPExt || add_rounding(out, v));
  if (opcode == LLVMCall) {
    fp_unary_fn unary;
    fp_minmax_kind minmax;
    fp_call_kind kind = fp_classify_call(v, &unary, &minmax);
    if (kind != CALL_FMA && kind != CALL_FMULADD)
      return false;
    value_range x = base_range(a, LLVMGetOperand(v, 0));
    value_range y = base_range(a, LLVMGetOperand(v, 1));
    fp_bound x_low, x_high, y_low, y_high;
    if (x.kind != VALUE_FP || y.kind != VALUE_FP ||
        !trip_terms(a, LLVMGetOperand(v, 2), phi, depth - 1, out))
      return false;
    /* The product's hull (exact in binary128 for float and double; the
     * slack of accumulator_bound covers the wider formats' rounding): only
     * its magnitude, sign and integrality are used. */
    fp_interval product = fp_interval_bottom();
    if (fp_interval_extent(&x.as.fp, &x_low, &x_high) &&
        fp_interval_extent(&y.as.fp, &y_low, &y_high)) {
      fp_interval_add_point(&product, x_low * y_low);
      fp_interval_add_point(&product, x_low * y_high);
      fp_interval_add_point(&product, x_high * y_low);
      fp_interval_add_point(&product, x_high * y_high);
    }
    product.integer = x.as.fp.integer && y.as.fp.integer;
    product.nan = x.as.fp.nan || y.as.fp.nan;
    product.pos_inf = x.as.fp.pos_inf || x.as.fp.neg_inf || y.as.fp.pos_inf ||
                      y.as.fp.neg_inf;
    /* fmuladd may round the product too */
    return add_rounding(out, v) && add_term(out, v, &product, false);
  }
  unsigned count = opcode == LLVMSelect ? 2 : opcode == LLVMPHI ? LLVMCountIncoming(v) : 0;
  if (count == 0)
    return false;
  for (unsigned i = 0; i < count; ++i) {
    trip_sum path;
    LLVMValueRef from = opcode == LLVMSelect ? LLVMGetOperand(v, i + 1)
                                             : LLVMGetIncomingValue(v, i);
    if (!trip_terms(a, from, phi, depth - 1, &path))
      return false;
    if (path.magnitude > out->magnitude)
      out->magnitude = path.magnitude;
    if (path.links > out->links)
      out->links = path.links;
    if (path.precision < out->precision)
      out->precision = path.precision;
    out->nonnegative = out->nonnegative && path.nonnegative;
    out->nonpositive = out->nonpositive && path.nonpositive;
    out->integer = out->integer && path.integer;
    out->nan = out->nan || path.nan;
  }
  return true;
}

/* An FP accumulator of a counted loop (header_runs): s = phi [init,
 * outside], [next, latch] where next is s plus terms (trip_terms). After k
 * trips s is init plus k trips' terms, every step rounded, so
 * |s| <= (|init| + k * M) (1 + u)^(k * L), with M the most one trip adds,
 * L its roundings (an fmuladd may round its product first: two) and u the
 * unit roundoff, 2^-precision (a whole ulp where any rounding mode may be
 * on): the classic bound of recursive summation (a subnormal sum is exact,
 * an fma's product enters exactly). (1 + u)^n <= 1 + 1.1 n u while
 * n u <= 0.1. Terms all >= 0 never make s smaller (rounding is monotone),
 * all <= 0 never larger. Integer terms and init with |init| + k * M <=
 * 2^precision make every sum exact. */
static bool accumulator_bound(fn_analysis *a, LLVMValueRef phi, uint32_t block,
                              fp_format_id format, fp_interval *out) {
  LLVMValueRef init, next;
  LLVMBasicBlockRef latch;
  __int128 runs;
  trip_sum trip;
  if (!loop_phi_edges(a, phi, block, &init, &next, &latch) ||
      !header_runs(a, block, &runs) ||
      !trip_terms(a, next, phi, 16, &trip) || trip.links == 0)
    return false;
  value_range start = range_in_block(a, init, block);
  fp_bound low, high;
  if (start.kind != VALUE_FP || start.as.fp.pos_inf || start.as.fp.neg_inf ||
      !fp_interval_extent(&start.as.fp, &low, &high))
    return false;
  fp_bound trips = (fp_bound)(runs - 1);
  fp_bound exact = (high > -low ? high : -low) + trips * trip.magnitude;
  fp_bound roundings = trips * (fp_bound)trip.links;
  int precision = fp_format_get(format)->precision;
  if (trip.precision < precision)
    precision = trip.precision;
  /* The unit roundoff of the coarsest format a trip rounds into; a whole
   * ulp where any rounding mode may be on. */
  fp_bound u = ldexpl(1.0L, a->arith->nearest ? -precision : 1 - precision);
  /* This arithmetic rounds too (binary128, to nearest): 2^-100 covers it. */
  fp_bound slack = 1 + ldexpl(1.0L, -100);
  bool integer = start.as.fp.integer && trip.integer &&
                 exact * slack <= ldexpl(1.0L, precision);
  fp_bound bound = exact;
  if (!integer) {
    if (roundings * u > (fp_bound)0.1)
      return false;
    bound = (exact * (1 + (fp_bound)1.1 * roundings * u) +
             roundings * fp_format_denorm_min(format)) * slack;
  }
  /* Out to the format's values (a bound between them is no bound for the
   * other transfer functions). */
  fp_set_bound(a->arith->x, bound);
  bound = fp_round_to_format(format, a->arith->x, MPFR_RNDU);
  if (bound > fp_format_max(format))
    return false;
  /* A flushed subnormal becomes a zero, below a positive init (above a
   * negative one). */
  bool flushes = a->flush[format] != FP_FLUSH_NONE;
  fp_bound floor = flushes && low > 0 ? 0 : low;
  fp_bound ceiling = flushes && high < 0 ? 0 : high;
  *out = fp_interval_range(trip.nonnegative && low >= 0 ? floor : -bound,
                           trip.nonpositive && high <= 0 ? ceiling : bound);
  out->integer = integer;
  out->nan = start.as.fp.nan || trip.nan;
  return true;
}

/* Phi: the join over feasible incoming edges. Select: the join of the arms,
 * each narrowed by the condition, or the one arm a decided condition
 * picks. */
static value_range compute_value(fn_analysis *a, LLVMValueRef inst,
                                 uint32_t block, const value_range *old) {
  LLVMOpcode opcode = LLVMGetInstructionOpcode(inst);
  value_range r = bottom_of_type(LLVMTypeOf(inst));
  if (opcode == LLVMPHI) {
    unsigned count = LLVMCountIncoming(inst);
    for (unsigned i = 0; i < count; ++i) {
      uint32_t pred = block_index_of(a, LLVMGetIncomingBlock(inst, i));
      if (pred == UINT32_MAX || !a->reachable[pred] ||
          !edge_feasible(a, pred, block))
        continue;
      value_range incoming =
          range_on_edge(a, LLVMGetIncomingValue(inst, i), pred, block);
      r = fprange_range_join(&r, &incoming);
    }
    fp_interval accumulated;
    if (r.kind == VALUE_FP) {
      fp_apply_fast_math(r.format, &r.as.fp, fast_math_of(inst));
      if (a->loop_header[block] &&
          accumulator_bound(a, inst, block, r.format, &accumulated))
        r.as.fp = fp_interval_meet(r.format, &r.as.fp, &accumulated);
    }
    __int128 low, high, visits;
    if (r.kind == VALUE_INT && r.as.integer.known && a->loop_header[block] &&
        (counted_loop_bound(a, inst, block, &low, &high, &visits) ||
         sibling_induction_bound(a, inst, block, r.as.integer.width, &low,
                                 &high))) {
      if (low > r.as.integer.lo)
        r.as.integer.lo = low;
      if (high < r.as.integer.hi)
        r.as.integer.hi = high;
      if (r.as.integer.lo > r.as.integer.hi)
        r.as.integer.known = false;
    }
    return r;
  }
  if (opcode == LLVMSelect) {
    LLVMValueRef condition = LLVMGetOperand(inst, 0);
    value_range c = range_in_block(a, condition, block);
    bool scalar = c.kind == VALUE_INT &&
                  LLVMGetTypeKind(LLVMTypeOf(condition)) == LLVMIntegerTypeKind;
    if (scalar && !c.as.integer.known)
      return r;
    bool can_true = !scalar || !int_range_is_false(&c.as.integer);
    bool can_false = !scalar || !int_range_is_true(&c.as.integer);
    for (unsigned arm = 1; arm <= 2; ++arm) {
      if ((arm == 1 && !can_true) || (arm == 2 && !can_false))
        continue;
      LLVMValueRef v = LLVMGetOperand(inst, arm);
      value_range x = scalar ? range_assuming(a, v, block, condition, arm == 1)
                             : range_in_block(a, v, block);
      r = fprange_range_join(&r, &x);
    }
    if (r.kind == VALUE_FP)
      fp_apply_fast_math(r.format, &r.as.fp, fast_math_of(inst));
    return r;
  }
  if (r.kind == VALUE_FP)
    r.as.fp = compute_fp(a, inst, block, r.format);
  else if (r.kind == VALUE_INT)
    r.as.integer = compute_int(a, inst, block, r.as.integer.width);
  if (opcode == LLVMCall) {
    value_range returned = fprange_program_call_result(a->program, inst);
    r = fprange_range_meet(&r, &returned);
  }
  if (r.kind == VALUE_FP)
    fp_interval_flush(r.format, &r.as.fp, a->flush[r.format]);
  return r;
}

/* ---- setting up -----------------------------------------------------------
 */

static bool function_is_modelled(LLVMValueRef function) {
  unsigned strictfp = LLVMGetEnumAttributeKindForName("strictfp", 8);
  return !LLVMGetEnumAttributeAtIndex(function, LLVMAttributeFunctionIndex,
                                      strictfp);
}

/* The denormal mode of each format in the function: its own attributes,
 * joined with the program's (a processor flushing subnormals does so for
 * the whole process: fprange_program_flush). */
static void read_denormal_modes(fn_analysis *a) {
  fprange_function_denormal_modes(a->function, a->flush);
  for (int f = 0; f < FP_FORMAT_COUNT; ++f)
    a->flush[f] =
        fp_flush_join(a->flush[f], fprange_program_flush(a->program, f));
}

void *fprange_allocate(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size);
  if (!p)
    abort();
  return p;
}

void *fprange_grow(void *array, size_t *capacity, size_t count, size_t size) {
  if (count < *capacity)
    return array;
  *capacity = *capacity ? 2 * *capacity : 16;
  array = realloc(array, *capacity * size);
  if (!array)
    abort();
  return array;
}

static void build_blocks(fn_analysis *a) {
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
  for (size_t b = 0; b < n; ++b) {
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

static void build_slots(fn_analysis *a) {
  size_t count = LLVMCountParams(a->function);
  for (size_t b = 0; b < a->block_count; ++b)
    for (LLVMValueRef inst = LLVMGetFirstInstruction(a->blocks[b]); inst;
         inst = LLVMGetNextInstruction(inst))
      ++count;
  a->ranges = fprange_allocate(count, sizeof *a->ranges);
  a->def_block = fprange_allocate(count, sizeof *a->def_block);
  a->changes = fprange_allocate(count, sizeof *a->changes);
  a->values = fprange_allocate(count, sizeof *a->values);
  size_t slot = 0;
  unsigned params = LLVMCountParams(a->function);
  for (unsigned i = 0; i < params; ++i) {
    LLVMValueRef param = LLVMGetParam(a->function, i);
    value_range r = top_of_type(LLVMTypeOf(param));
    if (r.kind == VALUE_FP)
      apply_nofpclass(r.format, &r.as.fp,
                      nofpclass_at(a, a->function, i + 1, false));
    value_range passed = fprange_program_argument(a->program, a->function, i);
    r = fprange_range_meet(&r, &passed);
    a->values[slot] = param;
    a->ranges[slot] = r;
    a->def_block[slot] = -1;
    fprange_value_map_put(&a->slots, param, (uint32_t)slot++);
  }
  for (size_t b = 0; b < a->block_count; ++b)
    for (LLVMValueRef inst = LLVMGetFirstInstruction(a->blocks[b]); inst;
         inst = LLVMGetNextInstruction(inst)) {
      a->values[slot] = inst;
      a->ranges[slot] = bottom_of_type(LLVMTypeOf(inst));
      if (a->ranges[slot].kind == VALUE_FP)
        ++a->fp_values;
      a->def_block[slot] = (int)b;
      fprange_value_map_put(&a->slots, inst, (uint32_t)slot++);
    }
  for (size_t i = 0; i < params; ++i)
    if (a->ranges[i].kind == VALUE_FP)
      ++a->fp_values;
  a->value_count = slot;
}

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
      bool widens = (a->loop_header[b] && opcode == LLVMPHI) || opcode == LLVMLoad;
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

static bool run_solver(fn_analysis *a) {
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

fn_analysis *fn_analysis_run(LLVMValueRef function, fp_arith *arith,
                             const fprange_program *program) {
  fn_analysis *a = fprange_allocate(1, sizeof *a);
  a->function = function;
  a->arith = arith;
  a->program = program;
  a->lane = -1;
  read_denormal_modes(a);
  fprange_value_map_init(&a->block_index);
  fprange_value_map_init(&a->slots);
  fprange_value_map_init(&a->table_index);
  a->nofpclass_kind = LLVMGetEnumAttributeKindForName("nofpclass", 9);
  a->range_md_kind = LLVMGetMDKindIDInContext(
      LLVMGetModuleContext(LLVMGetGlobalParent(function)), "range", 5);
  if (LLVMCountBasicBlocks(function) > 0) {
    build_blocks(a);
    build_slots(a);
    if (function_is_modelled(function))
      a->complete = run_solver(a);
  }
  return a;
}

void fn_analysis_free(fn_analysis *a) {
  if (!a)
    return;
  for (size_t b = 0; b < a->block_count; ++b)
    free(a->preds ? a->preds[b] : NULL);
  free(a->preds);
  free(a->pred_count);
  free(a->blocks);
  free(a->idom);
  free(a->loop_header);
  free(a->fact_condition);
  free(a->fact_truth);
  free(a->reachable);
  free(a->ranges);
  free(a->def_block);
  free(a->changes);
  free(a->values);
  fprange_value_map_free(&a->block_index);
  fprange_value_map_free(&a->slots);
  fprange_value_map_free(&a->table_index);
  free(a->table_hulls);
  free(a);
}

bool fn_analysis_complete(const fn_analysis *a) { return a->complete; }

size_t fn_analysis_fp_value_count(const fn_analysis *a) {
  return a->complete ? a->fp_values : 0;
}

size_t fn_analysis_fp_bounded_count(const fn_analysis *a) {
  if (!a->complete)
    return 0;
  size_t count = 0;
  for (size_t slot = 0; slot < a->value_count; ++slot) {
    const value_range *r = &a->ranges[slot];
    if (r->kind != VALUE_FP || fp_interval_is_bottom(&r->as.fp) ||
        r->as.fp.pos_inf || r->as.fp.neg_inf)
      continue;
    fp_bound max = fp_format_max(r->format);
    if (!r->as.fp.has_finite || (r->as.fp.lo > -max && r->as.fp.hi < max))
      ++count;
  }
  return count;
}

value_range fn_analysis_range(fn_analysis *a, LLVMValueRef value) {
  if (!a->complete)
    return top_of_type(LLVMTypeOf(value));
  return base_range(a, value);
}

value_range fn_analysis_range_at(fn_analysis *a, LLVMValueRef value,
                                 LLVMBasicBlockRef block) {
  if (!a->complete)
    return top_of_type(LLVMTypeOf(value));
  uint32_t b = block_index_of(a, block);
  if (b == UINT32_MAX)
    return base_range(a, value);
  return range_in_block(a, value, b);
}

value_range fn_analysis_lane_range(fn_analysis *a, LLVMValueRef value,
                                   unsigned lane) {
  uint32_t slot = fprange_value_map_get(&a->slots, value);
  if (!a->complete || slot == UINT32_MAX || a->def_block[slot] < 0)
    return fn_analysis_range(a, value);
  return range_of_lane(a, value, (uint32_t)a->def_block[slot], lane);
}

bool fn_analysis_block_reachable(fn_analysis *a, LLVMBasicBlockRef block) {
  uint32_t b = block_index_of(a, block);
  return a->complete && b != UINT32_MAX && a->reachable[b];
}
