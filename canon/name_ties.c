/* Names that several values of a function share, told apart by what is
 * around each one rather than by how many came before.
 *
 * A base name says what a value computes (naming.c), so two values can
 * have the same one: two loads of one global, two blocks that each store a
 * constant and branch. Numbering them ".1", ".2" in canonical order made
 * every name depend on the names before it: one instruction added near the
 * top of a function shifted the suffix of every later value with a shared
 * name, and `ltofold diff` showed each of their lines, and each line using
 * them, as changed.
 *
 * Here, a base name that only one value has is its name. Values sharing a
 * base get ".DDDDD", five digits of a hash of their context, which the
 * caller computes from structure alone, in two widths: the narrow context
 * is what the value itself is one level deeper than its name (for an
 * instruction, the globals it refers to; for a block, what its
 * instructions are); the wide one adds its neighbours (an instruction's
 * operands and users, a block's predecessors and successors). A value's
 * digits come from the narrow context when no other value of its base has
 * the same narrow digits, from the wide one otherwise: so the neighbours
 * count only between twins, and an edit next to a value that its own
 * content tells apart renames nothing. Values whose wide digits are equal
 * too (the same computation, used the same way) get ".1", ".2", ... after
 * them in canonical order: only adding or removing such an exact twin
 * renumbers them. An edit elsewhere in the function changes none of this.
 *
 * Every name goes into the function's name set. A base never ends in
 * ".DDDDD" or ".DDDDD.N", so a suffixed name is no other value's base; two
 * values' digits from different widths could still be equal (one chance in
 * 100000), and then the set's least free ".N" keeps the names unique. */
#include "canon_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One value being named, as sorted into groups. */
typedef struct tie_entry {
  const char *base;
  size_t index;    /* into the caller's arrays: the canonical order */
  unsigned narrow; /* five digits of the narrow context, in a shared base */
  unsigned digits; /* the digits its name shows */
} tie_entry;

static int compare_base_then_order(const void *left, const void *right) {
  const tie_entry *a = left, *b = right;
  int order = strcmp(a->base, b->base);
  if (order)
    return order;
  return a->index < b->index ? -1 : a->index > b->index;
}

static int compare_narrow_then_order(const void *left, const void *right) {
  const tie_entry *a = left, *b = right;
  if (a->narrow != b->narrow)
    return a->narrow < b->narrow ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

static int compare_digits_then_order(const void *left, const void *right) {
  const tie_entry *a = left, *b = right;
  if (a->digits != b->digits)
    return a->digits < b->digits ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

static unsigned five_digits(uint64_t hash) { return (unsigned)(hash % 100000); }

/* The end of the run of entries from `first` that `same` says are equal. */
static size_t run_end(const tie_entry *entries, size_t first, size_t count,
                      int (*same)(const void *, const void *)) {
  size_t end = first + 1;
  while (end < count && same(&entries[first], &entries[end]))
    ++end;
  return end;
}

static int same_base(const void *a, const void *b) {
  return !strcmp(((const tie_entry *)a)->base, ((const tie_entry *)b)->base);
}

static int same_narrow(const void *a, const void *b) {
  return ((const tie_entry *)a)->narrow == ((const tie_entry *)b)->narrow;
}

static int same_digits(const void *a, const void *b) {
  return ((const tie_entry *)a)->digits == ((const tie_entry *)b)->digits;
}

static void give_name(canon_name_set *taken, LLVMValueRef value,
                      const char *name) {
  char unique[CANON_NAME_SIZE + 32];
  canon_name_set_add_unique(taken, name, unique, sizeof unique);
  LLVMSetValueName2(value, unique, strlen(unique));
}

/* Picks the digits of each value of one shared base, entries[0..count):
 * the narrow ones where they are unique in the group, the wide ones
 * otherwise. */
static void choose_digits(tie_entry *entries, size_t count,
                          canon_context_of *context_of, void *state) {
  for (size_t i = 0; i < count; ++i)
    entries[i].narrow = five_digits(context_of(state, entries[i].index, false));
  qsort(entries, count, sizeof *entries, compare_narrow_then_order);
  for (size_t first = 0; first < count;) {
    size_t end = run_end(entries, first, count, same_narrow);
    for (size_t i = first; i < end; ++i)
      entries[i].digits =
          end - first == 1
              ? entries[i].narrow
              : five_digits(context_of(state, entries[i].index, true));
    first = end;
  }
}

/* Names the values of one shared base, entries[0..count). */
static void name_shared_group(canon_name_set *taken, LLVMValueRef *values,
                              tie_entry *entries, size_t count,
                              canon_context_of *context_of, void *state) {
  choose_digits(entries, count, context_of, state);
  qsort(entries, count, sizeof *entries, compare_digits_then_order);
  char name[CANON_NAME_SIZE + 32];
  for (size_t first = 0; first < count;) {
    size_t end = run_end(entries, first, count, same_digits);
    for (size_t i = first; i < end; ++i) {
      if (end - first == 1)
        snprintf(name, sizeof name, "%s.%05u", entries[i].base,
                 entries[i].digits);
      else
        snprintf(name, sizeof name, "%s.%05u.%zu", entries[i].base,
                 entries[i].digits, i - first + 1);
      give_name(taken, values[entries[i].index], name);
    }
    first = end;
  }
}

void canon_give_names(canon_name_set *taken, LLVMValueRef *values,
                      char *const *bases, size_t count,
                      canon_context_of *context_of, void *state) {
  tie_entry *entries = malloc((count + 1) * sizeof *entries);
  if (!entries)
    abort();
  for (size_t i = 0; i < count; ++i)
    entries[i] = (tie_entry){.base = bases[i], .index = i};
  qsort(entries, count, sizeof *entries, compare_base_then_order);
  for (size_t first = 0; first < count;) {
    size_t end = run_end(entries, first, count, same_base);
    if (end - first == 1)
      give_name(taken, values[entries[first].index], entries[first].base);
    else
      name_shared_group(taken, values, entries + first, end - first, context_of,
                        state);
    first = end;
  }
  free(entries);
}
