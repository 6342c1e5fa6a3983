/* The canon library through its API (canon/ltofold_canon.h), on real
 * modules and small ones: the result verifies, the counters add up, each
 * option turns its step off, and the canonical form is a fixed point in the
 * same process too (idempotence without a round trip through text). */
#include "canon_internal.h"
#include "ltofold_canon.h"
#include "support_modules.h"

#include <criterion/criterion.h>
#include <llvm-c/Analysis.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static LLVMContextRef context;
static void context_setup(void) { context = LLVMContextCreate(); }
static void context_teardown(void) { LLVMContextDispose(context); }
TestSuite(canon_api, .init = context_setup, .fini = context_teardown,
          .timeout = 120);

static void expect_verifies(LLVMModuleRef module, const char *when) {
  char *message = NULL;
  bool broken = LLVMVerifyModule(module, LLVMReturnStatusAction, &message);
  cr_assert_not(broken, "module does not verify %s: %s", when, message);
  LLVMDisposeMessage(message);
}

/* The module's text without its first line (the ModuleID). */
static char *module_text(LLVMModuleRef module) {
  char *text = LLVMPrintModuleToString(module);
  char *copy = strdup(text);
  LLVMDisposeMessage(text);
  return copy;
}

static const char *const small_module =
    "declare void @use(i32)\n"
    "define i32 @f(i32 %x, i32 %y, i1 %c) {\n"
    "entry:\n"
    "  %k = mul i32 3, %x\n"
    "  br i1 %c, label %b, label %a\n"
    "a:\n"
    "  %u = add i32 %y, %k\n"
    "  call void @use(i32 %u)\n"
    "  br label %j\n"
    "b:\n"
    "  br label %j\n"
    "j:\n"
    "  %p = phi i32 [ %u, %a ], [ %k, %b ]\n"
    "  ret i32 %p\n"
    "}\n";

Test(canon_api, counts_what_it_does) {
  LLVMModuleRef module = test_parse_ir(context, "small", small_module);
  ltofold_canon_options options;
  ltofold_canon_options_default(&options);
  cr_assert(options.reorder && options.rename && options.sort_operands);
  ltofold_canon_result result = {0};
  ltofold_canon_module(module, &options, &result);
  expect_verifies(module, "after canon");
  cr_assert_eq(result.functions, 1, "one definition, one declaration");
  cr_assert_eq(result.operands_swapped, 2, "mul 3, %%x and add %%y, %%k");
  cr_assert_eq(result.phis_sorted, 1, "edges from a and b, blocks b first");
  LLVMValueRef f = LLVMGetNamedFunction(module, "f");
  size_t length = 0;
  cr_assert_str_eq(LLVMGetValueName2(LLVMGetParam(f, 0), &length), "a0");
  LLVMDisposeModule(module);
}

Test(canon_api, options_turn_steps_off) {
  LLVMModuleRef module = test_parse_ir(context, "small", small_module);
  char *before = module_text(module);
  ltofold_canon_options options = {
      .reorder = false, .rename = false, .sort_operands = false};
  ltofold_canon_result result = {0};
  ltofold_canon_module(module, &options, &result);
  char *after = module_text(module);
  cr_assert_str_eq(after, before, "nothing enabled, nothing changed");
  cr_assert_eq(result.functions, 1);
  cr_assert_eq(result.instructions_moved + result.operands_swapped +
                   result.phis_sorted,
               0);
  free(before);
  free(after);
  LLVMDisposeModule(module);
}

/* Canonicalizing twice in one process changes nothing the second time,
 * on a real template-heavy module and an -O0 one. */
static void expect_fixed_point(const char *path) {
  LLVMModuleRef module = test_load_module(context, path);
  ltofold_canon_options options;
  ltofold_canon_options_default(&options);
  ltofold_canon_result first = {0}, second = {0};
  ltofold_canon_module(module, &options, &first);
  expect_verifies(module, "after one canon");
  char *once = module_text(module);
  ltofold_canon_module(module, &options, &second);
  char *twice = module_text(module);
  cr_assert(first.functions > 0);
  cr_assert(first.instructions_moved + first.operands_swapped > 0,
            "%s: canon changed nothing", path);
  cr_assert_eq(second.instructions_moved, 0, "%s: moved again", path);
  cr_assert_eq(second.operands_swapped, 0, "%s: swapped again", path);
  cr_assert_eq(second.phis_sorted, 0, "%s: PHIs sorted again", path);
  cr_assert(!strcmp(once, twice), "%s: second canon changed the text", path);
  free(once);
  free(twice);
  LLVMDisposeModule(module);
}

Test(canon_api, fixed_point_on_real_modules) {
  expect_fixed_point(LTOFOLD_TEST_MODULES "/templates.bc");
  expect_fixed_point(LTOFOLD_TEST_MODULES "/near_identical_O0.bc");
}

