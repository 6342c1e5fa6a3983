/* type_size: see type_size.h. */
#include "type_size.h"

bool ltofold_has_fixed_size(LLVMTypeRef type) {
  switch (LLVMGetTypeKind(type)) {
  case LLVMScalableVectorTypeKind:
  case LLVMTargetExtTypeKind:
  case LLVMVoidTypeKind:
  case LLVMLabelTypeKind:
  case LLVMMetadataTypeKind:
  case LLVMTokenTypeKind:
  case LLVMFunctionTypeKind:
    return false;
  case LLVMArrayTypeKind:
  case LLVMVectorTypeKind:
    return ltofold_has_fixed_size(LLVMGetElementType(type));
  case LLVMStructTypeKind: {
    if (LLVMIsOpaqueStruct(type))
      return false;
    unsigned count = LLVMCountStructElementTypes(type);
    for (unsigned i = 0; i < count; ++i)
      if (!ltofold_has_fixed_size(LLVMStructGetTypeAtIndex(type, i)))
        return false;
    return true;
  }
  default:
    return LLVMTypeIsSized(type);
  }
}

bool ltofold_fixed_abi_size(LLVMTargetDataRef layout, LLVMTypeRef type,
                            uint64_t *bytes) {
  if (!ltofold_has_fixed_size(type))
    return false;
  *bytes = LLVMABISizeOfType(layout, type);
  return true;
}
