/* Recognizing the calls fprange has transfer functions for: LLVM's
 * intrinsics by their base name (llvm.NAME.TYPES), and libm's functions by
 * their C names when the callee is a declaration (a definition in the
 * program could mean anything). */
#include "fprange_internal.h"

#include <string.h>

typedef struct call_name {
  const char *name;
  fp_call_kind kind;
  int detail; /* fp_unary_fn or fp_minmax_kind */
} call_name;

static const call_name intrinsic_names[] = {
    {"sqrt", CALL_UNARY, FP_FN_SQRT},
    {"exp", CALL_UNARY, FP_FN_EXP},
    {"exp2", CALL_UNARY, FP_FN_EXP2},
    {"exp10", CALL_UNARY, FP_FN_EXP10},
    {"log", CALL_UNARY, FP_FN_LOG},
    {"log2", CALL_UNARY, FP_FN_LOG2},
    {"log10", CALL_UNARY, FP_FN_LOG10},
    {"sin", CALL_UNARY, FP_FN_SIN},
    {"cos", CALL_UNARY, FP_FN_COS},
    {"floor", CALL_UNARY, FP_FN_FLOOR},
    {"ceil", CALL_UNARY, FP_FN_CEIL},
    {"trunc", CALL_UNARY, FP_FN_TRUNC},
    {"rint", CALL_UNARY, FP_FN_RINT},
    {"nearbyint", CALL_UNARY, FP_FN_RINT},
    {"round", CALL_UNARY, FP_FN_ROUND},
    {"roundeven", CALL_UNARY, FP_FN_ROUNDEVEN},
    {"fabs", CALL_FABS, 0},
    {"copysign", CALL_COPYSIGN, 0},
    {"minnum", CALL_MINMAX, FP_MINNUM},
    {"maxnum", CALL_MINMAX, FP_MAXNUM},
    {"minimum", CALL_MINMAX, FP_MINIMUM},
    {"maximum", CALL_MINMAX, FP_MAXIMUM},
    {"minimumnum", CALL_MINMAX, FP_MINIMUMNUM},
    {"maximumnum", CALL_MINMAX, FP_MAXIMUMNUM},
    {"fma", CALL_FMA, 0},
    {"fmuladd", CALL_FMULADD, 0},
    {"pow", CALL_POW, 0},
    {"powi", CALL_POWI, 0},
    {"is", CALL_IS_FPCLASS, 0}, /* llvm.is.fpclass */
};

/* libm names: the double name; the f and l suffixed ones mean the same. */
static const call_name libm_names[] = {
    {"sqrt", CALL_UNARY, FP_FN_SQRT},
    {"exp", CALL_UNARY, FP_FN_EXP},
    {"exp2", CALL_UNARY, FP_FN_EXP2},
    {"exp10", CALL_UNARY, FP_FN_EXP10},
    {"log", CALL_UNARY, FP_FN_LOG},
    {"log2", CALL_UNARY, FP_FN_LOG2},
    {"log10", CALL_UNARY, FP_FN_LOG10},
    {"sin", CALL_UNARY, FP_FN_SIN},
    {"cos", CALL_UNARY, FP_FN_COS},
    {"floor", CALL_UNARY, FP_FN_FLOOR},
    {"ceil", CALL_UNARY, FP_FN_CEIL},
    {"trunc", CALL_UNARY, FP_FN_TRUNC},
    {"rint", CALL_UNARY, FP_FN_RINT},
    {"nearbyint", CALL_UNARY, FP_FN_RINT},
    {"round", CALL_UNARY, FP_FN_ROUND},
    {"roundeven", CALL_UNARY, FP_FN_ROUNDEVEN},
    {"fabs", CALL_FABS, 0},
    {"copysign", CALL_COPYSIGN, 0},
    {"fmin", CALL_MINMAX, FP_MINNUM},
    {"fmax", CALL_MINMAX, FP_MAXNUM},
    {"fma", CALL_FMA, 0},
    {"pow", CALL_POW, 0},
};

static fp_call_kind found(const call_name *entry, fp_unary_fn *unary_fn,
                          fp_minmax_kind *minmax) {
  if (entry->kind == CALL_UNARY)
    *unary_fn = (fp_unary_fn)entry->detail;
  if (entry->kind == CALL_MINMAX)
    *minmax = (fp_minmax_kind)entry->detail;
  return entry->kind;
}

fp_call_kind fp_classify_call(LLVMValueRef call, fp_unary_fn *unary_fn,
                              fp_minmax_kind *minmax) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!callee || !LLVMIsAFunction(callee))
    return CALL_OTHER;
  size_t length = 0;
  const char *name = LLVMGetValueName2(callee, &length);
  if (length > 5 && strncmp(name, "llvm.", 5) == 0) {
    const char *base = name + 5;
    const char *dot = memchr(base, '.', length - 5);
    size_t base_length = dot ? (size_t)(dot - base) : length - 5;
    if (base_length == 2 && strncmp(base, "is", 2) == 0 &&
        strncmp(base, "is.fpclass.", 11) != 0)
      return CALL_OTHER;
    for (size_t i = 0; i < sizeof intrinsic_names / sizeof *intrinsic_names;
         ++i)
      if (strlen(intrinsic_names[i].name) == base_length &&
          strncmp(intrinsic_names[i].name, base, base_length) == 0)
        return found(&intrinsic_names[i], unary_fn, minmax);
    return CALL_OTHER;
  }
  if (!LLVMIsDeclaration(callee))
    return CALL_OTHER;
  /* A libm function takes and returns one FP type; anything else declared
   * under its name is not it. */
  LLVMTypeRef type = LLVMTypeOf(call);
  unsigned args = LLVMGetNumArgOperands(call);
  if (args == 0 || args > 3)
    return CALL_OTHER;
  for (unsigned i = 0; i < args; ++i)
    if (LLVMTypeOf(LLVMGetOperand(call, i)) != type)
      return CALL_OTHER;
  for (size_t i = 0; i < sizeof libm_names / sizeof *libm_names; ++i) {
    size_t n = strlen(libm_names[i].name);
    if (strncmp(libm_names[i].name, name, n) != 0)
      continue;
    if (length == n || (length == n + 1 && (name[n] == 'f' || name[n] == 'l')))
      return found(&libm_names[i], unary_fn, minmax);
  }
  return CALL_OTHER;
}
