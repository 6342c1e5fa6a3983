/* The comparator's order laws, checked over real modules.
 *
 * merge/ finds equal functions by sorting them into a tree with
 * ltofold_compare_functions, and narrows the search with
 * ltofold_function_hash. Both only work if the comparator is a total
 * preorder and the hash agrees with it:
 *   reflexive      cmp(f, f) == 0;
 *   antisymmetric  cmp(f, g) == -cmp(g, f);
 *   transitive     f <= g and g <= h imply f <= h, with f == h when both
 *                  steps are ties, and f == g implies cmp(f, h) == cmp(g, h);
 *   stable         a later call gives the same answer (the numbering of
 *                  globals grows between calls, the answers must not move);
 *   hashed         cmp(f, g) == 0 implies equal hashes.
 * These are checked over every pair of defined functions of each module,
 * and over every triple: explicitly up to TRIPLE_CAP triples, and completely
 * by sorting (see check_total_preorder). The modules are real code built by
 * CMake (template-heavy C++ at -O2 with full LTO, near-identical C++ at
 * -O0), the same with an exact copy of every function added, and
 * inputs/tricky.ll; the pairs of tricky.ll are then checked one by one
 * against what each rule promises. (test_comparator_pairs.c checks that names
 * do not matter and single flags do.) */
#include "ltofold_merge.h"
#include "support_modules.h"

#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TRIPLE_CAP 4000000u

/* All answers of the comparator on one module: cmp[i * count + j] is
 * cmp(functions[i], functions[j]). */
typedef struct order_table {
  LLVMValueRef *functions; /* owned array of the module's definitions */
  size_t count;
  signed char *cmp; /* owned, count * count entries */
  uint64_t *hashes; /* owned, count entries */
} order_table;

static int table_cmp(const order_table *t, size_t i, size_t j) {
  return t->cmp[i * t->count + j];
}

static const char *fn_name(const order_table *t, size_t i) {
  return test_name(t->functions[i]);
}

/* Fills `t` with every pair's answer, checking each is -1, 0 or 1. */
static void order_table_fill(order_table *t, LLVMModuleRef module,
                             ltofold_comparator *comparator) {
  t->functions = test_defined_functions(module, &t->count);
  cr_assert_gt(t->count, 1, "a module for order checks needs functions");
  t->cmp = malloc(t->count * t->count);
  t->hashes = malloc(t->count * sizeof *t->hashes);
  cr_assert(t->cmp && t->hashes);
  for (size_t i = 0; i < t->count; ++i) {
    t->hashes[i] = ltofold_function_hash(t->functions[i]);
    for (size_t j = 0; j < t->count; ++j) {
      int r = ltofold_compare_functions(comparator, t->functions[i],
                                        t->functions[j]);
      cr_assert(r == -1 || r == 0 || r == 1, "cmp(%s, %s) returned %d",
                fn_name(t, i), fn_name(t, j), r);
      t->cmp[i * t->count + j] = (signed char)r;
    }
  }
}

static void order_table_free(order_table *t) {
  free(t->functions);
  free(t->cmp);
  free(t->hashes);
}

static void check_reflexive_antisymmetric(const order_table *t) {
  for (size_t i = 0; i < t->count; ++i) {
    cr_assert_eq(table_cmp(t, i, i), 0, "cmp(f, f) != 0 for %s", fn_name(t, i));
    for (size_t j = i + 1; j < t->count; ++j) {
      int forward = table_cmp(t, i, j), backward = table_cmp(t, j, i);
      cr_assert_eq(forward, -backward,
                   "not antisymmetric: cmp(%s, %s) = %d but cmp(%s, %s) = %d",
                   fn_name(t, i), fn_name(t, j), forward, fn_name(t, j),
                   fn_name(t, i), backward);
    }
  }
}

static void check_hash_agrees(const order_table *t) {
  for (size_t i = 0; i < t->count; ++i)
    for (size_t j = 0; j < t->count; ++j)
      if (table_cmp(t, i, j) == 0)
        cr_assert_eq(t->hashes[i], t->hashes[j],
                     "%s and %s compare equal but hash differently "
                     "(%016llx, %016llx)",
                     fn_name(t, i), fn_name(t, j),
                     (unsigned long long)t->hashes[i],
                     (unsigned long long)t->hashes[j]);
}

