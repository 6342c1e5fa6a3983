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
 * Here, a base name that only one value has is its name. The values that
 * share one are told apart by their context, which the caller hashes from
 * structure alone, in two widths: the narrow context is what the value
 * itself is, one level deeper than its name (for an instruction, the
 * globals it refers to; for a block, what its instructions are); the wide
 * one adds its neighbours (an instruction's operands and users, how a
 * block is reached). Each width adds a suffix of five digits of its hash,
 * ".DDDDD", only where it tells apart values that everything before it
 * left equal:
 *
 *   base.NNNNN           narrow contexts differ in the group: by them;
 *   base.NNNNN.WWWWW     narrow twins whose wide contexts differ;
 *   base.WWWWW           the same, when the whole group is narrow twins;
 *   base[...].1, .2 ...  exact twins (the same computation used the same
 *                        way, as in inlined copies), in canonical order.
 *
 * So an edit elsewhere in the function changes no base and no context, and
 * renames nothing; a change to a value's neighbours renames it only when
 * they are what tells it apart; and only adding or removing one of a
 * group (a twin) can add or drop a level of digits, or renumber exact
 * twins.
 *
 * Every name goes into the function's name set. A base never ends in
 * ".DDDDD" or ".N", so a suffixed name is no other value's base, and the
 * levels shown in one group are the same for all its values; the set's
 * least free ".N" would still keep names unique if they were not. */
#include "canon_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One value being named, as sorted into groups. */
typedef struct tie_entry {
  const char *base;
  size_t index;    /* into the caller's arrays: the canonical order */
  unsigned narrow; /* five digits of the narrow context, in a shared base */
  unsigned wide;   /* five digits of the wide one, among narrow twins */
} tie_entry;

static unsigned five_digits(uint64_t hash) { return (unsigned)(hash % 100000); }

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

static int compare_wide_then_order(const void *left, const void *right) {
  const tie_entry *a = left, *b = right;
  if (a->wide != b->wide)
    return a->wide < b->wide ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

static bool same_base(const tie_entry *a, const tie_entry *b) {
  return !strcmp(a->base, b->base);
}

static bool same_narrow(const tie_entry *a, const tie_entry *b) {
  return a->narrow == b->narrow;
}

static bool same_wide(const tie_entry *a, const tie_entry *b) {
  return a->wide == b->wide;
}

/* The end of the run of entries from `first` that `same` finds equal. */
static size_t run_end(const tie_entry *entries, size_t first, size_t count,
                      bool (*same)(const tie_entry *, const tie_entry *)) {
  size_t end = first + 1;
  while (end < count && same(&entries[first], &entries[end]))
    ++end;
  return end;
}

static void give_name(canon_name_set *taken, LLVMValueRef value,
                      const char *name) {
  char unique[CANON_NAME_SIZE + 32];
  canon_name_set_add_unique(taken, name, unique, sizeof unique);
  LLVMSetValueName2(value, unique, strlen(unique));
}

/* Names the narrow twins entries[0..count) (count >= 2), whose names
 * start with `prefix`: by their wide digits where those differ among them,
 * and ".1", ".2", ... in canonical order where they are equal too. */
static void name_narrow_twins(canon_name_set *taken, LLVMValueRef *values,
                              tie_entry *entries, size_t count,
                              const char *prefix, canon_context_of *context_of,
                              void *state) {
  for (size_t i = 0; i < count; ++i)
    entries[i].wide = five_digits(context_of(state, entries[i].index, true));
  qsort(entries, count, sizeof *entries, compare_wide_then_order);
  bool show_wide = !same_wide(&entries[0], &entries[count - 1]);
  char name[CANON_NAME_SIZE + 64];
  for (size_t first = 0; first < count;) {
    size_t end = run_end(entries, first, count, same_wide);
    for (size_t i = first; i < end; ++i) {
      int length = snprintf(name, sizeof name, "%s", prefix);
      if (show_wide)
        length += snprintf(name + length, sizeof name - (size_t)length, ".%05u",
                           entries[i].wide);
      if (end - first > 1)
        snprintf(name + length, sizeof name - (size_t)length, ".%zu",
                 i - first + 1);
      give_name(taken, values[entries[i].index], name);
    }
    first = end;
  }
}

/* Names the values of one shared base, entries[0..count) (count >= 2):
 * by their narrow digits where those differ among them, then, between
 * narrow twins, as name_narrow_twins says. */
static void name_shared_base(canon_name_set *taken, LLVMValueRef *values,
                             tie_entry *entries, size_t count,
                             canon_context_of *context_of, void *state) {
  for (size_t i = 0; i < count; ++i)
    entries[i].narrow = five_digits(context_of(state, entries[i].index, false));
  qsort(entries, count, sizeof *entries, compare_narrow_then_order);
  bool show_narrow = !same_narrow(&entries[0], &entries[count - 1]);
  char prefix[CANON_NAME_SIZE];
  for (size_t first = 0; first < count;) {
    size_t end = run_end(entries, first, count, same_narrow);
    if (show_narrow)
      snprintf(prefix, sizeof prefix, "%s.%05u", entries[first].base,
               entries[first].narrow);
    else
      snprintf(prefix, sizeof prefix, "%s", entries[first].base);
    if (end - first == 1)
      give_name(taken, values[entries[first].index], prefix);
    else
      name_narrow_twins(taken, values, entries + first, end - first, prefix,
                        context_of, state);
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
      name_shared_base(taken, values, entries + first, end - first, context_of,
                       state);
    first = end;
  }
  free(entries);
}
