/* The fold check (merge/certify.c) on its own: it must accept what merge
 * rightly folds, refuse what it must not, and count what it passed. Merge
 * itself only ever asks about folds it found (one hopes), so the claims
 * here are made by hand, wrong ones included, to see the check fail. */
#include "certify.h"
#include "support_modules.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static LLVMContextRef context;
static void context_setup(void) { context = LLVMContextCreate(); }
static void context_teardown(void) { LLVMContextDispose(context); }
TestSuite(certify, .init = context_setup, .fini = context_teardown);

/* sx_* sign-extend, zx_* zero-extend; wrap_* call one helper each; addr_*
 * return a helper's address; self_* call themselves. */
static const char *const module_text =
    "define internal i32 @sx_a(i16 %x) {\n"
    "  %r = sext i16 %x to i32\n  ret i32 %r\n}\n"
    "define internal i32 @sx_b(i16 %x) {\n"
    "  %r = sext i16 %x to i32\n  ret i32 %r\n}\n"
    "define internal i32 @zx_a(i16 %x) {\n"
    "  %r = zext i16 %x to i32\n  ret i32 %r\n}\n"
    "define i32 @wrap_sx_a(i16 %x) {\n"
    "  %r = call i32 @sx_a(i16 %x)\n  ret i32 %r\n}\n"
    "define i32 @wrap_sx_b(i16 %x) {\n"
    "  %r = call i32 @sx_b(i16 %x)\n  ret i32 %r\n}\n"
    "define i32 @wrap_zx_a(i16 %x) {\n"
    "  %r = call i32 @zx_a(i16 %x)\n  ret i32 %r\n}\n"
    "define ptr @addr_sx_a() {\n  ret ptr @sx_a\n}\n"
    "define ptr @addr_sx_b() {\n  ret ptr @sx_b\n}\n"
    "define i32 @self_a(i16 %x) {\n"
    "  %r = call i32 @self_a(i16 %x)\n  ret i32 %r\n}\n"
    "define i32 @self_b(i16 %x) {\n"
    "  %r = call i32 @self_b(i16 %x)\n  ret i32 %r\n}\n";

static LLVMValueRef fn(LLVMModuleRef module, const char *name) {
  LLVMValueRef found = LLVMGetNamedFunction(module, name);
  cr_assert(found, "no function %s", name);
  return found;
}

/* certify_equal on two functions of a fresh module_text, with `classes`
 * (name, class) pairs, `class_count` of them. */
static bool equal(const char *kept, const char *folded,
                  const char *const (*classes)[2], size_t class_count) {
  LLVMModuleRef module = test_parse_ir(context, "certify", module_text);
  certifier *cert = certifier_new(module);
  ptr_map map;
  ptr_map_init(&map);
  for (size_t i = 0; i < class_count; ++i)
    ptr_map_put(&map, fn(module, classes[i][0]), (uint64_t)atoi(classes[i][1]));
  bool holds = certify_equal(cert, fn(module, kept), fn(module, folded),
                             class_count ? &map : NULL);
  cr_expect_eq(certifier_passed(cert), holds ? 1u : 0u);
  ptr_map_free(&map);
  certifier_free(cert);
  LLVMDisposeModule(module);
  return holds;
}

Test(certify, equal_twins) {
  cr_expect(equal("sx_a", "sx_b", NULL, 0));
  cr_expect(equal("self_a", "self_b", NULL, 0), "each calls itself: the same");
}

Test(certify, callers_of_different_functions_refused) {
  /* The wrappers call two functions, equal or not: as they are, different. */
  cr_expect_not(equal("wrap_sx_a", "wrap_sx_b", NULL, 0));
  cr_expect_not(equal("wrap_sx_a", "wrap_zx_a", NULL, 0));
}

