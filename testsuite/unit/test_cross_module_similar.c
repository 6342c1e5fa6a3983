/* Similar functions across modules (merge/cross_module.c): places of
 * constants found in one copy of a body read the same constants in
 * another; the home's merge of a kept function and members of its class
 * makes one hidden body and thunks, and gives each member's places; a
 * member's module rebuilt from its own copy of the body calls the body
 * with the constants the home's thunk passes. */
#include "ltofold_merge.h"
#include "support_modules.h"

#include <criterion/criterion.h>
#include <llvm-c/Analysis.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static LLVMContextRef context;
static void context_setup(void) { context = LLVMContextCreate(); }
static void context_teardown(void) { LLVMContextDispose(context); }
TestSuite(cross_module_similar, .init = context_setup,
          .fini = context_teardown);

/* Three functions alike but for their constants (a mask, a multiplier, a
 * threshold and two offsets), big enough for merging to pay, and one of
 * another shape. */
static const char *const checksums =
    "define i64 @first(ptr %v, i32 %n) {\n"
    "entry:\n"
    "  %positive = icmp sgt i32 %n, 0\n"
    "  br i1 %positive, label %loop, label %done\n"
    "loop:\n"
    "  %i = phi i32 [ 0, %entry ], [ %next, %loop ]\n"
    "  %sum = phi i64 [ 1000, %entry ], [ %new, %loop ]\n"
    "  %at = getelementptr i64, ptr %v, i32 %i\n"
    "  %x = load i64, ptr %at\n"
    "  %masked = xor i64 %x, 47\n"
    "  %scaled = mul i64 %sum, 37\n"
    "  %added = add i64 %scaled, %masked\n"
    "  %r1 = lshr i64 %added, 7\n"
    "  %r2 = shl i64 %added, 57\n"
    "  %r3 = or i64 %r1, %r2\n"
    "  %r4 = xor i64 %r3, %sum\n"
    "  %r5 = lshr i64 %r4, 13\n"
    "  %r6 = shl i64 %r4, 51\n"
    "  %r7 = or i64 %r5, %r6\n"
    "  %r8 = add i64 %r7, %x\n"
    "  %big = icmp sgt i64 %r8, 5000\n"
    "  %less = add i64 %r8, -77\n"
    "  %more = add i64 %r8, 11\n"
    "  %new = select i1 %big, i64 %less, i64 %more\n"
    "  %next = add i32 %i, 1\n"
    "  %again = icmp slt i32 %next, %n\n"
    "  br i1 %again, label %loop, label %done\n"
    "done:\n"
    "  %result = phi i64 [ 0, %entry ], [ %new, %loop ]\n"
    "  ret i64 %result\n"
    "}\n"
    "define i64 @second(ptr %v, i32 %n) {\n"
    "entry:\n"
    "  %positive = icmp sgt i32 %n, 0\n"
    "  br i1 %positive, label %loop, label %done\n"
    "loop:\n"
    "  %i = phi i32 [ 0, %entry ], [ %next, %loop ]\n"
    "  %sum = phi i64 [ 1000, %entry ], [ %new, %loop ]\n"
    "  %at = getelementptr i64, ptr %v, i32 %i\n"
    "  %x = load i64, ptr %at\n"
    "  %masked = xor i64 %x, 61\n"
    "  %scaled = mul i64 %sum, 41\n"
    "  %added = add i64 %scaled, %masked\n"
    "  %r1 = lshr i64 %added, 7\n"
    "  %r2 = shl i64 %added, 57\n"
    "  %r3 = or i64 %r1, %r2\n"
    "  %r4 = xor i64 %r3, %sum\n"
    "  %r5 = lshr i64 %r4, 13\n"
    "  %r6 = shl i64 %r4, 51\n"
    "  %r7 = or i64 %r5, %r6\n"
    "  %r8 = add i64 %r7, %x\n"
    "  %big = icmp sgt i64 %r8, 4000\n"
    "  %less = add i64 %r8, -91\n"
    "  %more = add i64 %r8, 13\n"
    "  %new = select i1 %big, i64 %less, i64 %more\n"
    "  %next = add i32 %i, 1\n"
    "  %again = icmp slt i32 %next, %n\n"
    "  br i1 %again, label %loop, label %done\n"
    "done:\n"
    "  %result = phi i64 [ 0, %entry ], [ %new, %loop ]\n"
    "  ret i64 %result\n"
    "}\n"
    "define i64 @third(ptr %v, i32 %n) {\n"
    "entry:\n"
    "  %positive = icmp sgt i32 %n, 0\n"
    "  br i1 %positive, label %loop, label %done\n"
    "loop:\n"
    "  %i = phi i32 [ 0, %entry ], [ %next, %loop ]\n"
    "  %sum = phi i64 [ 1000, %entry ], [ %new, %loop ]\n"
    "  %at = getelementptr i64, ptr %v, i32 %i\n"
    "  %x = load i64, ptr %at\n"
    "  %masked = xor i64 %x, 21\n"
    "  %scaled = mul i64 %sum, 43\n"
    "  %added = add i64 %scaled, %masked\n"
    "  %r1 = lshr i64 %added, 7\n"
    "  %r2 = shl i64 %added, 57\n"
    "  %r3 = or i64 %r1, %r2\n"
    "  %r4 = xor i64 %r3, %sum\n"
    "  %r5 = lshr i64 %r4, 13\n"
    "  %r6 = shl i64 %r4, 51\n"
    "  %r7 = or i64 %r5, %r6\n"
    "  %r8 = add i64 %r7, %x\n"
    "  %big = icmp sgt i64 %r8, 6000\n"
    "  %less = add i64 %r8, -55\n"
    "  %more = add i64 %r8, 17\n"
    "  %new = select i1 %big, i64 %less, i64 %more\n"
    "  %next = add i32 %i, 1\n"
    "  %again = icmp slt i32 %next, %n\n"
    "  br i1 %again, label %loop, label %done\n"
    "done:\n"
    "  %result = phi i64 [ 0, %entry ], [ %new, %loop ]\n"
    "  ret i64 %result\n"
    "}\n"
    "define i64 @other(ptr %v, i32 %n) {\n"
    "  %x = load i64, ptr %v\n"
    "  %y = mul i64 %x, 3\n"
    "  %z = add i64 %y, 5\n"
    "  ret i64 %z\n"
    "}\n";

