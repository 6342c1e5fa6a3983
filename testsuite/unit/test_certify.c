/* The fold check (merge/certify.c) on its own: it must accept what is
 * equal once calls go to classes, refuse what is not, and name the pair it
 * refused. Merge itself only ever records correct claims (one hopes), so the
 * claims here are made by hand, including wrong ones, to see the check fail.
 * Every claim is about the originals: the module is changed after
 * certifier_begin to show that the check does not look at it again. */
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
 * return a helper's address. */
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
    "define ptr @addr_sx_b() {\n  ret ptr @sx_b\n}\n";

static LLVMValueRef original(certifier *cert, LLVMModuleRef module,
                             const char *name) {
  LLVMValueRef fn = certifier_original(cert, LLVMGetNamedFunction(module, name));
  cr_assert(fn, "no original of %s", name);
  return fn;
}

/* certifier_check, with the functions it refuses as "'a' 'b' " in *error
 * (malloc'd; NULL when it refuses none). */
static bool check(certifier *cert, LLVMModuleRef final, char **error) {
  name_list refused = {0};
  bool ok = certifier_check(cert, final, &refused);
  *error = NULL;
  size_t length = 0;
  for (size_t i = 0; i < refused.count; ++i)
    length += strlen(refused.names[i]) + 3;
  if (refused.count) {
    *error = calloc(length + 1, 1);
    cr_assert(*error);
    for (size_t i = 0; i < refused.count; ++i) {
      strcat(*error, "'");
      strcat(*error, refused.names[i]);
      strcat(*error, "' ");
    }
  }
  cr_expect_eq(ok, refused.count == 0, "refused %zu, ok %d", refused.count, ok);
  name_list_free(&refused);
  return ok;
}

/* Records each claim "kept <- folded" (same_address as given), checks. */
static bool check_claims(const char *const (*claims)[2], size_t count,
                         bool same_address, char **error) {
  LLVMModuleRef module = test_parse_ir(context, "certify", module_text);
  certifier *cert = certifier_begin(module);
  for (size_t i = 0; i < count; ++i)
    certifier_record(cert, original(cert, module, claims[i][0]),
                     original(cert, module, claims[i][1]), same_address);
  /* Whatever happens to the module now is not the check's business. */
  LLVMDeleteFunction(LLVMGetNamedFunction(module, "wrap_zx_a"));
  bool ok = check(cert, module, error);
  cr_assert_eq(certifier_claims(cert), count);
  certifier_free(cert);
  LLVMDisposeModule(module);
  return ok;
}

Test(certify, equal_twins_and_their_callers) {
  static const char *const claims[][2] = {{"sx_a", "sx_b"},
                                          {"wrap_sx_a", "wrap_sx_b"}};
  char *error = NULL;
  cr_expect(check_claims(claims, 2, false, &error), "%s", error);
  free(error);
}

Test(certify, callers_need_their_callees_folded) {
  /* The wrappers are equal only if their callees are in one group. */
  static const char *const claims[][2] = {{"wrap_sx_a", "wrap_sx_b"}};
  char *error = NULL;
  cr_expect_not(check_claims(claims, 1, false, &error));
  cr_assert(error);
  cr_expect(strstr(error, "'wrap_sx_b'") && strstr(error, "'wrap_sx_a'"), "%s", error);
  free(error);
}

Test(certify, different_bodies_refused) {
  /* The bug merge had: zero- and sign-extension callers folded. */
  static const char *const claims[][2] = {{"sx_a", "sx_b"},
                                          {"wrap_sx_a", "wrap_zx_a"}};
  char *error = NULL;
  cr_expect_not(check_claims(claims, 2, false, &error));
  cr_expect(error && strstr(error, "wrap_zx_a"), "%s", error);
  free(error);
}

Test(certify, addresses_equal_only_when_the_fold_made_them_one) {
  static const char *const claims[][2] = {{"sx_a", "sx_b"},
                                          {"addr_sx_a", "addr_sx_b"}};
  char *error = NULL;
  /* A thunk keeps &sx_b != &sx_a: the address functions differ. */
  cr_expect_not(check_claims(claims, 2, false, &error));
  free(error);
  error = NULL;
  /* Replaced or aliased: one address. */
  cr_expect(check_claims(claims, 2, true, &error), "%s", error);
  free(error);
}

/* Similar folds (merge/similar.c) are claims about the module merge made:
 * each member, now a thunk, with the merged body bound to the constants it
 * passes, must do what it did; every call of the merged body must pass a
 * member's constants. The "after" modules here are written by hand. */
