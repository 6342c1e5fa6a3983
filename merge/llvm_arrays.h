/* llvm_arrays: every LLVM-C call that fills an array the caller provides,
 * behind one function each that sizes the array from the matching count.
 *
 * LLVMGetMDNodeOperands, LLVMGetParamTypes, LLVMGetAttributesAtIndex and
 * their kin write as many elements as the object has, whatever the caller
 * allocated. The write happens inside libLLVM, which the sanitizer build
 * does not instrument, so an array sized from a guess ("a !prof node has two
 * operands") overflows silently in the ASan build and crashes the plain one
 * on the first input with one operand more (a function_entry_count with its
 * imported GUIDs). So no file but llvm_arrays.c calls them:
 * scripts/check-llvm-c-calls.py, run by the test suite, fails on a direct call
 * anywhere else.
 *
 * Each function returns a malloc'd array (never NULL: it aborts when memory
 * runs out, as the rest of ltofold does) holding exactly *count elements,
 * with room for one more so that an empty array is still an allocation. The
 * caller frees it with free(). */
#ifndef LTOFOLD_LLVM_ARRAYS_H
#define LTOFOLD_LLVM_ARRAYS_H

#include <llvm-c/Core.h>

/* The operands of a metadata node given as a value (LLVMMetadataAsValue). */
LLVMValueRef *ltofold_md_node_operands(LLVMValueRef node, unsigned *count);
/* The parameter types of a function type. */
LLVMTypeRef *ltofold_param_types(LLVMTypeRef function_type, unsigned *count);
/* The element types of a struct type. */
LLVMTypeRef *ltofold_struct_element_types(LLVMTypeRef struct_type,
                                          unsigned *count);
/* The types a type contains (LLVMGetSubtypes). */
LLVMTypeRef *ltofold_subtypes(LLVMTypeRef type, unsigned *count);
/* The arguments of a function. */
LLVMValueRef *ltofold_params(LLVMValueRef function, unsigned *count);
/* The basic blocks of a function, in layout order. */
LLVMBasicBlockRef *ltofold_basic_blocks(LLVMValueRef function, unsigned *count);
/* The attributes of a function at one index (return, function, parameter). */
LLVMAttributeRef *ltofold_attributes_at_index(LLVMValueRef function,
                                              LLVMAttributeIndex index,
                                              unsigned *count);
/* The attributes of a call site at one index. */
LLVMAttributeRef *ltofold_call_site_attributes(LLVMValueRef call,
                                               LLVMAttributeIndex index,
                                               unsigned *count);
/* The operands of a module's named metadata (none when it has none). */
LLVMValueRef *ltofold_named_metadata_operands(LLVMModuleRef module,
                                              const char *name,
                                              unsigned *count);

#endif