Test(certify, callers_equal_when_their_callees_are_one_class) {
  static const char *const twins[][2] = {{"sx_a", "1"}, {"sx_b", "1"}, {"zx_a", "2"}};
  cr_expect(equal("wrap_sx_a", "wrap_sx_b", twins, 3));
  /* The bug merge had: zero- and sign-extension callers folded. */
  cr_expect_not(equal("wrap_sx_a", "wrap_zx_a", twins, 3));
  static const char *const all_one[][2] = {{"sx_a", "1"}, {"zx_a", "1"}};
  cr_expect(equal("wrap_sx_a", "wrap_zx_a", all_one, 2),
            "a claim is checked as given: that classes hold is the claim's");
}

Test(certify, different_bodies_refused) {
  cr_expect_not(equal("sx_a", "zx_a", NULL, 0));
}

Test(certify, addresses_compare_as_they_are) {
  /* A thunk keeps &sx_b != &sx_a: the address functions differ. */
  cr_expect_not(equal("addr_sx_a", "addr_sx_b", NULL, 0));
  /* Classes are for callees, not addresses. */
  static const char *const twins[][2] = {{"sx_a", "1"}, {"sx_b", "1"}};
  cr_expect_not(equal("addr_sx_a", "addr_sx_b", twins, 2));
}

Test(certify, addresses_equal_once_replaced) {
  LLVMModuleRef module = test_parse_ir(context, "certify", module_text);
  certifier *cert = certifier_new(module);
  /* What a fold that replaces sx_b leaves: its uses are sx_a's. */
  LLVMReplaceAllUsesWith(fn(module, "sx_b"), fn(module, "sx_a"));
  cr_expect(certify_equal(cert, fn(module, "addr_sx_a"), fn(module, "addr_sx_b"), NULL));
  cr_expect(certify_equal(cert, fn(module, "wrap_sx_a"), fn(module, "wrap_sx_b"), NULL));
  cr_expect_eq(certifier_passed(cert), 2);
  certifier_free(cert);
  LLVMDisposeModule(module);
}

Test(certify, refused_names_listed_once) {
  LLVMModuleRef module = test_parse_ir(context, "certify", module_text);
  certifier *cert = certifier_new(module);
  certifier_refuse(cert, "sx_a");
  certifier_refuse(cert, "zx_a");
  certifier_refuse(cert, "sx_a");
  const name_list *refused = certifier_refused(cert);
  cr_assert_eq(refused->count, 2);
  cr_expect_str_eq(refused->names[0], "sx_a");
  cr_expect_str_eq(refused->names[1], "zx_a");
  certifier_free(cert);
  LLVMDisposeModule(module);
}

/* Similar folds (merge/similar.c): the merged body, its trailing
 * parameters bound to a member's constants, against the member. */
static const char *const similar_module =
    "@red = global i32 0\n@blue = global i32 0\n"
    "define internal i32 @paint_red(i32 %x) {\n"
    "  %a = mul i32 %x, 3\n  store i32 %a, ptr @red\n  ret i32 %a\n}\n"
    "define internal i32 @paint_blue(i32 %x) {\n"
    "  %a = mul i32 %x, 5\n  store i32 %a, ptr @blue\n  ret i32 %a\n}\n"
    "define internal i32 @merged(i32 %x, i32 %k, ptr %g) {\n"
    "  %a = mul i32 %x, %k\n  store i32 %a, ptr %g\n  ret i32 %a\n}\n"
    "define internal i32 @missed_hole(i32 %x, i32 %k, ptr %g) {\n"
    "  %a = mul i32 %x, 3\n  store i32 %a, ptr %g\n  ret i32 %a\n}\n"
    "define internal i32 @count_down(i32 %x) {\n"
    "  %d = icmp eq i32 %x, 0\n  br i1 %d, label %out, label %more\n"
    "more:\n  %y = sub i32 %x, 1\n  %r = call i32 @count_down(i32 %y)\n"
    "  br label %out\n"
    "out:\n  %v = phi i32 [0, %0], [%r, %more]\n  ret i32 %v\n}\n"
    "define internal i32 @count_down_by(i32 %x, ptr %self) {\n"
    "  %d = icmp eq i32 %x, 0\n  br i1 %d, label %out, label %more\n"
    "more:\n  %y = sub i32 %x, 1\n  %r = call i32 %self(i32 %y)\n"
    "  br label %out\n"
    "out:\n  %v = phi i32 [0, %0], [%r, %more]\n  ret i32 %v\n}\n";