/* One triple: the laws that mention three functions. */
static void check_triple(const order_table *t, size_t a, size_t b, size_t c) {
  int ab = table_cmp(t, a, b), bc = table_cmp(t, b, c), ac = table_cmp(t, a, c);
  if (ab <= 0 && bc <= 0)
    cr_assert(ac <= 0 && (ac == 0) == (ab == 0 && bc == 0),
              "not transitive: cmp(%s, %s) = %d, cmp(%s, %s) = %d, "
              "cmp(%s, %s) = %d",
              fn_name(t, a), fn_name(t, b), ab, fn_name(t, b), fn_name(t, c),
              bc, fn_name(t, a), fn_name(t, c), ac);
  if (ab == 0)
    cr_assert_eq(ac, bc,
                 "%s == %s, yet they compare differently with %s (%d, %d)",
                 fn_name(t, a), fn_name(t, b), fn_name(t, c), ac, bc);
}

/* Every triple when there are at most TRIPLE_CAP, otherwise TRIPLE_CAP
 * triples drawn by a fixed generator (so a failure reproduces). */
static void check_triples(const order_table *t) {
  size_t n = t->count;
  if ((double)n * n * n <= TRIPLE_CAP) {
    for (size_t a = 0; a < n; ++a)
      for (size_t b = 0; b < n; ++b)
        for (size_t c = 0; c < n; ++c)
          check_triple(t, a, b, c);
    return;
  }
  uint64_t state = 0x9e3779b97f4a7c15ULL;
  for (unsigned k = 0; k < TRIPLE_CAP; ++k) {
    size_t picks[3];
    for (int p = 0; p < 3; ++p) {
      state ^= state << 13;
      state ^= state >> 7;
      state ^= state << 17;
      picks[p] = (size_t)(state % n);
    }
    check_triple(t, picks[0], picks[1], picks[2]);
  }
}

/* Bottom-up merge sort of indices by the table (no comparator calls). */
static void sort_by_table(const order_table *t, size_t *order) {
  size_t n = t->count;
  size_t *scratch = malloc(n * sizeof *scratch);
  cr_assert_not_null(scratch);
  for (size_t i = 0; i < n; ++i)
    order[i] = i;
  for (size_t width = 1; width < n; width *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * width) {
      size_t mid = lo + width < n ? lo + width : n;
      size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
      size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi)
        scratch[k++] =
            table_cmp(t, order[j], order[i]) < 0 ? order[j++] : order[i++];
      while (i < mid)
        scratch[k++] = order[i++];
      while (j < hi)
        scratch[k++] = order[j++];
    }
    memcpy(order, scratch, n * sizeof *order);
  }
  free(scratch);
}

/* Transitivity over all triples at once, in O(n^2): sort by the table, cut
 * the sorted sequence into runs of neighbours that compare equal, and
 * require every pair inside a run to be equal and every pair across runs to
 * be ordered as the runs are. A table that passes is the order "by run", a
 * total preorder, so every triple is transitive; an antisymmetric table that
 * is not transitive cannot pass, whatever order the sort left it in. */
static void check_total_preorder(const order_table *t) {
  size_t n = t->count;
  size_t *order = malloc(n * sizeof *order);
  size_t *run = malloc(n * sizeof *run);
  cr_assert(order && run);
  sort_by_table(t, order);
  run[0] = 0;
  for (size_t i = 1; i < n; ++i)
    run[i] = run[i - 1] + (table_cmp(t, order[i - 1], order[i]) != 0);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      int expected = run[i] == run[j] ? 0 : -1;
      int got = table_cmp(t, order[i], order[j]);
      cr_assert_eq(got, expected,
                   "no total preorder: after sorting, cmp(%s, %s) = %d where "
                   "%d was needed (positions %zu and %zu of %zu)",
                   fn_name(t, order[i]), fn_name(t, order[j]), got, expected, i,
                   j, n);
    }
  free(order);
  free(run);
}

/* Asks again, after every other question, and expects the same answers. */
static void check_stable(const order_table *t, ltofold_comparator *comparator) {
  size_t n = t->count;
  for (size_t i = 0; i < n; ++i)
    for (size_t step = 1; step <= 8 && step < n; ++step) {
      size_t j = (i * 7 + step * 13) % n;
      int again = ltofold_compare_functions(comparator, t->functions[i],
                                            t->functions[j]);
      cr_assert_eq(again, table_cmp(t, i, j),
                   "unstable: cmp(%s, %s) was %d, later %d", fn_name(t, i),
                   fn_name(t, j), table_cmp(t, i, j), again);
    }
}

