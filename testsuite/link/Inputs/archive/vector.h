/* A growable array, "instantiated" per element type with a macro, the way C
 * code bases get their template duplication: VECTOR_DECLARE in this header,
 * VECTOR_DEFINE in one archive member per type. For int, unsigned and
 * enum shade (all 32 bits) init, push, pop, find, reverse, unique and
 * release are the same code; sum and sort are not for int against the
 * other two (signed vs unsigned arithmetic and compares). */
#ifndef VECTOR_H
#define VECTOR_H

#include <stddef.h>
#include <stdlib.h>

#define VECTOR_DECLARE(NAME, TYPE)                                             \
  struct NAME {                                                                \
    TYPE *items;                                                               \
    size_t count, capacity;                                                    \
  };                                                                           \
  void NAME##_init(struct NAME *v);                                            \
  int NAME##_push(struct NAME *v, TYPE item);                                  \
  TYPE NAME##_pop(struct NAME *v);                                             \
  long NAME##_find(const struct NAME *v, TYPE item);                           \
  void NAME##_reverse(struct NAME *v);                                         \
  long long NAME##_sum(const struct NAME *v);                                  \
  int NAME##_sort(struct NAME *v);                                             \
  size_t NAME##_unique(struct NAME *v);                                        \
  void NAME##_release(struct NAME *v);

#define VECTOR_DEFINE(NAME, TYPE)                                              \
  void NAME##_init(struct NAME *v) {                                           \
    v->items = NULL;                                                           \
    v->count = v->capacity = 0;                                                \
  }                                                                            \
  int NAME##_push(struct NAME *v, TYPE item) {                                 \
    if (v->count == v->capacity) {                                             \
      size_t capacity = v->capacity ? 2 * v->capacity : 4;                     \
      TYPE *items = realloc(v->items, capacity * sizeof *items);               \
      if (!items)                                                              \
        return -1;                                                             \
      v->items = items;                                                        \
      v->capacity = capacity;                                                  \
    }                                                                          \
    v->items[v->count++] = item;                                               \
    return 0;                                                                  \
  }                                                                            \
  TYPE NAME##_pop(struct NAME *v) { return v->items[--v->count]; }             \
  long NAME##_find(const struct NAME *v, TYPE item) {                          \
    for (size_t i = 0; i < v->count; i++)                                      \
      if (v->items[i] == item)                                                 \
        return (long)i;                                                        \
    return -1;                                                                 \
  }                                                                            \
  void NAME##_reverse(struct NAME *v) {                                        \
    for (size_t i = 0, j = v->count; i + 1 < j; i++, j--) {                    \
      TYPE t = v->items[i];                                                    \
      v->items[i] = v->items[j - 1];                                           \
      v->items[j - 1] = t;                                                     \
    }                                                                          \
  }                                                                            \
  long long NAME##_sum(const struct NAME *v) {                                 \
    long long total = 0;                                                       \
    for (size_t i = 0; i < v->count; i++)                                      \
      total += v->items[i];                                                    \
    return total;                                                              \
  }                                                                            \
  /* Bottom-up merge sort: stable, through a scratch buffer. */                \
  int NAME##_sort(struct NAME *v) {                                            \
    TYPE *scratch = malloc((v->count + 1) * sizeof *scratch);                  \
    if (!scratch)                                                              \
      return -1;                                                               \
    TYPE *from = v->items, *to = scratch;                                      \
    for (size_t width = 1; width < v->count; width *= 2) {                     \
      for (size_t low = 0; low < v->count; low += 2 * width) {                 \
        size_t mid = low + width < v->count ? low + width : v->count;          \
        size_t high = mid + width < v->count ? mid + width : v->count;         \
        size_t i = low, j = mid, k = low;                                      \
        while (i < mid && j < high)                                            \
          to[k++] = from[j] < from[i] ? from[j++] : from[i++];                 \
        while (i < mid)                                                        \
          to[k++] = from[i++];                                                 \
        while (j < high)                                                       \
          to[k++] = from[j++];                                                 \
      }                                                                        \
      TYPE *swap = from;                                                       \
      from = to;                                                               \
      to = swap;                                                               \
    }                                                                          \
    if (from != v->items)                                                      \
      for (size_t i = 0; i < v->count; i++)                                    \
        v->items[i] = from[i];                                                 \
    free(scratch);                                                             \
    return 0;                                                                  \
  }                                                                            \
  /* Drops adjacent repeats; returns how many were dropped. */                 \
  size_t NAME##_unique(struct NAME *v) {                                       \
    size_t kept = 0;                                                           \
    for (size_t i = 0; i < v->count; i++)                                      \
      if (kept == 0 || v->items[kept - 1] != v->items[i])                      \
        v->items[kept++] = v->items[i];                                        \
    size_t dropped = v->count - kept;                                          \
    v->count = kept;                                                           \
    return dropped;                                                            \
  }                                                                            \
  void NAME##_release(struct NAME *v) {                                        \
    free(v->items);                                                            \
    NAME##_init(v);                                                            \
  }

enum shade { shade_black, shade_grey, shade_white, shade_red };

VECTOR_DECLARE(ivec, int)
VECTOR_DECLARE(uvec, unsigned)
VECTOR_DECLARE(svec, enum shade)

#endif