/* certify_specialized(body, {k, global}, member) in a fresh similar_module;
 * `global` names a global variable, or a function when `is_function`. */
static bool specialized(const char *body, long k, const char *global,
                        const char *member) {
  LLVMModuleRef module = test_parse_ir(context, "similar", similar_module);
  certifier *cert = certifier_new(module);
  LLVMValueRef constants[2];
  unsigned count = 0;
  if (k >= 0)
    constants[count++] = LLVMConstInt(LLVMInt32TypeInContext(context), (unsigned long long)k, false);
  LLVMValueRef named = LLVMGetNamedGlobal(module, global);
  constants[count++] = named ? named : fn(module, global);
  bool holds = certify_specialized(cert, fn(module, body), constants, count, fn(module, member));
  certifier_free(cert);
  LLVMDisposeModule(module);
  return holds;
}

Test(certify, similar_fold_as_merge_makes_it) {
  cr_expect(specialized("merged", 3, "red", "paint_red"));
  cr_expect(specialized("merged", 5, "blue", "paint_blue"));
}

Test(certify, similar_wrong_constants_refused) {
  cr_expect_not(specialized("merged", 3, "blue", "paint_blue"));
  cr_expect_not(specialized("merged", 5, "red", "paint_blue"));
}

Test(certify, similar_body_with_a_missed_hole_refused) {
  cr_expect(specialized("missed_hole", 3, "red", "paint_red"));
  cr_expect_not(specialized("missed_hole", 5, "blue", "paint_blue"));
}

Test(certify, similar_recursive_member_calls_itself_through_its_hole) {
  /* A recursive member's callee is a hole whose constant is the member
   * itself: bound, the body calls the member where the member calls
   * itself. Bound to another function, it does not. */
  cr_expect(specialized("count_down_by", -1, "count_down", "count_down"));
  cr_expect_not(specialized("count_down_by", -1, "paint_red", "count_down"));
}

/* A block that differs (merge/regions.c): count_up and count_up_logged
 * loop alike, but the second logs each step. The merged body keeps both
 * middles of the loop block in a region, picked by an i1 selector; bound,
 * the region is one path, and a phi of its last block is the value from
 * that path. `replace` pairs change the body. */
static bool region(const char *const (*replace)[2], size_t count, bool logged) {
  char *text = strdup(
      "declare void @log(i32)\n"
      "define internal i32 @count_up(i32 %x) {\n"
      "entry:\n  br label %loop\n"
      "loop:\n  %i = phi i32 [0, %entry], [%n, %loop]\n"
      "  %n = add i32 %i, 1\n  %d = icmp slt i32 %n, %x\n"
      "  br i1 %d, label %loop, label %out\n"
      "out:\n  ret i32 %n\n}\n"
      "define internal i32 @count_up_logged(i32 %x) {\n"
      "entry:\n  br label %loop\n"
      "loop:\n  %i = phi i32 [0, %entry], [%n, %loop]\n"
      "  call void @log(i32 %i)\n"
      "  %n = add i32 %i, 1\n  %d = icmp slt i32 %n, %x\n"
      "  br i1 %d, label %loop, label %out\n"
      "out:\n  ret i32 %n\n}\n"
      "define internal i32 @merged(i32 %x, i1 %s) {\n"
      "entry:\n  br label %d\n"
      "d:\n  %i = phi i32 [0, %entry], [%pn, %j]\n"
      "  br i1 %s, label %v1, label %v0\n"
      "v0:\n  %n0 = add i32 %i, 1\n  %d0 = icmp slt i32 %n0, %x\n  br label %j\n"
      "v1:\n  call void @log(i32 %i)\n"
      "  %n1 = add i32 %i, 1\n  %d1 = icmp slt i32 %n1, %x\n  br label %j\n"
      "j:\n  %pn = phi i32 [%n0, %v0], [%n1, %v1]\n"
      "  %pd = phi i1 [%d0, %v0], [%d1, %v1]\n"
      "  br i1 %pd, label %d, label %out\n"
      "out:\n  ret i32 %pn\n}\n");
  cr_assert(text);
  for (size_t i = 0; i < count; ++i) {
    char *at = strstr(text, replace[i][0]);
    cr_assert(at, "no '%s'", replace[i][0]);
    char *changed = NULL;
    if (asprintf(&changed, "%.*s%s%s", (int)(at - text), text, replace[i][1],
                 at + strlen(replace[i][0])) < 0)
      abort();
    free(text);
    text = changed;
  }
  LLVMModuleRef module = test_parse_ir(context, "region", text);
  free(text);
  certifier *cert = certifier_new(module);
  LLVMValueRef selector = LLVMConstInt(LLVMInt1TypeInContext(context), logged, false);
  bool holds = certify_specialized(cert, fn(module, "merged"), &selector, 1,
                                   fn(module, logged ? "count_up_logged" : "count_up"));
  certifier_free(cert);
  LLVMDisposeModule(module);
  return holds;
}

