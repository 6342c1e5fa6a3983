/* The comparator on small hand-written pairs: functions that differ only in
 * names are equal; functions that differ in one flag, attribute or other
 * piece of state that changes behaviour are not (both ways, antisymmetric).
 *
 * Each case is one function written once with two placeholders: NAME
 * (replaced by "left" and "right") and FLAG (replaced by the case's two
 * variants). The two functions go into one module, parsed here. */
#include "ltofold_merge.h"
#include "support_modules.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static LLVMContextRef context;
static void context_setup(void) { context = LLVMContextCreate(); }
static void context_teardown(void) { LLVMContextDispose(context); }
TestSuite(comparator_pairs, .init = context_setup, .fini = context_teardown);

/* Returns `text` with every `placeholder` replaced by `value` (malloc'd). */
static char *replace_all(const char *text, const char *placeholder,
                         const char *value) {
  size_t plen = strlen(placeholder), vlen = strlen(value), n = 0;
  for (const char *p = strstr(text, placeholder); p;
       p = strstr(p + plen, placeholder))
    ++n;
  char *out = malloc(strlen(text) + n * vlen + 1);
  cr_assert_not_null(out);
  char *o = out;
  for (const char *p = text;;) {
    const char *hit = strstr(p, placeholder);
    size_t keep = hit ? (size_t)(hit - p) : strlen(p);
    memcpy(o, p, keep);
    o += keep;
    if (!hit)
      break;
    memcpy(o, value, vlen);
    o += vlen;
    p = hit + plen;
  }
  *o = '\0';
  return out;
}

static char *instantiate(const char *function, const char *name,
                         const char *flag) {
  char *named = replace_all(function, "NAME", name);
  char *done = replace_all(named, "FLAG", flag);
  free(named);
  return done;
}

/* Parses `prelude`, then `function` as @left with `left_flag` and as @right
 * with `right_flag`; returns cmp(left, right) after checking antisymmetry,
 * reflexivity and, when equal, the hashes. */
static int compare_variants(const char *prelude, const char *function,
                            const char *left_flag, const char *right_flag) {
  char *left = instantiate(function, "left", left_flag);
  char *right = instantiate(function, "right", right_flag);
  size_t size = strlen(prelude) + strlen(left) + strlen(right) + 4;
  char *text = malloc(size);
  cr_assert_not_null(text);
  snprintf(text, size, "%s\n%s\n%s\n", prelude, left, right);
  LLVMModuleRef module = test_parse_ir(context, "pair", text);
  LLVMValueRef fl = LLVMGetNamedFunction(module, "left");
  LLVMValueRef fr = LLVMGetNamedFunction(module, "right");
  cr_assert(fl && fr);
  ltofold_comparator *comparator = ltofold_comparator_new(module);
  int forward = ltofold_compare_functions(comparator, fl, fr);
  int backward = ltofold_compare_functions(comparator, fr, fl);
  cr_assert_eq(forward, -backward, "not antisymmetric on:\n%s", text);
  cr_assert_eq(ltofold_compare_functions(comparator, fl, fl), 0);
  if (forward == 0)
    cr_assert_eq(ltofold_function_hash(fl), ltofold_function_hash(fr),
                 "equal but hashed differently:\n%s", text);
  ltofold_comparator_free(comparator);
  LLVMDisposeModule(module);
  free(text);
  free(left);
  free(right);
  return forward;
}

static const char prelude[] =
    "target datalayout = \"e-m:e-i64:64-n8:16:32:64-S128\"\n"
    "target triple = \"x86_64-pc-linux-gnu\"\n"
    "@global = global i32 0\n"
    "declare i32 @callee(i32)\n"
    "declare i32 @__gxx_personality_v0(...)\n"
    "!0 = !{i32 0, i32 10}\n"
    "!1 = !{!\"root\"}\n"
    "!2 = !{!\"int\", !1, i64 0}\n"
    "!3 = !{!2, !2, i64 0}\n";

