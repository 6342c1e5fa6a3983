/* fprange over whole modules: what ltofold_fprange_module reports, that it
 * leaves a module that verifies (branches made unconditional, phis
 * repaired), that analyze-only changes nothing, and that real modules
 * (the C++ ones CMake builds for the unit tests) come out valid. */
#include "fprange_internal.h"
#include "support_modules.h"

#include <criterion/criterion.h>
#include <llvm-c/Analysis.h>
#include <stdlib.h>
#include <string.h>

static LLVMContextRef context;
static void context_setup(void) { context = LLVMContextCreate(); }
static void context_teardown(void) { LLVMContextDispose(context); }

TestSuite(fprange_module, .init = context_setup, .fini = context_teardown,
          .timeout = 120);

static void assert_verifies(LLVMModuleRef module) {
  char *message = NULL;
  bool broken = LLVMVerifyModule(module, LLVMReturnStatusAction, &message);
  cr_assert_not(broken, "module does not verify: %s", message);
  LLVMDisposeMessage(message);
}

static const char branches_ir[] =
    "define i32 @f(i8 %i, double %d) !dbg !4 {\n"
    "entry:\n"
    "  %x = uitofp i8 %i to double\n"
    "  %c = fcmp ogt double %x, 300.0, !dbg !7\n"
    "  br i1 %c, label %dead, label %live\n"
    "dead:\n"
    "  br label %join\n"
    "live:\n"
    "  %e = fcmp olt double %d, 1.0\n"
    "  br i1 %e, label %small, label %join\n"
    "small:\n"
    "  %s = fcmp oge double %d, 1.0\n"
    "  br i1 %s, label %join, label %only\n"
    "only:\n"
    "  ret i32 7\n"
    "join:\n"
    "  %p = phi i32 [ 1, %dead ], [ 2, %live ], [ 3, %small ]\n"
    "  ret i32 %p\n"
    "}\n"
    "define float @g(i8 %i) {\n"
    "  %x = uitofp i8 %i to float\n"
    "  %f = call float @llvm.floor.f32(float %x)\n"
    "  %a = call float @llvm.fabs.f32(float %f)\n"
    "  ret float %a\n"
    "}\n"
    "declare float @llvm.floor.f32(float)\n"
    "declare float @llvm.fabs.f32(float)\n"
    "!llvm.dbg.cu = !{!0}\n"
    "!llvm.module.flags = !{!3}\n"
    "!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, "
    "emissionKind: FullDebug)\n"
    "!1 = !DIFile(filename: \"ranges.c\", directory: \"/src\")\n"
    "!3 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
    "!4 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 1, "
    "type: !5, unit: !0, spFlags: DISPFlagDefinition)\n"
    "!5 = !DISubroutineType(types: !6)\n"
    "!6 = !{}\n"
    "!7 = !DILocation(line: 12, column: 9, scope: !4)\n";

Test(fprange_module, folds_are_reported_and_module_verifies) {
  LLVMModuleRef module = test_parse_ir(context, "branches", branches_ir);
  ltofold_fprange_options options;
  ltofold_fprange_options_default(&options);
  ltofold_fprange_result result;
  ltofold_fprange_module(module, &options, &result);
  assert_verifies(module);
  /* %c decided false; %s decided false (d < 1 dominates); floor of an
   * integer; fabs of a non-negative value. */
  cr_expect_eq(result.by_kind[LTOFOLD_FPRANGE_FCMP], 2);
  cr_expect_eq(result.by_kind[LTOFOLD_FPRANGE_ROUNDING], 1);
  cr_expect_eq(result.by_kind[LTOFOLD_FPRANGE_FABS], 1);
  cr_expect_eq(result.branches_removed, 2);
  cr_expect_eq(result.fold_count, 4);
  cr_expect_gt(result.values, 0);
  cr_assert_str_eq(result.folds[0].function, "f");
  cr_expect_str_eq(result.folds[0].what, "fcmp ogt -> false");
  cr_expect_str_eq(result.folds[0].file, "ranges.c");
  cr_expect_eq(result.folds[0].line, 12);
  cr_expect_eq(result.folds[0].column, 9);
  cr_expect_null(result.folds[1].file);
  cr_expect_str_eq(result.folds[2].function, "g");
  /* The removed edge small -> join lost its phi entry; %dead (now without
   * predecessors, left for simplifycfg) still branches to join. */
  char *text = LLVMPrintModuleToString(module);
  cr_expect(strstr(text, "phi i32 [ 1, %dead ], [ 2, %live ]\n") != NULL, "%s",
            text);
  cr_expect(strstr(text, "ret float %x") != NULL, "%s", text);
  LLVMDisposeMessage(text);
  ltofold_fprange_result_free(&result);
  cr_expect_eq(result.fold_count, 0);
  LLVMDisposeModule(module);
}