/* The modules the laws are checked on, by name. */
static LLVMModuleRef load_case(LLVMContextRef context, const char *name) {
  static const struct {
    const char *name, *path;
  } cases[] = {
      {"templates", LTOFOLD_TEST_MODULES "/templates.bc"},
      {"near_identical_O0", LTOFOLD_TEST_MODULES "/near_identical_O0.bc"},
      {"tricky", LTOFOLD_TEST_INPUTS "/tricky.ll"},
  };
  size_t length = strcspn(name, "+");
  for (size_t i = 0; i < sizeof cases / sizeof *cases; ++i) {
    if (strlen(cases[i].name) != length || strncmp(cases[i].name, name, length))
      continue;
    LLVMModuleRef module = test_load_module(context, cases[i].path);
    /* "NAME+copies": the module with an exact copy of every definition. */
    return name[length] ? test_module_with_copies(context, module) : module;
  }
  cr_assert_fail("no test module %s", name);
  return NULL;
}

typedef enum order_law {
  LAW_REFLEXIVE_ANTISYMMETRIC,
  LAW_TRANSITIVE,
  LAW_STABLE,
  LAW_HASH_AGREES,
} order_law;

/* Checks one law over every definition of the named module, so that each
 * law fails on its own and one broken law does not hide another. */
static void check_order_law(const char *module_name, order_law law) {
  LLVMContextRef context = LLVMContextCreate();
  LLVMModuleRef module = load_case(context, module_name);
  ltofold_comparator *comparator = ltofold_comparator_new(module);
  order_table t = {0};
  order_table_fill(&t, module, comparator);
  switch (law) {
  case LAW_REFLEXIVE_ANTISYMMETRIC:
    check_reflexive_antisymmetric(&t);
    break;
  case LAW_TRANSITIVE: {
    check_reflexive_antisymmetric(&t); /* the sort check presumes it */
    size_t ties = 0;
    for (size_t i = 0; i < t.count; ++i)
      for (size_t j = i + 1; j < t.count; ++j)
        ties += table_cmp(&t, i, j) == 0;
    cr_assert_gt(ties, 0,
                 "%s has no equal pair: the rules for ties would "
                 "go unchecked",
                 module_name);
    check_triples(&t);
    check_total_preorder(&t);
    break;
  }
  case LAW_STABLE:
    check_stable(&t, comparator);
    break;
  case LAW_HASH_AGREES:
    check_hash_agrees(&t);
    break;
  }
  order_table_free(&t);
  ltofold_comparator_free(comparator);
  LLVMContextDispose(context);
}

#define ORDER_LAW_TESTS(id, module_name)                                       \
  Test(comparator_laws, id##_reflexive_antisymmetric, .timeout = 120) {        \
    check_order_law(module_name, LAW_REFLEXIVE_ANTISYMMETRIC);                 \
  }                                                                            \
  Test(comparator_laws, id##_transitive, .timeout = 120) {                     \
    check_order_law(module_name, LAW_TRANSITIVE);                              \
  }                                                                            \
  Test(comparator_laws, id##_stable, .timeout = 120) {                         \
    check_order_law(module_name, LAW_STABLE);                                  \
  }                                                                            \
  Test(comparator_laws, id##_hash_agrees, .timeout = 120) {                    \
    check_order_law(module_name, LAW_HASH_AGREES);                             \
  }

ORDER_LAW_TESTS(templates, "templates")
ORDER_LAW_TESTS(templates_with_copies, "templates+copies")
ORDER_LAW_TESTS(near_identical_O0, "near_identical_O0")
ORDER_LAW_TESTS(near_identical_O0_with_copies, "near_identical_O0+copies")
ORDER_LAW_TESTS(tricky, "tricky")
ORDER_LAW_TESTS(tricky_with_copies, "tricky+copies")

/* Whether `fn` uses its own address other than to call itself: such a
 * function differs from its copy by design (the copy uses the copy's). */
static bool uses_own_address(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      int count = LLVMGetNumOperands(i);
      bool call = LLVMIsACallInst(i) || LLVMIsAInvokeInst(i);
      for (int k = 0; k < count; ++k)
        if (LLVMGetOperand(i, (unsigned)k) == fn && !(call && k == count - 1))
          return true;
    }
  return false;
}

/* Checks that every definition F of `module` that has an F.copy in
 * `with_copies` compares equal to it and hashes alike. Returns how many. */
