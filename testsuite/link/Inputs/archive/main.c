/* A small command-line tool over the archive's vectors: every command loads
 * the numbers on the command line into a vector of int, of unsigned and of
 * enum shade, and reports on them. main runs every command, so each vector
 * routine has several callers (and survives LTO's inlining to be folded). */
#include "vector.h"

#include <stdio.h>

struct data {
  struct ivec s;
  struct uvec u;
  struct svec c;
};

static int load(struct data *d, int argc, char **argv, int stride) {
  ivec_init(&d->s);
  uvec_init(&d->u);
  svec_init(&d->c);
  for (int i = 1; i < argc; i++) {
    int n = atoi(argv[i]);
    for (int k = 0; k < 3; k++)
      if (ivec_push(&d->s, n - k * stride) || uvec_push(&d->u, (unsigned)(n + k * stride)) ||
          svec_push(&d->c, (enum shade)((unsigned)(n + k) % 4)))
        return -1;
  }
  return 0;
}

static void unload(struct data *d) {
  ivec_release(&d->s);
  uvec_release(&d->u);
  svec_release(&d->c);
}

static int sort_all(struct data *d) {
  return ivec_sort(&d->s) || uvec_sort(&d->u) || svec_sort(&d->c) ? -1 : 0;
}

/* find and sum, before and after sorting */
static int command_stats(int argc, char **argv, int stride) {
  struct data d;
  if (load(&d, argc, argv, stride))
    return -1;
  printf("stats: find %ld %ld %ld sum %lld %lld %lld\n", ivec_find(&d.s, -3),
         uvec_find(&d.u, 5u), svec_find(&d.c, shade_red), ivec_sum(&d.s), uvec_sum(&d.u),
         svec_sum(&d.c));
  if (sort_all(&d))
    return -1;
  printf("stats: sorted find %ld %ld %ld\n", ivec_find(&d.s, -3), uvec_find(&d.u, 5u),
         svec_find(&d.c, shade_red));
  unload(&d);
  return 0;
}

/* the values in descending order */
static int command_order(int argc, char **argv, int stride) {
  struct data d;
  if (load(&d, argc, argv, stride) || sort_all(&d))
    return -1;
  ivec_reverse(&d.s);
  uvec_reverse(&d.u);
  svec_reverse(&d.c);
  printf("order:");
  for (size_t i = 0; i < d.s.count; i++)
    printf(" %d/%u/%d", d.s.items[i], d.u.items[i], (int)d.c.items[i]);
  printf("\n");
  unload(&d);
  return 0;
}

/* the distinct values, popped from the largest */
static int command_distinct(int argc, char **argv, int stride) {
  struct data d;
  if (load(&d, argc, argv, stride) || sort_all(&d))
    return -1;
  printf("distinct: repeats %zu %zu %zu, values", ivec_unique(&d.s), uvec_unique(&d.u),
         svec_unique(&d.c));
  while (d.s.count)
    printf(" %d", ivec_pop(&d.s));
  while (d.u.count)
    printf(" %u", uvec_pop(&d.u));
  while (d.c.count)
    printf(" %d", (int)svec_pop(&d.c));
  printf("\n");
  unload(&d);
  return 0;
}

int main(int argc, char **argv) {
  for (int stride = 1; stride <= 1000; stride *= 1000)
    if (command_stats(argc, argv, stride) || command_order(argc, argv, stride) ||
        command_distinct(argc, argv, stride))
      return 1;
  return 0;
}