Test(comparator_pairs, functions_differing_only_in_names_are_equal) {
  /* Function, argument, value and block names all differ; nothing else. */
  static const char text[] =
      "define i32 @alpha(i32 %count, ptr %where) {\n"
      "start:\n"
      "  %loaded = load i32, ptr %where, align 4\n"
      "  %sum = add nsw i32 %loaded, %count\n"
      "  %big = icmp sgt i32 %sum, 100\n"
      "  br i1 %big, label %high, label %low\n"
      "high:\n"
      "  %called = call i32 @callee(i32 %sum)\n"
      "  br label %finish\n"
      "low:\n"
      "  br label %finish\n"
      "finish:\n"
      "  %result = phi i32 [ %called, %high ], [ %sum, %low ]\n"
      "  ret i32 %result\n"
      "}\n"
      "define i32 @beta(i32, ptr) {\n"
      "  %3 = load i32, ptr %1, align 4\n"
      "  %4 = add nsw i32 %3, %0\n"
      "  %5 = icmp sgt i32 %4, 100\n"
      "  br i1 %5, label %6, label %8\n"
      "6:\n"
      "  %7 = call i32 @callee(i32 %4)\n"
      "  br label %9\n"
      "8:\n"
      "  br label %9\n"
      "9:\n"
      "  %10 = phi i32 [ %7, %6 ], [ %4, %8 ]\n"
      "  ret i32 %10\n"
      "}\n";
  char whole[4096];
  snprintf(whole, sizeof whole, "%s%s", prelude, text);
  LLVMModuleRef module = test_parse_ir(context, "names", whole);
  LLVMValueRef alpha = LLVMGetNamedFunction(module, "alpha");
  LLVMValueRef beta = LLVMGetNamedFunction(module, "beta");
  ltofold_comparator *comparator = ltofold_comparator_new(module);
  cr_assert_eq(ltofold_compare_functions(comparator, alpha, beta), 0);
  cr_assert_eq(ltofold_compare_functions(comparator, beta, alpha), 0);
  cr_assert_eq(ltofold_function_hash(alpha), ltofold_function_hash(beta));
  ltofold_comparator_free(comparator);
}

Test(comparator_pairs, same_text_is_equal) {
  /* The harness itself: with the same flag on both sides, equal. */
  cr_assert_eq(compare_variants(prelude,
                                "define i32 @NAME(i32 %a) {\n"
                                "  %r = add FLAG i32 %a, 1\n"
                                "  ret i32 %r\n}\n",
                                "nsw", "nsw"),
               0);
}

typedef struct flag_case {
  const char *what;
  const char *function; /* with NAME and FLAG */
  const char *left_flag, *right_flag;
} flag_case;

