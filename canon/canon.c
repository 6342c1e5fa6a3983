/* Placeholder until the canonicalizer lands: changes nothing. */
#include "ltofold_canon.h"

void ltofold_canon_options_default(ltofold_canon_options *options) {
  options->reorder = options->rename = options->sort_operands = true;
}

void ltofold_canon_function(LLVMValueRef function,
                            const ltofold_canon_options *options,
                            ltofold_canon_result *result) {}

void ltofold_canon_module(LLVMModuleRef module,
                          const ltofold_canon_options *options,
                          ltofold_canon_result *result) {}