static const char *const similar_before =
    "@red = global i32 0\n@blue = global i32 0\n"
    "define internal i32 @paint_red(i32 %x) {\n"
    "  %a = mul i32 %x, 3\n  store i32 %a, ptr @red\n  ret i32 %a\n}\n"
    "define internal i32 @paint_blue(i32 %x) {\n"
    "  %a = mul i32 %x, 5\n  store i32 %a, ptr @blue\n  ret i32 %a\n}\n"
    "define i32 @main(i32 %x) {\n"
    "  %r = call i32 @paint_red(i32 %x)\n  ret i32 %r\n}\n";

/* The merged body, then the two thunks with the constants given, then
 * main's call. Not inlined: GCC's -Wdangling-pointer then mistakes a
 * caller's pointer into the returned text for one into this frame. */
__attribute__((noinline)) static char *similar_after(const char *body_line, const char *red_args,
                           const char *blue_args, const char *main_call) {
  char *text = NULL;
  if (asprintf(&text,
               "@red = global i32 0\n@blue = global i32 0\n"
               "define internal i32 @merged(i32 %%x, i32 %%k, ptr %%g) {\n"
               "  %s\n  store i32 %%a, ptr %%g\n  ret i32 %%a\n}\n"
               "define internal i32 @paint_red(i32 %%x) {\n"
               "  %%r = tail call i32 @merged(i32 %%x, %s)\n  ret i32 %%r\n}\n"
               "define internal i32 @paint_blue(i32 %%x) {\n"
               "  %%r = tail call i32 @merged(i32 %%x, %s)\n  ret i32 %%r\n}\n"
               "define i32 @main(i32 %%x) {\n  %s\n  ret i32 %%r\n}\n",
               body_line, red_args, blue_args, main_call) < 0)
    abort();
  return text;
}

static bool check_similar(char *after_text, char **error) {
  LLVMModuleRef before = test_parse_ir(context, "before", similar_before);
  certifier *cert = certifier_begin(before);
  certifier_record_similar(cert, original(cert, before, "paint_red"), "paint_red");
  certifier_record_similar(cert, original(cert, before, "paint_blue"), "paint_blue");
  LLVMModuleRef after = test_parse_ir(context, "after", after_text);
  bool ok = check(cert, after, error);
  cr_assert_eq(certifier_claims(cert), 2);
  certifier_free(cert);
  LLVMDisposeModule(after);
  LLVMDisposeModule(before);
  free(after_text);
  return ok;
}

Test(certify, similar_fold_as_merge_makes_it) {
  char *error = NULL;
  cr_expect(check_similar(similar_after("%a = mul i32 %x, %k", "i32 3, ptr @red",
                                        "i32 5, ptr @blue",
                                        "%r = call i32 @merged(i32 %x, i32 3, ptr @red)"),
                          &error),
            "%s", error);
  free(error);
}

Test(certify, similar_thunk_with_wrong_constants_refused) {
  char *error = NULL;
  cr_expect_not(check_similar(similar_after("%a = mul i32 %x, %k", "i32 3, ptr @red",
                                            "i32 3, ptr @blue",
                                            "%r = call i32 @paint_red(i32 %x)"),
                              &error));
  cr_expect(error && strstr(error, "'paint_blue'"), "%s", error);
  free(error);
}

Test(certify, similar_body_with_a_missed_hole_refused) {
  char *error = NULL;
  cr_expect_not(check_similar(similar_after("%a = mul i32 %x, 3", "i32 3, ptr @red",
                                            "i32 5, ptr @blue",
                                            "%r = call i32 @paint_red(i32 %x)"),
                              &error));
  cr_expect(error && strstr(error, "'paint_blue'"), "%s", error);
  free(error);
}

Test(certify, similar_call_with_constants_of_no_member_refused) {
  char *error = NULL;
  cr_expect_not(check_similar(similar_after("%a = mul i32 %x, %k", "i32 3, ptr @red",
                                            "i32 5, ptr @blue",
                                            "%r = call i32 @merged(i32 %x, i32 3, ptr @blue)"),
                              &error));
  /* every member of the merged body that call passes wrong constants to */
  cr_expect(error && strstr(error, "'paint_red'") && strstr(error, "'paint_blue'"),
            "%s", error);
  free(error);
}