/* One case per line, so a case reads as a row. */
// clang-format off
static const flag_case flag_cases[] = {
    {"add nsw", "define i32 @NAME(i32 %a, i32 %b) {\n  %r = add FLAG i32 %a, %b\n  ret i32 %r\n}", "", "nsw"},
    {"add nuw", "define i32 @NAME(i32 %a, i32 %b) {\n  %r = add FLAG i32 %a, %b\n  ret i32 %r\n}", "", "nuw"},
    {"nuw vs nsw", "define i32 @NAME(i32 %a, i32 %b) {\n  %r = sub FLAG i32 %a, %b\n  ret i32 %r\n}", "nuw", "nsw"},
    {"shl nuw", "define i32 @NAME(i32 %a) {\n  %r = shl FLAG i32 %a, 3\n  ret i32 %r\n}", "", "nuw"},
    {"trunc nsw", "define i8 @NAME(i32 %a) {\n  %r = trunc FLAG i32 %a to i8\n  ret i8 %r\n}", "", "nsw"},
    {"udiv exact", "define i32 @NAME(i32 %a, i32 %b) {\n  %r = udiv FLAG i32 %a, %b\n  ret i32 %r\n}", "", "exact"},
    {"ashr exact", "define i32 @NAME(i32 %a) {\n  %r = ashr FLAG i32 %a, 2\n  ret i32 %r\n}", "", "exact"},
    {"or disjoint", "define i32 @NAME(i32 %a, i32 %b) {\n  %r = or FLAG i32 %a, %b\n  ret i32 %r\n}", "", "disjoint"},
    {"zext nneg", "define i64 @NAME(i32 %a) {\n  %r = zext FLAG i32 %a to i64\n  ret i64 %r\n}", "", "nneg"},
    {"uitofp nneg", "define double @NAME(i32 %a) {\n  %r = uitofp FLAG i32 %a to double\n  ret double %r\n}", "", "nneg"},
    {"icmp samesign", "define i1 @NAME(i32 %a, i32 %b) {\n  %r = icmp FLAG ult i32 %a, %b\n  ret i1 %r\n}", "", "samesign"},
    {"icmp predicate", "define i1 @NAME(i32 %a, i32 %b) {\n  %r = icmp FLAG i32 %a, %b\n  ret i1 %r\n}", "slt", "sle"},
    {"fcmp predicate", "define i1 @NAME(double %a, double %b) {\n  %r = fcmp FLAG double %a, %b\n  ret i1 %r\n}", "olt", "ult"},
    {"fadd nnan", "define double @NAME(double %a, double %b) {\n  %r = fadd FLAG double %a, %b\n  ret double %r\n}", "", "nnan"},
    {"fast vs reassoc", "define double @NAME(double %a, double %b) {\n  %r = fmul FLAG double %a, %b\n  ret double %r\n}", "fast", "reassoc"},
    {"load volatile", "define i32 @NAME(ptr %p) {\n  %r = load FLAG i32, ptr %p, align 4\n  ret i32 %r\n}", "", "volatile"},
    {"load align", "define i32 @NAME(ptr %p) {\n  %r = load i32, ptr %p, align FLAG\n  ret i32 %r\n}", "4", "8"},
    {"load atomic ordering", "define i32 @NAME(ptr %p) {\n  %r = load atomic i32, ptr %p FLAG, align 4\n  ret i32 %r\n}", "acquire", "seq_cst"},
    {"load syncscope", "define i32 @NAME(ptr %p) {\n  %r = load atomic i32, ptr %p FLAG acquire, align 4\n  ret i32 %r\n}", "", "syncscope(\"singlethread\")"},
    {"store volatile", "define void @NAME(ptr %p, i32 %v) {\n  store FLAG i32 %v, ptr %p, align 4\n  ret void\n}", "", "volatile"},
    {"cmpxchg weak", "define i1 @NAME(ptr %p, i32 %a, i32 %b) {\n  %x = cmpxchg FLAG ptr %p, i32 %a, i32 %b seq_cst seq_cst, align 4\n  %r = extractvalue { i32, i1 } %x, 1\n  ret i1 %r\n}", "", "weak"},
    {"cmpxchg failure ordering", "define i1 @NAME(ptr %p, i32 %a, i32 %b) {\n  %x = cmpxchg ptr %p, i32 %a, i32 %b seq_cst FLAG, align 4\n  %r = extractvalue { i32, i1 } %x, 1\n  ret i1 %r\n}", "seq_cst", "acquire"},
    {"atomicrmw operation", "define i32 @NAME(ptr %p, i32 %v) {\n  %r = atomicrmw FLAG ptr %p, i32 %v seq_cst, align 4\n  ret i32 %r\n}", "add", "sub"},
    {"fence ordering", "define void @NAME() {\n  fence FLAG\n  ret void\n}", "acquire", "release"},
    {"gep inbounds", "define ptr @NAME(ptr %p, i64 %i) {\n  %r = getelementptr FLAG i32, ptr %p, i64 %i\n  ret ptr %r\n}", "", "inbounds"},
    {"gep nuw (constant offset)", "define ptr @NAME(ptr %p) {\n  %r = getelementptr FLAG i8, ptr %p, i64 4\n  ret ptr %r\n}", "", "nuw"},
    {"alloca align", "define ptr @NAME() {\n  %r = alloca i32, align FLAG\n  ret ptr %r\n}", "4", "16"},
    {"tail call kind", "define i32 @NAME(i32 %a) {\n  %r = FLAG call i32 @callee(i32 %a)\n  ret i32 %r\n}", "", "tail"},
    {"call calling convention", "define i32 @NAME(i32 %a) {\n  %r = call FLAG i32 @callee(i32 %a)\n  ret i32 %r\n}", "", "fastcc"},
    {"call-site argument attribute", "define i32 @NAME(i32 %a) {\n  %r = call i32 @callee(i32 FLAG %a)\n  ret i32 %r\n}", "", "noundef"},
    {"call-site function attribute", "define i32 @NAME(i32 %a) {\n  %r = call i32 @callee(i32 %a) FLAG\n  ret i32 %r\n}", "", "nounwind"},
    {"function attribute", "define i32 @NAME(i32 %a) FLAG {\n  ret i32 %a\n}", "", "noinline"},
    {"string attribute value", "define i32 @NAME(i32 %a) FLAG {\n  ret i32 %a\n}", "\"frame-pointer\"=\"all\"", "\"frame-pointer\"=\"none\""},
    {"parameter attribute", "define i32 @NAME(i32 FLAG %a) {\n  ret i32 %a\n}", "", "signext"},
    {"return attribute", "define FLAG i32 @NAME(i32 %a) {\n  ret i32 %a\n}", "", "zeroext"},
    {"type attribute", "define void @NAME(ptr FLAG %p) {\n  ret void\n}", "byval(i32)", "byval(i64)"},
    {"integer attribute", "define void @NAME(ptr %p) FLAG {\n  ret void\n}", "alignstack(8)", "alignstack(16)"},
    {"calling convention", "define FLAG i32 @NAME(i32 %a) {\n  ret i32 %a\n}", "", "fastcc"},
    {"section", "define i32 @NAME(i32 %a) FLAG {\n  ret i32 %a\n}", "", "section \".text.hot\""},
    {"gc", "define i32 @NAME(i32 %a) FLAG {\n  ret i32 %a\n}", "", "gc \"shadow-stack\""},
    {"!range", "define i32 @NAME(ptr %p) {\n  %r = load i32, ptr %p, align 4FLAG\n  ret i32 %r\n}", "", ", !range !0"},
    {"shuffle mask", "define <2 x i32> @NAME(<2 x i32> %a) {\n  %r = shufflevector <2 x i32> %a, <2 x i32> poison, <2 x i32> FLAG\n  ret <2 x i32> %r\n}", "<i32 0, i32 1>", "<i32 1, i32 0>"},
    {"extractvalue index", "define i32 @NAME({ i32, i32 } %a) {\n  %r = extractvalue { i32, i32 } %a, FLAG\n  ret i32 %r\n}", "0", "1"},
    {"landingpad cleanup",
     "define i32 @NAME(i32 %a) personality ptr @__gxx_personality_v0 {\n"
     "  %r = invoke i32 @callee(i32 %a) to label %ok unwind label %bad\n"
     "ok:\n  ret i32 %r\n"
     "bad:\n  %lp = landingpad { ptr, i32 } FLAG\n  resume { ptr, i32 } %lp\n}",
     "cleanup", "catch ptr null"},
    {"constant operand", "define i32 @NAME(i32 %a) {\n  %r = add i32 %a, FLAG\n  ret i32 %r\n}", "1", "2"},
    {"fp constant", "define double @NAME() {\n  ret double FLAG\n}", "0.0", "-0.0"},
    {"undef vs poison", "define i32 @NAME() {\n  ret i32 FLAG\n}", "undef", "poison"},
    {"variadic", "define void @NAME(i32 %a FLAG) {\n  ret void\n}", "", ", ..."},
};
// clang-format on

