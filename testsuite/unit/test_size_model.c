/* merge's size model (size_model.h): which target a module's triple
 * chooses, what constants cost on each target (x86-64's immediates by
 * width and sign, AArch64's by half-word), when a function has an unwind
 * entry (llc's rule), and what a new function costs outside its code.
 * The numbers are those scripts/measure-size-model.py measured; the lit
 * test ir/merge/size-model.ll holds them to llc's own output. */
#include "size_model.h"
#include "support_modules.h"

#include <criterion/criterion.h>
#include <stdio.h>

static LLVMContextRef context;
static void context_setup(void) { context = LLVMContextCreate(); }
static void context_teardown(void) { LLVMContextDispose(context); }
TestSuite(size_model, .init = context_setup, .fini = context_teardown);

static const char body[] =
    "@global = global i64 0\n"
    "declare void @sink(...)\n"
    "declare i32 @personality(...)\n"
    "define void @constants() {\n"
    "  call void (...) @sink(ptr null, i32 7, i64 -1, i64 1099511627776,\n"
    "                        i64 305397760, i64 81985529216486895, ptr "
    "@global,\n"
    "                        double 0.1, double 0.0)\n"
    "  ret void\n"
    "}\n"
    "define void @with_table() uwtable { ret void }\n"
    "define void @without_table() nounwind { ret void }\n"
    "define void @may_throw() { ret void }\n"
    "define void @with_personality() nounwind personality ptr @personality {\n"
    "  ret void\n"
    "}\n";

static LLVMModuleRef module_for(const char *triple) {
  char text[2048];
  snprintf(text, sizeof text, "%s%s%s\n%s", triple ? "target triple = \"" : "",
           triple ? triple : "", triple ? "\"" : "", body);
  return test_parse_ir(context, triple ? triple : "no triple", text);
}

/* The call's arguments, in order. */
static LLVMValueRef argument(LLVMModuleRef module, unsigned index) {
  LLVMValueRef fn = LLVMGetNamedFunction(module, "constants");
  LLVMValueRef call = LLVMGetFirstInstruction(LLVMGetFirstBasicBlock(fn));
  return LLVMGetOperand(call, index);
}

Test(size_model, the_triple_chooses_the_target) {
  const char *aarch64[] = {"aarch64-unknown-linux-gnu", "arm64-apple-macosx14"};
  const char *x86[] = {"x86_64-pc-linux-gnu", "riscv64-unknown-linux-gnu",
                       NULL};
  for (size_t i = 0; i < 2; ++i) {
    LLVMModuleRef module = module_for(aarch64[i]);
    cr_expect_eq(size_model_target(size_model_for_module(module)),
                 SIZE_TARGET_AARCH64, "%s", aarch64[i]);
    LLVMDisposeModule(module);
  }
  for (size_t i = 0; i < 3; ++i) {
    LLVMModuleRef module = module_for(x86[i]);
    cr_expect_eq(
        size_model_target(size_model_for_module(module)), SIZE_TARGET_X86_64,
        "%s (unknown targets are priced as x86-64)", x86[i] ? x86[i] : "none");
    LLVMDisposeModule(module);
  }
}

Test(size_model, x86_64_constants) {
  LLVMModuleRef module = module_for("x86_64-pc-linux-gnu");
  const size_model *model = size_model_for_module(module);
  /* null, i32 7, i64 -1, i64 2^40, i64 0x12340000, a wide i64, an
   * address, double 0.1 (8 of code, 8 of pool), double 0.0 (xor) */
  unsigned expected[] = {2, 5, 7, 10, 5, 10, 7, 16, 2};
  for (unsigned i = 0; i < 9; ++i)
    cr_expect_eq(size_model_constant_bytes(model, argument(module, i)),
                 expected[i], "argument %u", i);
  cr_expect_eq(size_model_constant_pool_bytes(model, argument(module, 7)), 8);
  cr_expect_eq(size_model_constant_pool_bytes(model, argument(module, 8)), 0);
  LLVMDisposeModule(module);
}

