/* Recognizing the calls fprange has transfer functions for: LLVM's
 * intrinsics by their base name (llvm.NAME.TYPES), and libm's functions by
 * their C names when the callee is a declaration (a definition in the
 * program could mean anything). */
#include "transfer.h"

#include <string.h>

typedef struct call_name {
  const char *intrinsic; /* llvm.NAME.*, or NULL */
  const char *libm;      /* NAME, NAMEf, NAMEl, or NULL */
  fp_call_kind kind;
  int detail; /* fp_unary_fn or fp_minmax_kind */
} call_name;

static const call_name call_names[] = {
    {"sqrt", "sqrt", CALL_UNARY, FP_FN_SQRT},
    {"exp", "exp", CALL_UNARY, FP_FN_EXP},
    {"exp2", "exp2", CALL_UNARY, FP_FN_EXP2},
    {"exp10", "exp10", CALL_UNARY, FP_FN_EXP10},
    {"log", "log", CALL_UNARY, FP_FN_LOG},
    {"log2", "log2", CALL_UNARY, FP_FN_LOG2},
    {"log10", "log10", CALL_UNARY, FP_FN_LOG10},
    {"sin", "sin", CALL_UNARY, FP_FN_SIN},
    {"cos", "cos", CALL_UNARY, FP_FN_COS},
    {"floor", "floor", CALL_UNARY, FP_FN_FLOOR},
    {"ceil", "ceil", CALL_UNARY, FP_FN_CEIL},
    {"trunc", "trunc", CALL_UNARY, FP_FN_TRUNC},
    {"rint", "rint", CALL_UNARY, FP_FN_RINT},
    {"nearbyint", "nearbyint", CALL_UNARY, FP_FN_RINT},
    {"round", "round", CALL_UNARY, FP_FN_ROUND},
    {"roundeven", "roundeven", CALL_UNARY, FP_FN_ROUNDEVEN},
    {"fabs", "fabs", CALL_FABS, 0},
    {"copysign", "copysign", CALL_COPYSIGN, 0},
    {"minnum", "fmin", CALL_MINMAX, FP_MINNUM},
    {"maxnum", "fmax", CALL_MINMAX, FP_MAXNUM},
    {"minimum", NULL, CALL_MINMAX, FP_MINIMUM},
    {"maximum", NULL, CALL_MINMAX, FP_MAXIMUM},
    {"minimumnum", NULL, CALL_MINMAX, FP_MINIMUMNUM},
    {"maximumnum", NULL, CALL_MINMAX, FP_MAXIMUMNUM},
    {"fma", "fma", CALL_FMA, 0},
    {"fmuladd", NULL, CALL_FMULADD, 0},
    {"pow", "pow", CALL_POW, 0},
    {"powi", NULL, CALL_POWI, 0},
    {NULL, "fmod", CALL_REM, 0},      /* frem's C name: exact in IEEE 754 */
    {"is", NULL, CALL_IS_FPCLASS, 0}, /* llvm.is.fpclass */
};
enum { CALL_NAME_COUNT = sizeof call_names / sizeof *call_names };

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
    for (size_t i = 0; i < CALL_NAME_COUNT; ++i)
      if (call_names[i].intrinsic &&
          strlen(call_names[i].intrinsic) == base_length &&
          strncmp(call_names[i].intrinsic, base, base_length) == 0)
        return found(&call_names[i], unary_fn, minmax);
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
  for (size_t i = 0; i < CALL_NAME_COUNT; ++i) {
    const char *libm = call_names[i].libm;
    size_t n = libm ? strlen(libm) : 0;
    if (!libm || strncmp(libm, name, n) != 0)
      continue;
    if (length == n || (length == n + 1 && (name[n] == 'f' || name[n] == 'l')))
      return found(&call_names[i], unary_fn, minmax);
  }
  return CALL_OTHER;
}

int_minmax_kind int_classify_minmax(LLVMValueRef call) {
  static const struct {
    const char *name; /* llvm.NAME. */
    int_minmax_kind kind;
  } names[] = {{"llvm.smin.", INT_SMIN},
               {"llvm.smax.", INT_SMAX},
               {"llvm.umin.", INT_UMIN},
               {"llvm.umax.", INT_UMAX}};
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!callee || !LLVMIsAFunction(callee) || LLVMGetNumArgOperands(call) != 2)
    return INT_MINMAX_NONE;
  size_t length = 0;
  const char *name = LLVMGetValueName2(callee, &length);
  for (size_t i = 0; i < sizeof names / sizeof *names; ++i)
    if (length > strlen(names[i].name) &&
        strncmp(name, names[i].name, strlen(names[i].name)) == 0)
      return names[i].kind;
  return INT_MINMAX_NONE;
}
