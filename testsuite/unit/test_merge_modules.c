/* ltofold_merge_module on real modules: the result verifies, the template-
 * heavy module has something to fold, the counts in the result agree with
 * each other and with the module, and a second run folds nothing (merging
 * is idempotent: after one run no two remaining functions are equal). */
#include "ltofold_merge.h"
#include "support_modules.h"

#include <criterion/criterion.h>
#include <llvm-c/Analysis.h>
#include <stdlib.h>
#include <string.h>

static LLVMContextRef context;
static void context_setup(void) { context = LLVMContextCreate(); }
static void context_teardown(void) { LLVMContextDispose(context); }
TestSuite(merge_modules, .init = context_setup, .fini = context_teardown,
          .timeout = 120);
TestSuite(merge_idempotent, .init = context_setup, .fini = context_teardown,
          .timeout = 120);

static void expect_verifies(LLVMModuleRef module, const char *when) {
  char *message = NULL;
  bool broken = LLVMVerifyModule(module, LLVMReturnStatusAction, &message);
  cr_assert_not(broken, "module does not verify %s: %s", when, message);
  LLVMDisposeMessage(message);
}

static size_t defined_count(LLVMModuleRef module) {
  size_t count = 0;
  free(test_defined_functions(module, &count));
  return count;
}

/* The result's own bookkeeping: counts add up, names are filled in, and
 * every kept function is still in the module, or was itself folded later
 * (a chain: G into F, then F into E). */
static void expect_consistent(LLVMModuleRef module,
                              const ltofold_merge_result *r, size_t returned,
                              size_t definitions_before) {
  cr_assert_eq(returned, r->merged);
  cr_assert_eq(r->fold_count, r->merged);
  cr_assert_eq(r->functions, definitions_before);
  cr_assert_leq(r->merged, r->candidates);
  cr_assert_leq(r->merged_recursive, r->merged);
  size_t by_method = 0;
  for (int m = 0; m < LTOFOLD_FOLD_METHOD_COUNT; ++m)
    by_method += r->by_method[m];
  cr_assert_eq(by_method, r->merged);
  for (size_t i = 0; i < r->fold_count; ++i) {
    const ltofold_fold *fold = &r->folds[i];
    cr_assert(fold->kept && fold->folded);
    cr_assert_str_neq(fold->kept, fold->folded);
    bool folded_later = false;
    for (size_t j = 0; j < r->fold_count; ++j)
      folded_later |= j != i && !strcmp(r->folds[j].folded, fold->kept);
    cr_assert(
        folded_later || LLVMGetNamedFunction(module, fold->kept) ||
            LLVMGetNamedGlobalAlias(module, fold->kept, strlen(fold->kept)),
        "kept function %s is gone", fold->kept);
  }
}

/* Merges `module` once with `options`; checks the module verifies after
 * and the result adds up; returns the number folded. */
static size_t merge_once(LLVMModuleRef module,
                         const ltofold_merge_options *options) {
  expect_verifies(module, "before merging");
  size_t before = defined_count(module);
  ltofold_merge_result result = {0};
  size_t merged = ltofold_merge_module(module, options, &result);
  expect_verifies(module, "after merging");
  expect_consistent(module, &result, merged, before);
  ltofold_merge_result_free(&result);
  return merged;
}

/* Merges `module` twice; the second run must fold nothing. */
static void expect_idempotent(LLVMModuleRef module,
                              const ltofold_merge_options *options) {
  cr_assert_gt(merge_once(module, options), 0);
  size_t after = defined_count(module);
  ltofold_merge_result second = {0};
  size_t again = ltofold_merge_module(module, options, &second);
  expect_verifies(module, "after merging twice");
  expect_consistent(module, &second, again, after);
  for (size_t i = 0; i < second.fold_count && i < 8; ++i)
    cr_log_error("second run folded %s into %s (%s)", second.folds[i].folded,
                 second.folds[i].kept,
                 ltofold_fold_method_name(second.folds[i].method));
  cr_assert_eq(again, 0, "a second run folded %zu more", again);
  ltofold_merge_result_free(&second);
}

static ltofold_merge_options options_with_aliases(bool aliases) {
  ltofold_merge_options options;
  ltofold_merge_options_default(&options);
  options.allow_aliases = aliases;
  return options;
}

static LLVMModuleRef templates(void) {
  return test_load_module(context, LTOFOLD_TEST_MODULES "/templates.bc");
}
static LLVMModuleRef near_identical_O0(void) {
  return test_load_module(context,
                          LTOFOLD_TEST_MODULES "/near_identical_O0.bc");
}
static LLVMModuleRef tricky(void) {
  return test_load_module(context, LTOFOLD_TEST_INPUTS "/tricky.ll");
}

