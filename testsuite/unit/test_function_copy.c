/* function_copy (merge/function_copy.cpp): similar.c moves a function's
 * blocks into a merged body; when the check refuses the group, the
 * function takes its body back from the copy taken before. Afterwards it
 * must print as it did, and the copy must be gone. */
#include "function_copy.h"
#include "support_modules.h"

#include <criterion/criterion.h>
#include <llvm-c/Analysis.h>
#include <string.h>

static const char *const module_text =
    "declare void @log(i32)\n"
    "define internal i32 @walk(i32 %n, ptr %p) #0 {\n"
    "entry:\n  %z = icmp eq i32 %n, 0\n  br i1 %z, label %out, label %more\n"
    "more:\n  %m = sub i32 %n, 1\n  call void @log(i32 %m)\n"
    "  %r = call i32 @walk(i32 %m, ptr %p)\n  store i32 %r, ptr %p\n  br label %out\n"
    "out:\n  %v = phi i32 [0, %entry], [%r, %more]\n  ret i32 %v\n}\n"
    "attributes #0 = { nounwind willreturn }\n";

static char *print(LLVMValueRef fn) { return LLVMPrintValueToString(fn); }

Test(function_copy, body_moved_away_comes_back) {
  LLVMContextRef context = LLVMContextCreate();
  LLVMModuleRef module = test_parse_ir(context, "copy", module_text);
  LLVMValueRef walk = LLVMGetNamedFunction(module, "walk");
  char *before = print(walk);
  LLVMValueRef copy = ltofold_copy_function(walk);
  cr_assert(copy && copy != walk);
  cr_expect_eq(LLVMCountBasicBlocks(copy), 3);

  /* What building a merged body does to the representative. */
  LLVMValueRef body = LLVMAddFunction(module, "body", LLVMGlobalGetValueType(walk));
  for (unsigned i = 0; i < LLVMCountParams(walk); ++i)
    LLVMReplaceAllUsesWith(LLVMGetParam(walk, i), LLVMGetParam(body, i));
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(walk), next; bb; bb = next) {
    next = LLVMGetNextBasicBlock(bb);
    LLVMRemoveBasicBlockFromParent(bb);
    LLVMAppendExistingBasicBlock(body, bb);
  }
  LLVMRemoveEnumAttributeAtIndex(walk, LLVMAttributeFunctionIndex,
                                 LLVMGetEnumAttributeKindForName("nounwind", 8));

  ltofold_restore_from_copy(walk, copy);
  LLVMDeleteFunction(body);
  char *after = print(walk);
  cr_expect_str_eq(after, before);
  size_t functions = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f; f = LLVMGetNextFunction(f))
    functions++;
  cr_expect_eq(functions, 2, "log and walk: the copy is gone");
  char *error = NULL;
  cr_expect_not(LLVMVerifyModule(module, LLVMReturnStatusAction, &error), "%s", error);
  LLVMDisposeMessage(error);
  LLVMDisposeMessage(before);
  LLVMDisposeMessage(after);
  LLVMDisposeModule(module);
  LLVMContextDispose(context);
}