Test(certify, similar_member_that_is_no_thunk_refused) {
  char *text = similar_after("%a = mul i32 %x, %k", "i32 3, ptr @red",
                             "i32 5, ptr @blue", "%r = call i32 @paint_red(i32 %x)");
  /* paint_blue keeps a body of its own: not what merge claims. */
  const char *thunk = "  %r = tail call i32 @merged(i32 %x, i32 5, ptr @blue)\n";
  char *at = strstr(text, thunk);
  cr_assert(at);
  char *changed = NULL;
  if (asprintf(&changed, "%.*s  %%r = mul i32 %%x, 5\n  store i32 %%r, ptr @blue\n%s",
               (int)(at - text), text, at + strlen(thunk)) < 0)
    abort();
  free(text);
  char *error = NULL;
  cr_expect_not(check_similar(changed, &error));
  cr_expect(error && strstr(error, "'paint_blue'"), "%s", error);
  free(error);
}

/* A block that differs (merge/regions.c): count_up and count_up_logged
 * loop alike, but the second logs each step. The merged body keeps both
 * middles of the loop block in a region, picked by an i1 selector; bound,
 * the region is one path, and a phi of its last block is the value from
 * that path. */
static const char *const region_before =
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
    "define i32 @main(i32 %x) {\n"
    "  %a = call i32 @count_up(i32 %x)\n  %b = call i32 @count_up_logged(i32 %x)\n"
    "  %r = add i32 %a, %b\n  ret i32 %r\n}\n";

/* The merged body as merge makes it; `replace` pairs change it. */
static char *region_after(const char *const (*replace)[2], size_t count) {
  char *text = strdup(
      "declare void @log(i32)\n"
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
      "out:\n  ret i32 %pn\n}\n"
      "define internal i32 @count_up(i32 %x) {\n"
      "  %r = tail call i32 @merged(i32 %x, i1 false)\n  ret i32 %r\n}\n"
      "define internal i32 @count_up_logged(i32 %x) {\n"
      "  %r = tail call i32 @merged(i32 %x, i1 true)\n  ret i32 %r\n}\n"
      "define i32 @main(i32 %x) {\n"
      "  %a = call i32 @count_up(i32 %x)\n  %b = call i32 @count_up_logged(i32 %x)\n"
      "  %r = add i32 %a, %b\n  ret i32 %r\n}\n");
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
  return text;
}

static bool check_region(char *after_text, char **error) {
  LLVMModuleRef before = test_parse_ir(context, "before", region_before);
  certifier *cert = certifier_begin(before);
  certifier_record_similar(cert, original(cert, before, "count_up"), "count_up");
  certifier_record_similar(cert, original(cert, before, "count_up_logged"),
                           "count_up_logged");
  LLVMModuleRef after = test_parse_ir(context, "after", after_text);
  bool ok = check(cert, after, error);
  certifier_free(cert);
  LLVMDisposeModule(after);
  LLVMDisposeModule(before);
  free(after_text);
  return ok;
}

Test(certify, region_as_merge_makes_it) {
  char *error = NULL;
  cr_expect(check_region(region_after(NULL, 0), &error), "%s", error);
  free(error);
}

Test(certify, region_with_the_selector_the_wrong_way_refused) {
  static const char *const swap[][2] = {
      {"br i1 %s, label %v1, label %v0", "br i1 %s, label %v0, label %v1"}};
  char *error = NULL;
  cr_expect_not(check_region(region_after(swap, 1), &error));
  cr_expect(error && strstr(error, "'count_up"), "%s", error);
  free(error);
}

Test(certify, region_whose_copy_reads_another_value_refused) {
  static const char *const wrong[][2] = {{"call void @log(i32 %i)", "call void @log(i32 %x)"}};
  char *error = NULL;
  cr_expect_not(check_region(region_after(wrong, 1), &error));
  cr_expect(error && strstr(error, "'count_up_logged'"), "%s", error);
  free(error);
}

Test(certify, region_phi_that_takes_the_other_value_refused) {
  /* On the member's path the phi gives the counter before the step. */
  static const char *const wrong[][2] = {
      {"%pn = phi i32 [%n0, %v0], [%n1, %v1]", "%pn = phi i32 [%n0, %v0], [%i, %v1]"}};
  char *error = NULL;
  cr_expect_not(check_region(region_after(wrong, 1), &error));
  cr_expect(error && strstr(error, "'count_up_logged'"), "%s", error);
  free(error);
}

Test(certify, region_entered_from_elsewhere_is_no_region) {
  /* v1 reachable from the entry too: the bound branch no longer decides
   * how the body gets there, so the body is not read as one path. */
  static const char *const wrong[][2] = {
      {"entry:\n  br label %d", "entry:\n  br i1 %s, label %d, label %v1"}};
  char *error = NULL;
  cr_expect_not(check_region(region_after(wrong, 1), &error));
  free(error);
}