Test(fprange_module, analyze_only_changes_nothing) {
  LLVMModuleRef module = test_parse_ir(context, "branches", branches_ir);
  char *before = LLVMPrintModuleToString(module);
  ltofold_fprange_options options = {.fold = false};
  ltofold_fprange_result result;
  ltofold_fprange_module(module, &options, &result);
  char *after = LLVMPrintModuleToString(module);
  cr_expect_str_eq(before, after);
  cr_expect_eq(result.fold_count, 0);
  cr_expect_gt(result.values, 0);
  LLVMDisposeMessage(before);
  LLVMDisposeMessage(after);
  ltofold_fprange_result_free(&result);
  LLVMDisposeModule(module);
}

/* Folding twice finds nothing new the second time, and verifies. */
Test(fprange_module, idempotent) {
  LLVMModuleRef module = test_parse_ir(context, "branches", branches_ir);
  ltofold_fprange_options options;
  ltofold_fprange_options_default(&options);
  ltofold_fprange_result first, second;
  ltofold_fprange_module(module, &options, &first);
  ltofold_fprange_module(module, &options, &second);
  assert_verifies(module);
  cr_expect_gt(first.fold_count, 0);
  cr_expect_eq(second.fold_count, 0);
  ltofold_fprange_result_free(&first);
  ltofold_fprange_result_free(&second);
  LLVMDisposeModule(module);
}

/* A phi left without entries (its block lost its only predecessor) is
 * replaced, so the verifier does not see an empty phi. */
Test(fprange_module, block_losing_its_only_predecessor) {
  static const char ir[] = "define double @f(i8 %i) {\n"
                           "entry:\n"
                           "  %x = uitofp i8 %i to double\n"
                           "  %c = fcmp olt double %x, 0.0\n"
                           "  br i1 %c, label %never, label %exit\n"
                           "never:\n"
                           "  %p = phi double [ %x, %entry ]\n"
                           "  %y = fadd double %p, 1.0\n"
                           "  ret double %y\n"
                           "exit:\n"
                           "  ret double %x\n"
                           "}\n";
  LLVMModuleRef module = test_parse_ir(context, "dead phi", ir);
  ltofold_fprange_options options;
  ltofold_fprange_options_default(&options);
  ltofold_fprange_result result;
  ltofold_fprange_module(module, &options, &result);
  assert_verifies(module);
  cr_expect_eq(result.branches_removed, 1);
  ltofold_fprange_result_free(&result);
  LLVMDisposeModule(module);
}

/* Real modules: C++ at -O2 with full LTO, and -O0 code. */
Test(fprange_module, real_modules_verify) {
  static const char *const names[] = {"templates.bc", "near_identical_O0.bc"};
  for (size_t i = 0; i < 2; ++i) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", LTOFOLD_TEST_MODULES, names[i]);
    LLVMModuleRef module = test_load_module(context, path);
    ltofold_fprange_options options;
    ltofold_fprange_options_default(&options);
    ltofold_fprange_result result;
    ltofold_fprange_module(module, &options, &result);
    assert_verifies(module);
    ltofold_fprange_result_free(&result);
    LLVMDisposeModule(module);
  }
}

/* Printing names every function and gives ranges in the seed's format. */
Test(fprange_module, print) {
  LLVMModuleRef module = test_parse_ir(context, "branches", branches_ir);
  char *buffer = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&buffer, &size);
  ltofold_fprange_print(module, false, out);
  fclose(out);
  cr_expect(strstr(buffer, "function @f\n") != NULL, "%s", buffer);
  cr_expect(strstr(buffer, "min: 0 max: 255 isInteger: 1 nan: 0") != NULL, "%s",
            buffer);
  free(buffer);
  LLVMDisposeModule(module);
}
