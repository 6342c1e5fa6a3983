/* merge/snapshot.cpp on its own: a module changed every way merge changes
 * one (bodies rewritten, functions deleted and added, linkage, comdats,
 * aliases, metadata, order) and restored from a snapshot prints exactly as
 * before, and the functions that were there keep their objects. */
#include "snapshot.h"
#include "support_modules.h"

#include <criterion/criterion.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Comdat.h>
#include <stdlib.h>
#include <string.h>

static LLVMContextRef context;
static void context_setup(void) { context = LLVMContextCreate(); }
static void context_teardown(void) { LLVMContextDispose(context); }
TestSuite(restore, .init = context_setup, .fini = context_teardown);

static const char *const module_text =
    "$grouped = comdat any\n"
    "@table = internal global [2 x ptr] [ptr @f, ptr @g], align 16\n"
    "@counter = global i32 0, section \".data.counter\"\n"
    "@f_alias = alias i32 (i32), ptr @f\n"
    "define i32 @f(i32 %x) comdat($grouped) !prof !0 {\n"
    "entry:\n  %c = icmp sgt i32 %x, 0\n  br i1 %c, label %pos, label %neg\n"
    "pos:\n  %a = add nsw i32 %x, 1\n  ret i32 %a\n"
    "neg:\n  %b = call i32 @g(i32 %x)\n  ret i32 %b\n}\n"
    "define internal i32 @g(i32 %y) unnamed_addr {\n"
    "  %l = load i32, ptr @counter\n  %s = add i32 %l, %y\n  ret i32 %s\n}\n"
    "define ptr @addr() {\n  ret ptr blockaddress(@target, %there)\n}\n"
    "define void @target() {\nentry:\n  br label %there\nthere:\n  ret void\n}\n"
    "define i32 @main() {\n  %r = call i32 @f(i32 3)\n  ret i32 %r\n}\n"
    "declare i32 @external(i32)\n"
    "!0 = !{!\"function_entry_count\", i64 7}\n";

static char *print(LLVMModuleRef module) {
  char *text = LLVMPrintModuleToString(module);
  char *copy = strdup(text);
  LLVMDisposeMessage(text);
  return copy;
}

Test(restore, every_change_undone) {
  LLVMModuleRef module = test_parse_ir(context, "restore", module_text);
  char *before = print(module);
  LLVMMemoryBufferRef snapshot = LLVMWriteBitcodeToMemoryBuffer(module);
  LLVMValueRef f = LLVMGetNamedFunction(module, "f");
  LLVMValueRef main_fn = LLVMGetNamedFunction(module, "main");

  /* What merge does: g's uses go to a new function, g goes; f's body
   * becomes a call; linkage, comdat, metadata and order change. */
  LLVMValueRef g = LLVMGetNamedFunction(module, "g");
  LLVMValueRef merged = LLVMAddFunction(module, "f.ltofold.similar",
                                        LLVMGlobalGetValueType(g));
  LLVMBasicBlockRef block = LLVMAppendBasicBlockInContext(context, merged, "");
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(context);
  LLVMPositionBuilderAtEnd(builder, block);
  LLVMBuildRet(builder, LLVMGetParam(merged, 0));
  LLVMReplaceAllUsesWith(g, merged);
  LLVMDeleteFunction(g);
  LLVMBasicBlockRef first = LLVMGetFirstBasicBlock(f);
  while (first) {
    LLVMBasicBlockRef next = LLVMGetNextBasicBlock(first);
    LLVMDeleteBasicBlock(first);
    first = next;
  }
  block = LLVMAppendBasicBlockInContext(context, f, "");
  LLVMPositionBuilderAtEnd(builder, block);
  LLVMValueRef args[] = {LLVMGetParam(f, 0)};
  LLVMBuildRet(builder, LLVMBuildCall2(builder, LLVMGlobalGetValueType(merged),
                                       merged, args, 1, ""));
  LLVMDisposeBuilder(builder);
  LLVMSetLinkage(f, LLVMInternalLinkage);
  LLVMSetComdat(f, NULL);
  LLVMGlobalClearMetadata(f);
  LLVMSetLinkage(LLVMGetNamedGlobal(module, "counter"), LLVMInternalLinkage);
  LLVMMoveBasicBlockAfter(LLVMGetFirstBasicBlock(LLVMGetNamedFunction(module, "target")),
                          LLVMGetLastBasicBlock(LLVMGetNamedFunction(module, "target")));
  char *changed = print(module);
  cr_assert_str_neq(changed, before);
  free(changed);

  cr_assert(ltofold_module_restore(module, snapshot));
  char *after = print(module);
  cr_expect_str_eq(after, before);
  cr_expect_eq(LLVMGetNamedFunction(module, "f"), f, "f kept its object");
  cr_expect_eq(LLVMGetNamedFunction(module, "main"), main_fn, "main kept its object");
  cr_expect_null(LLVMGetNamedFunction(module, "f.ltofold.similar"));
  char *message = NULL;
  cr_expect_not(LLVMVerifyModule(module, LLVMReturnStatusAction, &message), "%s",
                message);
  LLVMDisposeMessage(message);
  free(after);
  free(before);
  LLVMDisposeMemoryBuffer(snapshot);
  LLVMDisposeModule(module);
}
