/* llvm_arrays: LLVM-C's array-filling calls, each sized from its count
 * (llvm_arrays.h says why this is the only file that calls them). */
#include "llvm_arrays.h"

#include <stdlib.h>

/* An array of `count` elements of `size` bytes, with room for one more. */
static void *allocate(unsigned count, size_t size) {
  void *array = calloc((size_t)count + 1, size);
  if (!array)
    abort();
  return array;
}

LLVMValueRef *ltofold_md_node_operands(LLVMValueRef node, unsigned *count) {
  *count = LLVMGetMDNodeNumOperands(node);
  LLVMValueRef *operands = allocate(*count, sizeof *operands);
  LLVMGetMDNodeOperands(node, operands);
  return operands;
}

LLVMTypeRef *ltofold_param_types(LLVMTypeRef function_type, unsigned *count) {
  *count = LLVMCountParamTypes(function_type);
  LLVMTypeRef *types = allocate(*count, sizeof *types);
  LLVMGetParamTypes(function_type, types);
  return types;
}

LLVMTypeRef *ltofold_struct_element_types(LLVMTypeRef struct_type,
                                          unsigned *count) {
  *count = LLVMCountStructElementTypes(struct_type);
  LLVMTypeRef *types = allocate(*count, sizeof *types);
  LLVMGetStructElementTypes(struct_type, types);
  return types;
}

LLVMTypeRef *ltofold_subtypes(LLVMTypeRef type, unsigned *count) {
  *count = LLVMGetNumContainedTypes(type);
  LLVMTypeRef *types = allocate(*count, sizeof *types);
  LLVMGetSubtypes(type, types);
  return types;
}

LLVMValueRef *ltofold_params(LLVMValueRef function, unsigned *count) {
  *count = LLVMCountParams(function);
  LLVMValueRef *params = allocate(*count, sizeof *params);
  LLVMGetParams(function, params);
  return params;
}

LLVMBasicBlockRef *ltofold_basic_blocks(LLVMValueRef function, unsigned *count) {
  *count = LLVMCountBasicBlocks(function);
  LLVMBasicBlockRef *blocks = allocate(*count, sizeof *blocks);
  LLVMGetBasicBlocks(function, blocks);
  return blocks;
}

LLVMAttributeRef *ltofold_attributes_at_index(LLVMValueRef function,
                                              LLVMAttributeIndex index,
                                              unsigned *count) {
  *count = LLVMGetAttributeCountAtIndex(function, index);
  LLVMAttributeRef *attributes = allocate(*count, sizeof *attributes);
  LLVMGetAttributesAtIndex(function, index, attributes);
  return attributes;
}

LLVMAttributeRef *ltofold_call_site_attributes(LLVMValueRef call,
                                               LLVMAttributeIndex index,
                                               unsigned *count) {
  *count = LLVMGetCallSiteAttributeCount(call, index);
  LLVMAttributeRef *attributes = allocate(*count, sizeof *attributes);
  LLVMGetCallSiteAttributes(call, index, attributes);
  return attributes;
}

LLVMValueRef *ltofold_named_metadata_operands(LLVMModuleRef module,
                                              const char *name,
                                              unsigned *count) {
  *count = LLVMGetNamedMetadataNumOperands(module, name);
  LLVMValueRef *operands = allocate(*count, sizeof *operands);
  if (*count)
    LLVMGetNamedMetadataOperands(module, name, operands);
  return operands;
}