Test(comparator_pairs, functions_differing_in_one_flag_are_not_equal) {
  for (size_t i = 0; i < sizeof flag_cases / sizeof *flag_cases; ++i) {
    const flag_case *c = &flag_cases[i];
    /* Each case's harness first: the same variant twice must be equal, so a
     * case that differs in something else cannot pass by accident. */
    cr_expect_eq(
        compare_variants(prelude, c->function, c->left_flag, c->left_flag), 0,
        "%s: a function differs from itself", c->what);
    cr_expect_neq(
        compare_variants(prelude, c->function, c->left_flag, c->right_flag), 0,
        "%s: '%s' and '%s' compare equal", c->what, c->left_flag,
        c->right_flag);
  }
}

/* Not compared on purpose (docs/merge.md): these pairs are equal. */
// clang-format off
static const flag_case ignored_cases[] = {
    {"function alignment", "define i32 @NAME(i32 %a) FLAG {\n  ret i32 %a\n}", "align 4", "align 64"},
    {"!tbaa", "define i32 @NAME(ptr %p) {\n  %r = load i32, ptr %p, align 4FLAG\n  ret i32 %r\n}", "", ", !tbaa !3"},
    {"linkage", "define FLAG i32 @NAME(i32 %a) {\n  ret i32 %a\n}", "internal", "linkonce_odr"},
    {"unnamed_addr", "define i32 @NAME(i32 %a) FLAG {\n  ret i32 %a\n}", "", "unnamed_addr"},
    /* Droppable attributes: merge keeps their intersection on the kept body. */
    {"parameter nonnull", "define i32 @NAME(ptr FLAG %p) {\n  %r = load i32, ptr %p, align 4\n  ret i32 %r\n}", "", "nonnull noundef"},
    {"dereferenceable bytes", "define void @NAME(ptr FLAG %p) {\n  ret void\n}", "dereferenceable(4)", "dereferenceable(8)"},
    {"return range", "define FLAG i32 @NAME(i32 %a) {\n  ret i32 %a\n}", "", "range(i32 0, 10)"},
    {"inferred effects", "define i32 @NAME(i32 %a) FLAG {\n  ret i32 %a\n}", "", "nounwind willreturn memory(none)"},
};
// clang-format on

Test(comparator_pairs, state_not_compared_on_purpose_is_equal) {
  for (size_t i = 0; i < sizeof ignored_cases / sizeof *ignored_cases; ++i) {
    const flag_case *c = &ignored_cases[i];
    cr_expect_eq(
        compare_variants(prelude, c->function, c->left_flag, c->right_flag), 0,
        "%s: '%s' and '%s' should compare equal", c->what, c->left_flag,
        c->right_flag);
  }
}
