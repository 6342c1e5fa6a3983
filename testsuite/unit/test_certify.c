/* The fold check (merge/certify.c) on its own: it must accept what is
 * equal once calls go to classes, refuse what is not, and name the pair it
 * refused. Merge itself only ever records correct claims (one hopes), so the
 * claims here are made by hand, including wrong ones, to see the check fail.
 * Every claim is about the originals: the module is changed after
 * certifier_begin to show that the check does not look at it again. */
#include "certify.h"
#include "support_modules.h"

#include <criterion/criterion.h>
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
  bool ok = certifier_check(cert, module, error);
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
  cr_expect(strstr(error, "'wrap_sx_b' into 'wrap_sx_a'"), "%s", error);
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
