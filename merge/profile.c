/* profile: function entry counts (profile.h).
 *
 * The count is read the way LLVM's Function::getEntryCount reads it: the
 * node's first operand names the kind, the second is the count, and -1 is
 * "no samples", an unknown count, never the hottest function of the module
 * (taking it as UINT64_MAX would make every other count look cold and so
 * switch the similar-merge hot rule off for the whole program). The GUIDs
 * after the count are the functions a sample-profile ThinLTO build imports
 * into this one; a merged body needs the imports of both. */
#include "profile.h"

#include "llvm_arrays.h"

#include <stdlib.h>
#include <string.h>

static unsigned prof_kind(LLVMValueRef fn) {
  LLVMContextRef context = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  return LLVMGetMDKindIDInContext(context, "prof", 4);
}

/* fn's !prof node, as a value, or NULL. */
static LLVMValueRef prof_node(LLVMValueRef fn) {
  size_t count;
  LLVMValueMetadataEntry *entries = LLVMGlobalCopyAllMetadata(fn, &count);
  unsigned kind = prof_kind(fn);
  LLVMValueRef node = NULL;
  for (size_t i = 0; i < count && !node; ++i)
    if (LLVMValueMetadataEntriesGetKind(entries, (unsigned)i) == kind)
      node = LLVMMetadataAsValue(
          LLVMGetModuleContext(LLVMGetGlobalParent(fn)),
          LLVMValueMetadataEntriesGetMetadata(entries, (unsigned)i));
  if (entries)
    LLVMDisposeValueMetadataEntries(entries);
  return node;
}

static bool is_string(LLVMValueRef operand, const char *text) {
  unsigned length = 0;
  const char *s = operand ? LLVMGetMDString(operand, &length) : NULL;
  return s && length == strlen(text) && !memcmp(s, text, length);
}

static int compare_guids(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* Sorts and removes duplicates. */
static unsigned sort_distinct(uint64_t *guids, unsigned count) {
  qsort(guids, count, sizeof *guids, compare_guids);
  unsigned kept = 0;
  for (unsigned i = 0; i < count; ++i)
    if (!kept || guids[kept - 1] != guids[i])
      guids[kept++] = guids[i];
  return kept;
}

entry_count entry_count_read(LLVMValueRef fn) {
  entry_count result = {0};
  LLVMValueRef node = prof_node(fn);
  if (!node)
    return result;
  unsigned count;
  LLVMValueRef *operands = ltofold_md_node_operands(node, &count);
  bool real = count >= 2 && is_string(operands[0], "function_entry_count");
  bool synthetic =
      count == 2 && is_string(operands[0], "synthetic_function_entry_count");
  if ((real || synthetic) && operands[1] && LLVMIsAConstantInt(operands[1])) {
    result.present = true;
    result.synthetic = synthetic;
    uint64_t n = LLVMConstIntGetZExtValue(operands[1]);
    result.known = synthetic || n != UINT64_MAX;
    result.count = result.known ? n : 0;
    result.imports = calloc(count, sizeof *result.imports);
    if (!result.imports)
      abort();
    for (unsigned i = 2; i < count; ++i)
      if (operands[i] && LLVMIsAConstantInt(operands[i]))
        result.imports[result.import_count++] =
            LLVMConstIntGetZExtValue(operands[i]);
    result.import_count = sort_distinct(result.imports, result.import_count);
  }
  free(operands);
  return result;
}

void entry_count_free(entry_count *count) {
  free(count->imports);
  memset(count, 0, sizeof *count);
}

uint64_t hottest_entry_count(LLVMModuleRef module) {
  uint64_t hottest = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn;
       fn = LLVMGetNextFunction(fn)) {
    entry_count count = entry_count_read(fn);
    if (count.known && count.count > hottest)
      hottest = count.count;
    entry_count_free(&count);
  }
  return hottest;
}

bool is_hot(LLVMValueRef fn, uint64_t hottest) {
  if (!hottest)
    return false;
  entry_count count = entry_count_read(fn);
  /* count * 100 >= hottest, without the multiplication that can wrap. */
  bool hot = count.known &&
             count.count >= hottest / 100 + (hottest % 100 != 0);
  entry_count_free(&count);
  return hot;
}

void entry_count_add(LLVMValueRef f, const entry_count *g) {
  entry_count mine = entry_count_read(f);
  if (!mine.present || !g->present || mine.synthetic != g->synthetic) {
    entry_count_free(&mine);
    return;
  }
  uint64_t sum = mine.count + g->count;
  if (sum < mine.count)
    sum = UINT64_MAX - 1; /* saturated; UINT64_MAX would read as unknown */
  bool known = mine.known || g->known;
  unsigned guids = mine.import_count + g->import_count;
  uint64_t *imports = malloc(((size_t)guids + 1) * sizeof *imports);
  if (!imports)
    abort();
  memcpy(imports, mine.imports, mine.import_count * sizeof *imports);
  memcpy(imports + mine.import_count, g->imports,
         g->import_count * sizeof *imports);
  guids = sort_distinct(imports, guids);

  LLVMContextRef context = LLVMGetModuleContext(LLVMGetGlobalParent(f));
  LLVMTypeRef i64 = LLVMInt64TypeInContext(context);
  LLVMMetadataRef *operands = malloc(((size_t)guids + 2) * sizeof *operands);
  if (!operands)
    abort();
  const char *tag = mine.synthetic ? "synthetic_function_entry_count"
                                   : "function_entry_count";
  operands[0] = LLVMMDStringInContext2(context, tag, strlen(tag));
  operands[1] = LLVMValueAsMetadata(
      LLVMConstInt(i64, known ? sum : UINT64_MAX, false));
  for (unsigned i = 0; i < guids; ++i)
    operands[2 + i] =
        LLVMValueAsMetadata(LLVMConstInt(i64, imports[i], false));
  LLVMGlobalSetMetadata(f, prof_kind(f),
                        LLVMMDNodeInContext2(context, operands, guids + 2));
  free(operands);
  free(imports);
  entry_count_free(&mine);
}

void entry_count_set_sum(LLVMValueRef body, const LLVMValueRef *members,
                         size_t count) {
  LLVMValueRef first = count ? prof_node(members[0]) : NULL;
  if (!first)
    return;
  LLVMGlobalSetMetadata(body, prof_kind(body), LLVMValueAsMetadata(first));
  for (size_t m = 1; m < count; ++m) {
    entry_count other = entry_count_read(members[m]);
    entry_count_add(body, &other);
    entry_count_free(&other);
  }
}