Test(merge_modules, template_heavy_module_with_aliases) {
  ltofold_merge_options options = options_with_aliases(true);
  cr_assert_gt(merge_once(templates(), &options), 0);
}

Test(merge_modules, template_heavy_module_without_aliases) {
  ltofold_merge_options options = options_with_aliases(false);
  cr_assert_gt(merge_once(templates(), &options), 0);
}

Test(merge_modules, template_heavy_module_without_recursive_groups) {
  ltofold_merge_options options = options_with_aliases(true);
  options.merge_recursive = false;
  cr_assert_gt(merge_once(templates(), &options), 0);
}

Test(merge_modules, template_heavy_module_with_copies) {
  LLVMModuleRef original = templates();
  LLVMModuleRef module = test_module_with_copies(context, original);
  ltofold_merge_options options = options_with_aliases(true);
  /* Every copy has a twin: more to fold than in the module alone. */
  size_t merged_alone = merge_once(original, &options);
  cr_assert_gt(merge_once(module, &options), merged_alone);
}

Test(merge_modules, near_identical_O0_module) {
  ltofold_merge_options options = options_with_aliases(true);
  cr_assert_gt(merge_once(near_identical_O0(), &options), 0);
}

Test(merge_modules, tricky_module_with_aliases) {
  ltofold_merge_options options = options_with_aliases(true);
  cr_assert_gt(merge_once(tricky(), &options), 0);
}

Test(merge_modules, tricky_module_without_aliases) {
  ltofold_merge_options options = options_with_aliases(false);
  cr_assert_gt(merge_once(tricky(), &options), 0);
}

Test(merge_idempotent, template_heavy_module) {
  ltofold_merge_options options = options_with_aliases(true);
  expect_idempotent(templates(), &options);
}

Test(merge_idempotent, template_heavy_module_without_aliases) {
  ltofold_merge_options options = options_with_aliases(false);
  expect_idempotent(templates(), &options);
}

Test(merge_idempotent, near_identical_O0_module) {
  ltofold_merge_options options = options_with_aliases(true);
  expect_idempotent(near_identical_O0(), &options);
}

Test(merge_idempotent, tricky_module) {
  ltofold_merge_options options = options_with_aliases(true);
  expect_idempotent(tricky(), &options);
}

/* A function that returns its own address is "equal" to another that
 * returns its own (the self-reference rule), but the two return different
 * values: after merging, a caller of the twin must still get the twin's
 * address. Redirecting the call to the kept function, or making the twin a
 * thunk to it, changes what the caller sees. */
Test(merge_modules, own_address_survives_folding) {
  static const char text[] = "define ptr @self_address() {\n"
                             "  ret ptr @self_address\n"
                             "}\n"
                             "define ptr @self_address_twin() {\n"
                             "  ret ptr @self_address_twin\n"
                             "}\n"
                             "define i1 @caller() {\n"
                             "  %p = call ptr @self_address_twin()\n"
                             "  %same = icmp eq ptr %p, @self_address_twin\n"
                             "  ret i1 %same\n"
                             "}\n";
  for (int aliases = 0; aliases <= 1; ++aliases) {
    LLVMModuleRef module = test_parse_ir(context, "own address", text);
    ltofold_merge_options options = options_with_aliases(aliases);
    merge_once(module, &options);
    /* `caller` must still call @self_address_twin, and its body must still
     * return its own address (a thunk to @self_address would not). */
    LLVMValueRef caller = LLVMGetNamedFunction(module, "caller");
    LLVMValueRef call = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(caller));
    LLVMValueRef callee = LLVMGetCalledValue(call);
    LLVMValueRef twin = LLVMGetNamedFunction(module, "self_address_twin");
    cr_expect_eq(callee, twin,
                 "caller now calls %s (aliases %s), which returns another "
                 "address",
                 test_name(callee), aliases ? "on" : "off");
    if (twin && !LLVMIsDeclaration(twin)) {
      LLVMValueRef ret =
          LLVMGetBasicBlockTerminator(LLVMGetEntryBasicBlock(twin));
      cr_expect(LLVMGetNumOperands(ret) == 1 && LLVMGetOperand(ret, 0) == twin,
                "self_address_twin no longer returns its own address "
                "(aliases %s)",
                aliases ? "on" : "off");
    }
    LLVMDisposeModule(module);
  }
}