static size_t check_copies_equal(LLVMModuleRef module,
                                 LLVMModuleRef with_copies) {
  ltofold_comparator *comparator = ltofold_comparator_new(with_copies);
  size_t count = 0, checked = 0;
  LLVMValueRef *functions = test_defined_functions(module, &count);
  for (size_t i = 0; i < count; ++i) {
    char copy_name[4096];
    snprintf(copy_name, sizeof copy_name, "%s.copy", test_name(functions[i]));
    LLVMValueRef original =
        LLVMGetNamedFunction(with_copies, test_name(functions[i]));
    LLVMValueRef copy = LLVMGetNamedFunction(with_copies, copy_name);
    cr_assert_not_null(original);
    cr_assert_not_null(copy, "no %s in the module with copies", copy_name);
    if (uses_own_address(original))
      continue;
    cr_assert_eq(ltofold_compare_functions(comparator, original, copy), 0,
                 "%s differs from its exact copy", test_name(original));
    cr_assert_eq(ltofold_compare_functions(comparator, copy, original), 0,
                 "the copy of %s differs from it", test_name(original));
    cr_assert_eq(ltofold_function_hash(original), ltofold_function_hash(copy),
                 "%s hashes unlike its exact copy", test_name(original));
    ++checked;
  }
  free(functions);
  ltofold_comparator_free(comparator);
  return checked;
}

/* ---- Exact copies compare equal ----------------------------------------- */

static LLVMContextRef context;
static void context_setup(void) { context = LLVMContextCreate(); }
static void context_teardown(void) { LLVMContextDispose(context); }

TestSuite(comparator_copies, .init = context_setup, .fini = context_teardown,
          .timeout = 120);

Test(comparator_copies, template_heavy_module) {
  LLVMModuleRef module =
      test_load_module(context, LTOFOLD_TEST_MODULES "/templates.bc");
  LLVMModuleRef with_copies = test_module_with_copies(context, module);
  cr_assert_gt(check_copies_equal(module, with_copies), 100);
}

Test(comparator_copies, near_identical_O0_module) {
  LLVMModuleRef module =
      test_load_module(context, LTOFOLD_TEST_MODULES "/near_identical_O0.bc");
  LLVMModuleRef with_copies = test_module_with_copies(context, module);
  cr_assert_gt(check_copies_equal(module, with_copies), 10);
}

Test(comparator_copies, tricky_module) {
  LLVMModuleRef module =
      test_load_module(context, LTOFOLD_TEST_INPUTS "/tricky.ll");
  LLVMModuleRef with_copies = test_module_with_copies(context, module);
  cr_assert_gt(check_copies_equal(module, with_copies), 10);
}

/* ---- What tricky.ll expects, pair by pair -------------------------------- */

typedef struct expected_pair {
  const char *left, *right;
  int equal; /* 1: must compare equal; 0: must not */
} expected_pair;

static const expected_pair tricky_pairs[] = {
    {"id_i64", "id_ptr", 1}, /* ptr reads as i64 */
    {"null_i64", "null_ptr", 1},
    {"load_i64", "load_ptr", 1},
    {"id_i64", "id_i32", 0},
    {"id_ptr", "id_ptr_as1", 0},  /* only address space 0 is coerced */
    {"gep_i8_8", "gep_i64_1", 1}, /* same constant byte offset */
    {"gep_i8_8", "gep_struct_field2", 1},
    {"gep_i8_8", "gep_array_2", 1},
    {"gep_i8_1", "gep_packed_1", 1},
    {"gep_i8_8", "gep_i8_1", 0},
    {"gep_i8_8", "gep_inbounds_i8_8", 0},
    {"gep_variable", "gep_variable_i32", 0}, /* variable index: types count */
    {"gep_negative", "gep_negative_bytes", 1},
    {"fact_a", "fact_b", 1}, /* self-recursion */
    {"even_a", "odd_a", 0},
    {"self_address", "self_address_twin", 0},
    {"load_range_0_10", "load_range_0_10_twin", 1},
    {"load_range_0_10", "load_range_0_20", 0},
    {"load_range_0_10", "load_plain", 0},
    {"load_tbaa_int", "load_tbaa_float", 1}, /* aliasing tags not compared */
    {"load_tbaa_int", "load_plain", 1},
    {"load_nonnull", "load_nonnull_noundef", 0},
    {"read_sp", "read_sp_twin", 1},
    {"read_sp", "read_fp", 0},
    {"select_layout_a", "select_layout_b", 1},    /* walked in CFG order */
    {"select_layout_a", "select_unreachable", 1}, /* dead blocks ignored */
    {"select_layout_b", "select_unreachable", 1},
    {"fp_one", "fp_minus_zero", 0},
    {"fp_minus_zero", "fp_zero", 0},
    {"wide_big", "wide_small", 0},
    {"undef_i64", "poison_i64", 0},
    {"global_g1", "global_g2", 0},
    {"vector_const", "vector_const_other", 0},
    {"struct_const", "struct_const_int", 0},
    {"add_plain", "add_nsw", 0},
    {"add_plain", "add_plain_noinline", 0},
    {"add_plain", "add_fastcc", 0},
    {"add_plain", "add_swapped", 0},
    {"varargs", "no_varargs", 0},
};