Test(canon_api, declarations_are_left_alone) {
  LLVMModuleRef module =
      test_parse_ir(context, "declaration", "declare i32 @g(i32 %x)\n");
  ltofold_canon_options options;
  ltofold_canon_options_default(&options);
  ltofold_canon_result result = {0};
  ltofold_canon_function(LLVMGetNamedFunction(module, "g"), &options, &result);
  cr_assert_eq(result.functions, 0);
  LLVMDisposeModule(module);
}

/* Functions that differ only in the names of the functions they call: with
 * ignore_global_names, the commutative add of the two results gets its
 * operands in the same order in all of them (the first call's result
 * first, or in all of them second); without it, the callee names decide,
 * and some functions get the other order. */
static int first_operand_is_first_call(LLVMValueRef function) {
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(function);
  LLVMValueRef first_call = LLVMGetFirstInstruction(entry);
  LLVMValueRef add = LLVMGetPreviousInstruction(LLVMGetLastInstruction(entry));
  cr_assert_eq(LLVMGetInstructionOpcode(add), LLVMAdd);
  return LLVMGetOperand(add, 0) == first_call;
}

static int count_first_call_first(bool ignore_global_names) {
  char text[8192] = "";
  for (int i = 0; i < 16; ++i) {
    char function[512];
    snprintf(function, sizeof function,
             "declare i64 @left%d()\n"
             "declare i64 @right%d()\n"
             "define i64 @f%d() {\n"
             "  %%x = call i64 @left%d()\n"
             "  %%y = call i64 @right%d()\n"
             "  %%s = add i64 %%x, %%y\n"
             "  ret i64 %%s\n"
             "}\n",
             i, i, i, i, i);
    strcat(text, function);
  }
  LLVMModuleRef module = test_parse_ir(context, "callees", text);
  ltofold_canon_options options;
  ltofold_canon_options_default(&options);
  options.ignore_global_names = ignore_global_names;
  ltofold_canon_result result = {0};
  ltofold_canon_module(module, &options, &result);
  expect_verifies(module, "after canon");
  int count = 0;
  for (int i = 0; i < 16; ++i) {
    char name[16];
    snprintf(name, sizeof name, "f%d", i);
    count += first_operand_is_first_call(LLVMGetNamedFunction(module, name));
  }
  LLVMDisposeModule(module);
  return count;
}

Test(canon_api, ignore_global_names_orders_alike) {
  int alike = count_first_call_first(true);
  cr_assert(alike == 0 || alike == 16, "%d of 16 in one order", alike);
  int by_name = count_first_call_first(false);
  cr_assert(by_name > 0 && by_name < 16,
            "callee names should decide the order without the option (%d)",
            by_name);
}

/* Pairs of functions equal but for loading pointers in one and i64 in the
 * other (merge's comparator reads an address-space-0 pointer as the
 * pointer-sized integer): with pointers_as_integers, the operands of the
 * symmetric compare come out in the same order in both of each pair. */
static int pairs_in_same_order(bool pointers_as_integers) {
  char text[16384] =
      "target datalayout = \"e-m:e-p:64:64-i64:64-n8:16:32:64\"\n";
  for (int i = 0; i < 16; ++i) {
    for (int kind = 0; kind < 2; ++kind) {
      const char *type = kind ? "i64" : "ptr";
      char function[512];
      snprintf(function, sizeof function,
               "define i1 @%s%d(ptr %%p) {\n"
               "  %%a = getelementptr i8, ptr %%p, i64 %d\n"
               "  %%x = load %s, ptr %%a\n"
               "  %%y = load %s, ptr %%p\n"
               "  %%c = icmp eq %s %%x, %%y\n"
               "  ret i1 %%c\n"
               "}\n",
               kind ? "int" : "ptr", i, i + 1, type, type, type);
      strcat(text, function);
    }
  }
  LLVMModuleRef module = test_parse_ir(context, "pointers", text);
  ltofold_canon_options options;
  ltofold_canon_options_default(&options);
  options.pointers_as_integers = pointers_as_integers;
  ltofold_canon_result result = {0};
  ltofold_canon_module(module, &options, &result);
  expect_verifies(module, "after canon");
  int same = 0;
  for (int i = 0; i < 16; ++i) {
    int first[2];
    for (int kind = 0; kind < 2; ++kind) {
      char name[16];
      snprintf(name, sizeof name, "%s%d", kind ? "int" : "ptr", i);
      LLVMValueRef f = LLVMGetNamedFunction(module, name);
      LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(f);
      LLVMValueRef compare =
          LLVMGetPreviousInstruction(LLVMGetLastInstruction(entry));
      cr_assert_eq(LLVMGetInstructionOpcode(compare), LLVMICmp);
      LLVMValueRef left = LLVMGetOperand(compare, 0);
      /* Which load: the one through the GEP or the one from %p. */
      first[kind] = LLVMGetOperand(left, 0) == LLVMGetParam(f, 0);
    }
    same += first[0] == first[1];
  }
  LLVMDisposeModule(module);
  return same;
}

