/* What a function's string attributes say to fprange: an attribute's
 * value, and the denormal mode of each format ("denormal-fp-math",
 * "denormal-fp-math-f32"). Below the analysis, which joins a function's
 * modes with the program's, and program.c, which joins every function's
 * into the program's; tables.c reads "no-builtins" with it. */
#include "fprange_internal.h"

#include <llvm-c/Core.h>
#include <string.h>

const char *fprange_function_attribute(LLVMValueRef function, const char *key,
                                       unsigned *length) {
  LLVMAttributeRef attribute = LLVMGetStringAttributeAtIndex(
      function, LLVMAttributeFunctionIndex, key, (unsigned)strlen(key));
  *length = 0;
  return attribute ? LLVMGetStringAttributeValue(attribute, length) : NULL;
}


/* One denormal mode as LLVM spells it; an unknown spelling may be
 * anything. */
static fp_flush parse_flush(const char *text, size_t length) {
  if (length == 4 && memcmp(text, "ieee", 4) == 0)
    return FP_FLUSH_NONE;
  if (length == 13 && memcmp(text, "preserve-sign", 13) == 0)
    return FP_FLUSH_PRESERVE_SIGN;
  if (length == 13 && memcmp(text, "positive-zero", 13) == 0)
    return FP_FLUSH_POSITIVE_ZERO;
  return FP_FLUSH_ANY; /* "dynamic", or unknown */
}

/* The "denormal-fp-math" value: "OUTPUT,INPUT" or one mode for both. A
 * subnormal may be flushed on output or read as zero on input: the set
 * of zeros it may become is the union of the two. */
static fp_flush parse_denormal_mode(LLVMValueRef function, const char *key,
                                    fp_flush unset) {
  unsigned length;
  const char *value = fprange_function_attribute(function, key, &length);
  if (!value)
    return unset;
  const char *comma = memchr(value, ',', length);
  if (!comma)
    return parse_flush(value, length);
  return fp_flush_join(
      parse_flush(value, (size_t)(comma - value)),
      parse_flush(comma + 1, length - (size_t)(comma + 1 - value)));
}

void fprange_function_denormal_modes(LLVMValueRef function,
                                     fp_flush modes[FP_FORMAT_COUNT]) {
  fp_flush all =
      parse_denormal_mode(function, "denormal-fp-math", FP_FLUSH_NONE);
  for (int f = 0; f < FP_FORMAT_COUNT; ++f)
    modes[f] = all;
  modes[FP_FLOAT] = parse_denormal_mode(function, "denormal-fp-math-f32", all);
}