static void expect_verifies(LLVMModuleRef module) {
  char *message = NULL;
  bool broken = LLVMVerifyModule(module, LLVMReturnStatusAction, &message);
  cr_assert_not(broken, "module does not verify: %s", message);
  LLVMDisposeMessage(message);
}

/* The call a thunk makes. */
static LLVMValueRef thunk_call(LLVMValueRef thunk) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetFirstBasicBlock(thunk));
       i; i = LLVMGetNextInstruction(i))
    if (LLVMGetInstructionOpcode(i) == LLVMCall)
      return i;
  cr_assert_fail("%s is no thunk", test_name(thunk));
  return NULL;
}

Test(cross_module_similar, places_read_the_same_constants_in_a_copy) {
  LLVMModuleRef one = test_parse_ir(context, "one", checksums);
  LLVMModuleRef two = test_parse_ir(context, "two", checksums);
  LLVMValueRef fn = LLVMGetNamedFunction(one, "second");
  LLVMValueRef copy = LLVMGetNamedFunction(two, "second");
  LLVMTypeRef i64 = LLVMInt64TypeInContext(context);
  static const unsigned long long constants[] = {61, 41, 4000, 13};
  for (size_t c = 0; c < sizeof constants / sizeof *constants; ++c) {
    size_t instruction;
    unsigned operand;
    LLVMValueRef wanted = LLVMConstInt(i64, constants[c], false);
    cr_assert(ltofold_find_constant(fn, wanted, &instruction, &operand),
              "%llu not found", constants[c]);
    cr_assert_eq(ltofold_constant_at(fn, instruction, operand), wanted);
    cr_assert_eq(ltofold_constant_at(copy, instruction, operand), wanted);
  }
  size_t instruction;
  unsigned operand;
  cr_assert_not(ltofold_find_constant(fn, LLVMConstInt(i64, 999999, false),
                                      &instruction, &operand));
  /* Not a constant (icmp's first operand, %n), and out of range. */
  cr_assert_null(ltofold_constant_at(fn, 0, 0));
  cr_assert_null(ltofold_constant_at(fn, 0, 7));
  cr_assert_null(ltofold_constant_at(fn, 1000, 0));
}