Test(certify, region_as_merge_makes_it) {
  cr_expect(region(NULL, 0, false));
  cr_expect(region(NULL, 0, true));
}

Test(certify, region_with_the_selector_the_wrong_way_refused) {
  static const char *const swap[][2] = {
      {"br i1 %s, label %v1, label %v0", "br i1 %s, label %v0, label %v1"}};
  cr_expect_not(region(swap, 1, false));
  cr_expect_not(region(swap, 1, true));
}

Test(certify, region_whose_copy_reads_another_value_refused) {
  static const char *const wrong[][2] = {{"call void @log(i32 %i)", "call void @log(i32 %x)"}};
  cr_expect(region(wrong, 1, false), "the other path is not the member's");
  cr_expect_not(region(wrong, 1, true));
}

Test(certify, region_phi_that_takes_the_other_value_refused) {
  /* On the member's path the phi gives the counter before the step. */
  static const char *const wrong[][2] = {
      {"%pn = phi i32 [%n0, %v0], [%n1, %v1]", "%pn = phi i32 [%n0, %v0], [%i, %v1]"}};
  cr_expect_not(region(wrong, 1, true));
}

Test(certify, region_entered_from_elsewhere_is_no_region) {
  /* v1 reachable from the entry too: the bound branch no longer decides
   * how the body gets there, so the body is not read as one path. */
  static const char *const wrong[][2] = {
      {"entry:\n  br label %d", "entry:\n  br i1 %s, label %d, label %v1"}};
  cr_expect_not(region(wrong, 1, false));
  cr_expect_not(region(wrong, 1, true));
}

Test(certify, merged_body_must_be_well_formed) {
  /* A pointer where the callee takes an integer of its width: the
   * comparator finds the two equal, the verifier does not. */
  LLVMModuleRef module = test_parse_ir(
      context, "well-formed",
      "declare void @take(ptr, i64)\n"
      "define void @body(ptr %p, i64 %n) {\n"
      "  call void @take(ptr %p, i64 %n)\n  ret void\n}\n");
  LLVMValueRef body = fn(module, "body");
  cr_expect(certify_well_formed(body));
  LLVMValueRef call = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(body));
  LLVMSetOperand(call, 1, LLVMGetParam(body, 0));
  LLVMSetOperand(call, 0, LLVMGetParam(body, 1));
  cr_expect_not(certify_well_formed(body));
  LLVMSetOperand(call, 0, LLVMGetParam(body, 0)); /* valid again, to dispose */
  LLVMSetOperand(call, 1, LLVMGetParam(body, 1));
  LLVMDisposeModule(module);
}