TestSuite(comparator_tricky, .init = context_setup, .fini = context_teardown);

Test(comparator_tricky, expected_pairs) {
  LLVMModuleRef module =
      test_load_module(context, LTOFOLD_TEST_INPUTS "/tricky.ll");
  ltofold_comparator *comparator = ltofold_comparator_new(module);
  for (size_t i = 0; i < sizeof tricky_pairs / sizeof *tricky_pairs; ++i) {
    const expected_pair *p = &tricky_pairs[i];
    LLVMValueRef left = LLVMGetNamedFunction(module, p->left);
    LLVMValueRef right = LLVMGetNamedFunction(module, p->right);
    cr_assert(left && right, "tricky.ll lacks %s or %s", p->left, p->right);
    int r = ltofold_compare_functions(comparator, left, right);
    if (p->equal)
      cr_expect_eq(r, 0, "%s and %s should compare equal", p->left, p->right);
    else
      cr_expect_neq(r, 0, "%s and %s should differ", p->left, p->right);
  }
  ltofold_comparator_free(comparator);
}

/* Inside a comparison, a reference to the function being compared stands
 * for "the function itself", on either side, whatever global it is (the
 * seed's cmpValues checks this before anything else). fact_c calls fact_a,
 * as fact_a does, but from fact_c that is a call to another function: were
 * fact_a equal to fact_c, then fact_b == fact_a (both call themselves) and
 * fact_a == fact_c, yet fact_b != fact_c (one calls itself, one does not),
 * and the order would not be transitive. */
Test(comparator_tricky, self_reference_is_not_the_global) {
  LLVMModuleRef module =
      test_load_module(context, LTOFOLD_TEST_INPUTS "/tricky.ll");
  ltofold_comparator *comparator = ltofold_comparator_new(module);
  static const char *const pairs[][2] = {
      {"fact_a", "fact_c"},
  };
  for (size_t i = 0; i < sizeof pairs / sizeof *pairs; ++i) {
    LLVMValueRef left = LLVMGetNamedFunction(module, pairs[i][0]);
    LLVMValueRef right = LLVMGetNamedFunction(module, pairs[i][1]);
    cr_assert(left && right);
    cr_expect_neq(ltofold_compare_functions(comparator, left, right), 0,
                  "%s (refers to itself) and %s (refers to %s) compare equal",
                  pairs[i][0], pairs[i][1], pairs[i][0]);
  }
  ltofold_comparator_free(comparator);
}

/* Only calls of the function itself are "self": its address used as data
 * is that global's identity, since folding would change the value. So
 * self_address (returns its own address) differs from its twin (returns
 * the twin's), and equals other_address (returns self_address's). */
Test(comparator_tricky, own_address_as_data_is_identity) {
  LLVMModuleRef module =
      test_load_module(context, LTOFOLD_TEST_INPUTS "/tricky.ll");
  ltofold_comparator *comparator = ltofold_comparator_new(module);
  LLVMValueRef self = LLVMGetNamedFunction(module, "self_address");
  LLVMValueRef twin = LLVMGetNamedFunction(module, "self_address_twin");
  LLVMValueRef other = LLVMGetNamedFunction(module, "other_address");
  cr_assert(self && twin && other);
  cr_expect_neq(ltofold_compare_functions(comparator, self, twin), 0);
  cr_expect_eq(ltofold_compare_functions(comparator, self, other), 0);
  ltofold_comparator_free(comparator);
}

/* The hash must see a function as the comparator does: blocks in CFG order
 * from the entry, unreachable blocks not at all. */
Test(comparator_tricky, hash_follows_the_walk_not_the_layout) {
  LLVMModuleRef module =
      test_load_module(context, LTOFOLD_TEST_INPUTS "/tricky.ll");
  static const char *const equal_names[] = {
      "select_layout_a", "select_layout_b", "select_unreachable"};
  uint64_t first =
      ltofold_function_hash(LLVMGetNamedFunction(module, equal_names[0]));
  for (size_t i = 1; i < sizeof equal_names / sizeof *equal_names; ++i)
    cr_expect_eq(
        ltofold_function_hash(LLVMGetNamedFunction(module, equal_names[i])),
        first, "%s and %s hash differently", equal_names[0], equal_names[i]);
}
