/* Functions for the profile-guided links (pgo-*.test): twins, near-twins
 * on the hot path and near-twins on the error path. Written out, one
 * statement a line, so that a sample profile (sample.prof) can name each
 * line by its offset from the function's first line.
 *
 * mix_often and mix_less are twins (equal bodies): merge folds them, and
 * the body kept carries the sum of both entry counts. Every run of main.c
 * calls mix_often 1000 times and mix_less 400 times, so an instrumented
 * profile gives exactly those; both are hot, so IR instrumentation gives
 * both the same attributes (inlinehint), which equal functions need.
 *
 * fold_alpha, fold_beta and fold_gamma differ in constants only: without a
 * profile merge-similar merges them; with one, which says they are hot
 * (main.c calls them 3000 times each in its inner loop), it leaves them
 * alone (skipped: hot).
 *
 * fail_open, fail_read and fail_write differ in constants only and run on
 * the error path, a few times per run: cold, so merged with a profile too.
 * They are straight-line code: a loop in them would be peeled by how often
 * each one ran, and they would no longer be alike. */
#include "ops.h"

#include <stdio.h>

__attribute__((noinline)) unsigned mix_often(const unsigned *values, int count) {
  unsigned hash = 2166136261u;
  for (int i = 0; i < count; ++i) {
    hash ^= values[i];
    hash *= 16777619u;
    if (hash & 1)
      hash = (hash >> 3) ^ 0x9e3779b9u;
  }
  return tweak(hash);
}

__attribute__((noinline)) unsigned mix_less(const unsigned *values, int count) {
  unsigned hash = 2166136261u;
  for (int i = 0; i < count; ++i) {
    hash ^= values[i];
    hash *= 16777619u;
    if (hash & 1)
      hash = (hash >> 3) ^ 0x9e3779b9u;
  }
  return tweak(hash);
}

__attribute__((noinline)) long fold_alpha(int value) {
  long acc = (long)value * 7;
  for (int i = 0; i < (value & 15) + 4; ++i) {
    acc = acc * 31 + (value ^ i);
    if (acc > 1000000007L)
      acc %= 1000000007L;
    acc ^= acc >> 5;
  }
  return acc;
}

__attribute__((noinline)) long fold_beta(int value) {
  long acc = (long)value * 11;
  for (int i = 0; i < (value & 15) + 4; ++i) {
    acc = acc * 37 + (value ^ i);
    if (acc > 1000000007L)
      acc %= 1000000007L;
    acc ^= acc >> 5;
  }
  return acc;
}

__attribute__((noinline)) long fold_gamma(int value) {
  long acc = (long)value * 13;
  for (int i = 0; i < (value & 15) + 4; ++i) {
    acc = acc * 41 + (value ^ i);
    if (acc > 1000000007L)
      acc %= 1000000007L;
    acc ^= acc >> 5;
  }
  return acc;
}

__attribute__((noinline)) long fail_open(int code) {
  long weight = (long)code * 101 + (code >> 3);
  weight ^= weight >> 7;
  weight = weight * 3 + (code ^ 101);
  weight %= 9973;
  fprintf(stderr, "cannot %s: code %d\n", "open", code);
  printf("failed %s %d %ld\n", "open", code, weight);
  return weight;
}

__attribute__((noinline)) long fail_read(int code) {
  long weight = (long)code * 211 + (code >> 3);
  weight ^= weight >> 7;
  weight = weight * 3 + (code ^ 211);
  weight %= 9973;
  fprintf(stderr, "cannot %s: code %d\n", "read", code);
  printf("failed %s %d %ld\n", "read", code, weight);
  return weight;
}

__attribute__((noinline)) long fail_write(int code) {
  long weight = (long)code * 307 + (code >> 3);
  weight ^= weight >> 7;
  weight = weight * 3 + (code ^ 307);
  weight %= 9973;
  fprintf(stderr, "cannot %s: code %d\n", "write", code);
  printf("failed %s %d %ld\n", "write", code, weight);
  return weight;
}