Test(canon_api, pointers_as_integers_orders_alike) {
  cr_assert_eq(pairs_in_same_order(true), 16);
  cr_assert_lt(pairs_in_same_order(false), 16,
               "pointer and integer types should hash apart by default");
}

/* Switch cases, compare orientation, sinking and module order, counted;
 * each turned off by its option. */
static const char *const ordering_module =
    "@z = global i32 0\n"
    "@a = global i32 1\n"
    "define i32 @late(i32 %x, i32 %y, ptr %p) {\n"
    "entry:\n"
    "  %g = getelementptr i8, ptr %p, i64 8\n"
    "  %c = icmp sgt i32 %y, %x\n"
    "  br i1 %c, label %use, label %sw\n"
    "use:\n"
    "  %v = load i32, ptr %g\n"
    "  ret i32 %v\n"
    "sw:\n"
    "  switch i32 %x, label %use [ i32 9, label %nine\n"
    "                             i32 2, label %two ]\n"
    "nine:\n"
    "  ret i32 9\n"
    "two:\n"
    "  ret i32 2\n"
    "}\n"
    "define i32 @early() {\n"
    "  ret i32 0\n"
    "}\n";

Test(canon_api, orders_cases_compares_blocks_and_module) {
  LLVMModuleRef module = test_parse_ir(context, "ordering", ordering_module);
  ltofold_canon_options options;
  ltofold_canon_options_default(&options);
  cr_assert(options.order_module);
  ltofold_canon_result result = {0};
  ltofold_canon_module(module, &options, &result);
  expect_verifies(module, "after canon");
  cr_assert_eq(result.switches_sorted, 1);
  cr_assert_eq(result.operands_swapped, 1, "icmp sgt %%y, %%x mirrored");
  cr_assert_eq(result.instructions_sunk, 1,
               "the GEP, used only in %%use, which entry dominates");
  size_t length = 0;
  cr_assert_str_eq(LLVMGetValueName2(LLVMGetFirstFunction(module), &length),
                   "early");
  cr_assert_str_eq(LLVMGetValueName2(LLVMGetFirstGlobal(module), &length),
                   "a");
  cr_assert_gt(result.globals_moved, 0);
  LLVMDisposeModule(module);

  module = test_parse_ir(context, "ordering", ordering_module);
  options.order_module = false;
  options.sort_operands = false;
  memset(&result, 0, sizeof result);
  ltofold_canon_module(module, &options, &result);
  expect_verifies(module, "after canon without module order");
  cr_assert_eq(result.switches_sorted + result.operands_swapped +
                   result.globals_moved,
               0);
  cr_assert_str_eq(LLVMGetValueName2(LLVMGetFirstFunction(module), &length),
                   "late");
  LLVMDisposeModule(module);
}

Test(canon_api, name_stems) {
  static const struct {
    const char *name, *stem;
  } cases[] = {{"f.llvm.1234", "f"}, {".str.12", ".str"},
               {".str.1.40", ".str"}, {"g", "g"},
               {"h.cold", "h.cold"}, {"v2", "v2"}, {"x.5y", "x.5y"}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; ++i) {
    size_t length = ltofold_canon_name_stem(cases[i].name,
                                            strlen(cases[i].name));
    cr_assert_eq(length, strlen(cases[i].stem), "%s", cases[i].name);
  }
}

/* Unique names (naming.c): the least free ".N" from 1, whatever was taken
 * before, and by another base; each name added once. */
Test(canon_api, unique_names_take_the_least_free_suffix) {
  canon_name_set set;
  canon_name_set_init(&set);
  char name[64];
  cr_assert(canon_name_set_add(&set, "v.3"));
  const char *expected[] = {"v", "v.1", "v.2", "v.4", "v.5"};
  for (size_t i = 0; i < 5; ++i) {
    canon_name_set_add_unique(&set, "v", name, sizeof name);
    cr_expect_str_eq(name, expected[i]);
  }
  canon_name_set_add_unique(&set, "v.4", name, sizeof name);
  cr_expect_str_eq(name, "v.4.1");
  for (unsigned i = 0; i < 20000; ++i)
    canon_name_set_add_unique(&set, "w", name, sizeof name);
  cr_expect_str_eq(name, "w.19999");
  cr_expect_not(canon_name_set_add(&set, "w.12345"));
  cr_expect(canon_name_set_add(&set, "w.20000"));
  canon_name_set_free(&set);
}
