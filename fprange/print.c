/* `ltofold fprange --print`: every FP value with its range, in the seed's
 * format (min, max, isInteger) plus the flags the seed did not have. */
#include "fprange_internal.h"

#include <llvm-c/Core.h>
#include <math.h>
#include <string.h>

void fp_format_bound(fp_format_id id, fp_bound x, char *buffer, size_t size) {
  if (isnan(x)) {
    snprintf(buffer, size, "nan");
    return;
  }
  if (isinf(x)) {
    snprintf(buffer, size, x > 0 ? "+inf" : "-inf");
    return;
  }
  /* Enough digits to round-trip the format: ceil(p * log10(2)) + 1. */
  int digits = (int)(fp_format_get(id)->precision * 0.30103) + 2;
  MPFR_DECL_INIT(value, FP_WORK_PRECISION);
  fp_set_bound(value, x);
  mpfr_snprintf(buffer, size, "%.*Rg", digits, value);
}

void fp_interval_print(fp_format_id id, const fp_interval *r, FILE *out) {
  char low[64], high[64];
  if (r->has_finite) {
    fp_format_bound(id, r->lo, low, sizeof low);
    fp_format_bound(id, r->hi, high, sizeof high);
  } else {
    snprintf(low, sizeof low, "none");
    snprintf(high, sizeof high, "none");
  }
  fprintf(out,
          "min: %s max: %s isInteger: %d nan: %d +inf: %d -inf: %d "
          "+0: %d -0: %d\n",
          low, high, r->has_finite && r->integer, r->nan, r->pos_inf,
          r->neg_inf, r->pos_zero, r->neg_zero);
}

static void print_value(fn_analysis *analysis, LLVMValueRef value, FILE *out) {
  value_range r = fn_analysis_range(analysis, value);
  if (r.kind != VALUE_FP)
    return;
  char *text = LLVMPrintValueToString(value);
  const char *shown = text;
  while (*shown == ' ')
    ++shown;
  fprintf(out, "  %s\n    ", shown);
  LLVMDisposeMessage(text);
  fp_interval_print(r.format, &r.as.fp, out);
}

static void print_function(fn_analysis *analysis, LLVMValueRef function,
                           const fprange_program *program, void *data) {
  (void)program;
  FILE *out = data;
  size_t length = 0;
  const char *name = LLVMGetValueName2(function, &length);
  fprintf(out, "function @%.*s%s\n", (int)length, name,
          fn_analysis_complete(analysis) ? "" : " (not analyzed)");
  unsigned params = LLVMCountParams(function);
  for (unsigned i = 0; i < params; ++i)
    print_value(analysis, LLVMGetParam(function, i), out);
  for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(function); block;
       block = LLVMGetNextBasicBlock(block)) {
    if (!fn_analysis_block_reachable(analysis, block))
      continue;
    for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst;
         inst = LLVMGetNextInstruction(inst))
      print_value(analysis, inst, out);
  }
}

void ltofold_fprange_print_with_options(LLVMModuleRef module,
                                        const ltofold_fprange_options *options,
                                        FILE *out) {
  fprange_analyze_module(module, options, true, print_function, out);
}

void ltofold_fprange_print(LLVMModuleRef module, bool any_rounding,
                           FILE *out) {
  ltofold_fprange_options options;
  ltofold_fprange_options_default(&options);
  options.any_rounding = any_rounding;
  ltofold_fprange_print_with_options(module, &options, out);
}