Test(cross_module_similar, home_merges_and_member_module_calls_the_body) {
  LLVMModuleRef home = test_parse_ir(context, "home", checksums);
  LLVMModuleRef member_module = test_parse_ir(context, "member", checksums);
  LLVMValueRef members[] = {LLVMGetNamedFunction(home, "second"),
                            LLVMGetNamedFunction(home, "third"),
                            LLVMGetNamedFunction(home, "other")};
  ltofold_constant_place *places[3];
  unsigned counts[3];
  ltofold_cross_module *cross = ltofold_cross_module_new(home);
  LLVMValueRef body = ltofold_cross_module_merge_similar(
      cross, LLVMGetNamedFunction(home, "first"), members, 3, "first.merged",
      places, counts);
  ltofold_cross_module_free(cross);
  cr_assert_not_null(body, "nothing merged");
  cr_assert_str_eq(test_name(body), "first.merged");
  cr_assert_eq(LLVMGetLinkage(body), LLVMExternalLinkage);
  cr_assert_eq(LLVMGetVisibility(body), LLVMHiddenVisibility);
  expect_verifies(home);
  /* @other is of another shape: not in the class, not folded. */
  cr_assert_null(places[2]);
  cr_assert_not_null(places[0]);
  cr_assert_not_null(places[1]);
  unsigned parameters = LLVMCountParams(body) - 2;
  cr_assert_geq(parameters, 1);
  /* The member's module: its own copy of @second becomes a thunk of the
   * body with the constants at the places, those the home's thunk of
   * @second passes. */
  LLVMValueRef member = LLVMGetNamedFunction(member_module, "second");
  LLVMValueRef home_call = thunk_call(LLVMGetNamedFunction(home, "second"));
  cr_assert_eq(counts[0], parameters);
  LLVMValueRef *constants = calloc(counts[0], sizeof *constants);
  cr_assert_not_null(constants);
  for (unsigned p = 0; p < counts[0]; ++p) {
    cr_assert_neq(places[0][p].instruction, SIZE_MAX);
    constants[p] = ltofold_constant_at(member, places[0][p].instruction,
                                       places[0][p].operand);
    cr_assert_not_null(constants[p]);
    /* The same constant (uniqued in the context) as the home passes. */
    cr_assert_eq(constants[p], LLVMGetOperand(home_call, 2 + p));
  }
  /* How its i32 is passed (zeroext) goes on the declaration, which the
   * module's members share; a fact of its own values (noundef) does not. */
  unsigned zeroext = LLVMGetEnumAttributeKindForName("zeroext", 7);
  unsigned noundef = LLVMGetEnumAttributeKindForName("noundef", 7);
  LLVMAddAttributeAtIndex(member, 2,
                          LLVMCreateEnumAttribute(context, zeroext, 0));
  LLVMAddAttributeAtIndex(member, 2,
                          LLVMCreateEnumAttribute(context, noundef, 0));
  ltofold_cross_module *apply = ltofold_cross_module_new(member_module);
  ltofold_skip_reason reason;
  cr_assert(ltofold_cross_module_similar_thunk(apply, member, "first.merged",
                                               constants, counts[0], &reason));
  ltofold_cross_module_free(apply);
  free(constants);
  expect_verifies(member_module);
  LLVMValueRef declared = LLVMGetNamedFunction(member_module, "first.merged");
  cr_assert(declared && LLVMIsDeclaration(declared));
  cr_assert_eq(LLVMGetVisibility(declared), LLVMHiddenVisibility);
  cr_assert_eq(LLVMGetCalledValue(thunk_call(member)), declared);
  cr_assert_not_null(LLVMGetEnumAttributeAtIndex(declared, 2, zeroext));
  cr_assert_null(LLVMGetEnumAttributeAtIndex(declared, 2, noundef));
  for (int i = 0; i < 3; ++i)
    free(places[i]);
}

Test(cross_module_similar, a_taken_name_merges_nothing) {
  LLVMModuleRef home = test_parse_ir(context, "home", checksums);
  LLVMValueRef members[] = {LLVMGetNamedFunction(home, "second")};
  ltofold_constant_place *places[1];
  unsigned counts[1];
  ltofold_cross_module *cross = ltofold_cross_module_new(home);
  cr_assert_null(ltofold_cross_module_merge_similar(
      cross, LLVMGetNamedFunction(home, "first"), members, 1, "other", places,
      counts));
  ltofold_cross_module_free(cross);
  cr_assert_null(places[0]);
  cr_assert_not(LLVMIsDeclaration(LLVMGetNamedFunction(home, "first")));
  cr_assert_gt(LLVMCountBasicBlocks(LLVMGetNamedFunction(home, "second")), 1);
}