Test(size_model, aarch64_constants) {
  LLVMModuleRef module = module_for("aarch64-unknown-linux-gnu");
  const size_model *model = size_model_for_module(module);
  /* null (mov from xzr), i32 7, i64 -1 (one movn), 2^40 (one half-word),
   * 0x12340000 (one), 0x0123456789abcdef (four), an address (adrp, add),
   * double 0.1 (adrp, ldr and 8 of pool), double 0.0 */
  unsigned expected[] = {4, 4, 4, 4, 4, 16, 8, 16, 4};
  for (unsigned i = 0; i < 9; ++i)
    cr_expect_eq(size_model_constant_bytes(model, argument(module, i)),
                 expected[i], "argument %u", i);
  LLVMDisposeModule(module);
}

Test(size_model, unwind_entries_as_llc_writes_them) {
  LLVMModuleRef module = module_for("x86_64-pc-linux-gnu");
  cr_expect(
      size_model_has_unwind_entry(LLVMGetNamedFunction(module, "with_table")));
  cr_expect_not(size_model_has_unwind_entry(
      LLVMGetNamedFunction(module, "without_table")));
  cr_expect(
      size_model_has_unwind_entry(LLVMGetNamedFunction(module, "may_throw")));
  cr_expect(size_model_has_unwind_entry(
      LLVMGetNamedFunction(module, "with_personality")));
  LLVMDisposeModule(module);
}

Test(size_model, a_new_function_outside_its_code) {
  LLVMModuleRef x86 = module_for("x86_64-pc-linux-gnu");
  LLVMModuleRef arm = module_for("aarch64-unknown-linux-gnu");
  const size_model *x = size_model_for_module(x86),
                   *a = size_model_for_module(arm);
  /* an FDE (20 bytes without a frame, more with one, the average of real
   * functions more still) and its 8-byte .eh_frame_hdr entry, or nothing */
  cr_expect_eq(size_model_unwind_bytes(x, true, SIZE_SHAPE_LEAF), 28);
  cr_expect_eq(size_model_unwind_bytes(x, true, SIZE_SHAPE_FRAME), 32);
  cr_expect_eq(size_model_unwind_bytes(x, true, SIZE_SHAPE_BODY), 54);
  cr_expect_eq(size_model_unwind_bytes(x, false, SIZE_SHAPE_BODY), 0);
  cr_expect_eq(size_model_unwind_bytes(a, true, SIZE_SHAPE_LEAF), 28);
  cr_expect_eq(size_model_unwind_bytes(a, true, SIZE_SHAPE_FRAME), 36);
  /* 8 bytes of padding on average on x86-64 (16-byte alignment), none on
   * AArch64 (4-byte instructions, 4-byte alignment) */
  cr_expect_eq(size_model_new_function_bytes(x, 10, true, SIZE_SHAPE_FRAME),
               10 + 8 + 32);
  cr_expect_eq(size_model_new_function_bytes(x, 10, false, SIZE_SHAPE_FRAME),
               10 + 8);
  cr_expect_eq(size_model_new_function_bytes(a, 12, true, SIZE_SHAPE_FRAME),
               12 + 36);
  cr_expect_eq(size_model_padded_bytes(x, 17), 32);
  cr_expect_eq(size_model_padded_bytes(a, 20), 20);
  /* a .symtab entry is named, but not loaded: no price above counts it */
  cr_expect_eq(size_model_symbol_bytes(x), 24);
  /* a thunk: the jump and its constants; with constants on the stack a frame */
  cr_expect_eq(size_model_thunk_bytes(x, 7, false), 12);
  cr_expect_eq(size_model_thunk_bytes(a, 8, false), 12);
  cr_expect_gt(size_model_thunk_bytes(x, 7, true), 12);
  cr_expect_eq(size_model_call_bytes(x, 5), 10);
  cr_expect_eq(size_model_call_bytes(a, 4), 8);
  LLVMDisposeModule(x86);
  LLVMDisposeModule(arm);
}
